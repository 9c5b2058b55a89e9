// What the velocity limits add to a checkout session, in memory and on Redis: the limiter's work of
// one new order as the handler does it (who the client is, the decline check and the order count,
// the order bound to its client) and of one status read of a declined order (the decline counted).
// Goals: p50 under 0.5 ms in memory, under 1 ms on Redis (a local redis-server, one round trip).
import { createClient } from 'redis';
import { createVelocityLimits, type VelocityLimits } from '../src/server/limits.ts';
import { createRedisStores } from '../src/server/redis/index.ts';
import { MemoryLimitStore } from '../src/server/stores.ts';
import { startRedis } from '../test/support/redis.ts';
import { type Latency, latency, ms, nowMs } from './stats.ts';

export interface LimitsOptions {
  sessions: number;
  warmup: number;
}

export interface LimitsResult {
  memory: { session: Latency; decline: Latency };
  redis: { session: Latency; decline: Latency };
}

const request = new Request('http://shop.bench/checkout/session', {
  method: 'POST',
  headers: { 'x-forwarded-for': '198.51.100.7' },
});

async function measure(limits: VelocityLimits, options: LimitsOptions, run: string) {
  const session: number[] = [];
  const decline: number[] = [];
  for (let i = -options.warmup; i < options.sessions; i++) {
    // A different client each time: a shop's many customers, none of them near a limit.
    const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const orderId = `${run}-${i}`;
    const t0 = nowMs();
    const clients = await limits.clientsOf(request, address);
    await limits.admit(clients, false);
    await limits.bind(orderId, clients, false);
    const t1 = nowMs();
    await limits.record({
      id: orderId,
      status: 'rejected',
      status_changes: [
        { new_status: 'issued', on: 1 },
        { new_status: 'in_progress', on: 2 },
        { new_status: 'rejected', on: 2 },
      ],
      transaction_details: { card_masked_pan: '400000******0002' },
    });
    const t2 = nowMs();
    if (i < 0) continue;
    session.push(t1 - t0);
    decline.push(t2 - t1);
  }
  return { session: latency(session), decline: latency(decline) };
}

export async function benchLimits(options: LimitsOptions): Promise<LimitsResult> {
  // Limits far above what the bench sends: it measures the counting, never a refusal.
  const rules = {
    declinesPerCard: { max: 1_000_000, windowMs: 60_000 },
    declinesPerOrder: 1_000_000,
  };
  const memory = await measure(
    createVelocityLimits({ ...rules, store: new MemoryLimitStore() }),
    options,
    'memory',
  );
  const server = await startRedis();
  const client = await createClient({ url: server.url }).connect();
  try {
    const store = createRedisStores(client, { prefix: `bench-${Date.now()}:` }).limits;
    const redis = await measure(createVelocityLimits({ ...rules, store }), options, 'redis');
    return { memory, redis };
  } finally {
    await client.close();
    await server.stop();
  }
}

export function printLimits(result: LimitsResult): void {
  const line = (name: string, l: Latency, goal: number) =>
    `  ${name.padEnd(34)} p50 ${ms(l.p50, 3).padStart(9)}  p95 ${ms(l.p95, 3).padStart(9)}  ` +
    `(goal p50 < ${goal} ms: ${l.p50 < goal ? 'met' : 'MISSED'})`;
  console.log('\nVelocity limits: what they add to a session (limiter work per new order, per decline read)');
  console.log(line('memory, new order', result.memory.session, 0.5));
  console.log(line('memory, decline counted', result.memory.decline, 0.5));
  console.log(line('Redis, new order', result.redis.session, 1));
  console.log(line('Redis, decline counted', result.redis.decline, 1));
}
