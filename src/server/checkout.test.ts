import { describe, expect, it } from 'vitest';
import {
  BASE,
  CONFIG,
  fakeGateway,
  IDEM,
  KEY,
  post,
  read,
  setup,
  shopperAddress,
} from '../../test/support/checkout-handler.ts';
import type { CheckoutSession } from '../protocol/index.ts';
import { createCheckoutHandler } from './checkout.ts';
import { GatewayClient } from './client.ts';
import { MemorySessionStore } from './stores.ts';

describe('checkout session: GET', () => {
  it('answers the merchant config and creates nothing', async () => {
    const { handler, calls } = setup();
    const res = await handler(new Request(`${BASE}/session`));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.json()).toEqual(CONFIG);
    expect(calls).toHaveLength(0);
  });

  it('reports a broken merchant config as a generic 500 to the browser', async () => {
    const { handler, errors } = setup({ currency: 'euro' });
    const { status, body } = await read(await handler(new Request(`${BASE}/session`)));
    expect(status).toBe(500);
    expect(body.error!.type).toBe('server_error');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/); // no stack
    expect(errors).toHaveLength(1);
  });
});

const calls0 = (s: { calls: { body?: unknown }[] }) => s.calls[0]!.body;

describe('checkout session: POST', () => {
  it('creates the order with the browser data merged and answers the session', async () => {
    const { handler, calls } = setup({ avs: 'standard', moto: true }, { authorizeMoto: () => true });
    const res = await handler(
      post({
        idempotency_key: IDEM,
        email: 'buyer@example.com',
        billing_address: {
          address: '1 Main St',
          zip_code: '10001',
          city: 'New York',
          country: 'US',
          state: 'NY',
        },
      }),
    );
    const session = (await res.json()) as CheckoutSession;
    expect(res.status).toBe(200);
    expect(session).toMatchObject({
      order_id: 'ord_1',
      api_do_url: 'https://gw.example/do/ord_1',
      amount: 12.5,
      currency: 'EUR',
      language: 'en',
      avs: 'standard',
      save: null,
      moto: true,
      iframe_checkout: null,
      full_page_checkout: 'https://gw.example/pay/ord_1',
    });
    expect(session.status_url).toMatch(/^\/checkout\/status\?order=ord_1&token=[\w.-]+$/);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://gw.test/api/v0.6/orders/');
    expect(calls[0]!.body).toEqual({
      products: [{ title: 'Tea', price: 12.5 }],
      client: {
        email: 'buyer@example.com',
        address: '1 Main St',
        zip_code: '10001',
        city: 'New York',
        country: 'US',
        state: 'NY',
      },
      currency: 'EUR',
      language: 'en',
      is_moto: true,
      // The attempt's merchant reference, what a lost answer is searched for.
      number: expect.stringMatching(/^gc-[0-9a-f]{24}$/),
    });
  });

  it('sets setup_future_use from the consent and requires the consent when the offer says so', async () => {
    const save = { method: 'one-click' as const, consent_required: true, merchant_name: 'Tea Shop' };
    // Saved to the signed-in customer the shop's server knows.
    const { handler, calls } = setup(
      { save },
      {
        buildOrder: () => ({
          products: [{ title: 'Tea', price: 12.5 }],
          client: { email: 'ada@tea.example' },
        }),
      },
    );
    const missing = await read(await handler(post({ idempotency_key: IDEM, email: 'a@example.com' })));
    expect(missing.status).toBe(400);
    expect(missing.body.error!.fields!.map((f) => f.path)).toEqual(['save_consent']);
    expect(calls).toHaveLength(0);
    const wrong = await read(
      await handler(
        post({
          idempotency_key: IDEM,
          email: 'a@example.com',
          save_consent: { scenario: 'recurring', text_version: 'v1', agreed: true },
        }),
      ),
    );
    expect(wrong.body.error!.fields!.map((f) => f.path)).toEqual(['save_consent.scenario']);
    const ok = await handler(
      post({
        idempotency_key: IDEM,
        email: 'a@example.com',
        save_consent: { scenario: 'one-click', text_version: 'v1', agreed: true },
      }),
    );
    expect(ok.status).toBe(200);
    expect(calls[0]!.body).toMatchObject({
      setup_future_use: 'one-click',
      client: { email: 'ada@tea.example' },
    });
  });

  it('never lets a typed e-mail replace the client e-mail the merchant set, and saves to a typed one only on opt-in', async () => {
    const shopCustomer = () => ({
      products: [{ title: 'Tea', price: 12.5 }],
      client: { email: 'ada@tea.example' },
    });
    const collected = setup({ collect_email: true }, { buildOrder: shopCustomer });
    const rewritten = await collected.handler(
      post({ idempotency_key: IDEM, email: 'mallory@attacker.example' }),
    );
    expect(rewritten.status).toBe(200);
    expect(calls0(collected)).toMatchObject({ client: { email: 'ada@tea.example' } });

    // A guest's typed e-mail fills in where the shop set none: an order, but no saved card.
    const consent = { scenario: 'one-click', text_version: 'v1', agreed: true };
    const save = { method: 'one-click' as const, consent_required: true, merchant_name: 'Tea Shop' };
    const guest = setup({ save, collect_email: true });
    const refused = await read(
      await guest.handler(
        post({ idempotency_key: IDEM, email: 'mallory@attacker.example', save_consent: consent }),
      ),
    );
    expect(refused.status).toBe(500);
    expect(refused.body.error!.type).toBe('checkout_misconfigured');
    expect(guest.calls).toHaveLength(0);
    expect(String(guest.errors[0])).toMatch(
      /client\.email must be set by buildOrder when the card is saved.*saveToTypedEmail/,
    );
    // Merchant-side saving too.
    const merchant = setup({ save: { ...save, method: 'merchant', consent_required: false } });
    expect((await merchant.handler(post({ idempotency_key: IDEM, email: 'a@example.com' }))).status).toBe(
      500,
    );
    expect(merchant.calls).toHaveLength(0);

    const optedIn = setup({ save, collect_email: true }, { saveToTypedEmail: true });
    const ok = await optedIn.handler(
      post({ idempotency_key: IDEM, email: 'guest@example.com', save_consent: consent }),
    );
    expect(ok.status).toBe(200);
    expect(calls0(optedIn)).toMatchObject({
      setup_future_use: 'one-click',
      client: { email: 'guest@example.com' },
    });
  });

  it('requires the billing address under AVS and the e-mail when it collects it', async () => {
    const { handler, calls } = setup({ avs: 'custom' });
    const { status, body } = await read(await handler(post({ idempotency_key: IDEM })));
    expect(status).toBe(400);
    expect(body.error!.fields!.map((f) => f.path).sort()).toEqual(['billing_address', 'email']);
    expect(body.error!.message).toContain('billing_address: is required');
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['card_number key', { idempotency_key: IDEM, card_number: '4111111111111111' }],
    [
      'nested cvv key',
      { idempotency_key: IDEM, billing_address: { address: 'x', zip_code: '1', cvv: '123' } },
    ],
    ['camelCase cardNumber', { idempotency_key: IDEM, options: { cardNumber: 'x' } }],
    [
      'Luhn digit run in a value',
      { idempotency_key: IDEM, billing_address: { address: '4111 1111 1111 1111', zip_code: '1' } },
    ],
    ['Luhn digit run as a number', { idempotency_key: IDEM, note: 5555555555554444 }],
    ['Luhn digit run in a key', { idempotency_key: IDEM, '4000000000000002': 1 }],
  ])('refuses card data: %s', async (_name, body) => {
    const { handler, calls } = setup();
    const text = JSON.stringify(body);
    const res = await handler(post(text));
    const answer = await res.text();
    expect(res.status).toBe(400);
    expect(JSON.parse(answer).error.type).toBe('card_data_refused');
    expect(JSON.parse(answer).error.message).toContain('api_do_url');
    // Never echo what was sent.
    for (const pan of ['4111111111111111', '4111 1111 1111 1111', '5555555555554444', '4000000000000002'])
      if (text.includes(pan)) expect(answer).not.toContain(pan);
    expect(calls).toHaveLength(0);
  });

  it('never reads the idempotency key as card data: a Luhn-valid timestamp in it is no card', async () => {
    const { handler, calls } = setup();
    // 1795526786649 passes the Luhn check; the element's keys are random, and never typed by anyone.
    const res = await handler(post({ idempotency_key: 'order-1795526786649', email: 'a@example.com' }));
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('refuses a card number even in a body that is not JSON', async () => {
    const { handler } = setup();
    const res = await read(await handler(post('pan=4111-1111-1111-1111')));
    expect(res.body.error!.type).toBe('card_data_refused');
  });

  it.each([
    ['dots', { address: '4111.1111.1111.1111', zip_code: '10001' }],
    ['slashes', { address: '4111/1111/1111/1111', zip_code: '10001' }],
    ['double spaces', { address: '4111  1111  1111  1111', zip_code: '10001' }],
    ['full-width digits', { address: '４１１１ １１１１ １１１１ １１１１', zip_code: '10001' }],
    ['no-break spaces', { address: '5555\u00a05555\u00a05555\u00a04444', zip_code: '10001' }],
    ['an extra leading digit', { address: '94111111111111111', zip_code: '10001' }],
    ['a split over address and zip_code', { address: 'Main St 4111 1111', zip_code: '1111 1111' }],
    [
      'a split over first and last name',
      { first_name: '4111 1111', last_name: '1111 1111', address: 'x', zip_code: 'AB1' },
    ],
    [
      'a split over several fields after a digit-only first name',
      {
        first_name: '7',
        last_name: '4111',
        address: '1111',
        city: 'Riga',
        zip_code: '1111',
        state: '1111 x',
      },
    ],
  ])('refuses a card number written with %s, and forwards nothing', async (_name, billing_address) => {
    const { handler, calls } = setup();
    const text = JSON.stringify({ idempotency_key: IDEM, email: 'a@example.com', billing_address });
    const res = await handler(post(text));
    const answer = await res.text();
    expect(res.status).toBe(400);
    expect(JSON.parse(answer).error.type).toBe('card_data_refused');
    expect(answer).not.toMatch(/4111|5555|４１/);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['a street address with a suite', { address: '350 Fifth Avenue, Suite 3400', zip_code: '10118' }],
    ['a German address', { address: 'Hauptstraße 12a, 3. OG', zip_code: '10115', city: 'Berlin' }],
    ['a phone number in the address line', { address: '1 Main St, +49 30 1234 5678 90', zip_code: '10115' }],
    ['a house number next to a ZIP+4', { address: '12345 Main St', zip_code: '10001-1234' }],
  ])('does not mistake %s for a card number', async (_name, billing_address) => {
    const { handler, calls } = setup();
    const res = await handler(post({ idempotency_key: IDEM, email: 'a@example.com', billing_address }));
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('refuses a deeply nested body with a clear 400, at once and without a stack overflow', async () => {
    const { handler, calls, errors } = setup();
    const deep = `{"idempotency_key":"${IDEM}","options":${'['.repeat(8000)}${']'.repeat(8000)}}`;
    const started = performance.now();
    const { status, body } = await read(await handler(post(deep)));
    expect(status).toBe(400);
    expect(body.error).toEqual({
      type: 'invalid_body',
      message: 'the body must not nest more than 32 levels deep',
    });
    expect(performance.now() - started).toBeLessThan(200);
    expect(calls).toHaveLength(0);
    expect(errors).toHaveLength(0);
  });

  it('refuses unknown fields (strict), bad JSON, other content types and oversized bodies', async () => {
    const { handler, calls } = setup();
    const unknown = await read(
      await handler(post({ idempotency_key: IDEM, email: 'a@example.com', total: 0.01 })),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error!.type).toBe('invalid_request');
    expect((await handler(post('{nope'))).status).toBe(400);
    expect((await handler(post({ idempotency_key: IDEM }, { 'Content-Type': 'text/plain' }))).status).toBe(
      415,
    );
    const big = {
      idempotency_key: IDEM,
      email: 'a@example.com',
      billing_address: { address: 'x'.repeat(20_000), zip_code: '1' },
    };
    expect((await handler(post(big))).status).toBe(413);
    expect((await handler(new Request(`${BASE}/session`, { method: 'PUT' }))).status).toBe(405);
    expect((await handler(new Request(`${BASE}/other`))).status).toBe(404);
    expect(calls).toHaveLength(0);
  });

  it('binds a key to its visitor: another visitor with the same key and body gets 409, not the order', async () => {
    const { handler, calls } = setup();
    // The first GET sets the visitor cookie: HttpOnly, SameSite=Lax (sent from a same-site frame too).
    const config = await handler(new Request(`${BASE}/session`));
    const cookie = config.headers.get('set-cookie')!;
    expect(cookie).toMatch(
      /^gateway_checkout_visitor=[\w-]{32}; Path=\/checkout\/; Max-Age=86400; HttpOnly; SameSite=Lax$/,
    );
    const mine = { 'Content-Type': 'application/json', Cookie: cookie.split(';')[0]! };
    const body = { idempotency_key: IDEM, email: 'a@example.com' };
    const first = await handler(post(body, mine));
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toBeNull();
    expect((await handler(post(body, mine))).status).toBe(200);
    const stranger = await read(await handler(post(body)));
    expect(stranger.status).toBe(409);
    expect(stranger.body).not.toHaveProperty('order_id');
    expect(JSON.stringify(stranger.body)).not.toContain('ord_1');
    // Without any cookie it is a stranger too.
    expect((await handler(post(body, { 'Content-Type': 'application/json' }))).status).toBe(409);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('refuses a MOTO session unless authorizeMoto says the caller is an agent', async () => {
    const refused = await read(
      await setup({ moto: true }).handler(post({ idempotency_key: IDEM, email: 'a@example.com' })),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      type: 'moto_not_allowed',
      message: expect.stringMatching(/authorizeMoto/),
    });
    const agents = setup(
      { moto: true },
      { authorizeMoto: (request) => request.headers.get('x-agent') === 'yes' },
    );
    const stranger = await read(
      await agents.handler(post({ idempotency_key: IDEM, email: 'a@example.com' })),
    );
    expect(stranger.status).toBe(403);
    expect(agents.calls).toHaveLength(0);
    const agent = post({ idempotency_key: IDEM, email: 'a@example.com' });
    agent.headers.set('x-agent', 'yes');
    expect((await agents.handler(agent)).status).toBe(200);
  });

  it('is idempotent: the same key returns the same session, concurrent duplicates create one order', async () => {
    const { handler, calls } = setup();
    const body = { idempotency_key: IDEM, email: 'a@example.com' };
    const answers = await Promise.all([handler(post(body)), handler(post(body)), handler(post(body))]);
    const sessions = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(sessions.map((s) => JSON.stringify(s))).size).toBe(1);
    const later = await (await handler(post(body))).json();
    // The same order; the status address is signed afresh so that a late replay still answers.
    expect({ ...later, status_url: '' }).toEqual({ ...sessions[0], status_url: '' });
    expect(later.status_url).toMatch(/^\/checkout\/status\?order=ord_1&token=/);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    // A new key is a new attempt.
    const other = await (await handler(post({ ...body, idempotency_key: `${IDEM}2` }))).json();
    expect(other.order_id).toBe('ord_2');
    // The same key with another body is a mistake, not a replay.
    const mismatch = await read(await handler(post({ ...body, email: 'b@example.com' })));
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.error!.type).toBe('idempotency_mismatch');
  });

  it('maps gateway failures: 400 with fields (key freed), 5xx to 502 (key kept), timeout to 504', async () => {
    const answers: Array<() => Response | Promise<Response>> = [
      () =>
        Response.json(
          {
            __all__: [{ message: 'client.email: bad', code: 'x' }],
            'client.email': [{ message: 'bad', code: 'x' }],
          },
          { status: 400 },
        ),
      () => new Response('oops', { status: 503 }),
    ];
    const gw = fakeGateway(() => answers.shift()!());
    const handler = createCheckoutHandler({
      client: gw.client,
      config: () => CONFIG,
      buildOrder: () => ({ products: [{ title: 'Tea', price: 12.5 }] }),
      onError: () => {},
      clientAddress: shopperAddress,
    });
    const body = { idempotency_key: IDEM, email: 'a@example.com' };
    const refused = await read(await handler(post(body)));
    expect(refused.status).toBe(400);
    expect(refused.body.error!.fields!.map((f) => f.path)).toEqual(['client.email']);
    const broken = await read(await handler(post(body)));
    expect(broken.status).toBe(502);
    expect(broken.body.error!.type).toBe('gateway_error');
    expect(JSON.stringify(broken.body)).not.toContain(KEY);
    // The refusal freed the key; the 5xx may have created an order: the list was searched for it.
    expect(gw.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST http://gw.test/api/v0.6/orders/',
      'POST http://gw.test/api/v0.6/orders/',
      'GET http://gw.test/api/v0.6/orders/',
    ]);

    // A gateway that never answers: the fetch settles only when the client's timeout aborts it.
    const hang = ((_url: unknown, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(new Error('aborted'))),
      )) as typeof fetch;
    const timeoutHandler = createCheckoutHandler({
      client: new GatewayClient({ baseUrl: 'http://gw.test', secretKey: KEY, timeoutMs: 50, fetch: hang }),
      config: () => CONFIG,
      buildOrder: () => ({ products: [{ title: 'Tea', price: 12.5 }] }),
      clientAddress: shopperAddress,
    });
    const timedOut = await read(await timeoutHandler(post(body)));
    expect(timedOut.status).toBe(504);
    expect(timedOut.body.error!.type).toBe('gateway_timeout');
  });
});

describe('checkout session: a process that dies while creating', () => {
  it('blocks its key for the claim lease (10 min), not for the whole idempotency TTL', async () => {
    let clock = 0;
    const store = new MemorySessionStore({ now: () => clock });
    // The first process's gateway call never comes back, as if the process had died mid-creation.
    let release: (response: Response) => void = () => {};
    let reached = 0;
    const stuck = (async () => {
      reached += 1;
      return new Promise<Response>((resolve) => {
        release = resolve;
      });
    }) as unknown as typeof fetch;
    const make = (client: GatewayClient) =>
      createCheckoutHandler({
        client,
        store,
        inProgressWaitMs: 30,
        config: () => CONFIG,
        buildOrder: () => ({ products: [{ title: 'Tea', price: 12.5 }] }),
        onError: () => {},
        clientAddress: shopperAddress,
      });
    const dead = make(new GatewayClient({ baseUrl: 'http://gw.test', secretKey: KEY, fetch: stuck }));
    const other = fakeGateway();
    const alive = make(other.client);
    const body = { idempotency_key: IDEM, email: 'a@example.com' };

    void dead(post(body));
    while (reached === 0) await new Promise((r) => setTimeout(r, 5));
    const meanwhile = await read(await alive(post(body)));
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.body.error!.type).toBe('idempotency_in_progress');

    clock += 10 * 60 * 1000 + 1;
    const later = await alive(post(body));
    expect(later.status).toBe(200);
    expect(other.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    release(new Response('gone', { status: 400 }));
  });
});
