// Section 4: full payments against the sandbox gateway over loopback, by raw fetch and by the
// server helper's GatewayClient.

import { createClient } from 'redis';
import { buildDirectPaymentBody } from '../src/card/index.ts';
import type { OrderRequest } from '../src/protocol/index.ts';
import type { Sandbox } from '../src/sandbox/index.ts';
import { startSandbox } from '../src/sandbox/index.ts';
import {
  createCheckoutHandler,
  GatewayClient,
  MemorySessionStore,
  type SessionStore,
} from '../src/server/index.ts';
import { createRedisStores } from '../src/server/redis/index.ts';
import { startRedis } from '../test/support/redis.ts';
import { int, type Latency, latency, ms, nowMs, table } from './stats.ts';

export interface GatewayOptions {
  /** Payments per run (sequential, then concurrent). */
  payments: number;
  concurrency: number;
  /** Unmeasured payments first: JIT, sockets of the keep-alive pool, the sandbox's first allocations. */
  warmup: number;
  /** create+get pairs per way (raw fetch and GatewayClient), interleaved. */
  clientPairs: number;
}

export interface PaymentRun {
  mode: string;
  concurrency: number;
  payments: number;
  errors: number;
  wallMs: number;
  paymentsPerSec: number;
  steps: Record<'create' | 'pay' | 'get' | 'payment', Latency>;
}

export interface ClientComparison {
  pairs: number;
  rawFetch: { create: Latency; get: Latency; both: Latency };
  gatewayClient: { create: Latency; get: Latency; both: Latency };
  /** Median create+get of the client minus that of raw fetch. */
  overheadMs: number;
}

export interface GatewayResult {
  runs: PaymentRun[];
  client: ClientComparison;
  /** Undefined when no redis-server could be started (the reason is in `sessionStoresSkipped`). */
  sessionStores?: SessionStoreComparison;
  sessionStoresSkipped?: string;
}

/** No request may hang the benchmark: a stuck sandbox fails the section instead of stalling it. */
const REQUEST_TIMEOUT_MS = 10_000;

const order = (i: number): OrderRequest => ({
  client: { email: `bench-${i}@example.com` },
  products: [{ title: 'Green tea, 100 g', price: 4.5, quantity: 2 }],
  currency: 'EUR',
  language: 'en',
  skip_capture: false,
});

// A card the sandbox approves at once (no 3-D Secure), with an expiry safely in the future.
const directBody = buildDirectPaymentBody({
  number: '4111111111111111',
  expMonth: 12,
  expYear: (new Date().getFullYear() + 3) % 100,
  csc: '123',
});

function field(value: unknown, key: string): string {
  const v = (value as Record<string, unknown> | null)?.[key];
  if (typeof v !== 'string') throw new Error(`answer without ${key}: ${JSON.stringify(value).slice(0, 200)}`);
  return v;
}

async function call(url: string, init: RequestInit): Promise<unknown> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const body: unknown = await res.json();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The three raw requests of one payment: create the order, pay it directly, read it back. */
class RawGateway {
  readonly #auth: Record<string, string>;
  constructor(readonly sandbox: Sandbox) {
    this.#auth = { authorization: `Bearer ${sandbox.secretKey}` };
  }

  create(i: number): Promise<unknown> {
    return call(`${this.sandbox.apiUrl}/orders/`, {
      method: 'POST',
      headers: { ...this.#auth, 'content-type': 'application/json' },
      body: JSON.stringify(order(i)),
    });
  }

  pay(apiDoUrl: string): Promise<unknown> {
    // The gateway names this address; we follow it only while it stays on loopback.
    if (new URL(apiDoUrl).hostname !== '127.0.0.1') throw new Error(`api_do_url off loopback: ${apiDoUrl}`);
    // api_do_url is the browser's endpoint: no key, as the checkout element calls it.
    return call(apiDoUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(directBody),
    });
  }

  get(id: string): Promise<unknown> {
    return call(`${this.sandbox.apiUrl}/orders/${encodeURIComponent(id)}/`, { headers: this.#auth });
  }
}

interface PaymentTimes {
  create: number;
  pay: number;
  get: number;
  payment: number;
}

async function payOnce(raw: RawGateway, i: number): Promise<PaymentTimes> {
  const t0 = nowMs();
  const created = await raw.create(i);
  const t1 = nowMs();
  const paid = await raw.pay(field(created, 'api_do_url'));
  const t2 = nowMs();
  const read = await raw.get(field(created, 'id'));
  const t3 = nowMs();
  if (field(paid, 'status') !== 'paid' || field(read, 'status') !== 'paid') {
    throw new Error(`payment ${i} not paid: ${JSON.stringify(paid)}`);
  }
  return { create: t1 - t0, pay: t2 - t1, get: t3 - t2, payment: t3 - t0 };
}

/** Runs `count` tasks with at most `concurrency` in flight. */
async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

async function paymentRun(
  raw: RawGateway,
  mode: string,
  payments: number,
  concurrency: number,
  offset: number,
): Promise<PaymentRun> {
  const times: PaymentTimes[] = [];
  let errors = 0;
  let firstError: unknown;
  const start = nowMs();
  await pool(payments, concurrency, async (i) => {
    try {
      times.push(await payOnce(raw, offset + i));
    } catch (error) {
      errors++;
      firstError ??= error;
    }
  });
  const wallMs = nowMs() - start;
  if (errors === payments) throw firstError;
  if (firstError) console.warn(`  ${mode}: ${errors} of ${payments} payments failed, first:`, firstError);
  const of = (key: keyof PaymentTimes) => latency(times.map((t) => t[key]));
  return {
    mode,
    concurrency,
    payments,
    errors,
    wallMs,
    paymentsPerSec: (times.length / wallMs) * 1000,
    steps: { create: of('create'), pay: of('pay'), get: of('get'), payment: of('payment') },
  };
}

async function compareClient(sandbox: Sandbox, raw: RawGateway, pairs: number, warmup: number) {
  // Defaults otherwise (30 s timeout, 2 GET retries): the overhead measured is what a merchant gets.
  const client = new GatewayClient({ baseUrl: sandbox.url, secretKey: sandbox.secretKey });
  const viaFetch = { create: [] as number[], get: [] as number[], both: [] as number[] };
  const viaClient = { create: [] as number[], get: [] as number[], both: [] as number[] };
  // Interleaved, one pair each way per step, so drift (GC, a busy neighbour) hits both alike.
  for (let i = -warmup; i < pairs; i++) {
    const t0 = nowMs();
    const created = await raw.create(100_000 + i);
    const t1 = nowMs();
    await raw.get(field(created, 'id'));
    const t2 = nowMs();
    const made = await client.orders.createOneStep(order(200_000 + i));
    const t3 = nowMs();
    await client.orders.get(made.id);
    const t4 = nowMs();
    if (i < 0) continue;
    viaFetch.create.push(t1 - t0);
    viaFetch.get.push(t2 - t1);
    viaFetch.both.push(t2 - t0);
    viaClient.create.push(t3 - t2);
    viaClient.get.push(t4 - t3);
    viaClient.both.push(t4 - t2);
  }
  const summarise = (s: { create: number[]; get: number[]; both: number[] }) => ({
    create: latency(s.create),
    get: latency(s.get),
    both: latency(s.both),
  });
  const rawFetch = summarise(viaFetch);
  const gatewayClient = summarise(viaClient);
  return { pairs, rawFetch, gatewayClient, overheadMs: gatewayClient.both.p50 - rawFetch.both.p50 };
}

export async function benchGateway(options: GatewayOptions): Promise<GatewayResult> {
  const sandbox = await startSandbox({ port: 0 });
  try {
    if (new URL(sandbox.url).hostname !== '127.0.0.1')
      throw new Error(`sandbox not on loopback: ${sandbox.url}`);
    const raw = new RawGateway(sandbox);
    for (let i = 0; i < options.warmup; i++) await payOnce(raw, -1 - i);
    const runs = [
      await paymentRun(raw, 'sequential', options.payments, 1, 0),
      await paymentRun(raw, 'concurrent', options.payments, options.concurrency, options.payments),
    ];
    const client = await compareClient(sandbox, raw, options.clientPairs, options.warmup);
    const stores = await compareSessionStores(sandbox, SESSION_PAIRS, options.warmup).then(
      (sessionStores) => ({ sessionStores }),
      (error: unknown) => ({ sessionStoresSkipped: error instanceof Error ? error.message : String(error) }),
    );
    return { runs, client, ...stores };
  } finally {
    await sandbox.close();
  }
}

// ------------------------------------------------------------------ session creation: memory vs Redis

/** Session creations per store, interleaved (memory, Redis, memory, ...). */
const SESSION_PAIRS = 200;

export interface SessionStoreComparison {
  pairs: number;
  /** The whole POST /checkout/session through the handler, order creation at the sandbox included. */
  memory: { session: Latency; store: Latency };
  redis: { session: Latency; store: Latency };
  /** Median whole session creation with Redis minus with memory. */
  addedP50Ms: number;
  /** The two Redis commands of a new session (SET NX, then SET) alone, back to back. */
  redisAlone: Latency;
}

/** Adds up the time spent inside the store's methods, per session creation. */
function timedStore(store: SessionStore, spent: { ms: number }): SessionStore {
  const time =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    async (...args: A): Promise<Awaited<R>> => {
      const t0 = nowMs();
      try {
        return await run(...args);
      } finally {
        spent.ms += nowMs() - t0;
      }
    };
  return {
    get: time((key: string) => store.get(key)),
    reserve: time((key: string, ttl: number) => store.reserve(key, ttl)),
    set: time((key: string, value: Parameters<SessionStore['set']>[1], ttl: number) =>
      store.set(key, value, ttl),
    ),
    delete: time((key: string) => store.delete(key)),
  };
}

/**
 * The checkout handler's session creation with the in-memory store and with the Redis store
 * (node-redis to a private redis-server on loopback), against the same sandbox, one after the other.
 */
async function compareSessionStores(
  sandbox: Sandbox,
  pairs: number,
  warmup: number,
): Promise<SessionStoreComparison> {
  const server = await startRedis();
  const redis = await createClient({ url: server.url }).connect();
  try {
    const gateway = new GatewayClient({ baseUrl: sandbox.url, secretKey: sandbox.secretKey });
    const spent = { ms: 0 };
    const handler = (store: SessionStore) =>
      createCheckoutHandler({
        client: gateway,
        store: timedStore(store, spent),
        secret: 'bench',
        config: () => ({
          amount: 9,
          currency: 'EUR',
          language: 'en',
          merchant_name: 'Bench',
          avs: 'off',
          save: null,
          moto: false,
          collect_email: true,
        }),
        buildOrder: () => ({ products: [{ title: 'Green tea, 100 g', price: 4.5, quantity: 2 }] }),
      });
    const ways = {
      memory: handler(new MemorySessionStore()),
      redis: handler(createRedisStores(redis, { prefix: 'bench:' }).sessions),
    };
    const times = {
      memory: { session: [] as number[], store: [] as number[] },
      redis: { session: [] as number[], store: [] as number[] },
    };
    for (let i = -warmup; i < pairs; i++) {
      for (const way of ['memory', 'redis'] as const) {
        spent.ms = 0;
        const t0 = nowMs();
        const res = await ways[way](
          new Request('http://shop.bench/checkout/session', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              idempotency_key: `bench-${way}-${i}-session-key`,
              email: 'b@example.com',
            }),
          }),
          // A different customer each time, as the node adapter would name them: none near a limit.
          { remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        );
        const text = await res.text();
        const elapsed = nowMs() - t0;
        if (res.status !== 200)
          throw new Error(`session creation (${way}) answered ${res.status}: ${text.slice(0, 300)}`);
        if (i < 0) continue;
        times[way].session.push(elapsed);
        times[way].store.push(spent.ms);
      }
    }
    const memory = { session: latency(times.memory.session), store: latency(times.memory.store) };
    const viaRedis = { session: latency(times.redis.session), store: latency(times.redis.store) };
    // What Redis itself costs, without the handler and the gateway between the two commands: on a busy
    // machine the difference is the wait for redis-server to be scheduled again.
    const alone = createRedisStores(redis, { prefix: 'bench-alone:' }).sessions;
    const stored = { fingerprint: 'f', uncertain: ['gc-0123'] };
    const aloneTimes: number[] = [];
    for (let i = -warmup; i < pairs; i++) {
      const t0 = nowMs();
      await alone.reserve(`k${i}`, 60_000);
      await alone.set(`k${i}`, stored, 60_000);
      if (i >= 0) aloneTimes.push(nowMs() - t0);
    }
    return {
      pairs,
      memory,
      redis: viaRedis,
      addedP50Ms: viaRedis.session.p50 - memory.session.p50,
      redisAlone: latency(aloneTimes),
    };
  } finally {
    await redis.close();
    await server.stop();
  }
}

export function printGateway(result: GatewayResult): void {
  const rows = result.runs.flatMap((run) =>
    (['create', 'pay', 'get', 'payment'] as const).map((step) => {
      const l = run.steps[step];
      const label = {
        create: 'POST /orders/',
        pay: 'POST api_do_url',
        get: 'GET /orders/{id}/',
        payment: 'whole payment',
      }[step];
      return [
        `${run.mode} (c=${run.concurrency})`,
        label,
        ms(l.p50),
        ms(l.p95),
        ms(l.p99),
        ms(l.max),
        step === 'payment' ? int(run.paymentsPerSec) : '',
        step === 'payment' ? `${run.errors}/${run.payments}` : '',
      ];
    }),
  );
  console.log(
    table(
      '4a. Sandbox gateway over loopback: full payments (Visa 4111…, one-step; client and server share one Node process)',
      ['run', 'step', 'p50', 'p95', 'p99', 'max', 'payments/s', 'errors'],
      rows,
    ),
  );
  const { rawFetch, gatewayClient, pairs, overheadMs } = result.client;
  const line = (way: string, s: typeof rawFetch) => [
    way,
    ms(s.create.p50),
    ms(s.create.p95),
    ms(s.get.p50),
    ms(s.get.p95),
    ms(s.both.p50),
    ms(s.both.p95),
  ];
  console.log(
    table(
      `4b. create + get, raw fetch vs GatewayClient (${pairs} pairs each, interleaved); client overhead at p50: ${ms(overheadMs)}`,
      ['way', 'create p50', 'create p95', 'get p50', 'get p95', 'create+get p50', 'create+get p95'],
      [line('raw fetch', rawFetch), line('GatewayClient', gatewayClient)],
    ),
  );
  const stores = result.sessionStores;
  if (!stores) {
    console.log(
      `\n4c. Session creation, memory vs Redis store: not measured (${result.sessionStoresSkipped})`,
    );
    return;
  }
  const row = (way: string, s: SessionStoreComparison['memory']) => [
    way,
    ms(s.session.p50),
    ms(s.session.p95),
    ms(s.store.p50, 3),
    ms(s.store.p95, 3),
  ];
  console.log(
    table(
      `4c. POST /checkout/session through the handler, in-memory vs Redis store (${stores.pairs} each, interleaved; redis-server on loopback); Redis adds ${ms(stores.addedP50Ms, 3)} at p50 (goal < 1 ms)`,
      ['store', 'session p50', 'session p95', 'in store p50', 'in store p95'],
      [
        row('memory', stores.memory),
        row('Redis', stores.redis),
        ['Redis alone: SET NX + SET', '', '', ms(stores.redisAlone.p50, 3), ms(stores.redisAlone.p95, 3)],
      ],
    ),
  );
}
