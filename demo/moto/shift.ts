/**
 * The phone-order agent's shift: every payment the agent took since signing in, kept on the server
 * per agent (and sign-in), so a reload or a second tab shows the same list. In memory, or in Redis when the shop runs with
 * REDIS_URL (then every shop process sees the same shift).
 */
export interface ShiftEntry {
  orderId: string;
  /** The shop's order number. */
  number: string;
  /** The caller's own reference, as the agent keyed it (may be empty). */
  reference: string;
  amount: number;
  currency: string;
  /** ISO time the order was created. */
  at: string;
  /** The gateway's status, as last read by the shop. */
  status: string;
  /** The decline reason, when declined. */
  reason: string | null;
}

export interface ShiftStore {
  add(shift: string, entry: ShiftEntry): Promise<void>;
  update(shift: string, orderId: string, patch: Pick<ShiftEntry, 'status' | 'reason'>): Promise<void>;
  /** Newest first, at most MAX_SHIFT entries. */
  list(shift: string): Promise<ShiftEntry[]>;
}

/** A shift is a working day of calls; older entries drop off. */
export const MAX_SHIFT = 200;
/** Shifts kept in memory at once (one per sign-in). */
const MAX_SHIFTS = 1000;
/** A shift list is forgotten after a day without calls. */
const SHIFT_TTL_SECONDS = 24 * 60 * 60;

const newestFirst = (entries: ShiftEntry[]) =>
  entries.sort((a, b) => b.at.localeCompare(a.at)).slice(0, MAX_SHIFT);

export function memoryShiftStore(): ShiftStore {
  const shifts = new Map<string, Map<string, ShiftEntry>>();
  return {
    async add(key, entry) {
      const shift = shifts.get(key) ?? new Map<string, ShiftEntry>();
      // Most recently used last, so the shifts dropped when there are too many are the idle ones.
      shifts.delete(key);
      shifts.set(key, shift);
      if (shifts.size > MAX_SHIFTS) shifts.delete(shifts.keys().next().value!);
      shift.set(entry.orderId, entry);
      if (shift.size > MAX_SHIFT) shift.delete(shift.keys().next().value!);
    },
    async update(key, orderId, patch) {
      const entry = shifts.get(key)?.get(orderId);
      if (entry) Object.assign(entry, patch);
    },
    async list(key) {
      return newestFirst([...(shifts.get(key)?.values() ?? [])].map((e) => ({ ...e })));
    },
  };
}

/** The few Redis commands the shift needs (node-redis v5/v6 names), so this file imports no client. */
export interface ShiftRedis {
  hSet(key: string, field: string, value: string): Promise<unknown>;
  hGet(key: string, field: string): Promise<string | null | undefined>;
  hGetAll(key: string): Promise<Record<string, string>>;
  hDel(key: string, field: string | string[]): Promise<unknown>;
  expire(key: string, seconds: number): Promise<unknown>;
}

/** One hash per shift (field: order id, value: the entry as JSON): each write touches one entry. */
export function redisShiftStore(redis: ShiftRedis, prefix = 'gateway-checkout-demo:'): ShiftStore {
  const key = (shift: string) => `${prefix}shift:${shift}`;
  const all = async (shift: string) =>
    Object.values(await redis.hGetAll(key(shift))).flatMap((text) => {
      try {
        return [JSON.parse(text) as ShiftEntry];
      } catch {
        return [];
      }
    });
  return {
    async add(shift, entry) {
      await redis.hSet(key(shift), entry.orderId, JSON.stringify(entry));
      await redis.expire(key(shift), SHIFT_TTL_SECONDS);
      const entries = await all(shift);
      if (entries.length > MAX_SHIFT) {
        const dropped = entries.sort((a, b) => b.at.localeCompare(a.at)).slice(MAX_SHIFT);
        await redis.hDel(
          key(shift),
          dropped.map((e) => e.orderId),
        );
      }
    },
    async update(shift, orderId, patch) {
      const text = await redis.hGet(key(shift), orderId);
      if (!text) return;
      await redis.hSet(
        key(shift),
        orderId,
        JSON.stringify({ ...(JSON.parse(text) as ShiftEntry), ...patch }),
      );
    },
    async list(shift) {
      return newestFirst(await all(shift));
    },
  };
}
