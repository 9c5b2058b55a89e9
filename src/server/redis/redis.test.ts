// The Redis stores against a real redis-server (started here, on a free port) and node-redis.
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedis } from '../../../test/support/redis.ts';
import type { CheckoutSession, Order } from '../../protocol/index.ts';
import { createCheckoutHandler } from '../checkout.ts';
import { GatewayClient } from '../client.ts';
import { createVelocityLimits } from '../limits.ts';
import { createWebhookHandler, type GatewayWebhookEvent } from '../webhooks.ts';
import { createRedisStores } from './index.ts';

const connect = (url: string) => createClient({ url }).connect();
let redis: RedisServer;
let a: Awaited<ReturnType<typeof connect>>;
let b: Awaited<ReturnType<typeof connect>>;

beforeAll(async () => {
  redis = await startRedis();
  a = await connect(redis.url);
  b = await connect(redis.url);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SESSION: CheckoutSession = {
  order_id: 'ord_1',
  api_do_url: 'https://gw.example/do/ord_1',
  status_url: '/checkout/status?order=ord_1&token=t',
  amount: 9,
  currency: 'EUR',
  language: 'en',
  avs: 'off',
  save: null,
  moto: false,
  iframe_checkout: null,
  full_page_checkout: null,
};

describe('test set-up', () => {
  it('fails naming the package to install when redis-server is missing, never skips', async () => {
    const before = process.env.REDIS_SERVER;
    process.env.REDIS_SERVER = '/nonexistent/redis-server';
    try {
      await expect(startRedis()).rejects.toThrow(/install Debian's package redis-server/i);
    } finally {
      if (before === undefined) delete process.env.REDIS_SERVER;
      else process.env.REDIS_SERVER = before;
    }
  });
});

describe('Redis session store', () => {
  it('reserves a key for exactly one of many concurrent callers on two connections', async () => {
    const one = createRedisStores(a, { prefix: 't1:' }).sessions;
    const two = createRedisStores(b, { prefix: 't1:' }).sessions;
    const claims = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? one : two).reserve('key-race', 60_000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Reserved is not stored: a reader sees nothing yet.
    expect(await two.get('key-race')).toBeUndefined();
    const ttl = await a.pTTL('t1:session:key-race');
    expect(ttl).toBeGreaterThan(59_000);
  });

  it('stores, shares and frees records, with their TTL, under its prefix only', async () => {
    const one = createRedisStores(a, { prefix: 't2:' }).sessions;
    const two = createRedisStores(b, { prefix: 't2:' }).sessions;
    const other = createRedisStores(b, { prefix: 'elsewhere:' }).sessions;
    expect(await one.reserve('k', 60_000)).toBe(true);
    await one.set('k', { fingerprint: 'f', session: SESSION }, 60_000);
    expect(await two.get('k')).toEqual({ fingerprint: 'f', session: SESSION });
    expect(await other.get('k')).toBeUndefined();
    expect(await two.reserve('k', 60_000)).toBe(false);

    await two.set('u', { fingerprint: 'f', uncertain: ['gc-1', 'gc-2'] }, 60_000);
    expect(await one.get('u')).toEqual({ fingerprint: 'f', uncertain: ['gc-1', 'gc-2'] });

    await one.delete('k');
    expect(await two.get('k')).toBeUndefined();
    expect(await two.reserve('k', 60_000)).toBe(true);

    await one.set('short', { fingerprint: 'f', session: SESSION }, 30);
    await sleep(80);
    expect(await two.get('short')).toBeUndefined();
    expect(await two.reserve('short', 60_000)).toBe(true);
  });

  it('refuses a value under its key that it did not write, rather than guessing', async () => {
    const store = createRedisStores(a, { prefix: 't3:' }).sessions;
    await a.set('t3:session:junk', '{"hello":1}');
    await expect(store.get('junk')).rejects.toThrow(/not one this module wrote/);
  });
});

describe('Redis webhook de-duplication', () => {
  it('lets one of many concurrent adds through, forgets on delete and after the TTL', async () => {
    const one = createRedisStores(a, { prefix: 'w1:' }).dedupe;
    const two = createRedisStores(b, { prefix: 'w1:' }).dedupe;
    const adds = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).add('order.paid:1', 60_000)),
    );
    expect(adds.filter(Boolean)).toHaveLength(1);
    await one.delete('order.paid:1');
    expect(await two.add('order.paid:1', 30)).toBe(true);
    expect(await one.add('order.paid:1', 30)).toBe(false);
    await sleep(80);
    expect(await one.add('order.paid:1', 60_000)).toBe(true);
  });

  it('hands an event delivered to two receivers to one callback only', async () => {
    const handled: GatewayWebhookEvent[] = [];
    const order: Order = { id: 'ord_9', status: 'paid', modified: 1_700_000_000 };
    // The gateway the receivers confirm each event with.
    const gateway = new GatewayClient({
      baseUrl: 'http://gw.test',
      secretKey: 'sk',
      maxRetries: 0,
      fetch: (async () => Response.json(order)) as unknown as typeof fetch,
    });
    const receivers = [a, b].map((redisClient) =>
      createWebhookHandler({
        allowedIps: ['127.0.0.1'],
        client: gateway,
        dedupe: createRedisStores(redisClient, { prefix: 'w2:' }).dedupe,
        onEvent: (event) => void handled.push(event),
      }),
    );
    const deliver = (i: number) =>
      receivers[i % 2]!(
        new Request('http://shop.test/webhooks', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-webhook-version': 'v0.6',
            'x-webhook-event': 'order.payment_success',
          },
          body: JSON.stringify(order),
        }),
        { remoteAddress: '127.0.0.1' },
      );
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => deliver(i)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(handled).toHaveLength(1);
  });
});

describe('Redis velocity counters', () => {
  it('count a burst of declines read by two processes at once exactly once', async () => {
    const one = createVelocityLimits({ store: createRedisStores(a, { prefix: 'l1:' }).limits });
    const two = createVelocityLimits({ store: createRedisStores(b, { prefix: 'l1:' }).limits });
    const bot = ['ip:198.51.100.30'];
    await one.bind('ord_r', bot, false);
    const history = (declines: number) =>
      Array.from({ length: declines * 2 }, (_, i) => ({
        new_status: i % 2 ? 'rejected' : 'in_progress',
        on: 100 + i,
      }));
    const view = (declines: number): Order => ({
      id: 'ord_r',
      status: 'rejected',
      status_changes: history(declines),
      transaction_details: { card_masked_pan: '411111******1111' },
    });
    // Reads of four and seven declines race on two connections: seven counted in all, the order
    // retired by one of them only (its cap is five).
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).record(view(i < 10 ? 4 : 7))),
    );
    expect(verdicts.filter(Boolean)).toEqual([true]);
    const store = createRedisStores(a, { prefix: 'l1:' }).limits;
    expect(await store.count('declined:ord_r')).toBe(7);
    expect(await store.raise('declined:ord_r', 7, 60_000)).toBe(0);
    expect(await store.raise('declined:ord_r', 9, 60_000)).toBe(2);
  });
});

describe('checkout handler on the Redis store', () => {
  it('two handlers (as in two processes) create one order for one key, the second waits for it', async () => {
    let created = 0;
    const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method !== 'POST') throw new Error(`unexpected ${init.method} ${String(input)}`);
      created += 1;
      await sleep(60);
      return Response.json({
        id: `ord_${created}`,
        status: 'issued',
        total: 9,
        currency: 'EUR',
        api_do_url: `https://gw.example/do/ord_${created}`,
      });
    }) as typeof globalThis.fetch;
    const client = new GatewayClient({ baseUrl: 'http://gw.test', secretKey: 'sk', fetch, maxRetries: 0 });
    const handlers = [a, b].map((redisClient) =>
      createCheckoutHandler({
        client,
        secret: 'shared-status-secret',
        visitor: () => 'the-shopper',
        clientAddress: () => '203.0.113.5',
        store: createRedisStores(redisClient, { prefix: 'c1:' }).sessions,
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
        buildOrder: () => ({ client: { email: 'a@example.com' }, products: [{ title: 'Tea', price: 9 }] }),
      }),
    );
    const post = (i: number) =>
      handlers[i % 2]!(
        new Request('http://shop.test/checkout/session', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ idempotency_key: 'redis-key-abcdefghijkl' }),
        }),
      );
    const answers = await Promise.all([post(0), post(1), post(2), post(3)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const sessions = (await Promise.all(answers.map((r) => r.json()))) as CheckoutSession[];
    expect(new Set(sessions.map((s) => s.order_id))).toEqual(new Set(['ord_1']));
    expect(created).toBe(1);
  });

  it('after a lost answer, retries on both processes at once search once and create nothing more', async () => {
    const orders: Order[] = [];
    const posts: string[] = [];
    let lists = 0;
    const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input));
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { number: string };
        posts.push(body.number);
        const order: Order = {
          id: `ord_${orders.length + 1}`,
          number: body.number,
          status: 'issued',
          total: 9,
          currency: 'EUR',
          api_do_url: `https://gw.example/do/ord_${orders.length + 1}`,
        };
        orders.unshift(order);
        // Created, but the answer is a 503: the helper cannot know.
        if (posts.length === 1) return new Response('upstream failed', { status: 503 });
        return Response.json(order);
      }
      if (url.pathname === '/api/v0.6/orders/') {
        lists += 1;
        // The search right after the failure fails too: the key stays uncertain.
        if (lists === 1) return new Response('busy', { status: 503 });
        await sleep(30);
        return Response.json({ next: null, previous: null, results: orders });
      }
      throw new Error(`unexpected ${init.method} ${url}`);
    }) as typeof globalThis.fetch;
    const client = new GatewayClient({ baseUrl: 'http://gw.test', secretKey: 'sk', fetch, maxRetries: 0 });
    const handlers = [a, b].map((redisClient) =>
      createCheckoutHandler({
        client,
        secret: 'shared-status-secret',
        visitor: () => 'the-shopper',
        clientAddress: () => '203.0.113.5',
        onError: () => {},
        store: createRedisStores(redisClient, { prefix: 'c2:' }).sessions,
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
        buildOrder: () => ({ client: { email: 'a@example.com' }, products: [{ title: 'Tea', price: 9 }] }),
      }),
    );
    const post = (i: number) =>
      handlers[i % 2]!(
        new Request('http://shop.test/checkout/session', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ idempotency_key: 'lost-answer-key-abcdefgh' }),
        }),
      );
    const first = await post(0);
    expect(first.status).toBe(502);
    expect(posts).toHaveLength(1);

    const retries = await Promise.all([post(0), post(1), post(2), post(3)]);
    expect(retries.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const sessions = (await Promise.all(retries.map((r) => r.json()))) as CheckoutSession[];
    expect(new Set(sessions.map((s) => s.order_id))).toEqual(new Set(['ord_1']));
    expect(posts).toHaveLength(1);
    // One search by the process that took the recovery; the others waited for its answer.
    expect(lists).toBe(2);
  });
});
