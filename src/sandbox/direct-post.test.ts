// direct_post: a card form posted by the customer's browser (urlencoded or multipart, no key),
// answered with redirects as the gateway answers Direct Post. Over HTTP, redirects not followed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from './index.ts';
import { answerChallenge, api, call, createOrder, type Json, sandbox } from './test-helpers.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await sandbox();
});
afterAll(() => sb.close());

const form = (number: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({
    cardholder_name: 'Ada Lovelace',
    number,
    exp_month: '05',
    exp_year: '39',
    csc: '123',
    ...extra,
  });

async function post(order: Json, body: URLSearchParams | FormData) {
  const response = await fetch(order.direct_post, { method: 'POST', body, redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}
const status = async (order: Json) => (await api(sb).get(`/orders/${order.id}/`)).body;

const redirects = {
  success_redirect: 'https://shop.example/ok',
  failure_redirect: 'https://shop.example/failed',
};

describe('direct_post', () => {
  it('is an address on every order, hidden on the control surface like api_do_url', async () => {
    const order = await createOrder(sb);
    expect(order.direct_post).toMatch(new RegExp(`^${sb.url}/direct/[\\w-]{32}/$`));
    expect(order.direct_post).not.toContain(order.id);
    const seen = (await call(`${sb.url}/_sandbox/orders/${order.id}`)).body;
    expect(seen.order.direct_post).toBe(`${sb.url}/direct/…/`);
  });

  it('takes an urlencoded card form with a two-digit month and redirects to success_redirect, paid', async () => {
    const order = await createOrder(sb, redirects);
    const reply = await post(order, form('4111 1111 1111 1111'));
    expect(reply.status).toBe(303);
    expect(reply.location).toBe('https://shop.example/ok');
    const read = await status(order);
    expect(read.status).toBe('paid');
    expect(read.transaction_details).toMatchObject({
      card_masked_pan: '411111******1111',
      cardholder_name: 'Ada Lovelace',
    });
  });

  it('takes multipart form data and a four-digit year; without redirects it shows its own result page', async () => {
    const order = await createOrder(sb, { skip_capture: true });
    const data = new FormData();
    for (const [name, value] of form('5555555555554444', { exp_year: '2039', submit: 'Pay' }))
      data.append(name, value);
    const reply = await post(order, data);
    expect(reply.status).toBe(303);
    expect(reply.location).toBe(new URL(order.direct_post).pathname);
    expect((await status(order)).status).toBe('hold');
    const page = await (await fetch(new URL(reply.location!, sb.url))).text();
    expect(page).toContain('Payment authorised');
    expect(page).toContain('data-status>hold<');
    const seen = (await call(`${sb.url}/_sandbox/orders/${order.id}`)).body;
    expect(seen.ignored).toEqual([
      expect.objectContaining({ request: 'POST direct_post', keys: ['submit'] }),
    ]);
  });

  it('redirects a declined card to failure_redirect, the reason on the order', async () => {
    const order = await createOrder(sb, redirects);
    const reply = await post(order, form('4000000000000002'));
    expect(reply.location).toBe('https://shop.example/failed');
    const read = await status(order);
    expect(read.status).toBe('rejected');
    expect(read.transaction_details.errors[0].description).toBe('Decline, refer to card issuer');
    const own = await createOrder(sb);
    const page = await post(own, form('4000000000009995'));
    const shown = await (await fetch(new URL(page.location!, sb.url))).text();
    expect(shown).toContain('Decline, not sufficient funds');
  });

  it('sends the 3-D Secure card to the challenge, then to success_redirect', async () => {
    const order = await createOrder(sb, redirects);
    const reply = await post(order, form('4000000000003220'));
    expect(reply.status).toBe(303);
    expect(reply.location).toMatch(new RegExp(`^${sb.url}/3ds/[\\w-]+/$`));
    expect((await status(order)).status).toBe('in_progress');
    const done = await answerChallenge(reply.location!, 'approve');
    expect(done.location).toBe('https://shop.example/ok');
    expect((await status(order)).status).toBe('paid');
  });

  it('refuses a form it cannot charge with a page naming the field, nothing charged', async () => {
    const order = await createOrder(sb, redirects);
    const luhn = await post(order, form('4111111111111112'));
    expect(luhn.status).toBe(400);
    expect(luhn.text).toContain('number: is not a valid card number (Luhn check)');
    const month = await post(order, form('4111111111111111', { exp_month: 'May' }));
    expect(month.text).toContain('exp_month: A valid integer is required.');
    expect((await status(order)).status).toBe('issued');
    const json = await fetch(order.direct_post, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(json.status).toBe(415);
    await post(order, form('4111111111111111'));
    const twice = await post(order, form('4111111111111111'));
    expect(twice.status).toBe(400);
    expect(twice.text).toContain('a payment is never taken twice');
  });

  it('obeys the api_do faults: a reset payment is processed, a 500 is not', async () => {
    const order = await createOrder(sb);
    await call(`${sb.url}/_sandbox/faults`, { body: { api_do: 'http_500' } });
    expect((await post(order, form('4111111111111111'))).status).toBe(500);
    expect((await status(order)).status).toBe('issued');
    await call(`${sb.url}/_sandbox/faults`, { body: { api_do: 'reset' } });
    await expect(post(order, form('4111111111111111'))).rejects.toThrow();
    expect((await status(order)).status).toBe('paid');
  });
});
