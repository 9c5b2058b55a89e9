/**
 * The in-memory stores' map: entries expire, and the whole is bounded both in entries and in bytes,
 * so a flood of made-up keys (or one huge key) costs old entries, never unbounded memory.
 */
export interface TtlMapOptions<V> {
  now?: () => number;
  /** Default 100 000. */
  maxEntries?: number;
  /** Default unbounded (the entry bound alone). Counted as UTF-16 key length plus `sizeOf(value)`. */
  maxBytes?: number;
  /** What a value weighs in bytes; default 8. */
  sizeOf?: (value: V) => number;
}

/** What one entry costs beyond its key and value: the Map slot and the record object. */
const ENTRY_OVERHEAD = 64;

export class TtlMap<V> {
  readonly #entries = new Map<string, { value: V; expires: number; bytes: number }>();
  readonly #now: () => number;
  readonly #max: number;
  readonly #maxBytes: number;
  readonly #sizeOf: (value: V) => number;
  #bytes = 0;

  constructor(options: TtlMapOptions<V> = {}) {
    this.#now = options.now ?? Date.now;
    this.#max = Math.max(1, options.maxEntries ?? 100_000);
    this.#maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    this.#sizeOf = options.sizeOf ?? (() => 8);
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.#now()) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** False when the entry alone is larger than the byte bound: it is not kept. */
  set(key: string, value: V, ttlMs: number): boolean {
    // Deleted first so that the Map's insertion order stays the order of the last write.
    this.delete(key);
    const bytes = key.length * 2 + this.#sizeOf(value) + ENTRY_OVERHEAD;
    if (bytes > this.#maxBytes) return false;
    this.#prune();
    while (this.#entries.size >= this.#max || this.#bytes + bytes > this.#maxBytes) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    this.#entries.set(key, { value, expires: this.#now() + ttlMs, bytes });
    this.#bytes += bytes;
    return true;
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** What the entries weigh, as counted against `maxBytes`. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Drops expired entries from the oldest on and stops at the first live one: a store's entries share
   * one TTL, so write order is nearly expiry order and this costs O(1) per write, also under a flood.
   * Any expired entry it misses is dropped when read.
   */
  #prune(): void {
    const now = this.#now();
    for (const [key, entry] of this.#entries) {
      if (entry.expires > now) break;
      this.delete(key);
    }
  }
}
