// The helper's methods for the endpoints public clients call beyond the spec, against the real
// sandbox over HTTP; and the helper reading orders whose transaction_details use either published
// shape (plain values, or the 2019 Go client's objects) from a gateway stand-in.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../sandbox/index.ts';
import { GatewayClient } from './client.ts';
import type { GatewayError } from './errors.ts';

const KEY = 'sk_client_endpoints';
let sandbox: Sandbox;
let gateway: GatewayClient;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, secretKey: KEY });
  gateway = new GatewayClient({ baseUrl: sandbox.url, secretKey: KEY, retryBaseDelayMs: 5 });
});
afterAll(() => sandbox.close());

const tea = { client: { email: 'ada@example.com' }, products: [{ title: 'Tea', price: 10 }] };
const failure = async (promise: Promise<unknown>): Promise<GatewayError> => {
  try {
    await promise;
  } catch (error) {
    return error as GatewayError;
  }
  throw new Error('expected a failure');
};
const pay = (order: { api_do_url?: string | null }, number = '4111111111111111') =>
  fetch(order.api_do_url!, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ card_number: number, exp_month: 12, exp_year: 39, csc: '123' }),
  });

describe('orders: typed results for capture, refund, reverse and cancel', () => {
  it('captures the whole hold with no total, answering the order', async () => {
    const order = await gateway.orders.createTwoStep(tea);
    await pay(order);
    const captured = await gateway.orders.capture(order.id);
    expect(captured.status).toBe('paid');
    expect(captured.total).toBe(10);
    const refunded = await gateway.orders.refund(order.id, 4);
    expect(refunded.amount_refunded).toBe(4);
    expect(refunded.status).toBe('paid');
  });

  it('cancels an issued order and a hold; refuses a paid one with the rule in words', async () => {
    const issued = await gateway.orders.createOneStep(tea);
    expect((await gateway.orders.cancel(issued.id)).status).toBe('cancelled');
    const held = await gateway.orders.createTwoStep(tea);
    await pay(held);
    const released = await gateway.orders.cancel(held.id);
    expect(released.status).toBe('cancelled');
    expect(released.transaction_details?.amount_released).toBe(10);
    const paid = await gateway.orders.createOneStep(tea);
    await pay(paid);
    const refused = await failure(gateway.orders.cancel(paid.id));
    expect(refused.type).toBe('invalid_request');
    expect(refused.message).toContain(
      'Cancelling is allowed only on an order that is issued, rejected, in_progress or hold; this order is paid',
    );
    expect((await gateway.orders.reverse(paid.id)).status).toBe('refunded');
  });

  it('deletes an unpaid order only', async () => {
    const order = await gateway.orders.createOneStep(tea);
    await gateway.orders.delete(order.id);
    expect((await failure(gateway.orders.get(order.id))).type).toBe('not_found');
    const paid = await gateway.orders.createOneStep(tea);
    await pay(paid);
    expect((await failure(gateway.orders.delete(paid.id))).status).toBe(400);
  });

  it('sends Idempotency-Key: a repeated create is the same order, another body a conflict', async () => {
    const key = `checkout-${Date.now()}`;
    const first = await gateway.orders.createOneStep(tea, { idempotencyKey: key });
    const again = await gateway.orders.createOneStep(tea, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    const other = await failure(
      gateway.orders.createOneStep(
        { ...tea, products: [{ title: 'Tea', price: 11 }] },
        { idempotencyKey: key },
      ),
    );
    expect(other.type).toBe('conflict');
    expect(other.message).toMatch(/another body/);
    const bad = await failure(gateway.orders.createOneStep(tea, { idempotencyKey: 'has space' }));
    expect(bad.type).toBe('validation');
    expect(bad.issues[0]).toMatchObject({ path: 'idempotencyKey' });
  });

  it('stays exact in what it sends: a string quantity is refused before sending', async () => {
    const before = (await gateway.orders.list()).results.length;
    const refused = await failure(
      gateway.orders.createOneStep({
        client: { email: 'ada@example.com' },
        // @ts-expect-error the helper's types say number; a JavaScript caller may still pass text
        products: [{ title: 'Tea', price: 10, quantity: '1' }],
      }),
    );
    expect(refused.type).toBe('validation');
    expect(refused.issues[0]?.path).toBe('products.0.quantity');
    expect((await gateway.orders.list()).results.length).toBe(before);
  });
});

describe('clients, products and webhooks', () => {
  it('reads, finds by phone and deletes clients; one with orders is kept', async () => {
    const client = await gateway.clients.create({ email: 'phone@example.com', phone: '+44 20 7946 0000' });
    expect((await gateway.clients.get(client.id)).phone).toBe('+44 20 7946 0000');
    const found = await gateway.clients.find({ phone: '442079460000' });
    expect(found.results.map((c) => c.id)).toEqual([client.id]);
    await gateway.clients.delete(client.id);
    expect((await failure(gateway.clients.get(client.id))).type).toBe('not_found');
    const owner = await gateway.clients.create({ email: 'owner@example.com' });
    await gateway.orders.createOneStep({
      ...tea,
      client: { email: 'owner@example.com', original_client: owner.id },
    });
    expect((await failure(gateway.clients.delete(owner.id))).message).toContain(
      'A client with orders cannot be deleted',
    );
  });

  it('creates, lists, reads, updates and replaces products; the tax applies in orders', async () => {
    const vat = await gateway.taxes.create({ name: 'VAT', percent: 20 });
    const lamp = await gateway.products.create({ title: 'Lamp', price: 50, tax: vat.id });
    expect(lamp.tax_percent).toBe(20);
    expect((await gateway.products.list()).results.map((p) => p.id)).toContain(lamp.id);
    expect((await gateway.products.get(lamp.id)).title).toBe('Lamp');
    expect((await gateway.products.update(lamp.id, { price: 40 })).price).toBe(40);
    const order = await gateway.orders.createOneStep({
      client: { email: 'ada@example.com' },
      products: [{ id: lamp.id, title: 'Lamp', price: 40 }],
    });
    expect(order.total).toBe(48);
    expect((await gateway.products.replace(lamp.id, { title: 'Lamp', price: 40 })).tax).toBeNull();
    expect((await failure(gateway.products.create({ title: '', price: 1 }))).type).toBe('validation');
  });

  it('lists and deletes subscriptions; ensure registers once, and replaces one that changed', async () => {
    const url = 'http://127.0.0.1:9/boot-hook';
    const request = {
      title: 'shop',
      url,
      version: 'v0.6' as const,
      events: ['order.payment_success' as const],
    };
    const first = await gateway.webhooks.ensure(request);
    const second = await gateway.webhooks.ensure({ ...request, events: ['order.payment_success'] });
    expect(second.id).toBe(first.id);
    const mine = async () => (await gateway.webhooks.list()).results.filter((w) => w.url === url);
    expect(await mine()).toHaveLength(1);
    const changed = await gateway.webhooks.ensure({ ...request, events: undefined, all_events: true });
    expect(changed.id).not.toBe(first.id);
    expect((await mine()).map((w) => w.id)).toEqual([changed.id]);
    await gateway.webhooks.delete(changed.id);
    expect(await mine()).toEqual([]);
  });
});

describe('reading transaction_details in either shape', () => {
  let stand: Server;
  let body: unknown;
  beforeAll(async () => {
    stand = createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => stand.close(resolve)));
  const read = () =>
    new GatewayClient({
      baseUrl: `http://127.0.0.1:${(stand.address() as AddressInfo).port}`,
      secretKey: 'sk',
      maxRetries: 0,
    }).orders.get('o1');

  it("normalises the Go client's objects and keeps the fields it does not know", async () => {
    body = {
      id: 'o1',
      status: 'paid',
      fraud_check_status: { status: 'passed' },
      transaction_details: {
        card_issuer_country: { type: 'country', iso_code: '840', code: 'US', display_name: 'United States' },
        processing_status: { description: 'Captured', on: 1_764_000_000, code: '00' },
        three_d_secure_status: {
          description: 'Authenticated',
          on: '2025-11-24T16:00:00Z',
          mpi_status_code: 'Y',
        },
        arn: '74987505080000000000001',
        fee_details: [{ amount: '0.30' }],
        errors: [],
      },
    };
    const order = await read();
    expect(order.transaction_details?.card_issuer_country).toEqual({
      type: 'country',
      iso_code: '840',
      code: 'US',
      display_name: 'United States',
    });
    expect(order.transaction_details?.processing_status).toEqual({
      description: 'Captured',
      on: 1_764_000_000,
      code: '00',
    });
    expect(order.transaction_details?.three_d_secure_status).toMatchObject({
      description: 'Authenticated',
      code: 'Y',
      mpi_status_code: 'Y',
      on: 1_764_000_000,
    });
    expect(order.transaction_details?.arn).toBe('74987505080000000000001');
    expect(order.fraud_check_status).toEqual({ status: 'passed' });
  });

  it('reads plain values into the same shape', async () => {
    body = {
      id: 'o1',
      status: 'paid',
      transaction_details: {
        card_issuer_country: 'US',
        processing_status: 'captured',
        three_d_secure_status: null,
      },
    };
    const order = await read();
    expect(order.transaction_details?.card_issuer_country).toEqual({
      code: 'US',
      iso_code: null,
      display_name: null,
      type: null,
    });
    expect(order.transaction_details?.processing_status).toEqual({
      description: 'captured',
      code: null,
      on: null,
    });
    expect(order.transaction_details?.three_d_secure_status).toBeNull();
  });

  it('reads a paid order shaped as a white-label gateway of the same API answers one', async () => {
    // Shapes as a real answer of that gateway to a direct_post payment shows them: chargebacks an
    // object, empty strings and nulls where nothing applies, status changes and statuses carrying
    // keys beyond the documented ones, the country's iso_code a string.
    body = {
      type: 'order',
      id: 'o1',
      number: 'SHOP-77',
      status: 'paid',
      due: null,
      full_page_checkout: null,
      api_do_url: null,
      direct_post: 'https://transactions.example/p/77/',
      products: [{ id: 'p1', title: 'Order', price: 47.45, quantity: 1.0, tax: null, image: null }],
      client: { id: 'c1', email: 'jack@example.com', birth_date: null, country: null, cc: [] },
      status_changes: [
        { on: 1_654_145_164, new_status: 'issued', operation_amount: null, author: { user: null } },
        { on: 1_654_145_167, new_status: 'paid', operation_amount: 47.45, currency: 'AUD' },
      ],
      transaction_details: {
        errors: [],
        card_masked_pan: '411111******1111',
        card_issuer_country: { type: 'country', iso_code: '428', code: 'LV', display_name: 'Latvia' },
        exp_month: 1,
        processing_status: {
          description: 'Approved',
          on: 1_654_145_166,
          code: '000',
          timezone: 'Europe/Riga',
        },
        three_d_secure_status: {
          description: '',
          eci: '',
          on: null,
          mpi_status_code: '',
          three_d_secure: false,
        },
        amount_refunded: 0.0,
        amount_reversed: 0.0,
        chargebacks: {},
        chargebacks_reversed: {},
        chargebacks_reason_code: null,
      },
    };
    const order = await read();
    expect(order).toMatchObject({ number: 'SHOP-77', status: 'paid', due: null });
    expect(order.products?.[0]?.quantity).toBe(1);
    expect(order.transaction_details?.card_issuer_country?.code).toBe('LV');
    expect(order.transaction_details?.processing_status).toMatchObject({
      description: 'Approved',
      code: '000',
    });
    expect(order.transaction_details?.three_d_secure_status).toMatchObject({
      description: '',
      code: '',
      on: null,
    });
    expect(order.transaction_details?.chargebacks).toEqual([]);
  });

  it('lists subscriptions of another version or with events beyond the published list', async () => {
    // The published event list is cut off, and shop tools offer version v0.5 as well: a merchant's
    // other subscriptions must not make list() (and with it ensure() at boot) throw.
    body = {
      next: null,
      previous: null,
      results: [
        { id: 'w1', title: 'old', url: 'https://shop.example/old', version: 'v0.5', all_events: true },
        {
          id: 'w2',
          title: 'new',
          url: 'https://shop.example/hook',
          version: 'v0.6',
          is_test: false,
          events: ['order.payment_success', 'order.partially_refunded'],
        },
      ],
    };
    const gateway = new GatewayClient({
      baseUrl: `http://127.0.0.1:${(stand.address() as AddressInfo).port}`,
      secretKey: 'sk',
      maxRetries: 0,
    });
    const page = await gateway.webhooks.list();
    expect(page.results.map((w) => [w.id, w.version])).toEqual([
      ['w1', 'v0.5'],
      ['w2', 'v0.6'],
    ]);
    expect(page.results[1]?.events).toContain('order.partially_refunded');
  });

  it("reads the sandbox's own orders in the same shape", async () => {
    const order = await gateway.orders.createOneStep(tea);
    await pay(order);
    const read = await gateway.orders.get(order.id);
    expect(read.transaction_details?.card_issuer_country?.code).toBe('US');
    expect(read.transaction_details?.processing_status?.description).toBe('captured');
  });
});
