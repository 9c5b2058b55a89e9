// Endpoints public clients of the gateway call beyond the spec (spec/gateway-facts.md): cancel,
// delete, client read and delete, products, webhook list and delete, idempotency keys, paths
// without the trailing slash and GET bodies. Each working where it must and refused where it must,
// over HTTP against a real sandbox.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from './index.ts';
import {
  api,
  call,
  cardBody,
  createOrder,
  type Json,
  paidOrder,
  pay,
  sandbox,
  waitFor,
} from './test-helpers.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await sandbox();
});
afterAll(() => sb.close());

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(`${sb.apiUrl}${path}`, { method, body, key: sb.secretKey, headers });
const events = async (orderId: string) =>
  (await call(`${sb.url}/_sandbox/webhooks?order_id=${orderId}`)).body.results.map((d: Json) => d.event);

describe('POST /orders/{id}/cancel/', () => {
  it('cancels an issued order', async () => {
    const order = await createOrder(sb);
    const reply = await send('POST', `/orders/${order.id}/cancel/`);
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('cancelled');
    expect(reply.body.status_changes.map((c: Json) => c.new_status)).toEqual(['issued', 'cancelled']);
    expect((await pay(order)).status).toBe(400);
  });

  it('cancels a declined order, which could otherwise be paid again: no card is taken after it', async () => {
    const order = await createOrder(sb);
    // 4000000000000002: the sandbox's declined card.
    expect((await pay(order, cardBody('4000000000000002'))).body.status).toBe('rejected');
    const reply = await send('POST', `/orders/${order.id}/cancel/`);
    expect(reply.status).toBe(200);
    expect(reply.body.status_changes.map((c: Json) => c.new_status)).toEqual([
      'issued',
      'in_progress',
      'rejected',
      'cancelled',
    ]);
    expect((await pay(order)).status).toBe(400);
    expect((await api(sb).get(`/orders/${order.id}/`)).body.status).toBe('cancelled');
  });

  it('releases a hold and cancels it, emitting order.canceled', async () => {
    const hook = await send('POST', '/webhooks/', {
      title: 'all',
      url: 'http://127.0.0.1:9/hook',
      version: 'v0.6',
      all_events: true,
    });
    const held = await paidOrder(sb, { skip_capture: true });
    const reply = await send('POST', `/orders/${held.id}/cancel`, { reason: 'out of stock' });
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('cancelled');
    expect(reply.body.transaction_details.amount_released).toBe(held.total);
    expect(reply.headers.get('x-sandbox-ignored')).toBe('reason');
    expect(await waitFor(async () => (await events(held.id)).includes('order.canceled') || undefined)).toBe(
      true,
    );
    expect((await send('POST', `/orders/${held.id}/capture/`)).status).toBe(400);
    await send('DELETE', `/webhooks/${hook.body.id}/`);
  });

  it('refuses a paid order with the rule in words, and 404 for an unknown one', async () => {
    const paid = await paidOrder(sb);
    const reply = await send('POST', `/orders/${paid.id}/cancel/`);
    expect(reply.status).toBe(400);
    expect(reply.body.__all__[0]).toEqual({
      message:
        'Cancelling is allowed only on an order that is issued, rejected, in_progress or hold; this order is paid',
      code: 'invalid_status',
    });
    expect((await api(sb).get(`/orders/${paid.id}/`)).body.status).toBe('paid');
    expect((await send('POST', '/orders/nope/cancel/')).status).toBe(404);
  });
});

describe('DELETE /orders/{id}/', () => {
  it('deletes an unpaid order; it is gone afterwards', async () => {
    const order = await createOrder(sb);
    const reply = await send('DELETE', `/orders/${order.id}`);
    expect(reply.status).toBe(204);
    expect((await api(sb).get(`/orders/${order.id}/`)).status).toBe(404);
    expect((await pay(order)).status).toBe(404);
    expect((await send('DELETE', `/orders/${order.id}/`)).status).toBe(404);
  });

  it('refuses a paid or held order', async () => {
    for (const extra of [{}, { skip_capture: true }]) {
      const order = await paidOrder(sb, extra);
      const reply = await send('DELETE', `/orders/${order.id}/`);
      expect(reply.status).toBe(400);
      expect(reply.body.__all__[0].message).toMatch(
        /^Only an unpaid order can be deleted .*; this order is (paid|hold)$/,
      );
      expect((await api(sb).get(`/orders/${order.id}/`)).status).toBe(200);
    }
  });
});

describe('clients', () => {
  it('reads one client, finds by phone digits, deletes one without orders', async () => {
    const made = await send('POST', '/clients/', { email: 'phone@example.com', phone: '+371 2000-0001' });
    expect(made.status).toBe(200);
    const read = await send('GET', `/clients/${made.body.id}`);
    expect(read.body).toMatchObject({
      id: made.body.id,
      email: 'phone@example.com',
      phone: '+371 2000-0001',
    });
    const found = await send('GET', '/clients/?filter_phone=37120000001');
    expect(found.body.results.map((c: Json) => c.id)).toEqual([made.body.id]);
    expect((await send('GET', '/clients/?filter_phone=37120000009')).body.results).toEqual([]);
    expect((await send('DELETE', `/clients/${made.body.id}/`)).status).toBe(204);
    expect((await send('GET', `/clients/${made.body.id}/`)).status).toBe(404);
  });

  it('ignores an empty filter, as a django-filter list does', async () => {
    // Shop modules send `filter_phone=` for a customer without a phone and expect the e-mail match.
    const made = await send('POST', '/clients/', { email: 'nophone@example.com' });
    const found = await send('GET', '/clients/?filter_email=nophone%40example.com&filter_phone=');
    expect(found.body.results.map((c: Json) => c.id)).toEqual([made.body.id]);
    const all = await send('GET', '/clients/?filter_email=&filter_phone=');
    expect(all.body.results.map((c: Json) => c.id)).toContain(made.body.id);
  });

  it('refuses to delete a client an order names', async () => {
    const client = await send('POST', '/clients/', { email: 'owner@example.com' });
    await createOrder(sb, { client: { email: 'owner@example.com', original_client: client.body.id } });
    const reply = await send('DELETE', `/clients/${client.body.id}/`);
    expect(reply.status).toBe(400);
    expect(reply.body.__all__[0]).toEqual({
      message: 'A client with orders cannot be deleted',
      code: 'client_has_orders',
    });
    expect((await send('GET', `/clients/${client.body.id}/`)).status).toBe(200);
  });
});

describe('products', () => {
  it('creates, lists, reads, replaces and patches; a tax by id gives its percent', async () => {
    const tax = await send('POST', '/taxes/', { name: 'VAT', percent: '21' });
    const made = await send('POST', '/products/', {
      title: 'Lamp',
      price: '40.00',
      tax: tax.body.id,
      sku: 'L1',
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ title: 'Lamp', price: 40, tax: tax.body.id, tax_percent: 21 });
    expect(made.headers.get('x-sandbox-ignored')).toBe('sku');
    const id = made.body.id;
    expect((await send('GET', '/products/')).body.results.map((p: Json) => p.id)).toContain(id);
    expect((await send('GET', `/products/${id}`)).body.title).toBe('Lamp');
    const patched = await send('PATCH', `/products/${id}/`, { price: 35 });
    expect(patched.body).toMatchObject({ title: 'Lamp', price: 35, tax_percent: 21 });
    const replaced = await send('PUT', `/products/${id}/`, { title: 'Desk lamp', price: 30 });
    expect(replaced.body).toMatchObject({ title: 'Desk lamp', price: 30, tax: null, tax_percent: null });
    const incomplete = await send('PUT', `/products/${id}/`, { price: 30 });
    expect(incomplete.body.title).toEqual([{ message: 'This field is required.', code: 'required' }]);
    expect((await send('PATCH', `/products/${id}/`, { tax: 'nope' })).body.tax[0].message).toBe(
      'is not a known tax id',
    );
    expect((await send('GET', '/products/nope/')).status).toBe(404);
    expect((await send('DELETE', `/products/${id}/`)).status).toBe(405);
  });

  it("applies a catalogue product's tax to an order line that names it", async () => {
    const tax = await send('POST', '/taxes/', { name: 'Reduced', percent: 10 });
    const product = await send('POST', '/products/', { title: 'Book', price: 20, tax: tax.body.id });
    const order = await createOrder(sb, {
      products: [{ id: product.body.id, title: 'Book', price: 20, quantity: '2' }],
    });
    expect(order.products[0]).toMatchObject({ tax: tax.body.id, tax_percent: 10, tax_amount: 4, total: 40 });
    expect(order).toMatchObject({ subtotal: 40, total_tax: 4, total: 44 });
    const untaxed = await createOrder(sb, { products: [{ title: 'Book', price: 20 }] });
    expect(untaxed.total).toBe(20);
  });
});

describe('webhook subscriptions', () => {
  it('lists and deletes them; a deleted one gets no more deliveries', async () => {
    const made = await send('POST', '/webhooks/', {
      title: 'shop',
      url: 'http://127.0.0.1:9/w',
      version: 'v0.6',
      is_test: 'true',
      all_events: 1,
    });
    expect(made.body).toMatchObject({ is_test: true, all_events: true });
    expect((await send('GET', '/webhooks')).body.results.map((w: Json) => w.id)).toContain(made.body.id);
    expect((await send('DELETE', `/webhooks/${made.body.id}/`)).status).toBe(204);
    expect((await send('GET', '/webhooks/')).body.results.map((w: Json) => w.id)).not.toContain(made.body.id);
    expect((await send('DELETE', `/webhooks/${made.body.id}/`)).status).toBe(404);
    const order = await createOrder(sb);
    await new Promise((r) => setTimeout(r, 50));
    expect(await events(order.id)).toEqual([]);
  });
});

describe('what HTTP clients send', () => {
  it('answers every path with or without the trailing slash, and ignores a GET body', async () => {
    const order = await createOrder(sb);
    const plain = await send('GET', `/orders/${order.id}`);
    expect(plain.body.id).toBe(order.id);
    // Some PHP HTTP clients send `[]` with a GET (fetch cannot, so node:http sends it).
    const withBody = await new Promise<{ status: number; body: Json }>((resolve, reject) => {
      const req = request(`${sb.apiUrl}/orders/${order.id}`, {
        method: 'GET',
        headers: {
          Authorization: `Bearer ${sb.secretKey}`,
          'Content-Type': 'application/json',
          'Content-Length': '2',
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end('[]');
    });
    expect(withBody.status).toBe(200);
    expect(withBody.body.id).toBe(order.id);
    expect(
      (
        await send('POST', '/orders', {
          client: { email: 'a@example.com' },
          products: [{ title: 'T', price: 1 }],
        })
      ).status,
    ).toBe(200);
  });

  it('honours Idempotency-Key: same request answered again, another request refused', async () => {
    const body = { client: { email: 'idem@example.com' }, products: [{ title: 'Tea', price: 3 }] };
    const key = { 'Idempotency-Key': `k-${Date.now()}` };
    const first = await send('POST', '/orders/', body, key);
    const again = await send('POST', '/orders/', body, key);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const listed = (await send('GET', '/orders/?page_size=500')).body.results.filter(
      (o: Json) => o.client.email === 'idem@example.com',
    );
    expect(listed).toHaveLength(1);
    const other = await send('POST', '/orders/', { ...body, products: [{ title: 'Tea', price: 4 }] }, key);
    expect(other.status).toBe(409);
    expect(other.body.__all__[0]).toMatchObject({ code: 'idempotency_key_reused' });
    expect(other.body.__all__[0].message).toMatch(/another body; use a new key/);
    const elsewhere = await send('POST', `/orders/${first.body.id}/cancel/`, body, key);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.__all__[0].message).toMatch(/was used for POST \/api\/v0\.6\/orders\/, not POST/);
  });

  it('answers a creation lost to a reset again on the retry with the same key', async () => {
    const body = { client: { email: 'lost@example.com' }, products: [{ title: 'Tea', price: 5 }] };
    const key = { 'Idempotency-Key': `lost-${Date.now()}` };
    await call(`${sb.url}/_sandbox/faults`, { body: { orders: 'reset' } });
    await expect(send('POST', '/orders/', body, key)).rejects.toThrow();
    const retry = await send('POST', '/orders/', body, key);
    expect(retry.status).toBe(200);
    const listed = (await send('GET', '/orders/?page_size=500')).body.results.filter(
      (o: Json) => o.client.email === 'lost@example.com',
    );
    expect(listed.map((o: Json) => o.id)).toEqual([retry.body.id]);
  });
});
