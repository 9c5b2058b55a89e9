import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedis } from '../../test/support/redis.ts';
import { MAX_SHIFT, memoryShiftStore, redisShiftStore, type ShiftEntry, type ShiftStore } from './shift.ts';

const entry = (i: number, status = 'issued'): ShiftEntry => ({
  orderId: `order-${i}`,
  number: `BP-${i}`,
  reference: `CALL-${i}`,
  amount: i + 0.5,
  currency: 'EUR',
  at: new Date(Date.UTC(2026, 0, 1, 9, 0, i)).toISOString(),
  status,
  reason: null,
});

function behavesAsAShift(make: () => Promise<ShiftStore>) {
  it('lists a shift newest first, updates a result in place, and keeps shifts apart', async () => {
    const store = await make();
    await store.add('agent:a', entry(1));
    await store.add('agent:a', entry(2));
    await store.add('agent:b', entry(3));
    await store.update('agent:a', 'order-1', { status: 'rejected', reason: 'Decline, refer to card issuer' });
    const a = await store.list('agent:a');
    expect(a.map((e) => e.orderId)).toEqual(['order-2', 'order-1']);
    expect(a[1]).toMatchObject({ status: 'rejected', reason: 'Decline, refer to card issuer' });
    expect((await store.list('agent:b')).map((e) => e.orderId)).toEqual(['order-3']);
    expect(await store.list('agent:none')).toEqual([]);
  });

  it(`keeps the newest ${MAX_SHIFT} payments of a shift`, async () => {
    const store = await make();
    for (let i = 0; i < MAX_SHIFT + 5; i++) await store.add('agent:long', entry(i));
    const list = await store.list('agent:long');
    expect(list).toHaveLength(MAX_SHIFT);
    expect(list[0]!.orderId).toBe(`order-${MAX_SHIFT + 4}`);
  });
}

describe('memory shift store', () => behavesAsAShift(async () => memoryShiftStore()));

// The same behaviour in a real redis-server (started here), as the demo uses it with REDIS_URL.
describe('Redis shift store', () => {
  let redis: RedisServer;
  let client: ReturnType<typeof createClient>;
  let n = 0;
  beforeAll(async () => {
    redis = await startRedis();
    client = createClient({ url: redis.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.close();
    await redis?.stop();
  });
  behavesAsAShift(async () => redisShiftStore(client, `shift-test:${n++}:`));
});
