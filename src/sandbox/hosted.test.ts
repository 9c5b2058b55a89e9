import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretsIn, securityCodeSecret } from '../../test/support/card-secrets.ts';
import { checkoutStatusSchema } from '../protocol/index.ts';
import type { Sandbox } from './index.ts';
import { answerChallenge, call, cardBody, createOrder, type Json, pay, sandbox } from './test-helpers.ts';

// The hosted payment pages: our <gateway-checkout> when the browser bundle is built, the plain
// form when it is not, and the status address the element reads. Each sandbox here looks for the
// bundle in its own directory, so both cases run without touching the real dist/.
const FAKE_BUNDLE = 'customElements.define("gateway-checkout", class extends HTMLElement {});\n';
const sha384 = (text: string | Buffer) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

let built: string;
let empty: string;
let withBundle: Sandbox;
let withoutBundle: Sandbox;

beforeAll(async () => {
  built = mkdtempSync(join(tmpdir(), 'sandbox-dist-'));
  empty = mkdtempSync(join(tmpdir(), 'sandbox-nodist-'));
  writeFileSync(join(built, 'gateway-checkout.iife.js'), FAKE_BUNDLE);
  writeFileSync(join(built, 'gateway-checkout.iife.js.integrity'), `${sha384(FAKE_BUNDLE)}\n`);
  withBundle = await sandbox({ distDir: built });
  withoutBundle = await sandbox({ distDir: empty });
});
afterAll(async () => {
  await withBundle.close();
  await withoutBundle.close();
  rmSync(built, { recursive: true, force: true });
  rmSync(empty, { recursive: true, force: true });
});

const statusUrl = (order: Json) => `${order.full_page_checkout}status`;
const html = async (url: string) => (await fetch(url)).text();
const tokenOf = (order: Json) => new URL(order.api_do_url).pathname.split('/')[2]!;

describe('GET /checkout/<token>/status', () => {
  it('answers the CheckoutStatus of an issued order, without a key', async () => {
    const order = await createOrder(withBundle);
    const reply = await call(statusUrl(order));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.body).toEqual({
      order_id: order.id,
      status: 'issued',
      outcome: 'pending',
      reason: null,
      amount: 10.5,
      currency: 'EUR',
      // The merchant's order number, for the customer's receipt.
      number: order.number,
    });
    expect(checkoutStatusSchema.safeParse(reply.body).success).toBe(true);
    // With or without the trailing slash.
    expect((await call(`${order.full_page_checkout}status/`)).status).toBe(200);
  });

  it('follows the order: paid, held, declined with the reason', async () => {
    const paid = await createOrder(withBundle);
    await pay(paid);
    expect((await call(statusUrl(paid))).body).toMatchObject({
      status: 'paid',
      outcome: 'succeeded',
      reason: null,
    });

    const held = await createOrder(withBundle, { skip_capture: true });
    await pay(held);
    expect((await call(statusUrl(held))).body).toMatchObject({ status: 'hold', outcome: 'held' });

    const declined = await createOrder(withBundle, { currency: 'USD' });
    await pay(declined, cardBody('4000000000009995'));
    expect((await call(statusUrl(declined))).body).toEqual({
      order_id: declined.id,
      status: 'rejected',
      outcome: 'declined',
      reason: 'Decline, not sufficient funds',
      amount: 10.5,
      currency: 'USD',
      number: declined.number,
    });
  });

  it('is pending during 3-D Secure and settles with the challenge', async () => {
    const order = await createOrder(withBundle);
    const answer = await pay(order, cardBody('4000000000003220'));
    expect((await call(statusUrl(order))).body).toMatchObject({ status: 'in_progress', outcome: 'pending' });
    await answerChallenge(answer.body.threed_check_url, 'fail');
    expect((await call(statusUrl(order))).body).toMatchObject({
      status: 'rejected',
      outcome: 'declined',
      reason: '3-D Secure authentication failed',
    });
  });

  it('never carries card data', async () => {
    const order = await createOrder(withBundle);
    await pay(order, cardBody('5555555555554444', { cardholder_name: 'Ada Lovelace' }));
    const reply = await call(statusUrl(order));
    expect(Object.keys(reply.body).sort()).toEqual(
      ['amount', 'currency', 'number', 'order_id', 'outcome', 'reason', 'status'].sort(),
    );
    const { order_id: _id, number: _number, ...rest } = reply.body;
    const text = JSON.stringify(rest);
    for (const secret of ['5555', '4444', 'Ada', 'Lovelace', 'MASTERCARD', 'card']) {
      expect(text).not.toContain(secret);
    }
    expect(secretsIn(text, [securityCodeSecret('123')])).toEqual([]);
  });

  it('is 404 for an unknown token and 405 for anything but GET', async () => {
    const unknown = await call(`${withBundle.url}/checkout/not-a-token/status`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.__all__[0].code).toBe('not_found');
    const order = await createOrder(withBundle);
    const post = await call(statusUrl(order), { method: 'POST', body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    // The API's order id is not a token.
    expect((await call(`${withBundle.url}/checkout/${order.id}/status`)).status).toBe(404);
  });

  it('works the same without the bundle', async () => {
    const order = await createOrder(withoutBundle);
    expect((await call(statusUrl(order))).body).toMatchObject({ order_id: order.id, outcome: 'pending' });
  });
});

describe('hosted pages with the bundle built', () => {
  it('serve <gateway-checkout> for the order, loaded from the sandbox with its integrity hash', async () => {
    const order = await createOrder(withBundle, { language: 'lv' });
    const token = tokenOf(order);
    for (const url of [order.full_page_checkout, order.iframe_checkout]) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-frame-options')).toBeNull();
      const page = await response.text();
      const element = /<gateway-checkout ([^>]*)><\/gateway-checkout>/.exec(page);
      expect(element).not.toBeNull();
      // Framed, the bank's check is handed to the framing checkout, to go over its whole page.
      const framed = url === order.iframe_checkout ? ' three-ds="parent"' : '';
      expect(element![1]).toBe(
        `api-do-url="/pay/${token}/" gateway-origins="self" status-url="/checkout/${token}/status" language="lv" amount="10.5" currency="EUR"${framed}`,
      );
      expect(page).toContain(
        `<script src="/assets/gateway-checkout.iife.js" integrity="${sha384(FAKE_BUNDLE)}" crossorigin="anonymous"></script>`,
      );
      // No plain form next to it.
      expect(page).not.toContain('<form');
      expect(page).not.toContain('>Card number</label>');
    }
    const asset = await fetch(`${withBundle.url}/assets/gateway-checkout.iife.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe(FAKE_BUNDLE);
  });

  it('mark a MOTO order and carry the redirects for the page script only', async () => {
    const moto = await createOrder(withBundle, { is_moto: true });
    expect(await html(moto.full_page_checkout)).toMatch(/<gateway-checkout [^>]* moto><\/gateway-checkout>/);
    const redirected = await createOrder(withBundle, {
      success_redirect: 'https://shop.example/ok?a=1&b=2',
      failure_redirect: 'https://shop.example/failed',
      cancel_redirect: 'https://shop.example/cancelled',
    });
    const page = await html(redirected.iframe_checkout);
    expect(page).toContain('"success":"https://shop.example/ok?a=1&b=2"');
    expect(page).toContain('"failure":"https://shop.example/failed"');
    expect(page).toContain('"cancel":"https://shop.example/cancelled"');
    expect(page).toContain('"framed":true');
    expect(await html(redirected.full_page_checkout)).toContain('"framed":false');
  });

  it("say who is paid and for what: the merchant's name, the order number, each product and the total", async () => {
    const named = await sandbox({ distDir: built, merchantName: 'Baltic Pantry' });
    try {
      const order = await createOrder(named, {
        number: 'BP-1042',
        currency: 'EUR',
        products: [
          { title: 'Rye bread', price: 4.2, quantity: 2, description: 'Whole loaf' },
          { title: 'Shipping', price: 4.95 },
        ],
      });
      for (const url of [order.full_page_checkout, order.iframe_checkout]) {
        const page = await html(url);
        expect(page).toContain('<title>Pay Baltic Pantry</title>');
        expect(page).toContain('<h1 id="merchant">Baltic Pantry</h1>');
        expect(page).toContain('<h2 id="summary-title">Order BP-1042</h2>');
        expect(page).toContain(
          '<td>Rye bread × 2<br><span class="note">Whole loaf</span></td><td>€8.40</td>',
        );
        expect(page).toContain('<td>Shipping</td><td>€4.95</td>');
        expect(page).toContain('<th scope="row">Total</th><td id="order-total">€13.35</td>');
        // No request for a favicon the sandbox does not have.
        expect(page).toContain('<link rel="icon" href="data:,">');
      }
    } finally {
      await named.close();
    }
    // In the order's language, as the element below it speaks.
    const latvian = await createOrder(withoutBundle, { language: 'lv', number: 'BP-7' });
    const lv = await html(latvian.full_page_checkout);
    expect(lv).toContain('<html lang="lv" dir="ltr">');
    expect(lv).toContain('<div><header class="merchant"><p class="note">Maksājuma saņēmējs</p>');
    expect(lv).toContain('<h2 id="summary-title">Pasūtījums BP-7</h2>');
    expect(lv).toContain('<th scope="row">Kopā</th><td id="order-total">10,50\u00a0€</td>');
    // Without a configured name, the order's descriptor; and the plain form says the same.
    const plainOrder = await createOrder(withoutBundle, { dynamic_descriptor: 'LINDENHOF*BOOKS' });
    expect(await html(plainOrder.full_page_checkout)).toContain('<h1 id="merchant">LINDENHOF*BOOKS</h1>');
    const unnamed = await createOrder(withoutBundle);
    expect(await html(unnamed.full_page_checkout)).toContain('<h1 id="merchant">Sandbox merchant</h1>');
  });

  it('escape what they put into the HTML', async () => {
    const order = await createOrder(withBundle, {
      success_redirect: 'https://shop.example/</script><script>alert(1)</script>',
      language: 'en',
    });
    const page = await html(order.full_page_checkout);
    expect(page).not.toContain('</script><script>alert(1)');
    expect(page).toContain('\\u003c/script>');
  });

  it('serve the bundle’s on-demand siblings beside it, and nothing else from the build folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-siblings-'));
    const lv = 'console.log("lv");\n';
    writeFileSync(join(dir, 'gateway-checkout.iife.js'), 'console.log("bundle");\n');
    writeFileSync(join(dir, 'gateway-checkout.lv.0123abcd.js'), lv);
    writeFileSync(join(dir, 'secret.js'), 'nope');
    const sb = await sandbox({ distDir: dir });
    try {
      const ok = await fetch(`${sb.url}/assets/gateway-checkout.lv.0123abcd.js`);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toContain('text/javascript');
      expect(await ok.text()).toBe(lv);
      for (const path of [
        '/assets/gateway-checkout.de.0123abcd.js',
        '/assets/secret.js',
        '/assets/gateway-checkout.iife.js.integrity',
        '/assets/..%2Fsecret.js',
      ]) {
        expect((await fetch(`${sb.url}${path}`)).status, path).toBe(404);
      }
    } finally {
      await sb.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('compute the integrity hash from the bytes served, even when the .integrity file is stale', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-stale-'));
    const js = 'console.log("rebuilt");\n';
    writeFileSync(join(dir, 'gateway-checkout.iife.js'), js);
    writeFileSync(join(dir, 'gateway-checkout.iife.js.integrity'), `${sha384('older build')}\n`);
    const sb = await sandbox({ distDir: dir });
    try {
      const page = await html((await createOrder(sb)).full_page_checkout);
      expect(page).toContain(`integrity="${sha384(js)}"`);
    } finally {
      await sb.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('use the real build when the sandbox is started without distDir', async () => {
    const dist = new URL('../../dist/', import.meta.url);
    let bundle: Buffer;
    try {
      bundle = readFileSync(new URL('gateway-checkout.iife.js', dist));
    } catch {
      return; // not built here: the plain form is served, which the next block covers
    }
    const sb = await sandbox();
    try {
      const page = await html((await createOrder(sb)).full_page_checkout);
      expect(page).toContain('<gateway-checkout ');
      expect(page).toContain(`integrity="${sha384(bundle)}"`);
    } finally {
      await sb.close();
    }
  });

  it('answer 404 for an unknown token', async () => {
    expect((await fetch(`${withBundle.url}/checkout/unknown/`)).status).toBe(404);
    expect((await fetch(`${withBundle.url}/checkout/unknown/iframe/`)).status).toBe(404);
  });
});

describe('hosted pages without the bundle (started from source)', () => {
  it('serve the plain labelled card form that posts to the api_do_url', async () => {
    const order = await createOrder(withoutBundle);
    for (const url of [order.full_page_checkout, order.iframe_checkout]) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-frame-options')).toBeNull();
      const page = await response.text();
      for (const label of ['Card number', 'Expiry date', 'Security code', 'Cardholder name']) {
        expect(page).toContain(`>${label}</label>`);
      }
      expect(page).toMatch(/<button type="submit">Pay €10\.50<\/button>/);
      expect(page).toContain(JSON.stringify(order.api_do_url));
      expect(page).not.toContain('<gateway-checkout');
      expect(page).not.toContain('/assets/gateway-checkout.iife.js');
    }
    const moto = await createOrder(withoutBundle, { is_moto: true });
    expect(await html(moto.full_page_checkout)).not.toContain('Security code');
    expect((await fetch(`${withoutBundle.url}/checkout/unknown/`)).status).toBe(404);
    expect((await fetch(`${withoutBundle.url}/assets/gateway-checkout.iife.js`)).status).toBe(404);
  });

  it('switch to the element as soon as a build appears, without a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-later-'));
    const sb = await sandbox({ distDir: dir });
    try {
      const order = await createOrder(sb);
      expect(await html(order.full_page_checkout)).not.toContain('<gateway-checkout');
      writeFileSync(join(dir, 'gateway-checkout.iife.js'), FAKE_BUNDLE);
      expect(await html(order.full_page_checkout)).toContain('<gateway-checkout');
    } finally {
      await sb.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('distDir null: always the plain form', async () => {
    const sb = await sandbox({ distDir: null });
    try {
      expect(await html((await createOrder(sb)).full_page_checkout)).toContain('>Card number</label>');
    } finally {
      await sb.close();
    }
  });
});
