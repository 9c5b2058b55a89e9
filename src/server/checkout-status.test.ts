import { describe, expect, it } from 'vitest';
import { BASE, IDEM, post, read, setup } from '../../test/support/checkout-handler.ts';
import type { CheckoutSession } from '../protocol/index.ts';

// What the browser asks of the handler besides a session: an order's status, and CORS for the
// isolated fields' origin.

describe('checkout status', () => {
  it('answers the order status for the token the session gave, and nothing without it', async () => {
    const { handler, calls } = setup();
    const session = (await (
      await handler(post({ idempotency_key: IDEM, email: 'a@example.com' }))
    ).json()) as CheckoutSession;
    const ok = await handler(new Request(`http://127.0.0.1:9${session.status_url}`));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      order_id: 'ord_1',
      status: 'rejected',
      outcome: 'declined',
      reason: 'Decline, not sufficient funds',
      amount: 12.5,
      currency: 'EUR',
    });
    expect(calls.at(-1)!.url).toBe('http://gw.test/api/v0.6/orders/ord_1/');

    const token = new URL(session.status_url, 'http://x').searchParams.get('token')!;
    const before = calls.length;
    for (const query of [
      `order=ord_2&token=${token}`,
      'order=ord_1&token=abc',
      'order=ord_1',
      `token=${token}`,
    ]) {
      const res = await handler(new Request(`${BASE}/status?${query}`));
      expect(res.status).toBe(403);
    }
    expect(calls).toHaveLength(before);
  });

  it('signs with the configured secret, so another process with the same secret accepts the token', async () => {
    const clock = { now: 1_800_000_000_000 };
    const a = setup({}, { now: () => clock.now });
    const b = setup({}, { now: () => clock.now });
    expect(a.handler.statusToken('ord_7')).toBe(b.handler.statusToken('ord_7'));
    const token = a.handler.statusToken('ord_1');
    expect((await b.handler(new Request(`${BASE}/status?order=ord_1&token=${token}`))).status).toBe(200);
    const c = setup({}, { secret: 'other', now: () => clock.now });
    expect(c.handler.statusToken('ord_7')).not.toBe(a.handler.statusToken('ord_7'));
    expect((await c.handler(new Request(`${BASE}/status?order=ord_1&token=${token}`))).status).toBe(403);
  });

  it('expires a status address after statusTokenTtlMs (default 1 hour) with a 403 JSON', async () => {
    const clock = { now: 1_800_000_000_000 };
    const { handler, calls } = setup({}, { now: () => clock.now });
    const session = (await (
      await handler(post({ idempotency_key: IDEM, email: 'a@example.com' }))
    ).json()) as CheckoutSession;
    const ask = () => handler(new Request(`http://127.0.0.1:9${session.status_url}`));
    clock.now += 59 * 60 * 1000;
    expect((await ask()).status).toBe(200);
    clock.now += 2 * 60 * 1000;
    const before = calls.length;
    const expired = await read(await ask());
    expect(expired.status).toBe(403);
    expect(expired.body.error!.type).toBe('status_url_expired');
    expect(calls).toHaveLength(before);
    // Replaying the session request (same idempotency key) hands out a fresh address.
    const replay = (await (
      await handler(post({ idempotency_key: IDEM, email: 'a@example.com' }))
    ).json()) as CheckoutSession;
    expect(replay.order_id).toBe(session.order_id);
    expect((await handler(new Request(`http://127.0.0.1:9${replay.status_url}`))).status).toBe(200);

    const short = setup({}, { now: () => clock.now, statusTokenTtlMs: 5000 });
    const token = short.handler.statusToken('ord_1');
    clock.now += 6000;
    expect((await short.handler(new Request(`${BASE}/status?order=ord_1&token=${token}`))).status).toBe(403);
  });

  it('refuses an altered token, a pushed-back expiry and another order’s token with 403 JSON', async () => {
    const { handler, calls } = setup();
    const token = handler.statusToken('ord_1');
    const [expires, mac] = token.split('.') as [string, string];
    const later = (Number.parseInt(expires, 36) + 86_400).toString(36);
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const query of [
      `order=ord_2&token=${token}`,
      `order=ord_1&token=${later}.${mac}`,
      `order=ord_1&token=${expires}.${flipped}`,
      `order=ord_1&token=${mac}`,
      `order=ord_1&token=${token}x`,
      'order=ord_1&token=',
    ]) {
      const res = await handler(new Request(`${BASE}/status?${query}`));
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(((await res.json()) as { error: { type: string } }).error.type).toBe('forbidden');
    }
    expect(calls).toHaveLength(0);
  });

  it('uses the merchant statusUrl when given', async () => {
    const { handler } = setup(
      {},
      { statusUrl: (id, token) => `https://shop.example/pay/status/${id}?t=${token}` },
    );
    const session = (await (
      await handler(post({ idempotency_key: IDEM, email: 'a@example.com' }))
    ).json()) as CheckoutSession;
    expect(session.status_url).toMatch(/^https:\/\/shop\.example\/pay\/status\/ord_1\?t=/);
  });
});

describe('CORS for the isolated fields (fieldsOrigins)', () => {
  const FIELDS = 'https://pay.shop.example';
  const preflight = (origin: string) =>
    new Request(`${BASE}/session`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });

  it('answers the fields’ preflight and their session request with credentialed CORS for their exact origin', async () => {
    const { handler, calls } = setup({}, { fieldsOrigins: [FIELDS] });
    const ok = await handler(preflight(FIELDS));
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(FIELDS);
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    expect(ok.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(ok.headers.get('access-control-allow-headers')).toContain('content-type');
    const created = await handler(
      post(
        { idempotency_key: IDEM, email: 'anna@example.com' },
        { 'Content-Type': 'application/json', Origin: FIELDS },
      ),
    );
    expect(created.status).toBe(200);
    expect(created.headers.get('access-control-allow-origin')).toBe(FIELDS);
    expect(created.headers.get('access-control-allow-credentials')).toBe('true');
    expect(created.headers.get('vary')).toContain('Origin');
    expect(calls.some((c) => c.url.endsWith('/orders/'))).toBe(true);
  });

  it('lets the fields read how long a 429 asks them to wait', async () => {
    const { handler } = setup(
      {},
      { fieldsOrigins: [FIELDS], limits: { ordersPerClient: { max: 1, windowMs: 600_000 } } },
    );
    const ask = (n: number) =>
      handler(
        post(
          { idempotency_key: `${IDEM}_${n}`, email: 'anna@example.com' },
          { 'Content-Type': 'application/json', Origin: FIELDS },
        ),
      );
    expect((await ask(1)).status).toBe(200);
    const limited = await ask(2);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('access-control-expose-headers')).toBe('Retry-After');
  });

  it('gives any other origin no CORS header and no preflight, and is plain without the option', async () => {
    const { handler } = setup({}, { fieldsOrigins: [FIELDS] });
    const refused = await handler(preflight('https://evil.example'));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const read = await handler(
      new Request(`${BASE}/session`, { headers: { Origin: 'https://evil.example' } }),
    );
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const plain = setup().handler;
    expect(
      (await plain(new Request(`${BASE}/session`, { headers: { Origin: FIELDS } }))).headers.get(
        'access-control-allow-origin',
      ),
    ).toBeNull();
  });

  it('takes exact origins only: no wildcard, no path', () => {
    for (const bad of ['*', 'https://*.shop.example', 'https://pay.shop.example/fields/'])
      expect(() => setup({}, { fieldsOrigins: [bad] }), bad).toThrow(
        /fieldsOrigins\[0\] must be an exact origin/,
      );
  });
});
