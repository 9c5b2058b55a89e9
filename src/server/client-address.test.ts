// Who a request comes from, on every host the README names, and what the checkout handler does
// when it cannot tell: it refuses, says once what to set for the host it sees, and counts nobody
// for free.
import { describe, expect, it } from 'vitest';
import { BASE, CONFIG, fakeGateway, IDEM, post, read } from '../../test/support/checkout-handler.ts';
import { type CheckoutHandlerOptions, createCheckoutHandler } from './checkout.ts';
import { clientAddressFrom, clientNetwork, hostOf, normaliseIp } from './client-address.ts';

const request = (headers: Record<string, string> = {}) => new Request(`${BASE}/session`, { headers });

describe('addresses, one spelling each', () => {
  it('normalises IPv6 spellings and IPv4 clients of dual-stack sockets', () => {
    for (const spelling of ['2001:db8::1', '2001:0db8:0000::1', '2001:db8:0:0:0:0:0:1', '[2001:DB8::1]'])
      expect(normaliseIp(spelling)).toBe('2001:db8::1');
    expect(normaliseIp('::FFFF:10.0.0.1')).toBe('10.0.0.1');
    expect(normaliseIp('::ffff:a00:1')).toBe('10.0.0.1');
    expect(normaliseIp('2001:db8:0:0:1:0:0:1')).toBe('2001:db8::1:0:0:1');
    expect(normaliseIp('fe80::1%eth0')).toBe('fe80::1');
    expect(normaliseIp(' 203.0.113.9 ')).toBe('203.0.113.9');
  });

  it('counts an IPv6 address by its network, 64 bits unless told otherwise', () => {
    expect(clientNetwork('2001:db8:aaaa:bbbb:1:2:3:4', 64)).toBe('2001:db8:aaaa:bbbb::/64');
    expect(clientNetwork('2001:db8:aaaa:bbbb:1:2:3:4', 56)).toBe('2001:db8:aaaa:bb00::/56');
    expect(clientNetwork('2001:db8:aaaa:bbbb:1:2:3:4', 128)).toBe('2001:db8:aaaa:bbbb:1:2:3:4');
    expect(clientNetwork('203.0.113.9', 64)).toBe('203.0.113.9');
  });
});

describe('clientAddressFrom.socket', () => {
  const read = clientAddressFrom.socket();
  it('reads what the node adapter, Hono on Node or Bun, and a Node request pass', () => {
    expect(read(request(), { remoteAddress: '192.0.2.1' })).toBe('192.0.2.1');
    // @hono/node-server's `c.env`
    expect(read(request(), { incoming: { socket: { remoteAddress: '192.0.2.2' } } })).toBe('192.0.2.2');
    // Fastify's `request.raw`, an IncomingMessage
    expect(read(request(), { socket: { remoteAddress: '192.0.2.3' } })).toBe('192.0.2.3');
    // Bun's server as Hono's `c.env`
    expect(read(request(), { requestIP: () => ({ address: '192.0.2.4', port: 1 }) })).toBe('192.0.2.4');
    expect(read(request(), { params: Promise.resolve({}) })).toBeUndefined();
  });
  it('reads X-Forwarded-For only through the hops of your own proxies', () => {
    const spoofed = request({ 'x-forwarded-for': '6.6.6.6, 198.51.100.7' });
    expect(read(spoofed, { remoteAddress: '10.0.0.2' })).toBe('10.0.0.2');
    expect(clientAddressFrom.socket(1)(spoofed, { remoteAddress: '10.0.0.2' })).toBe('198.51.100.7');
    expect(() => clientAddressFrom.socket(-1)).toThrow(/hops/);
  });
});

describe('hostOf: the host a request shows', () => {
  it('tells Vercel, Cloudflare, Next.js, Hono on Node and plain Node apart', () => {
    expect(hostOf(request({ 'x-vercel-id': 'fra1::abc' }), { params: {} })).toBe('vercel');
    expect(hostOf(request({ 'cf-ray': '8a-FRA' }), {})).toBe('cloudflare');
    expect(hostOf(request(), { params: Promise.resolve({}) })).toBe('nextjs');
    const hono = Object.assign(request(), { [Symbol('incomingKey')]: {} });
    expect(hostOf(hono, {})).toBe('hono-node');
    expect(hostOf(request(), {})).toBe('node');
  });
});

describe('checkout handler that cannot tell its clients', () => {
  function shop(extra: Partial<CheckoutHandlerOptions> = {}) {
    const gw = fakeGateway();
    const errors: unknown[] = [];
    const handler = createCheckoutHandler({
      client: gw.client,
      config: () => CONFIG,
      buildOrder: () => ({ products: [{ title: 'Tea', price: 12.5 }] }),
      onError: (error) => errors.push(error),
      limits: { ordersPerClient: { max: 2, windowMs: 60_000 } },
      ...extra,
    });
    let n = 0;
    const session = (info?: Record<string, unknown>, headers: Record<string, string> = {}) =>
      handler(
        post(
          { idempotency_key: `${IDEM}_${n++}`, email: 'a@example.com' },
          {
            'Content-Type': 'application/json',
            ...headers,
          },
        ),
        info,
      );
    return { handler, session, errors, calls: gw.calls };
  }

  it('refuses every session on a Next.js route without a reader, creating nothing, and logs the fix once', async () => {
    const { session, errors, calls } = shop();
    for (let i = 0; i < 3; i++) {
      const res = await read(await session({ params: Promise.resolve({ action: 'session' }) }));
      expect(res.status).toBe(500);
      expect(res.body.error).toMatchObject({ type: 'misconfigured' });
      // The customer is told nothing was charged; the fix is for the shop's log.
      expect(res.body.error!.message).toMatch(/nothing was charged/);
    }
    expect(calls).toHaveLength(0);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/Next\.js route handler.*clientAddressFrom\.vercel.*forwardedFor\(1\)/);
  });

  it('names the fix for Hono on Node, Cloudflare and a bare Node call', async () => {
    const hono = shop();
    const raw = Object.assign(post({ idempotency_key: `${IDEM}_h`, email: 'a@example.com' }), {
      [Symbol('incomingKey')]: {},
    });
    expect((await hono.handler(raw)).status).toBe(500);
    expect(String(hono.errors[0])).toMatch(/c\.req\.raw, c\.env/);
    const worker = shop();
    expect((await worker.session({}, { 'cf-ray': '8a-FRA' })).status).toBe(500);
    expect(String(worker.errors[0])).toMatch(/clientAddressFrom\.cloudflare/);
    const bare = shop();
    expect((await bare.session()).status).toBe(500);
    expect(String(bare.errors[0])).toMatch(/toNodeHandler/);
  });

  it('counts and limits with a reader, on a host that passes no address', async () => {
    const { session } = shop({ clientAddress: clientAddressFrom.vercel });
    const from = (ip: string) => session({ params: {} }, { 'x-real-ip': ip });
    expect((await from('198.51.100.1')).status).toBe(200);
    expect((await from('198.51.100.1')).status).toBe(200);
    expect((await from('198.51.100.1')).status).toBe(429);
    expect((await from('198.51.100.2')).status).toBe(200);
    // A request the reader finds no address in is refused, not let through uncounted.
    expect((await session({ params: {} })).status).toBe(500);
  });

  it('takes the merchant’s own clientKey alone, and refuses a request it names no one for', async () => {
    const { session } = shop({
      limits: {
        ordersPerClient: { max: 1, windowMs: 60_000 },
        clientKey: (request) => request.headers.get('x-account'),
      },
    });
    expect((await session({}, { 'x-account': 'acct_1' })).status).toBe(200);
    expect((await session({}, { 'x-account': 'acct_1' })).status).toBe(429);
    const anonymous = await read(await session({}));
    expect(anonymous.status).toBe(500);
  });

  it('takes unknown clients only when told in as many words, and says so once', async () => {
    const { session, errors } = shop({ insecureAllowUnknownClients: true });
    for (let i = 0; i < 3; i++) expect((await session()).status).toBe(200);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/insecureAllowUnknownClients/);
  });

  it('refuses a reader and the limits’ trustProxy together', () => {
    expect(() =>
      createCheckoutHandler({
        client: fakeGateway().client,
        config: () => CONFIG,
        buildOrder: () => ({}),
        clientAddress: clientAddressFrom.vercel,
        limits: { trustProxy: 1 },
      }),
    ).toThrow(/trustProxy.*clientAddress/);
  });
});
