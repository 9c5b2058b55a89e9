// gateway-checkout/server/redis: the server helper's stores on Redis, for merchants running several
// server processes. Written against node-redis (the `redis` package, an optional peer dependency):
// the merchant creates and connects the client, so this module never loads it itself.
import type { DedupeStore, LimitStore, SessionStore, StoredSession } from '../stores.ts';

/**
 * What the stores use of a node-redis client (`createClient()` of `redis` 4, 5 or 6, a cluster or
 * a pool client alike). Connect it before the first request; its reconnection and offline-queue
 * settings decide what a request does while Redis is away.
 *
 * The SET options are the `{ NX, PX }` form: the one all three majors take. Versions 5 and 6 mark
 * it deprecated in favour of `{ condition, expiration }`, which version 4 does not know.
 */
export interface RedisClient {
  set(key: string, value: string, options: { NX?: true; PX: number }): Promise<unknown>;
  get(key: string): Promise<unknown>;
  del(key: string): Promise<unknown>;
  /** For the velocity counters: INCRBY and PEXPIRE, or an order's declines raised, as one atomic script. */
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

export interface RedisStoreOptions {
  /**
   * Put before every key, so several shops or environments can share one Redis. Default
   * `gateway-checkout:`.
   */
  prefix?: string;
}

export interface RedisStores {
  /** For `createCheckoutHandler({ store })`. */
  sessions: SessionStore;
  /** For `createWebhookHandler({ dedupe })`. */
  dedupe: DedupeStore;
  /** For `createVelocityLimits({ store })`: the session endpoint's counters, shared by every process. */
  limits: LimitStore;
}

/** Adds to a counter and renews its expiry in one step, so a counter can never be left without one. */
const INCREMENT =
  "local n = redis.call('INCRBY', KEYS[1], ARGV[1]) redis.call('PEXPIRE', KEYS[1], ARGV[2]) return n";

/** Raises a counter to a total it has not reached yet and answers by how much, in one step. */
const RAISE =
  "local c = tonumber(redis.call('GET', KEYS[1]) or '0') or 0 local n = tonumber(ARGV[1]) " +
  "if n <= c then return 0 end redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return n - c";

/** The value of a reserved key; a stored record is always a JSON object, so they never collide. */
const PENDING = 'pending';

/** Redis wants a whole, positive number of milliseconds. */
const px = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs));

/**
 * The checkout handler's idempotency keys and the webhook receiver's de-duplication in one Redis,
 * so a session POST retried onto another process returns the same order and a webhook delivered to
 * two processes is handed over once. Both claims are one atomic `SET key value NX PX ttl`.
 *
 * ```ts
 * import { createClient } from 'redis';
 * import { createRedisStores } from 'gateway-checkout/server/redis';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const stores = createRedisStores(redis, { prefix: 'shop:' });
 * createCheckoutHandler({ ..., store: stores.sessions });
 * createWebhookHandler({ ..., dedupe: stores.dedupe });
 * const limits = createVelocityLimits({ store: stores.limits }); // both handlers: { limits }
 * ```
 */
export function createRedisStores(client: RedisClient, options: RedisStoreOptions = {}): RedisStores {
  const prefix = options.prefix ?? 'gateway-checkout:';
  const sessionKey = (key: string) => `${prefix}session:${key}`;
  const webhookKey = (key: string) => `${prefix}webhook:${key}`;

  const sessions: SessionStore = {
    async get(key) {
      const value = await client.get(sessionKey(key));
      if (typeof value !== 'string' || value === PENDING) return undefined;
      return parseRecord(value);
    },
    async reserve(key, ttlMs) {
      const answer = await client.set(sessionKey(key), PENDING, { NX: true, PX: px(ttlMs) });
      return answer === 'OK';
    },
    async set(key, value, ttlMs) {
      await client.set(sessionKey(key), JSON.stringify(value), { PX: px(ttlMs) });
    },
    async delete(key) {
      await client.del(sessionKey(key));
    },
  };

  const dedupe: DedupeStore = {
    async add(key, ttlMs) {
      const answer = await client.set(webhookKey(key), '1', { NX: true, PX: px(ttlMs) });
      return answer === 'OK';
    },
    async delete(key) {
      await client.del(webhookKey(key));
    },
  };

  const limitKey = (key: string) => `${prefix}limit:${key}`;
  const limits: LimitStore = {
    async increment(key, by, ttlMs) {
      const count = await client.eval(INCREMENT, {
        keys: [limitKey(key)],
        arguments: [String(Math.trunc(by)), String(px(ttlMs))],
      });
      return Number(count);
    },
    async raise(key, to, ttlMs) {
      const raised = await client.eval(RAISE, {
        keys: [limitKey(key)],
        arguments: [String(Math.trunc(to)), String(px(ttlMs))],
      });
      return Number(raised);
    },
    async count(key) {
      const value = await client.get(limitKey(key));
      return typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : 0;
    },
    async mark(key, value, ttlMs) {
      const answer = await client.set(limitKey(key), value, { NX: true, PX: px(ttlMs) });
      return answer === 'OK';
    },
    async read(key) {
      const value = await client.get(limitKey(key));
      return typeof value === 'string' ? value : undefined;
    },
  };

  return { sessions, dedupe, limits };
}

/** A record this module wrote; anything else under the key is a fault worth reporting, not a session. */
function parseRecord(value: string): StoredSession {
  const record = JSON.parse(value) as StoredSession | null;
  if (
    !record ||
    typeof record !== 'object' ||
    typeof record.fingerprint !== 'string' ||
    !('session' in record || Array.isArray((record as { uncertain?: unknown }).uncertain))
  )
    throw new Error('gateway-checkout: the Redis session record is not one this module wrote');
  return record;
}
