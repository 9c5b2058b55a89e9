import { describe, expect, it } from 'vitest';
import { MemoryDedupeStore, MemorySessionStore } from './stores.ts';

describe('in-memory stores', () => {
  it('stay within their size bound under a flood of new keys, dropping the oldest', () => {
    const dedupe = new MemoryDedupeStore({ maxEntries: 1000 });
    let accepted = 0;
    for (let i = 0; i < 20_000; i++) if (dedupe.add(`flood:${i}`, 60_000)) accepted++;
    expect(accepted).toBe(20_000);
    expect(dedupe.size).toBe(1000);
    // The newest are still remembered; the oldest made room.
    expect(dedupe.add('flood:19999', 60_000)).toBe(false);
    expect(dedupe.add('flood:0', 60_000)).toBe(true);

    const sessions = new MemorySessionStore({ maxEntries: 100 });
    for (let i = 0; i < 5000; i++) sessions.reserve(`key-${i}`, 60_000);
    expect(sessions.size).toBe(100);
    expect(sessions.reserve('key-4999', 60_000)).toBe(false);
  });

  it('drop expired entries before live ones when full', () => {
    let now = 0;
    const store = new MemoryDedupeStore({ now: () => now, maxEntries: 3 });
    store.add('short', 10);
    store.add('long-1', 1000);
    store.add('long-2', 1000);
    now = 20;
    store.add('new', 1000);
    expect(store.size).toBe(3);
    expect(store.add('long-1', 1000)).toBe(false);
    expect(store.add('long-2', 1000)).toBe(false);
  });

  it('stay within their byte bound, however long the keys', () => {
    const dedupe = new MemoryDedupeStore({ maxBytes: 1024 * 1024 });
    for (let i = 0; i < 200; i++) dedupe.add(`${i}:${'k'.repeat(64 * 1024)}`, 60_000);
    expect(dedupe.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(dedupe.size).toBeGreaterThan(0);
    // A key larger than the whole bound is not kept, and costs nothing kept before it.
    const before = dedupe.size;
    expect(dedupe.add('x'.repeat(1024 * 1024), 60_000)).toBe(true);
    expect(dedupe.size).toBe(before);
  });

  it('default to a bound of 100 000 keys', { timeout: 30_000 }, () => {
    const store = new MemoryDedupeStore();
    for (let i = 0; i < 100_050; i++) store.add(String(i), 60_000);
    expect(store.size).toBe(100_000);
  });
});
