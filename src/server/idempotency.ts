import { randomBytes } from 'node:crypto';
import type { CheckoutSession, Order } from '../protocol/index.ts';
import type { GatewayClient } from './client.ts';
import { GatewayError } from './errors.ts';
import type { CompletedSession, SessionStore } from './stores.ts';

/** Another request (maybe in another process) holds the key and did not finish in time. */
export class InProgress extends Error {}
/** The key was used with another request body. */
export class Mismatch extends Error {}

/** One attempt at creating the order, under its merchant reference. */
export interface Attempt {
  /** The order's `number`: what the gateway's order list is searched for after a lost answer. */
  reference: string;
  send(): Promise<Order>;
}

export interface IdempotentCreation {
  key: string;
  fingerprint: string;
  /** Builds the order of a new attempt (called only when an order is really to be created). */
  prepare(): Promise<Attempt>;
  toSession(order: Order): CheckoutSession;
}

export interface SessionKeeperOptions {
  store: SessionStore;
  client: GatewayClient;
  ttlMs: number;
  /** How long a request waits for a creation of the same key in progress elsewhere. */
  waitMs: number;
  /** Pages of `GET /orders/` (newest first) searched for an order whose answer was lost. */
  searchPages: number;
}

/** A merchant reference for attempts whose order has no `number` of the merchant's. */
export const newReference = () => `gc-${randomBytes(12).toString('hex')}`;

/**
 * Failures after which the order may exist although no answer said so: the request may have reached
 * the gateway (timeout, reset, 5xx) or the answer was unreadable. Every network error counts, since
 * undici does not reliably tell a reset after the request was sent from a refused connection.
 */
export const isAmbiguous = (error: unknown): boolean =>
  error instanceof GatewayError &&
  (error.type === 'timeout' ||
    error.type === 'network' ||
    error.type === 'server_error' ||
    error.type === 'invalid_response');

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Creates at most one order per idempotency key, across every process sharing the store.
 *
 * A key is reserved atomically before the order is created. When the creation fails without a
 * doubt (a 400, a validation error), the key is freed so the customer can try again. When it fails
 * ambiguously, the key is kept with the attempt's reference, and the gateway's order list is searched
 * for that reference right away and again before any later attempt creates another order.
 */
export function createSessionKeeper(options: SessionKeeperOptions) {
  const { store, client, ttlMs } = options;
  // A creation or a recovery is short (a few GETs and at most one POST, each within the client's
  // timeout); its claim outlives them by far, yet a process that died holding it blocks the key for
  // minutes rather than for the whole idempotency TTL.
  const leaseMs = Math.min(ttlMs, Math.max(10 * 60_000, client.http.timeoutMs * (options.searchPages + 3)));

  async function findOrder(references: readonly string[]): Promise<Order | undefined> {
    let url: string | undefined;
    for (let page = 0; page < options.searchPages; page++) {
      const list = await client.orders.list(url ? { url } : {});
      const hit = list.results.find((order) => order.number && references.includes(order.number));
      if (hit) return hit;
      if (!list.next) return undefined;
      url = list.next;
    }
    return undefined;
  }

  async function complete(job: IdempotentCreation, order: Order): Promise<CompletedSession> {
    const value = { fingerprint: job.fingerprint, session: job.toSession(order) };
    await store.set(job.key, value, ttlMs);
    return value;
  }

  async function attempt(job: IdempotentCreation, earlier: readonly string[]): Promise<CompletedSession> {
    let references = earlier;
    try {
      const next = await job.prepare();
      references = [...earlier, next.reference];
      let order: Order;
      try {
        order = await next.send();
      } catch (error) {
        if (!isAmbiguous(error)) throw error;
        await store.set(job.key, { fingerprint: job.fingerprint, uncertain: [...references] }, ttlMs);
        // A lost answer usually means a created order: look before telling the customer anything.
        const found = await findOrder(references).catch(() => undefined);
        if (!found) throw new KeptError(error);
        order = found;
      }
      return await complete(job, order);
    } catch (error) {
      if (error instanceof KeptError) throw error.cause;
      // Nothing of this attempt exists, and the earlier ones were searched for: free the key.
      await store.delete(job.key);
      throw error;
    }
  }

  async function recover(job: IdempotentCreation, references: readonly string[]) {
    const found = await findOrder(references);
    return found ? complete(job, found) : attempt(job, references);
  }

  return async function obtain(job: IdempotentCreation): Promise<CompletedSession> {
    const started = Date.now();
    let pause = 20;
    for (;;) {
      // Claim first: a new key (the usual case) then costs one round trip to a shared store, not two.
      if (await store.reserve(job.key, leaseMs)) return attempt(job, []);
      const stored = await store.get(job.key);
      if (stored && stored.fingerprint !== job.fingerprint) throw new Mismatch();
      if (stored && 'session' in stored) return stored;
      if (stored) {
        const lock = `${job.key}:recovery`;
        if (await store.reserve(lock, leaseMs)) {
          try {
            // Someone may have settled the key between the read and the lock.
            const now = await store.get(job.key);
            if (now && now.fingerprint !== job.fingerprint) throw new Mismatch();
            if (now && 'session' in now) return now;
            if (now) return await recover(job, now.uncertain);
          } finally {
            await store.delete(lock);
          }
          continue;
        }
      }
      if (Date.now() - started >= options.waitMs) throw new InProgress();
      await sleep(pause);
      pause = Math.min(200, pause * 2);
    }
  };
}

/** Carries an ambiguous failure past the catch that frees keys: this key must stay taken. */
class KeptError extends Error {
  constructor(override readonly cause: unknown) {
    super('kept');
  }
}
