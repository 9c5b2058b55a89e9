// Conformance: the sandbox's bank on its own origin, reached and left as an issuer's ACS is.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../index.ts';
import {
  actionOf,
  api,
  cardBody,
  createOrder,
  fieldOf,
  type Json,
  openBankChallenge,
  pay,
  sandbox,
} from '../test-helpers.ts';
import { decode, encode } from './emv.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await sandbox();
});
afterAll(() => sb.close());

const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

async function challenged(card = '4000000000003220', extra: Json = {}) {
  const order = await createOrder(sb, extra);
  const answer = await pay(order, cardBody(card));
  return { order, url: answer.body.threed_check_url as string };
}

const status = async (order: Json) => (await api(sb).get(`/orders/${order.id}/`)).body.status;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('the bank’s origin', () => {
  it('is another origin than the gateway’s, on a free port of its own when the sandbox’s is 0', () => {
    expect(sb.bankUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sb.bankUrl).not.toBe(sb.url);
  });

  it('is the sandbox’s port + 1 for a fixed port, or bankPort', async () => {
    const port = await freePort();
    const fixed = await sandbox({ port });
    expect(fixed.bankUrl).toBe(`http://127.0.0.1:${port + 1}`);
    await fixed.close();
    const bankPort = await freePort();
    const chosen = await sandbox({ bankPort });
    expect(chosen.bankUrl).toBe(`http://127.0.0.1:${bankPort}`);
    await chosen.close();
  });

  it('answers loopback Host names only, as the gateway does', async () => {
    const { url } = await challenged();
    const { acs } = await openBankChallenge(url);
    const { status } = await new Promise<{ status: number }>((resolve, reject) => {
      import('node:http').then(({ request }) => {
        const r = request(acs, { method: 'GET', headers: { Host: 'evil.example' } }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0 });
        });
        r.on('error', reject);
        r.end();
      });
    });
    expect(status).toBe(421);
  });
});

describe('the gateway’s 3-D Secure page hands the browser to the bank', () => {
  it('posts an EMV challenge request (CReq) to the bank’s ACS, full window without script', async () => {
    const { url } = await challenged();
    const { handoff, acs, html } = await openBankChallenge(url);
    expect(acs).toBe(`${sb.bankUrl}/acs/`);
    const creq = decode(fieldOf(handoff, 'creq'));
    expect(creq).toMatchObject({ messageType: 'CReq', messageVersion: '2.2.0', challengeWindowSize: '05' });
    expect(html).toContain('data-window="05"');
    expect(html).toContain('Sandbox Bank');
  });

  it('runs the bank’s 3DS Method in a hidden frame first, for the card whose bank has one', async () => {
    const { url } = await challenged();
    const handoff = await (await fetch(url)).text();
    expect(actionOf(handoff, 'method')).toBe(`${sb.bankUrl}/method/`);
    expect(handoff).toContain('target="tds-method"');
    // The gateway waits at most 10 s for the answer.
    expect(handoff).toContain('"timeout":10000');
    const data = decode(fieldOf(handoff, 'threeDSMethodData'));
    expect(data?.threeDSMethodNotificationURL).toBe(`${url}method/`);

    // The bank's hidden page answers the gateway at that address.
    const method = await (await form(`${sb.bankUrl}/method/`, { threeDSMethodData: encode(data!) })).text();
    expect(actionOf(method, 'done')).toBe(`${url}method/`);
    expect(method).not.toContain('postMessage');
    const heard = await form(`${url}method/`, { threeDSMethodData: fieldOf(method, 'threeDSMethodData') });
    expect(heard.status).toBe(200);
  });

  it('no 3DS Method where the bank runs none (an EU card being saved)', async () => {
    const { url } = await challenged('4000004280000005', { setup_future_use: 'one-click' });
    const handoff = await (await fetch(url)).text();
    expect(handoff).not.toContain('tds-method');
    expect(handoff).toContain('"method":false');
  });

  it('the bank’s method page answers only a notification address of the gateway', async () => {
    const bad = await form(`${sb.bankUrl}/method/`, {
      threeDSMethodData: encode({
        threeDSServerTransID: 'x',
        threeDSMethodNotificationURL: 'https://evil.example/',
      }),
    });
    expect(bad.status).toBe(400);
  });
});

describe('the challenge at the bank', () => {
  for (const [window, box] of [
    ['01', 'width:250px;height:400px'],
    ['02', 'width:390px;height:400px'],
    ['03', 'width:500px;height:600px'],
    ['04', 'width:600px;height:400px'],
    ['05', 'width:100%'],
  ] as const) {
    it(`is the EMV window the gateway asked for: ${window}`, async () => {
      const { url } = await challenged();
      const { html } = await openBankChallenge(url, window);
      expect(html).toContain(`data-window="${window}"`);
      expect(html).toContain(box);
    });
  }

  it('speaks the order’s language, with its direction, and so does the gateway’s result page', async () => {
    const { page: pl } = await import('../../elements/i18n/languages/pl.ts');
    const polish = await challenged('4000000000003220', { language: 'pl' });
    const { html } = await openBankChallenge(polish.url, '03');
    expect(html).toContain('<html lang="pl" dir="ltr">');
    for (const word of [pl.confirmTitle, pl.confirmLead, pl.merchant, pl.approve, pl.fail, pl.bankNote])
      expect(html).toContain(word);
    expect(html).not.toContain('Confirm your payment');
    await form(`${sb.bankUrl}/acs/answer/`, { acsTransID: fieldOf(html, 'acsTransID'), result: 'approve' });
    const done = await (await fetch(polish.url)).text();
    expect(done).toContain('<html lang="pl" dir="ltr">');
    expect(done).toContain(pl.confirmed);

    const { page: ar } = await import('../../elements/i18n/languages/ar.ts');
    const arabic = await challenged('4000000000003220', { language: 'ar' });
    const bank = (await openBankChallenge(arabic.url, '05')).html;
    expect(bank).toContain('<html lang="ar" dir="rtl">');
    expect(bank).toContain(ar.approve);
    // The card's digits still run left to right.
    expect(bank).toContain('<span dir="ltr">Visa •••• 3220</span>');
  });

  it('sends no message to any page, and may be framed', async () => {
    const { url } = await challenged();
    const { acs, html } = await openBankChallenge(url, '03');
    expect(html).not.toContain('postMessage');
    const response = await form(acs, { creq: 'x' });
    expect(response.headers.get('x-frame-options')).toBeNull();
  });

  it('tells the gateway the result before the browser comes back, then returns it with the CRes', async () => {
    const { order, url } = await challenged('4000000000003220', {
      success_redirect: 'https://shop.example/ok',
    });
    const { html } = await openBankChallenge(url, '03');
    const back = await (
      await form(`${sb.bankUrl}/acs/answer/`, { acsTransID: fieldOf(html, 'acsTransID'), result: 'approve' })
    ).text();
    // The order is paid already: the checkout's status poll sees it without the browser.
    expect(await status(order)).toBe('paid');
    expect(back).not.toContain('postMessage');
    expect(actionOf(back, 'next')).toBe(url);
    const cres = decode(fieldOf(back, 'cres'));
    expect(cres).toMatchObject({ messageType: 'CRes', transStatus: 'Y', challengeCompletionInd: 'Y' });
    const returned = await form(url, { cres: fieldOf(back, 'cres') });
    expect(returned.status).toBe(303);
    expect(returned.headers.get('location')).toBe('https://shop.example/ok');
  });

  it('a challenge request the bank does not know, or one already answered, is refused', async () => {
    expect(
      (await form(`${sb.bankUrl}/acs/`, { creq: encode({ messageType: 'CReq', acsTransID: 'x' }) })).status,
    ).toBe(400);
    const { order, url } = await challenged();
    const { acs, html, handoff } = await openBankChallenge(url);
    await form(`${sb.bankUrl}/acs/answer/`, { acsTransID: fieldOf(html, 'acsTransID'), result: 'fail' });
    expect(await status(order)).toBe('rejected');
    expect((await form(acs, { creq: fieldOf(handoff, 'creq') })).status).toBe(409);
    // A second answer changes nothing.
    await form(`${sb.bankUrl}/acs/answer/`, { acsTransID: fieldOf(html, 'acsTransID'), result: 'approve' });
    expect(await status(order)).toBe('rejected');
  });
});

describe('the hand-off pages on the way to the bank and back', () => {
  it('speak the order’s language, with its direction, on the gateway’s origin and on the bank’s', async () => {
    for (const code of ['pl', 'ar', 'he']) {
      const { page: words, dir } = await import(`../../elements/i18n/languages/${code}.ts`);
      const { url } = await challenged('4000000000003220', { language: code });
      // The gateway's page that hands the browser to the bank.
      const handoff = await (await fetch(url)).text();
      expect(handoff).toContain(`<html lang="${code}" dir="${dir}">`);
      expect(handoff).toContain(`<h1>${words.connecting}</h1>`);
      expect(handoff).toContain(`<title>${words.connecting.replace(/\s*…$/, '')}</title>`);
      expect(handoff).toContain(`<button type="submit">${words.toBank}</button>`);
      // The bank's page that hands it back to the gateway.
      const { html } = await openBankChallenge(url, '05');
      const acsTransID = fieldOf(html, 'acsTransID');
      const back = await (await form(`${sb.bankUrl}/acs/answer/`, { acsTransID, result: 'approve' })).text();
      expect(back).toContain(`<html lang="${code}" dir="${dir}">`);
      expect(back).toContain(`<p>${words.returning}</p>`);
      expect(back).toContain(`<button type="submit">${words.continue}</button>`);
      expect(actionOf(back, 'next')).toBe(url);
      // The bank's challenge again (the Back button): done already, said in the language.
      const again = await form(`${sb.bankUrl}/acs/`, { creq: fieldOf(handoff, 'creq') });
      expect(again.status).toBe(409);
      const done = await again.text();
      expect(done).toContain(`<html lang="${code}" dir="${dir}">`);
      expect(done).toContain(`<h1>${words.alreadyDoneTitle}</h1><p>${words.alreadyDone}</p>`);
      for (const page of [handoff, back, done])
        for (const english of [
          'Connecting to your bank',
          'Returning to the shop',
          '>Continue<',
          'Already done',
        ])
          expect(page).not.toContain(english);
    }
  });

  it('speak English for an order in a language the sandbox does not speak', async () => {
    const { url } = await challenged('4000000000003220', { language: 'ja' });
    const handoff = await (await fetch(url)).text();
    expect(handoff).toContain('<html lang="en" dir="ltr">');
    expect(handoff).toContain('<h1>Connecting to your bank…</h1>');
  });
});

describe('the gateway takes the browser back', () => {
  it('refuses a CRes that is not this check’s, and one the bank has not answered', async () => {
    const { order, url } = await challenged();
    const { html } = await openBankChallenge(url);
    const forged = await form(url, { cres: encode({ messageType: 'CRes', acsTransID: 'someone-else' }) });
    expect(forged.status).toBe(400);
    const early = await form(url, {
      cres: encode({ messageType: 'CRes', acsTransID: fieldOf(html, 'acsTransID'), transStatus: 'Y' }),
    });
    expect(early.status).toBe(409);
    expect(await status(order)).toBe('in_progress');
  });

  it('approve and fail are the bank’s to give: the gateway takes only a Cancel', async () => {
    const { order, url } = await challenged();
    for (const result of ['approve', 'fail']) {
      const answer = await form(url, { result });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as Json).result[0].code).toBe('invalid_choice');
    }
    expect(await status(order)).toBe('in_progress');
    expect((await form(url, { result: 'cancel' })).status).toBe(200);
    expect(await status(order)).toBe('rejected');
  });
});

describe('the bank under hostile input', () => {
  it('answers every malformed form with a 4xx page, never a 500, and still works after', async () => {
    const junk = [
      '',
      'x',
      '%%%',
      encode([1, 2]),
      encode({ __proto__: { polluted: true } }),
      'A'.repeat(9000),
      Buffer.from('{"messageType":"CReq"').toString('base64url'),
      encode({ messageType: 'CReq', acsTransID: { $ne: 1 } }),
    ];
    for (const path of ['/method/', '/acs/', '/acs/answer/'])
      for (const value of junk) {
        for (const name of ['creq', 'threeDSMethodData', 'acsTransID', 'result']) {
          const response = await form(`${sb.bankUrl}${path}`, { [name]: value });
          expect(response.status, `${path} ${name}=${value.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
        }
      }
    const json = await fetch(`${sb.bankUrl}/acs/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    expect((await fetch(`${sb.bankUrl}/acs/`)).status).toBe(405);
    expect((await fetch(`${sb.bankUrl}/nothing`)).status).toBe(404);
    const { url } = await challenged();
    expect((await openBankChallenge(url)).status).toBe(200);
  }, 60_000);
});
