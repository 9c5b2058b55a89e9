import { describe, expect, it } from 'vitest';
import { BASE, IDEM, post, read, setup } from '../../test/support/checkout-handler.ts';

// What a POST to the checkout session is refused for, and how it says so: the fields the order
// needs, card data anywhere in the request, bodies of another shape or size, and a MOTO session
// nobody authorized.

describe('checkout session: POST refused', () => {
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
});
