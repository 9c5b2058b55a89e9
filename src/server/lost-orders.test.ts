// Order creation whose answer is lost, against the sandbox's one-shot `orders` faults: the session
// handler keeps the idempotency key and finds the order the attempt may have created before it ever
// creates another one. No order is lost and none is made twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutSession, Order } from '../protocol/index.ts';
import { type Sandbox, startSandbox } from '../sandbox/index.ts';
import { type CheckoutHandler, createCheckoutHandler } from './checkout.ts';
import { GatewayClient } from './client.ts';

const KEY = 'sk_sandbox_lost_orders';
let sandbox: Sandbox;
let reader: GatewayClient;
let key = 0;

beforeAll(async () => {
  // The "timeout" fault holds the connection longer than the helper waits (its timeoutMs below).
  sandbox = await startSandbox({ port: 0, secretKey: KEY, faultTimeoutMs: 3000, distDir: null });
  reader = new GatewayClient({ baseUrl: sandbox.url, secretKey: KEY });
});
afterAll(async () => {
  await sandbox?.close();
});

const fault = async (orders: string) => {
  const res = await fetch(`${sandbox.url}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orders }),
  });
  expect(res.status).toBe(200);
};

const allOrders = async (): Promise<Order[]> =>
  (await reader.orders.list({ url: `${sandbox.apiUrl}/orders/?page_size=500` })).results;

function handler(fetchImpl?: typeof fetch): CheckoutHandler {
  return createCheckoutHandler({
    client: new GatewayClient({
      baseUrl: sandbox.url,
      secretKey: KEY,
      timeoutMs: 400,
      retryBaseDelayMs: 5,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    }),
    secret: 'status-secret',
    // One shopper retrying: the same visitor on every request.
    visitor: () => 'the-shopper',
    // A handler called straight, as a Fetch host would: the shopper's address is read from it.
    clientAddress: () => '203.0.113.5',
    onError: () => {},
    config: () => ({
      amount: 9,
      currency: 'EUR',
      language: 'en',
      merchant_name: 'Tea Shop',
      avs: 'off',
      save: null,
      moto: false,
      collect_email: false,
    }),
    buildOrder: () => ({ client: { email: 'ada@example.com' }, products: [{ title: 'Tea', price: 9 }] }),
  });
}

const post = async (checkout: CheckoutHandler, idempotencyKey: string) => {
  const res = await checkout(
    new Request('http://shop.test/checkout/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idempotency_key: idempotencyKey }),
    }),
  );
  return { status: res.status, body: (await res.json()) as CheckoutSession & { error?: { type: string } } };
};

const newKey = () => `lost-order-key-${++key}-abcdefghij`;

describe('order creation whose answer is lost', () => {
  for (const mode of ['timeout', 'reset'] as const) {
    it(`${mode}: the order was created; the helper finds it by its reference and creates no other`, async () => {
      const checkout = handler();
      const before = await allOrders();
      await fault(mode);
      const idem = newKey();
      const first = await post(checkout, idem);
      expect(first.status).toBe(200);
      const created = (await allOrders()).filter((o) => !before.some((b) => b.id === o.id));
      expect(created).toHaveLength(1);
      expect(first.body.order_id).toBe(created[0]!.id);
      expect(created[0]!.number).toMatch(/^gc-[0-9a-f]{24}$/);
      expect(first.body.api_do_url).toBe(created[0]!.api_do_url);

      // The customer's retry gets the same order.
      const again = await post(checkout, idem);
      expect(again.status).toBe(200);
      expect(again.body.order_id).toBe(first.body.order_id);
      expect((await allOrders()).length).toBe(before.length + 1);
    });
  }

  for (const [mode, status] of [
    ['http_500', 502],
    ['malformed_json', 502],
  ] as const) {
    it(`${mode}: nothing was created; the key is kept, searched, and the retry creates exactly one`, async () => {
      const checkout = handler();
      const before = await allOrders();
      await fault(mode);
      const idem = newKey();
      const first = await post(checkout, idem);
      expect(first.status).toBe(status);
      expect(first.body.error!.type).toBe('gateway_error');
      expect((await allOrders()).length).toBe(before.length);

      const retry = await post(checkout, idem);
      expect(retry.status).toBe(200);
      const created = (await allOrders()).filter((o) => !before.some((b) => b.id === o.id));
      expect(created.map((o) => o.id)).toEqual([retry.body.order_id]);
      const third = await post(checkout, idem);
      expect(third.body.order_id).toBe(retry.body.order_id);
      expect((await allOrders()).length).toBe(before.length + 1);
    });
  }

  it('when the search itself fails, the retry searches again before creating, and finds the order', async () => {
    const sent: string[] = [];
    let failLists = 1;
    const flaky = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      sent.push(`${method} ${new URL(url).pathname}`);
      if (method === 'GET' && new URL(url).pathname.endsWith('/orders/') && failLists-- > 0)
        return new Response('busy', { status: 400 });
      return fetch(input, init);
    }) as typeof fetch;
    const checkout = handler(flaky);
    const before = await allOrders();
    await fault('reset');
    const idem = newKey();
    const first = await post(checkout, idem);
    expect(first.status).toBe(502);
    const created = (await allOrders()).filter((o) => !before.some((b) => b.id === o.id));
    expect(created).toHaveLength(1);

    const retry = await post(checkout, idem);
    expect(retry.status).toBe(200);
    expect(retry.body.order_id).toBe(created[0]!.id);
    expect(sent.filter((s) => s === 'POST /api/v0.6/orders/')).toHaveLength(1);
    expect((await allOrders()).length).toBe(before.length + 1);
  });

  it('a kept key used with another request body is refused, not searched', async () => {
    const checkout = handler();
    await fault('http_500');
    const idem = newKey();
    expect((await post(checkout, idem)).status).toBe(502);
    const res = await checkout(
      new Request('http://shop.test/checkout/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idempotency_key: idem, email: 'other@example.com' }),
      }),
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe('idempotency_mismatch');
  });
});
