import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cardSchema } from '../protocol/index.ts';
import type { Sandbox } from './index.ts';
import {
  answerChallenge,
  api,
  call,
  cardBody,
  createOrder,
  type Json,
  openBankChallenge,
  pay,
  sandbox,
  setClock,
  waitFor,
} from './test-helpers.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await sandbox();
});
afterAll(() => sb.close());
afterEach(async () => {
  await setClock(sb, null);
});

const read = async (order: Json) => (await api(sb).get(`/orders/${order.id}/`)).body;

describe('test cards', () => {
  it.each([
    ['4111111111111111', '123', '411111******1111', 'VISA'],
    ['5555555555554444', '123', '555555******4444', 'MASTERCARD'],
    ['378282246310005', '1234', '378282*****0005', 'AMEX'],
    ['6011111111111117', '123', '601111******1117', 'OTHER'],
  ])('approves %s', async (number, csc, masked, brand) => {
    const order = await createOrder(sb);
    const answer = await pay(order, cardBody(number, { csc }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'paid', order_id: order.id });
    const after = await read(order);
    expect(after.status).toBe('paid');
    expect(after.status_changes.map((c: Json) => c.new_status)).toEqual(['issued', 'in_progress', 'paid']);
    expect(after.paid).toBeTypeOf('number');
    expect(after.transaction_details).toMatchObject({
      card_masked_pan: masked,
      cardholder_name: 'Ada Lovelace',
      card_type: brand,
      errors: [],
    });
  });

  it.each([
    ['4000000000000002', 'Decline, refer to card issuer'],
    ['4000000000009995', 'Decline, not sufficient funds'],
  ])('declines %s with "%s"', async (number, text) => {
    const order = await createOrder(sb);
    const answer = await pay(order, cardBody(number));
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('rejected');
    expect(answer.body.errors[0].description).toBe(text);
    const after = await read(order);
    expect(after.status).toBe('rejected');
    expect(after.transaction_details.errors[0]).toMatchObject({ description: text });
    expect(after.paid).toBeNull();
  });

  it('declines an expired card against the sandbox clock', async () => {
    await setClock(sb, '2031-03-15T12:00:00Z');
    const order = await createOrder(sb);
    const expired = await pay(order, cardBody(undefined, { exp_month: 2, exp_year: 31 }));
    expect(expired.body.status).toBe('rejected');
    expect(expired.body.errors[0].description).toBe('Expired card');
    // The expiry month itself is still valid.
    const other = await createOrder(sb);
    expect((await pay(other, cardBody(undefined, { exp_month: 3, exp_year: 31 }))).body.status).toBe('paid');
  });

  it('answers 400 naming card_number for a number that fails the Luhn check', async () => {
    const order = await createOrder(sb);
    const answer = await pay(order, cardBody('4111111111111112'));
    expect(answer.status).toBe(400);
    expect(answer.body.card_number[0].message).toMatch(/Luhn/);
    expect((await read(order)).status).toBe('issued');
  });

  it('validates the direct payment body with the protocol schema', async () => {
    const order = await createOrder(sb);
    const answer = await pay(order, { card_number: '4111', exp_month: 13, exp_year: 2030, csc: '1' });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual(
      expect.arrayContaining(['__all__', 'card_number', 'exp_month', 'exp_year', 'csc']),
    );
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('security code and MOTO', () => {
  it('requires a csc on an order that is not MOTO, of the length the brand uses', async () => {
    const order = await createOrder(sb);
    const { csc: _csc, ...noCsc } = cardBody();
    const missing = await pay(order, noCsc);
    expect(missing.status).toBe(400);
    expect(missing.body.csc).toBeDefined();
    const amexShort = await pay(order, cardBody('378282246310005', { csc: '123' }));
    expect(amexShort.status).toBe(400);
    expect(amexShort.body.csc[0].message).toMatch(/4 digits/);
    expect((await read(order)).status).toBe('issued');
  });

  it('takes no csc on a MOTO order, and skips 3-D Secure there', async () => {
    const order = await createOrder(sb, { is_moto: true });
    expect(order.is_moto).toBe(true);
    const withCsc = await pay(order, cardBody());
    expect(withCsc.status).toBe(400);
    expect(withCsc.body.csc[0].message).toMatch(/MOTO/);
    const { csc: _csc, ...noCsc } = cardBody('4000000000003220');
    const answer = await pay(order, noCsc);
    expect(answer.body).toEqual({ status: 'paid', order_id: order.id });
  });
});

describe('api_do_url', () => {
  it('answers CORS preflight for any origin', async () => {
    const order = await createOrder(sb);
    const response = await fetch(order.api_do_url, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    const answer = await pay(order);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers 404 for an unknown payment address', async () => {
    const answer = await call(`${sb.url}/pay/not-a-real-token/`, { method: 'POST', body: cardBody() });
    expect(answer.status).toBe(404);
  });

  it('never takes a payment twice', async () => {
    const order = await createOrder(sb);
    expect((await pay(order)).body.status).toBe('paid');
    const again = await pay(order, cardBody('5555555555554444'));
    expect(again.status).toBe(400);
    expect(again.body.__all__[0]).toMatchObject({ code: 'order_not_payable' });
    expect(again.body.__all__[0].message).toMatch(/already paid/);
    const after = await read(order);
    expect(after.transaction_details.card_masked_pan).toBe('411111******1111');

    const held = await createOrder(sb, { skip_capture: true });
    expect((await pay(held)).body.status).toBe('hold');
    expect((await pay(held)).status).toBe(400);
    expect((await read(held)).status).toBe('hold');
  });

  it('lets a declined order be paid again with another card', async () => {
    const order = await createOrder(sb);
    expect((await pay(order, cardBody('4000000000000002'))).body.status).toBe('rejected');
    expect((await pay(order)).body.status).toBe('paid');
    const after = await read(order);
    expect(after.status_changes.map((c: Json) => c.new_status)).toEqual([
      'issued',
      'in_progress',
      'rejected',
      'in_progress',
      'paid',
    ]);
  });
});

describe('3-D Secure', () => {
  async function challenged(extra: Json = {}) {
    const order = await createOrder(sb, extra);
    const answer = await pay(order, cardBody('4000000000003220'));
    return { order, answer };
  }

  it('answers threed_check_url and keeps the order in_progress until the challenge is done', async () => {
    const { order, answer } = await challenged();
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('in_progress');
    expect(answer.body.threed_check_url).toMatch(new RegExp(`^${sb.url}/3ds/[\\w-]+/$`));
    const pending = await read(order);
    expect(pending.status).toBe('in_progress');
    expect(pending.transaction_details.three_d_secure_status).toBe('challenge_required');
    const second = await pay(order);
    expect(second.status).toBe(400);
    expect(second.body.__all__[0].message).toMatch(/in progress/);

    const page = await fetch(answer.body.threed_check_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBeNull();
    // The gateway's page hands the browser on to the bank, on the bank's own origin.
    const bank = await openBankChallenge(answer.body.threed_check_url);
    expect(new URL(bank.acs).origin).toBe(sb.bankUrl);
    expect(sb.bankUrl).not.toBe(sb.url);
    for (const name of ['Approve', 'Fail', 'Cancel']) expect(bank.html).toContain(`>${name}</button>`);
  });

  it('shows the challenge as an issuer would: bank, scheme, merchant, amount and masked card', async () => {
    const { answer } = await challenged({
      products: [{ title: 'Tea', price: 12.5 }],
      dynamic_descriptor: 'TEA SHOP',
    });
    const { html } = await openBankChallenge(answer.body.threed_check_url);
    expect(html).toContain('Sandbox Bank');
    expect(html).toContain('Visa Secure');
    expect(html).toContain('TEA SHOP');
    expect(html).toContain('data-amount>€12.50</dd>');
    expect(html).toContain('data-card><span dir="ltr">Visa •••• 3220</span></dd>');
    expect(html).not.toContain('4000000000003220');
  });

  it('leaves its own Cancel out inside a dialog that offers one (?dialog=1)', async () => {
    const { order, answer } = await challenged();
    const framed = (await openBankChallenge(`${answer.body.threed_check_url}?dialog=1`)).html;
    expect(framed).toContain('>Approve</button>');
    expect(framed).toContain('>Fail</button>');
    expect(framed).not.toContain('>Cancel</button>');
    // The dialog's own Cancel can still end the challenge at the gateway, as the page's would.
    const cancelled = await answerChallenge(answer.body.threed_check_url, 'cancel');
    expect(cancelled.status).toBe(200);
    expect((await read(order)).status).toBe('rejected');
  });

  it('approve pays the order and tells the parent frame', async () => {
    const { order, answer } = await challenged();
    const done = await answerChallenge(answer.body.threed_check_url, 'approve');
    expect(done.status).toBe(200);
    expect(done.html).toContain('You can close this window');
    expect(done.html).toContain('gateway-3ds-complete');
    expect(done.html).toContain(order.id);
    const after = await read(order);
    expect(after.status).toBe('paid');
    expect(after.transaction_details.three_d_secure_status).toBe('authenticated');
    // Done: the gateway's page shows the result, and neither the bank nor a Cancel changes it.
    expect(await (await fetch(answer.body.threed_check_url)).text()).toContain('data-status lang="en">paid<');
    const again = await answerChallenge(answer.body.threed_check_url, 'cancel');
    expect(again.status).toBe(409);
    expect((await read(order)).status).toBe('paid');
  });

  it('fail rejects the order and redirects to failure_redirect', async () => {
    const { order, answer } = await challenged({
      success_redirect: 'https://shop.example/ok',
      failure_redirect: 'https://shop.example/failed',
    });
    const done = await answerChallenge(answer.body.threed_check_url, 'fail');
    expect(done.status).toBe(303);
    expect(done.location).toBe('https://shop.example/failed');
    const after = await read(order);
    expect(after.status).toBe('rejected');
    expect(after.transaction_details.errors.at(-1).description).toBe('3-D Secure authentication failed');
  });

  it('approve redirects to success_redirect; a two-step order ends in hold', async () => {
    const { order, answer } = await challenged({
      success_redirect: 'https://shop.example/ok',
      skip_capture: true,
    });
    const done = await answerChallenge(answer.body.threed_check_url, 'approve');
    expect(done.location).toBe('https://shop.example/ok');
    expect((await read(order)).status).toBe('hold');
  });

  it('cancel rejects the order and goes to cancel_redirect', async () => {
    const { order, answer } = await challenged({
      failure_redirect: 'https://shop.example/failed',
      cancel_redirect: 'https://shop.example/cancelled',
    });
    const done = await answerChallenge(answer.body.threed_check_url, 'cancel');
    expect(done.location).toBe('https://shop.example/cancelled');
    const after = await read(order);
    expect(after.status).toBe('rejected');
    expect(after.transaction_details.three_d_secure_status).toBe('cancelled');
  });

  it('answers 404 for an unknown challenge', async () => {
    expect((await fetch(`${sb.url}/3ds/unknown/`)).status).toBe(404);
  });
});

describe('AVS', () => {
  const withAddress = (zip: string) => ({
    client: { email: 'a@example.com', address: '1 Main St', zip_code: zip },
  });

  it('runs standard AVS when the order carries the address: match', async () => {
    const order = await createOrder(sb, withAddress('10001'));
    expect((await pay(order)).body.status).toBe('paid');
    const after = await read(order);
    expect(after.transaction_details.avs_result).toEqual({ code: 'Y', description: expect.any(String) });
    expect(after.enable_avs).toBe(true);
  });

  it('gives "no match" for zip 99999 and still authorizes', async () => {
    const order = await createOrder(sb, withAddress('99999'));
    expect((await pay(order)).body.status).toBe('paid');
    expect((await read(order)).transaction_details.avs_result.code).toBe('N');
  });

  it('runs custom AVS when the body asks, also with 3-D Secure', async () => {
    const noAddress = await createOrder(sb);
    await pay(noAddress, cardBody(undefined, { avs: true }));
    expect((await read(noAddress)).transaction_details.avs_result.code).toBe('U');
    const plain = await createOrder(sb);
    await pay(plain);
    expect((await read(plain)).transaction_details.avs_result).toBeNull();
    const threeds = await createOrder(sb, withAddress('99999'));
    const answer = await pay(threeds, cardBody('4000000000003220', { avs: true }));
    expect(answer.body.threed_check_url).toBeTypeOf('string');
    expect((await read(threeds)).transaction_details.avs_result.code).toBe('N');
  });
});

describe('two-step, zero-amount and saving', () => {
  it('holds a two-step order', async () => {
    const order = await createOrder(sb, { skip_capture: true });
    expect((await pay(order)).body.status).toBe('hold');
    const after = await read(order);
    expect(after.status).toBe('hold');
    expect(after.paid).toBeNull();
    expect(after.transaction_details.amount_authorized).toBe(10.5);
  });

  it('verifies and saves the card on a zero-amount order, ending paid with total 0', async () => {
    const hooks = await subscribeAll();
    const order = await createOrder(sb, {
      products: undefined,
      payment_system: 'AUTH',
      force_save_method: true,
      client: { email: 'zero@example.com' },
    });
    expect((await pay(order)).body.status).toBe('paid');
    const after = await read(order);
    expect(after.total).toBe(0);
    expect(after.status).toBe('paid');
    expect(after.client.id).toBeTypeOf('string');
    const created = await waitFor(async () =>
      (await hooks()).find((d: Json) => d.event === 'card.created' && d.order_id === order.id),
    );
    expect(cardSchema.safeParse(created.body).success).toBe(true);
    expect(created.body).toMatchObject({
      masked_pan: '411111******1111',
      client: after.client.id,
      exp_year: 39,
    });
    // The client the card was saved under is a real client.
    const clients = await api(sb).get('/clients/?filter_email=zero@example.com');
    expect(clients.body.results[0].id).toBe(after.client.id);
  });

  it('saves the card when the merchant saves it (saved_by_merchant)', async () => {
    const hooks = await subscribeAll();
    const order = await createOrder(sb, { setup_future_use: 'one-click' });
    const before = (await hooks()).length;
    await pay(order, cardBody('5555555555554444', { saved_by_merchant: true, ip_address: '192.0.2.1' }));
    const created = await waitFor(async () =>
      (await hooks()).slice(before).find((d: Json) => d.event === 'card.created' && d.order_id === order.id),
    );
    expect(created.body.card_type).toBe('MASTERCARD');
    expect((await read(order)).transaction_details.saved_card_id).toBe(created.body.id);
  });

  it('saves no card on a plain payment', async () => {
    const order = await createOrder(sb);
    await pay(order);
    expect((await read(order)).transaction_details.saved_card_id).toBeNull();
  });
});

// The hosted pages and their status address: hosted.test.ts.

/** Subscribes a receiver that never answers well, so deliveries are recorded at the sandbox. */
async function subscribeAll() {
  await api(sb).post('/webhooks/', {
    title: 't',
    url: 'http://127.0.0.1:9/',
    version: 'v0.6',
    all_events: true,
  });
  return async () => (await call(`${sb.url}/_sandbox/webhooks`)).body.results as Json[];
}
