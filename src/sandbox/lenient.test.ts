// The sandbox takes requests as the real gateway's Django REST Framework serializers do: loose
// scalar types coerced, undeclared keys ignored (and reported to the integrator), DRF's own
// messages where DRF still refuses; the spec's rules stay exact. All over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from './index.ts';
import { api, call, cardBody, createOrder, type Json, pay, sandbox } from './test-helpers.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await sandbox();
});
afterAll(() => sb.close());

const order = (extra: Json = {}) => ({
  client: { email: 'ada@example.com' },
  products: [{ title: 'Tea', price: 10 }],
  ...extra,
});
const control = async (id: string) => (await call(`${sb.url}/_sandbox/orders/${id}`)).body;

describe('loose scalar types, coerced as DRF does', () => {
  it('stores an integer number as its text and takes a string quantity and price', async () => {
    const reply = await api(sb).post(
      '/orders/',
      order({ number: 1042, products: [{ title: 'Tea', price: '4.50', quantity: '2' }] }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.number).toBe('1042');
    expect(reply.body.products[0]).toMatchObject({ price: 4.5, quantity: 2, total: 9 });
    expect(reply.body.total).toBe(9);
    expect((await api(sb).get(`/orders/${reply.body.id}/`)).body.number).toBe('1042');
  });

  it("reads booleans from DRF's true and false words, and refuses the rest with its message", async () => {
    for (const yes of ['true', 'True', '1', 1, 'yes', 'on', 't', 'Y']) {
      const reply = await api(sb).post('/orders/', order({ skip_capture: yes }));
      expect(reply.status, String(yes)).toBe(200);
      expect(reply.body.skip_capture).toBe(true);
    }
    for (const no of ['false', '0', 0, 'no', 'off', 'F']) {
      const reply = await api(sb).post('/orders/', order({ skip_capture: no }));
      expect(reply.body.skip_capture, String(no)).toBe(false);
    }
    for (const bad of ['maybe', 2, '', [], {}]) {
      const reply = await api(sb).post('/orders/', order({ skip_capture: bad }));
      expect(reply.status, JSON.stringify(bad)).toBe(400);
      expect(reply.body.skip_capture).toEqual([{ message: 'Must be a valid boolean.', code: 'invalid' }]);
    }
  });

  it('refuses what DRF refuses, with its words and codes', async () => {
    const reply = await api(sb).post(
      '/orders/',
      order({
        number: true,
        currency: null,
        products: [{ title: '  ', price: 'abc', quantity: '1.5.1' }],
        client: 'ada@example.com',
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      number: [{ message: 'Not a valid string.', code: 'invalid' }],
      currency: [{ message: 'This field may not be null.', code: 'null' }],
      'products.0.title': [{ message: 'This field may not be blank.', code: 'blank' }],
      'products.0.price': [{ message: 'A valid number is required.', code: 'invalid' }],
      'products.0.quantity': [{ message: 'A valid number is required.', code: 'invalid' }],
      client: [{ message: 'Invalid data. Expected a dictionary, but got str.', code: 'invalid' }],
    });
    expect(reply.body.__all__.length).toBe(6);
    const decimals = await api(sb).post('/orders/', order({ products: [{ title: 'Tea', price: '1.005' }] }));
    expect(decimals.body['products.0.price']).toEqual([
      { message: 'Ensure that there are no more than 2 decimal places.', code: 'max_decimal_places' },
    ]);
    const list = await api(sb).post('/orders/', order({ products: { title: 'Tea', price: 1 } }));
    expect(list.body.products).toEqual([
      { message: 'Expected a list of items but got type "dict".', code: 'not_a_list' },
    ]);
    const missing = await api(sb).post('/orders/', { products: [{ price: 1 }] });
    expect(missing.body.client).toEqual([{ message: 'This field is required.', code: 'required' }]);
    expect(missing.body['products.0.title']).toEqual([
      { message: 'This field is required.', code: 'required' },
    ]);
    const none = await call(`${sb.apiUrl}/orders/`, { body: null, key: sb.secretKey });
    expect(none.body.__all__).toEqual([{ message: 'No data provided', code: 'null' }]);
  });

  it('reads dates as DRF does: YYYY-MM-DD (one-digit month and day too), stored in full', async () => {
    const funding = (birth_date: unknown) =>
      order({
        recipient_client: {
          first_name: 'Bo',
          last_name: 'Li',
          birth_date,
          city: 'Riga',
          account_type: '01',
          account_number: 'LV00',
          country: 'LV',
        },
      });
    const ok = await api(sb).post('/orders/', funding('1990-2-3'));
    expect(ok.status).toBe(200);
    expect(ok.body.recipient_client.birth_date).toBe('1990-02-03');
    for (const bad of ['1990-02-30', '03/02/1990', '1990-02-03T10:00:00', 19900203.5]) {
      const reply = await api(sb).post('/orders/', funding(bad));
      expect(reply.body['recipient_client.birth_date'], String(bad)).toEqual([
        { message: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.', code: 'invalid' },
      ]);
    }
  });

  it('keeps the rules of the spec exact after coercion', async () => {
    const below = await api(sb).post('/orders/', order({ products: [{ title: 'Tea', price: '0.00' }] }));
    expect(below.body['products.0.price'][0].message).toMatch(/at least 0\.01/);
    const zero = await api(sb).post(
      '/orders/',
      order({ payment_system: 'AUTH', force_save_method: '1', products: undefined, skip_capture: 'yes' }),
    );
    expect(zero.status).toBe(200);
    expect(zero.body.total).toBe(0);
    // A number for recurring_number is taken as its text; the rule on it still applies.
    const recurring = await api(sb).post(
      '/orders/',
      order({ recurring_number: 7, setup_future_use: 'one-click' }),
    );
    expect(recurring.status).toBe(400);
    expect(recurring.body.recurring_number[0].message).toMatch(/only with setup_future_use recurring/);
  });
});

describe('undeclared keys: ignored, reported, kept on the order for the control page', () => {
  it('creates the order, names each ignored key in X-Sandbox-Ignored and on the order', async () => {
    const reply = await api(sb).post(
      '/orders/',
      order({
        response_type: 'minimal',
        terminal_processing_id: 7,
        issued_overried: true,
        sucess_redirect: 'https://shop.example/ok',
        client: { email: 'ada@example.com', middle_name: 'K' },
        products: [{ title: 'Tea', price: 10, sku: 'T-1' }],
      }),
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-sandbox-ignored')).toBe(
      'response_type, terminal_processing_id, issued_overried, sucess_redirect, client.middle_name, products.0.sku',
    );
    expect(reply.body).not.toHaveProperty('response_type');
    expect(reply.body.success_redirect).toBeNull();
    const seen = await control(reply.body.id);
    expect(seen.ignored).toEqual([
      expect.objectContaining({
        request: 'POST /orders/',
        keys: expect.arrayContaining(['sucess_redirect']),
      }),
    ]);
    expect(seen.order.api_do_url).toContain('/pay/…/');
    const page = await (await fetch(`${sb.url}/_sandbox/`)).text();
    expect(page).toContain('Ignored: <code>response_type</code>');
  });

  it('ignores save_card on the card call, reason on a refund, and reports them', async () => {
    const created = await createOrder(sb);
    const paid = await pay(
      created,
      cardBody(undefined, { save_card: true, exp_month: '12', exp_year: '39' }),
    );
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('paid');
    expect(paid.headers.get('x-sandbox-ignored')).toBe('save_card');
    expect(paid.headers.get('access-control-expose-headers')).toContain('X-Sandbox-Ignored');
    const refund = await api(sb).post(`/orders/${created.id}/refund/`, { amount: '1', reason: 'requested' });
    expect(refund.status).toBe(200);
    expect(refund.body.amount_refunded).toBe(1);
    expect(refund.headers.get('x-sandbox-ignored')).toBe('reason');
    const seen = await control(created.id);
    expect(seen.ignored.map((n: Json) => [n.request, n.keys])).toEqual([
      ['POST api_do_url', ['save_card']],
      ['POST /orders/{id}/refund/', ['reason']],
    ]);
  });

  it('sends no header when nothing was ignored, and percent-encodes odd keys', async () => {
    const plain = await api(sb).post('/orders/', order());
    expect(plain.headers.get('x-sandbox-ignored')).toBeNull();
    const odd = await api(sb).post('/orders/', order({ 'a key,é': 1 }));
    expect(odd.headers.get('x-sandbox-ignored')).toBe('a%20key%2C%C3%A9');
  });
});
