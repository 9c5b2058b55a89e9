import { createHash } from 'node:crypto';
import type { Order } from '../protocol/index.ts';
import type { GatewayClient } from './client.ts';
import { type ClientAddress, clientAddressFrom, clientNetwork, type HandlerInfo } from './client-address.ts';
import { type LimitStore, MemoryLimitStore } from './stores.ts';

/**
 * Velocity limits of the checkout-session endpoint: what stops card testing, where a bot uses one
 * shop's checkout to find out which stolen cards work. The merchant's server never sees a card, but
 * it decides who gets an order to pay, and the gateway tells it what each payment ended in.
 *
 * - New orders per client (the IP address, read through `trustProxy` like the webhook receiver,
 *   and the merchant's own key such as a cart or account id) per window.
 * - Declines per client, per card (the gateway's masked card number: nothing the merchant's page
 *   ever saw) and per order (the gateway lets a declined order be paid again): past any of them the
 *   client gets no new session until they weigh less. An order at its last allowed decline is
 *   cancelled at the gateway (`retireExhausted`): a bot that keeps trying cards on one order's
 *   api_do_url goes to the gateway directly, past this server, and only the gateway can stop it.
 * - Phone orders (MOTO) count apart, under rules of their own: agents key many orders, and a MOTO
 *   payment has no security code, so a card gets fewer tries.
 *
 * Counting is a sliding window: counters keyed by the fixed window's number (`floor(now / window)`),
 * and a client's count is this window's plus the last one's weighted by how much of it still lies
 * within one window of now (Cloudflare's estimate). A bot gets no fresh allowance at a window's
 * edge, as it would with fixed windows (twice a limit in a moment across the edge). Still one round
 * trip: the increment and the last window's read go out together (one pipeline on Redis). The
 * Retry-After is when the estimate, as it decays, next lets one through.
 */

export interface Limit {
  max: number;
  windowMs: number;
}

export interface VelocityRules {
  /** New orders one client may create per window. Default 30 per 10 minutes. */
  ordersPerClient: Limit;
  /** Declines after which a client gets no new session until they fall below it. Default 10 per hour. */
  declinesPerClient: Limit;
  /**
   * Declines of one card (as the gateway masks it on the order) after which every client that
   * tried it is refused. Default 5 per 24 hours.
   */
  declinesPerCard: Limit;
  /** Declines on one order after which its client is refused. Default 5. */
  declinesPerOrder: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const DEFAULT_VELOCITY_RULES: Readonly<VelocityRules> = {
  ordersPerClient: { max: 30, windowMs: 10 * MINUTE },
  declinesPerClient: { max: 10, windowMs: 60 * MINUTE },
  declinesPerCard: { max: 5, windowMs: DAY },
  declinesPerOrder: 5,
};

/** An agent keys many callers' orders; a card without its security code gets fewer guesses. */
export const DEFAULT_MOTO_RULES: Readonly<VelocityRules> = {
  ordersPerClient: { max: 120, windowMs: 10 * MINUTE },
  declinesPerClient: { max: 20, windowMs: 60 * MINUTE },
  declinesPerCard: { max: 3, windowMs: DAY },
  declinesPerOrder: 3,
};

export interface VelocityLimitsOptions extends Partial<VelocityRules> {
  /** Rules for MOTO sessions, over DEFAULT_MOTO_RULES. */
  moto?: Partial<VelocityRules>;
  /**
   * Where the counters live. Default in memory (one process); with several processes, the shared
   * one: `createRedisStores(redis).limits` from `gateway-checkout/server/redis`.
   */
  store?: LimitStore;
  /** The clock, in ms since the epoch. Default Date.now. */
  now?: () => number;
  /**
   * How many reverse proxies of your own stand in front of this server (as the webhook receiver's
   * option): with 1, the last X-Forwarded-For entry is the client. Default 0: the socket address.
   */
  trustProxy?: number;
  /**
   * How much of an IPv6 address is one client: its first `ipv6Prefix` bits. Default 64: a home line
   * or a server gets a whole /64, and a bot walks its addresses at no cost. 128 counts every address
   * apart; 48 or 56 counts a whole site's allocation as one.
   */
  ipv6Prefix?: number;
  /**
   * The merchant's own name for the customer (an account id, a cart id), counted besides the IP
   * address, so a bot rotating addresses on one account is still counted once.
   */
  clientKey?: (request: Request) => string | null | undefined | Promise<string | null | undefined>;
}

/** Who a session request counts against: `ip:<address>` and `key:<hash of the merchant's key>`. */
export type Clients = readonly string[];

/** A session refused by a velocity limit: HTTP 429 with Retry-After. */
export class VelocityLimitError extends Error {
  override readonly name = 'VelocityLimitError';
  readonly type = 'rate_limited';
  constructor(
    /** Which rule: `orders_per_client`, `declines_per_client`. */
    readonly rule: string,
    readonly retryAfterMs: number,
  ) {
    super(`velocity limit reached (${rule}); try again in ${Math.ceil(retryAfterMs / 1000)} s`);
  }
}

export interface VelocityLimits {
  /**
   * The clients a request counts against: its address as `clientAddress` reads it from the request
   * and what the host passed (`info`, or the socket address alone), by default the socket address
   * through `trustProxy` hops; and the merchant's `clientKey`. Empty when neither tells anything.
   */
  clientsOf(
    request: Request,
    info: HandlerInfo | string | undefined,
    clientAddress?: ClientAddress,
  ): Promise<Clients>;
  /** Whether the merchant names clients themselves (`clientKey`). */
  readonly keyed: boolean;
  /**
   * Before a new order: refuses (VelocityLimitError) clients blocked by declines, then counts the
   * order and refuses it past `ordersPerClient`.
   */
  admit(clients: Clients, moto: boolean): Promise<void>;
  /** Remembers whose order it is, so that its declines count against them. */
  bind(orderId: string, clients: Clients, moto: boolean): Promise<void>;
  /**
   * What the gateway says of an order (a status read, a confirmed webhook): every decline in the
   * order's history counts once against its clients, its card and the order itself, however many
   * came between two reads and however many reads race. True when this read counted declines that
   * bring the order to its allowed number (`declinesPerOrder`) or past it while it can still take a
   * card: it should be cancelled.
   */
  record(order: Order): Promise<boolean>;
}

/**
 * Records what the gateway says of an order and, when that was the order's last allowed decline,
 * cancels it at the gateway, so that its api_do_url takes no more cards.
 */
export async function recordAndRetire(
  limits: Pick<VelocityLimits, 'record'>,
  client: Pick<GatewayClient, 'orders'>,
  order: Order,
): Promise<void> {
  if (!(await limits.record(order))) return;
  try {
    await client.orders.cancel(order.id);
  } catch (error) {
    // Reads racing on one burst may both retire the order: the second finds it cancelled already.
    if ((await client.orders.get(order.id).catch(() => undefined))?.status !== 'cancelled') throw error;
  }
}

const sha = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/** How long an order's clients and counters are kept: as long as the order can still be paid. */
const ORDER_TTL = DAY;

export function createVelocityLimits(options: VelocityLimitsOptions = {}): VelocityLimits {
  const store = options.store ?? new MemoryLimitStore();
  const now = options.now ?? Date.now;
  const hops = options.trustProxy ?? 0;
  if (!Number.isInteger(hops) || hops < 0)
    throw new TypeError('createVelocityLimits: trustProxy is the number of proxy hops to trust (0, 1, 2…)');
  const prefix = options.ipv6Prefix ?? 64;
  if (!Number.isInteger(prefix) || prefix < 16 || prefix > 128)
    throw new TypeError(
      'createVelocityLimits: ipv6Prefix is a whole number of bits from 16 to 128 (default 64)',
    );
  const socket = clientAddressFrom.socket(hops);
  const {
    moto: motoRules,
    store: _store,
    now: _now,
    trustProxy: _hops,
    ipv6Prefix: _prefix,
    clientKey,
    ...own
  } = options;
  const rules: Record<'web' | 'moto', VelocityRules> = {
    web: checked({ ...DEFAULT_VELOCITY_RULES, ...own }),
    moto: checked({ ...DEFAULT_MOTO_RULES, ...motoRules }),
  };

  /** A client's counter under one rule: this window's key, the last one's, and where now lies. */
  const counter = (set: string, rule: string, subject: string, limit: Limit) => {
    const at = now();
    const index = Math.floor(at / limit.windowMs);
    const base = `${set}:${rule}:${subject}:`;
    return {
      key: `${base}${index}`,
      previous: `${base}${index - 1}`,
      // Kept while it still weighs on the next window.
      ttl: 2 * limit.windowMs,
      limit,
      elapsed: at - index * limit.windowMs,
    };
  };
  type Counter = ReturnType<typeof counter>;
  /** Adds `by` to this window's count and answers the sliding count. */
  const add = async (c: Counter, by: number) => {
    const [current, previous] = await Promise.all([
      store.increment(c.key, by, c.ttl),
      store.count(c.previous),
    ]);
    return { current, previous };
  };
  const read = async (c: Counter) => {
    const [current, previous] = await Promise.all([store.count(c.key), store.count(c.previous)]);
    return { current, previous };
  };
  const block = async (set: 'web' | 'moto', clients: Clients) => {
    const limit = rules[set].declinesPerClient;
    await Promise.all(clients.map((client) => add(counter(set, 'declines', client, limit), limit.max)));
  };

  return {
    keyed: clientKey !== undefined,

    async clientsOf(request, from, clientAddress) {
      const clients: string[] = [];
      const info = typeof from === 'string' ? { remoteAddress: from } : (from ?? {});
      const address = (clientAddress ?? socket)(request, info);
      if (address) clients.push(`ip:${clientNetwork(address, prefix)}`);
      const own = await clientKey?.(request);
      if (own) clients.push(`key:${sha(own)}`);
      return clients;
    },

    async admit(clients, moto) {
      const set = moto ? 'moto' : 'web';
      const { ordersPerClient, declinesPerClient } = rules[set];
      const declines = clients.map((client) => counter(set, 'declines', client, declinesPerClient));
      const orders = clients.map((client) => counter(set, 'orders', client, ordersPerClient));
      // All at once: on Redis they go out in one pipeline.
      const [declined, ordered] = await Promise.all([
        Promise.all(declines.map(read)),
        Promise.all(orders.map((c) => add(c, 1))),
      ]);
      // A refused request is no order: its count is taken back, so a customer who tries again
      // before the Retry-After is not kept waiting longer for it.
      const refuse = async (rule: string, wait: number) => {
        await Promise.all(orders.map((c) => add(c, -1)));
        throw new VelocityLimitError(rule, wait);
      };
      // Blocked while the declines reach the limit.
      const blocked = declines.findIndex((c, i) => sliding(c, declined[i]!) >= declinesPerClient.max);
      if (blocked >= 0) {
        const c = declines[blocked]!;
        await refuse('declines_per_client', waitBelow(c, declined[blocked]!, c.limit.max));
      }
      const over = orders.findIndex((c, i) => sliding(c, ordered[i]!) > ordersPerClient.max);
      if (over >= 0) {
        const c = orders[over]!;
        const { current, previous } = ordered[over]!;
        // The next order is let through once the count without it is at most max - 1.
        await refuse(
          'orders_per_client',
          waitBelow(c, { current: current - 1, previous }, c.limit.max - 1, true),
        );
      }
    },

    async bind(orderId, clients, moto) {
      await store.mark(`order:${orderId}`, JSON.stringify({ clients, moto }), ORDER_TTL);
    },

    async record(order) {
      const declines = declinesIn(order);
      if (declines === 0) return false;
      // The history says how many declines the order has had; the store, how many were counted.
      // Raising one to the other is one atomic step, so reads racing after a burst split the new
      // declines between them and each is counted exactly once.
      const fresh = await store.raise(`declined:${order.id}`, declines, ORDER_TTL);
      const payable = order.status === 'rejected' || order.status === 'issued';
      if (fresh === 0) return false;
      const { set, clients, rules: own } = await rulesOf(order);
      const { declinesPerClient, declinesPerCard, declinesPerOrder } = own;
      const card = cardOf(order);
      const cardCounter = card ? counter(set, 'card', card, declinesPerCard) : undefined;
      const [perCard] = await Promise.all([
        cardCounter ? add(cardCounter, fresh).then((count) => sliding(cardCounter, count)) : 0,
        ...clients.map((client) => add(counter(set, 'declines', client, declinesPerClient), fresh)),
      ]);
      if (declines >= declinesPerOrder || perCard >= declinesPerCard.max) await block(set, clients);
      return payable && declines >= declinesPerOrder;
    },
  };

  async function rulesOf(order: Order) {
    const bound = parseBinding(await store.read(`order:${order.id}`));
    const set: 'web' | 'moto' = (bound?.moto ?? order.is_moto) ? 'moto' : 'web';
    return { set, clients: bound?.clients ?? [], rules: rules[set] };
  }
}

interface Window {
  limit: Limit;
  elapsed: number;
}
interface Counts {
  current: number;
  previous: number;
}

/** The sliding count: this window's, plus the last one's share still within one window of now. */
function sliding(window: Window, counts: Counts): number {
  const { windowMs } = window.limit;
  return counts.current + counts.previous * ((windowMs - window.elapsed) / windowMs);
}

/**
 * How long until the sliding count, left alone, is at most `room` (`atMost`) or under it. Within
 * this window the last one's share decays; past it, this window's does.
 */
function waitBelow(window: Window, counts: Counts, room: number, atMost = false): number {
  const { windowMs } = window.limit;
  const fits = (count: number) => (atMost ? count <= room : count < room);
  const { current, previous } = counts;
  // In this window: previous * (1 - t / W) + current ≤ room.
  if (previous > 0 && fits(current)) {
    const t = windowMs * (1 - (room - current) / previous);
    if (t < windowMs) return Math.max(1, Math.ceil(t - window.elapsed) + (atMost ? 0 : 1));
  }
  // In the next: current * (1 - u / W) ≤ room.
  const u = current > 0 && !fits(0) ? windowMs : Math.max(0, windowMs * (1 - room / current));
  return Math.max(1, Math.ceil(windowMs - window.elapsed + u) + (atMost ? 0 : 1));
}

/**
 * How many declines an order has had: the `rejected` entries of its history. An order without a
 * history that says `rejected` has had one at least.
 */
function declinesIn(order: Order): number {
  const history = order.status_changes ?? [];
  const entries = history.filter((change) => change.new_status === 'rejected').length;
  return Math.max(entries, order.status === 'rejected' ? 1 : 0);
}

/**
 * The card as the gateway shows it on the order: its masked number (first six and last four
 * digits; a v0.6 order shows no expiry). Hashed, so the store holds nothing of the card. Cards
 * sharing both ends count together: stricter, never looser.
 */
function cardOf(order: Order): string | undefined {
  const masked = order.transaction_details?.card_masked_pan;
  return masked ? sha(`card|${masked}`) : undefined;
}

function parseBinding(text: string | undefined): { clients: string[]; moto: boolean } | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as { clients?: unknown; moto?: unknown };
    const clients = Array.isArray(value.clients)
      ? value.clients.filter((c): c is string => typeof c === 'string')
      : [];
    return { clients, moto: value.moto === true };
  } catch {
    return undefined;
  }
}

function checked(rules: VelocityRules): VelocityRules {
  const limits = {
    ordersPerClient: rules.ordersPerClient,
    declinesPerClient: rules.declinesPerClient,
    declinesPerCard: rules.declinesPerCard,
  };
  for (const [name, limit] of Object.entries(limits))
    if (
      !(
        Number.isInteger(limit?.max) &&
        limit.max >= 1 &&
        Number.isFinite(limit.windowMs) &&
        limit.windowMs >= 1000
      )
    )
      throw new TypeError(
        `createVelocityLimits: ${name} must be { max: a whole number ≥ 1, windowMs: at least 1000 }`,
      );
  if (!Number.isInteger(rules.declinesPerOrder) || rules.declinesPerOrder < 1)
    throw new TypeError('createVelocityLimits: declinesPerOrder must be a whole number ≥ 1');
  return rules;
}
