// Two merchant server processes behind one "load balancer": the demo shop (demo/server.ts) started
// twice as real child processes with REDIS_URL, sharing one redis-server and one sandbox gateway.
// 200 checkouts at modest concurrency, each session POST sent to both processes at once with the
// same idempotency key, each order paid at its api_do_url and its status read from both processes.
// Both shops subscribe to the sandbox's webhooks, so every event is delivered to both.
//
// Also the load check of the security suite: 200 checkouts through the helper against the sandbox,
// no lost or duplicated order, every status consistent, every webhook handled once.
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutSession, CheckoutStatus, Order } from '../../src/protocol/index.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.ts';
import { GatewayClient, type GatewayWebhookEvent } from '../../src/server/index.ts';
import { botToken } from '../support/bot-check.ts';
import { type RedisServer, startRedis } from '../support/redis.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const KEY = 'sk_sandbox_multi_process';
const CHECKOUTS = 200;
const CONCURRENCY = 8;
/** New orders one client may create per window, in both shops together. */
const ORDER_LIMIT = CHECKOUTS + 10;
// Letters only: a long run of digits in a session request looks like a card number and is refused.
const run = Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
  '',
);

interface Shop {
  url: string;
  child: ChildProcess;
  output: () => string;
}

let redis: RedisServer;
let sandbox: Sandbox;
let shops: Shop[] = [];

/** The shop's webhook log is for signed-in staff only: sign in as the demo agent, as a person would. */
async function signIn(shop: Shop): Promise<string> {
  const res = await fetch(`${shop.url}/signin`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.url },
    body: new URLSearchParams({ user: 'agent', password: 'demo-agent-password', next: '/orders/' }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (res.status !== 303 || !cookie) throw new Error(`sign-in at ${shop.url} answered ${res.status}`);
  return cookie;
}

/** The demo shop as its own Node process, on a free port, talking to our sandbox and Redis. */
function startShop(name: string): Promise<Shop> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DEMO_PORT: '0',
      DEMO_FIELDS_PORT: '0',
      GATEWAY_URL: sandbox.url,
      GATEWAY_SECRET_KEY: KEY,
      REDIS_URL: redis.url,
      CHECKOUT_STATUS_SECRET: 'one-secret-for-every-shop-process',
      // Every checkout comes from this one loopback address: a shop's per-client limit is raised to
      // just above them, so the last test can show the two processes counting together. A day's
      // window: the sliding count loses less than one order of the 200 in the minute the test takes,
      // so exactly ten more fit wherever a window's edge falls.
      DEMO_LIMITS: JSON.stringify({ ordersPerClient: { max: ORDER_LIMIT, windowMs: 24 * 60 * 60_000 } }),
      DEMO_AGENT_PASSWORD: 'demo-agent-password',
      // Every event of the 200 checkouts is read back from the log, which keeps 200 by default.
      DEMO_WEBHOOK_LOG_SIZE: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`shop ${name} did not start:\n${output}`)), 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`shop ${name} exited (${code}):\n${output}`));
    });
    const poll = setInterval(() => {
      const url = /Demo shop\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1];
      if (!url) return;
      clearInterval(poll);
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ url, child, output: () => output });
    }, 20);
  });
}

function stopShop(shop: Shop): Promise<void> {
  return new Promise((resolve) => {
    if (shop.child.exitCode !== null || shop.child.signalCode !== null) return resolve();
    const kill = setTimeout(() => shop.child.kill('SIGKILL'), 5000);
    shop.child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    shop.child.kill('SIGTERM');
  });
}

beforeAll(async () => {
  [redis, sandbox] = await Promise.all([
    startRedis(),
    startSandbox({ port: 0, secretKey: KEY, distDir: null }),
  ]);
  shops = await Promise.all([startShop('A'), startShop('B')]);
}, 40_000);

afterAll(async () => {
  await Promise.all(shops.map(stopShop));
  await sandbox?.close();
  await redis?.stop();
});

async function json<T>(response: Response): Promise<{ status: number; body: T }> {
  return { status: response.status, body: (await response.json()) as T };
}

const sessionPost = (shop: Shop, key: string, cookie: string, verification?: string) =>
  fetch(`${shop.url}/checkout/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ idempotency_key: key, email: 'buyer@example.com', verification }),
  }).then((r) => json<CheckoutSession & { error?: unknown }>(r));

/** The customer's browser loads the checkout first and keeps the visitor cookie it is given. */
const visitorCookie = async (shop: Shop) =>
  ((await fetch(`${shop.url}/checkout/session`)).headers.get('set-cookie') ?? '').split(';')[0]!;

const card = {
  card_number: '4111111111111111',
  exp_month: 12,
  exp_year: (new Date().getFullYear() + 3) % 100,
  csc: '123',
  cardholder_name: 'Ada Lovelace',
};

interface Checkout {
  key: string;
  answers: Array<{ status: number; orderId: string }>;
  paid: string;
  statuses: CheckoutStatus[];
}

async function checkout(i: number): Promise<Checkout> {
  const key = `multi-process-${i}-${run}`;
  const cookie = await visitorCookie(shops[i % 2]!);
  // The same session request to both processes at once: a retry landing on the other server.
  // One bot-check token, as the page attaches it: whichever process makes the order checks it.
  const token = await botToken(shops[i % 2]!.url);
  const answers = await Promise.all(shops.map((shop) => sessionPost(shop, key, cookie, token)));

  const session = answers.find((a) => a.status === 200)?.body;
  let paid = 'no session';
  const statuses: CheckoutStatus[] = [];
  if (session) {
    const payment = await fetch(session.api_do_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(card),
    }).then((r) => json<{ status?: string }>(r));
    paid = payment.body.status ?? `HTTP ${payment.status}`;
    for (const shop of shops) {
      const status = await fetch(new URL(session.status_url, shop.url)).then((r) => json<CheckoutStatus>(r));
      statuses.push(status.body);
    }
  }
  return {
    key,
    answers: answers.map((a) => ({ status: a.status, orderId: a.body.order_id })),
    paid,
    statuses,
  };
}

async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

interface Delivery {
  subscription_id: string;
  event: string;
  order_id: string | null;
  state: 'pending' | 'delivered' | 'failed';
}

const deliveries = async (): Promise<Delivery[]> =>
  ((await (await fetch(`${sandbox.url}/_sandbox/webhooks`)).json()) as { results: Delivery[] }).results;

describe('two merchant processes sharing Redis and one sandbox', () => {
  it('200 checkouts, each session sent to both: one order per key, none lost, statuses agree, webhooks handled once', async () => {
    const gateway = new GatewayClient({ baseUrl: sandbox.url, secretKey: KEY });
    const started = performance.now();
    const results = await pool(CHECKOUTS, CONCURRENCY, checkout);
    const checkoutsMs = performance.now() - started;

    // Both processes answered every session request, with the same order.
    for (const result of results) {
      expect(
        result.answers.map((a) => a.status),
        result.key,
      ).toEqual([200, 200]);
      expect(result.answers[0]!.orderId, result.key).toBe(result.answers[1]!.orderId);
      expect(result.paid, result.key).toBe('paid');
    }
    const orderIds = new Set(results.map((r) => r.answers[0]!.orderId));
    expect(orderIds.size).toBe(CHECKOUTS);

    // At the gateway: exactly these orders, one per key, every one paid.
    const orders: Order[] = (await gateway.orders.list({ url: `${sandbox.apiUrl}/orders/?page_size=500` }))
      .results;
    expect(orders).toHaveLength(CHECKOUTS);
    expect(new Set(orders.map((o) => o.id))).toEqual(orderIds);
    expect(orders.every((o) => o.status === 'paid')).toBe(true);

    // Both processes report the gateway's status for every order.
    for (const result of results) {
      expect(result.statuses.map((s) => [s.order_id, s.status, s.outcome])).toEqual([
        [result.answers[0]!.orderId, 'paid', 'succeeded'],
        [result.answers[0]!.orderId, 'paid', 'succeeded'],
      ]);
    }

    // Webhooks: every event went to both shops; wait until the sandbox has delivered them all.
    let all: Delivery[] = [];
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
      all = await deliveries();
      if (all.length > 0 && all.every((d) => d.state !== 'pending')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(all.filter((d) => d.state !== 'delivered')).toEqual([]);
    const subscriptions = new Set(all.map((d) => d.subscription_id));
    expect(subscriptions.size).toBe(2);
    // Each event once per subscription.
    const perSubscription = all.length / 2;
    expect(all.filter((d) => d.order_id && orderIds.has(d.order_id)).length).toBe(all.length);

    const received = await Promise.all(
      shops.map(
        async (shop) =>
          (
            (await (
              await fetch(`${shop.url}/webhooks/received`, { headers: { cookie: await signIn(shop) } })
            ).json()) as {
              results: GatewayWebhookEvent[];
            }
          ).results,
      ),
    );
    const handled = received.flat();
    const keys = handled.map((e) => e.key);
    // Handed to a callback once across both processes: no confirmed view twice.
    expect(new Set(keys).size).toBe(keys.length);
    // None dropped: every event delivered (to both shops) reached one callback. Each receiver hands
    // over the gateway's view as it reads it; the two deliveries of one event are handled once unless
    // the order changed between the two reads (then each view once, told apart by its status).
    const groupOf = (kind: string, orderId: string | null | undefined) => `${kind} ${orderId}`;
    const handledBy = new Map<string, GatewayWebhookEvent[]>();
    for (const event of handled) {
      if (!('order' in event)) continue;
      const group = groupOf(event.type, event.order.id);
      handledBy.set(group, [...(handledBy.get(group) ?? []), event]);
    }
    const delivered = new Set(all.map((d) => groupOf(d.event, d.order_id)));
    expect(delivered.size).toBe(perSubscription);
    let divergent = 0;
    for (const group of delivered) {
      const events = handledBy.get(group) ?? [];
      expect(events.length, group).toBeGreaterThanOrEqual(1);
      const statuses = new Set(events.map((e) => ('order' in e ? e.order.status : '')));
      expect(statuses.size, group).toBe(events.length);
      if (events.length > 1) divergent++;
    }
    expect(handledBy.size).toBe(delivered.size);
    // A payment's success is read back the same by both: exactly one per order.
    const paidEvents = handled.filter((e) => e.type === 'order.payment_success');
    expect(paidEvents).toHaveLength(CHECKOUTS);
    expect(new Set(paidEvents.map((e) => ('order' in e ? e.order.id : '')))).toEqual(orderIds);
    // The work was really shared: both processes handled some.
    expect(received.every((events) => events.length > 0)).toBe(true);

    console.log(
      `multi-process: ${CHECKOUTS} checkouts (2 session POSTs, 1 payment, 2 status reads each) in ${Math.round(checkoutsMs)} ms; ` +
        `${all.length} webhook deliveries, ${handled.length} events handled (${divergent} seen in two states)`,
    );
    // 30 to 87 s measured for the checkouts on a two-core machine running other suites (load 17 to 25).
  }, 180_000);

  it('share the velocity limits: the client’s orders are counted across both processes', async () => {
    // The 200 checkouts above were created by whichever process won each key, about half each.
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const shop = shops[i % 2]!;
      const result = await sessionPost(
        shop,
        `multi-process-limit-${i}-${run}`,
        await visitorCookie(shop),
        await botToken(shop.url),
      );
      answers.push(result.status);
    }
    expect(answers).toEqual([...Array(ORDER_LIMIT - CHECKOUTS).fill(200), 429, 429]);
  }, 60_000);
});
