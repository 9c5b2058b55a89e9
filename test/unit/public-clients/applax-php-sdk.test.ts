// Replays the Appla-X Gate PHP SDK (ApplaxDev\GateSDK, a white-label gateway on the same v0.6
// paths; Guzzle): every request carries `Authorization: Bearer`, `Accept: application/json`,
// `Content-Type: application/json; charset=UTF-8` and its User-Agent; an empty data array sends
// no body at all (capture, cancel, reverse); the card goes to api_do_url with the same headers
// and the security code under `cvv`; products carry a `brand`; clients a phone as
// "country_code-number". The sequence: client, product, order, read, card, capture, refund with a
// reason, cancel, webhooks create / list / delete, client delete. Then the same through our helper.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { GatewayClient } from '../../../src/server/index.ts';
import { type Json, send, startReplaySandbox } from './replay.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startReplaySandbox();
});
afterAll(() => sb.close());

const headers = () => ({
  Authorization: `Bearer ${sb.secretKey}`,
  Accept: 'application/json',
  'Content-Type': 'application/json; charset=UTF-8',
  'User-Agent': 'ApplaX-Gate-SDK-PHP/1.0.0',
});
/** makeRequest: `$body = $data ? json_encode($data) : null`. */
const request = (method: string, endpoint: string, data?: Json) =>
  send(`${sb.apiUrl}${endpoint}`, method, headers(), data && Object.keys(data).length ? data : undefined);

describe('Appla-X Gate PHP SDK, unchanged', () => {
  it('runs its whole sequence', async () => {
    const client = await request('POST', '/clients/', { email: 'sdk@example.com', phone: '371-20000000' });
    expect(client.status).toBe(200);
    const product = await request('POST', '/products/', {
      brand: 'Acme',
      title: 'Tea',
      currency: 'EUR',
      price: 12.5,
    });
    expect(product.status).toBe(200);
    expect(product.headers.get('x-sandbox-ignored')).toBe('brand');

    const order = await request('POST', '/orders/', {
      client: { email: 'sdk@example.com', phone: '371-20000000' },
      products: [{ title: 'Tea', price: 12.5, quantity: 2 }],
      skip_capture: true,
    });
    expect(order.status).toBe(200);
    expect((await request('GET', `/orders/${order.body.id}/`)).body.status).toBe('issued');

    // executeCardPayment: `cvv`, which the gateway's direct payment body does not declare.
    const card = {
      cardholder_name: 'John Doe',
      card_number: '4111111111111111',
      cvv: '123',
      exp_month: 12,
      exp_year: 39,
    };
    const paid = await send(order.body.api_do_url, 'POST', headers(), card);
    // The spec requires `csc` on any order that is not MOTO: the sandbox names it, ignoring `cvv`.
    expect(paid.status).toBe(400);
    expect(paid.body.csc[0].code).toBe('required');
    expect(paid.headers.get('x-sandbox-ignored')).toBe('cvv');
    // The same call with the spec's name goes through.
    const retried = await send(order.body.api_do_url, 'POST', headers(), {
      ...card,
      cvv: undefined,
      csc: '123',
    });
    expect(retried.body.status).toBe('hold');

    const captured = await request('POST', `/orders/${order.body.id}/capture/`, {});
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ status: 'paid', total: 25 });
    const refund = await request('POST', `/orders/${order.body.id}/refund/`, {
      amount: 5,
      reason: 'requested_by_customer',
    });
    expect(refund.status).toBe(200);
    expect(refund.body.amount_refunded).toBe(5);

    const other = await request('POST', '/orders/', {
      client: { email: 'sdk@example.com' },
      products: [{ title: 'Cup', price: '3.00' }],
    });
    expect((await request('POST', `/orders/${other.body.id}/cancel/`)).body.status).toBe('cancelled');

    const hook = await request('POST', '/webhooks/', {
      title: 'sdk',
      url: 'http://127.0.0.1:9/sdk-hook',
      version: 'v0.6',
      events: ['order.payment_success'],
    });
    expect(hook.status).toBe(200);
    const hooks = await request('GET', '/webhooks/');
    expect(hooks.body.results.map((h: Json) => h.id)).toContain(hook.body.id);
    expect((await request('DELETE', `/webhooks/${hook.body.id}/`)).status).toBe(204);

    const lonely = await request('POST', '/clients/', { email: 'lonely@example.com', phone: '1-5550100' });
    expect((await request('GET', `/clients/${lonely.body.id}/`)).body.phone).toBe('1-5550100');
    expect((await request('DELETE', `/clients/${lonely.body.id}/`)).status).toBe(204);
  });

  it('runs the same sequence through GatewayClient', async () => {
    const gateway = new GatewayClient({ baseUrl: sb.url, secretKey: sb.secretKey });
    await gateway.clients.create({ email: 'helper@example.com', phone: '371-20000001' });
    const product = await gateway.products.create({ title: 'Tea', currency: 'EUR', price: 12.5 });
    expect(product.price).toBe(12.5);
    const order = await gateway.orders.createTwoStep({
      client: { email: 'helper@example.com', phone: '371-20000001' },
      products: [{ title: 'Tea', price: 12.5, quantity: 2 }],
    });
    const card = {
      cardholder_name: 'John Doe',
      card_number: '4111111111111111',
      csc: '123',
      exp_month: 12,
      exp_year: 39,
    };
    expect(
      (await send(order.api_do_url!, 'POST', { 'Content-Type': 'application/json' }, card)).body.status,
    ).toBe('hold');
    expect((await gateway.orders.capture(order.id)).status).toBe('paid');
    expect((await gateway.orders.refund(order.id, 5)).amount_refunded).toBe(5);
    const other = await gateway.orders.createOneStep({
      client: { email: 'helper@example.com' },
      products: [{ title: 'Cup', price: 3 }],
    });
    expect((await gateway.orders.cancel(other.id)).status).toBe('cancelled');
    const hook = await gateway.webhooks.create({
      title: 'sdk',
      url: 'http://127.0.0.1:9/h',
      version: 'v0.6',
      events: ['order.payment_success'],
    });
    expect((await gateway.webhooks.list()).results.map((h) => h.id)).toContain(hook.id);
    await gateway.webhooks.delete(hook.id);
  });
});
