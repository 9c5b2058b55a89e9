import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../protocol/index.ts';
import type { Sandbox } from './index.ts';
import { api, call, createOrder, orderBody, sandbox } from './test-helpers.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await sandbox({ secretKey: 'sk_api_test' });
});
afterAll(() => sb.close());

describe('startSandbox', () => {
  it('listens on 127.0.0.1 with the API under /api/v0.6', () => {
    expect(sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sb.apiUrl).toBe(`${sb.url}/api/v0.6`);
    expect(sb.secretKey).toBe('sk_api_test');
  });
});

describe('authentication', () => {
  it('answers 403 with an __all__ body when the key is missing or wrong', async () => {
    for (const key of [null, 'sk_wrong', 'sk_api_test_'] as const) {
      const reply = await call(`${sb.apiUrl}/orders/`, { key });
      expect(reply.status).toBe(403);
      expect(reply.body.__all__[0].code).toBe('authentication_failed');
    }
    const post = await call(`${sb.apiUrl}/orders/`, { body: orderBody(), key: 'nope' });
    expect(post.status).toBe(403);
    const listed = await api(sb).get('/orders/');
    expect(listed.body.results).toHaveLength(0);
  });

  it('gives the Bearer API no CORS headers', async () => {
    const reply = await api(sb).get('/orders/');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('POST /orders/', () => {
  it('answers the order object with the facts-file fields', async () => {
    const order = await createOrder(sb, {
      number: 'A-17',
      success_redirect: 'https://shop.example/ok',
      referrer: 'https://shop.example/cart',
      due: 1_893_456_000,
      products: [
        { title: 'Tea', price: 0.1, quantity: 3 },
        { title: 'Cup', price: 19.99 },
      ],
    });
    expect(orderSchema.safeParse(order).success).toBe(true);
    expect(order.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(order.number).toBe('A-17');
    expect(order.status).toBe('issued');
    expect(order.status_changes).toEqual([{ new_status: 'issued', on: order.issued }]);
    expect(order.subtotal).toBe(20.29);
    expect(order.total).toBe(20.29);
    expect(order.products[0].total).toBe(0.3);
    expect(order.amount_refunded).toBe(0);
    expect(Number.isInteger(order.issued)).toBe(true);
    expect(Math.abs(order.issued - Date.now() / 1000)).toBeLessThan(5);
    expect(order.paid).toBeNull();
    expect(order.success_redirect).toBe('https://shop.example/ok');
    // Declared fields beyond the spec are kept; undeclared ones are ignored, as the gateway's DRF does.
    expect(order.due).toBe(1_893_456_000);
    expect(order).not.toHaveProperty('referrer');
    expect(order.api_do_url).toMatch(new RegExp(`^${sb.url}/pay/[\\w-]{32}/$`));
    expect(order.full_page_checkout).toMatch(new RegExp(`^${sb.url}/checkout/`));
    expect(order.iframe_checkout).toMatch(/\/iframe\/$/);
    expect(order.transaction_details).toMatchObject({ card_masked_pan: null, errors: [], avs_result: null });
  });

  it('gives every order its own unguessable payment address', async () => {
    const a = await createOrder(sb);
    const b = await createOrder(sb);
    expect(a.api_do_url).not.toBe(b.api_do_url);
    expect(a.api_do_url).not.toContain(a.id);
  });

  it('answers 400 with __all__ and a key per offending field', async () => {
    const reply = await api(sb).post('/orders/', {
      client: { email: 'not-an-email' },
      products: [{ title: 'Tea', price: 'abc' }],
    });
    expect(reply.status).toBe(400);
    expect(reply.body['products.0.price']).toEqual([
      { message: 'A valid number is required.', code: 'invalid' },
    ]);
    expect(reply.body['client.email']).toEqual([
      { message: 'Enter a valid email address.', code: 'invalid' },
    ]);
    expect(reply.body['client.email']).toHaveLength(1);
    expect(reply.body.__all__.map((i: { message: string }) => i.message).join(' ')).toContain(
      'products.0.price',
    );
  });

  it('requires products except for zero-amount orders, which take none', async () => {
    const none = await api(sb).post('/orders/', { client: { email: 'a@example.com' } });
    expect(none.status).toBe(400);
    expect(none.body.products).toBeDefined();
    const zeroWithProducts = await api(sb).post(
      '/orders/',
      orderBody({ payment_system: 'AUTH', force_save_method: true }),
    );
    expect(zeroWithProducts.status).toBe(400);
    expect(zeroWithProducts.body.products[0].message).toMatch(/zero-amount/);
    const zero = await api(sb).post('/orders/', {
      client: { email: 'a@example.com' },
      payment_system: 'AUTH',
      setup_future_use: 'one-click',
    });
    expect(zero.status).toBe(200);
    expect(zero.body.total).toBe(0);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await fetch(`${sb.apiUrl}/orders/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sb.secretKey}`, 'Content-Type': 'application/json' },
      body: '{"client":',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).__all__[0].code).toBe('parse_error');
  });

  it('takes only http(s) redirect addresses', async () => {
    const reply = await api(sb).post('/orders/', orderBody({ success_redirect: 'javascript:alert(1)' }));
    expect(reply.status).toBe(400);
    expect(reply.body.success_redirect).toBeDefined();
  });

  it('refuses an unknown original_client', async () => {
    const reply = await api(sb).post(
      '/orders/',
      orderBody({ client: { email: 'a@example.com', original_client: 'nobody' } }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body['client.original_client']).toBeDefined();
  });
});

describe('GET /orders/', () => {
  it('reads one order, and 404 for an unknown id', async () => {
    const order = await createOrder(sb);
    const read = await api(sb).get(`/orders/${order.id}/`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(order);
    const missing = await api(sb).get('/orders/00000000-0000-0000-0000-000000000000/');
    expect(missing.status).toBe(404);
    expect(missing.body.__all__[0].code).toBe('not_found');
    expect((await api(sb).post('/orders/nope/capture/', { total: 1 })).status).toBe(404);
  });

  it('lists newest first as {next, previous, results}, paged', async () => {
    const own = await sandbox();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await createOrder(own)).id);
      const all = await api(own).get('/orders/');
      expect(all.body).toMatchObject({ next: null, previous: null });
      expect(all.body.results.map((o: { id: string }) => o.id)).toEqual(ids.reverse());
      const first = await api(own).get('/orders/?page_size=2');
      expect(first.body.results).toHaveLength(2);
      expect(first.body.previous).toBeNull();
      const second = await call(first.body.next, { key: own.secretKey });
      expect(second.body.results.map((o: { id: string }) => o.id)).toEqual([ids[2]]);
      expect(second.body.next).toBeNull();
      expect(second.body.previous).toContain('page=1');
    } finally {
      await own.close();
    }
  });
});

describe('clients', () => {
  it('creates clients and filters the list by e-mail', async () => {
    const a = await api(sb).post('/clients/', { email: 'ann@example.com', first_name: 'Ann' });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ email: 'ann@example.com', first_name: 'Ann' });
    expect(typeof a.body.id).toBe('string');
    await api(sb).post('/clients/', { email: 'bob@example.com' });
    const filtered = await api(sb).get('/clients/?filter_email=ANN%40example.com');
    expect(filtered.body.results.map((c: { id: string }) => c.id)).toEqual([a.body.id]);
    const all = await api(sb).get('/clients/');
    expect(all.body.results.length).toBeGreaterThanOrEqual(2);
    expect(all.body.results[0].email).toBe('bob@example.com');
    const bad = await api(sb).post('/clients/', { email: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.email).toBeDefined();
    // A client made here can own an order.
    const order = await createOrder(sb, { client: { email: 'ann@example.com', original_client: a.body.id } });
    expect(order.client.id).toBe(a.body.id);
  });
});

describe('taxes', () => {
  it('creates a tax and applies it to a product on top of its price', async () => {
    const tax = await api(sb).post('/taxes/', { name: 'VAT', percent: 21 });
    expect(tax.status).toBe(200);
    expect(tax.body).toMatchObject({ type: 'tax', name: 'VAT', percent: 21 });
    const order = await createOrder(sb, {
      products: [{ title: 'Tea', price: 10, quantity: 2, tax: tax.body.id }],
    });
    expect(order.subtotal).toBe(20);
    expect(order.total_tax).toBe(4.2);
    expect(order.total).toBe(24.2);
    expect(order.products[0]).toMatchObject({ tax_percent: 21, tax_amount: 4.2, total: 20 });
    const unknown = await api(sb).post(
      '/orders/',
      orderBody({ products: [{ title: 'T', price: 1, tax: 'nope' }] }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body['products.0.tax']).toBeDefined();
    const bad = await api(sb).post('/taxes/', { name: 'VAT' });
    expect(bad.status).toBe(400);
    expect(bad.body.percent).toBeDefined();
  });
});

describe('webhook subscriptions', () => {
  it('validates and stores subscriptions', async () => {
    const ok = await api(sb).post('/webhooks/', {
      title: 'shop',
      url: 'http://127.0.0.1:9/hook',
      version: 'v0.6',
      events: ['order.payment_success'],
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ title: 'shop', events: ['order.payment_success'] });
    expect(typeof ok.body.id).toBe('string');
    const badVersion = await api(sb).post('/webhooks/', {
      title: 'shop',
      url: 'http://127.0.0.1:9/hook',
      version: 'v0.5',
      all_events: true,
    });
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.version).toBeDefined();
    const noEvents = await api(sb).post('/webhooks/', {
      title: 's',
      url: 'http://127.0.0.1:9/',
      version: 'v0.6',
    });
    expect(noEvents.status).toBe(400);
    expect(noEvents.body.events).toBeDefined();
    const badEvent = await api(sb).post('/webhooks/', {
      title: 's',
      url: 'http://127.0.0.1:9/',
      version: 'v0.6',
      events: ['order.nope'],
    });
    expect(badEvent.status).toBe(400);
  });
});

describe('routing', () => {
  it('answers 404 for unknown paths and 405 for wrong methods', async () => {
    expect((await api(sb).get('/nothing/')).status).toBe(404);
    expect((await call(`${sb.apiUrl}/orders/`, { method: 'DELETE', key: sb.secretKey })).status).toBe(405);
  });
});

describe('merchant with AVS enabled', () => {
  it('fails an order without a billing address', async () => {
    const avs = await sandbox({ avsEnabled: true });
    try {
      const without = await api(avs).post('/orders/', orderBody());
      expect(without.status).toBe(400);
      expect(without.body['client.address'][0].message).toMatch(/AVS/);
      expect(without.body['client.zip_code']).toBeDefined();
      const withAddress = await api(avs).post(
        '/orders/',
        orderBody({ client: { email: 'a@example.com', address: '1 Main St', zip_code: '10001' } }),
      );
      expect(withAddress.status).toBe(200);
      expect(withAddress.body.enable_avs).toBe(true);
    } finally {
      await avs.close();
    }
  });
});

describe('two sandboxes side by side', () => {
  it('keep their own keys, ports and orders', async () => {
    const [a, b] = await Promise.all([sandbox({ secretKey: 'sk_a' }), sandbox({ secretKey: 'sk_b' })]);
    try {
      expect(a.url).not.toBe(b.url);
      const order = await createOrder(a);
      expect((await api(b).get(`/orders/${order.id}/`)).status).toBe(404);
      expect((await api(a).get(`/orders/${order.id}/`)).status).toBe(200);
      expect((await call(`${b.apiUrl}/orders/`, { key: 'sk_a' })).status).toBe(403);
      expect((await api(b).get('/orders/')).body.results).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
