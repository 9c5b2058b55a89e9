import type { CheckoutSession } from '../protocol/index.ts';
import { TtlMap } from './ttl-map.ts';

/** A completed session and what it was created from, kept under its idempotency key. */
export interface CompletedSession {
  fingerprint: string;
  session: CheckoutSession;
}

/**
 * An attempt whose order creation may or may not have reached the gateway (a timeout, a reset, a
 * 5xx, an answer that is not JSON). The key stays taken: before another order is created for it, the
 * gateway's order list is searched for these merchant references (the orders' `number`).
 */
export interface UncertainSession {
  fingerprint: string;
  /** Every reference tried under this key, oldest first. */
  uncertain: string[];
}

export type StoredSession = CompletedSession | UncertainSession;

/**
 * Where idempotency keys live. The default is in memory (one process); with several processes, use a
 * shared store such as `createRedisStores` from `gateway-checkout/server/redis`. `reserve` must be
 * atomic (Redis `SET key pending NX PX ttl`).
 */
export interface SessionStore {
  /** The stored record; undefined when the key is free or only reserved. */
  get(key: string): Promise<StoredSession | undefined> | StoredSession | undefined;
  /** Claims the key for a creation in progress; false when someone already holds it. */
  reserve(key: string, ttlMs: number): Promise<boolean> | boolean;
  set(key: string, value: StoredSession, ttlMs: number): Promise<void> | void;
  /** Frees the key after a failed creation, so the customer can try again. */
  delete(key: string): Promise<void> | void;
}

/** Remembers which webhook events were handed over. Default in memory; share it across processes. */
export interface DedupeStore {
  /** Marks the key as seen; false when it already was (atomic: Redis `SET key 1 NX PX ttl`). */
  add(key: string, ttlMs: number): Promise<boolean> | boolean;
  /** Forgets a key, so that a redelivery after a failed callback is processed again. */
  delete(key: string): Promise<void> | void;
}

export interface MemoryStoreOptions {
  now?: () => number;
  /**
   * At most this many keys (default 100 000). When full, expired keys go first, then the oldest: a
   * flood of made-up keys costs old entries, never unbounded memory.
   */
  maxEntries?: number;
  /**
   * At most this many bytes of keys and values, counted as they sit in memory (default 64 MiB for
   * sessions, 16 MiB for webhook de-duplication): the count alone would let a few huge keys take
   * the heap.
   */
  maxBytes?: number;
}

const memoryOptions = (options?: MemoryStoreOptions | (() => number)): MemoryStoreOptions =>
  typeof options === 'function' ? { now: options } : (options ?? {});

export class MemorySessionStore implements SessionStore {
  readonly #map: TtlMap<StoredSession | 'pending'>;
  constructor(options?: MemoryStoreOptions | (() => number)) {
    const { now, maxEntries, maxBytes } = memoryOptions(options);
    this.#map = new TtlMap({
      now,
      maxEntries,
      maxBytes: maxBytes ?? 64 * 1024 * 1024,
      sizeOf: (value) => (value === 'pending' ? 16 : JSON.stringify(value).length * 2),
    });
  }
  get size(): number {
    return this.#map.size;
  }
  get(key: string): StoredSession | undefined {
    const value = this.#map.get(key);
    return value === 'pending' ? undefined : value;
  }
  reserve(key: string, ttlMs: number): boolean {
    if (this.#map.get(key) !== undefined) return false;
    this.#map.set(key, 'pending', ttlMs);
    return true;
  }
  set(key: string, value: StoredSession, ttlMs: number): void {
    this.#map.set(key, value, ttlMs);
  }
  delete(key: string): void {
    this.#map.delete(key);
  }
}

export class MemoryDedupeStore implements DedupeStore {
  readonly #map: TtlMap<true>;
  constructor(options?: MemoryStoreOptions | (() => number)) {
    const { now, maxEntries, maxBytes } = memoryOptions(options);
    this.#map = new TtlMap({ now, maxEntries, maxBytes: maxBytes ?? 16 * 1024 * 1024 });
  }
  get size(): number {
    return this.#map.size;
  }
  /** What the remembered keys weigh, as counted against `maxBytes`. */
  get bytes(): number {
    return this.#map.bytes;
  }
  add(key: string, ttlMs: number): boolean {
    if (this.#map.get(key)) return false;
    this.#map.set(key, true, ttlMs);
    return true;
  }
  delete(key: string): void {
    this.#map.delete(key);
  }
}

/**
 * Where the velocity limits count (see limits.ts). Counters live per fixed window, its number part
 * of the key (the limits slide across two of them), so the windows follow the handler's clock (also
 * a test's), and the store's own expiry only cleans up. Every operation is one atomic step on a shared store (Redis: INCRBY and
 * PEXPIRE in one MULTI; SET NX PX; GET), so several processes share one count.
 */
export interface LimitStore {
  /** Adds `by` to the counter and answers the new count; the counter expires `ttlMs` after this. */
  increment(key: string, by: number, ttlMs: number): Promise<number> | number;
  /** The counter's count; 0 when there is none. */
  count(key: string): Promise<number> | number;
  /**
   * Raises the counter to `to` when it is lower (an order's declines, as its history counts them)
   * and answers by how much: 0 when it already was there. Atomic, so readers racing with the same
   * or different totals never count one decline twice. The counter expires `ttlMs` after this.
   */
  raise(key: string, to: number, ttlMs: number): Promise<number> | number;
  /** Sets the key unless it is set; false when it already was. */
  mark(key: string, value: string, ttlMs: number): Promise<boolean> | boolean;
  /** What `mark` stored; undefined when absent or expired. */
  read(key: string): Promise<string | undefined> | string | undefined;
}

export class MemoryLimitStore implements LimitStore {
  readonly #map: TtlMap<number | string>;
  /** `maxBytes` defaults to 8 MiB: about 60 000 clients' counters. */
  constructor(options?: MemoryStoreOptions | (() => number)) {
    const { now, maxEntries, maxBytes } = memoryOptions(options);
    this.#map = new TtlMap({
      now,
      maxEntries,
      maxBytes: maxBytes ?? 8 * 1024 * 1024,
      sizeOf: (value) => (typeof value === 'number' ? 8 : value.length * 2),
    });
  }
  get size(): number {
    return this.#map.size;
  }
  get bytes(): number {
    return this.#map.bytes;
  }
  increment(key: string, by: number, ttlMs: number): number {
    const before = this.#map.get(key);
    const count = (typeof before === 'number' ? before : 0) + by;
    this.#map.set(key, count, ttlMs);
    return count;
  }
  raise(key: string, to: number, ttlMs: number): number {
    const before = this.count(key);
    if (to <= before) return 0;
    this.#map.set(key, to, ttlMs);
    return to - before;
  }
  count(key: string): number {
    const value = this.#map.get(key);
    return typeof value === 'number' ? value : 0;
  }
  mark(key: string, value: string, ttlMs: number): boolean {
    if (this.#map.get(key) !== undefined) return false;
    this.#map.set(key, value, ttlMs);
    return true;
  }
  read(key: string): string | undefined {
    const value = this.#map.get(key);
    return typeof value === 'string' ? value : undefined;
  }
}
