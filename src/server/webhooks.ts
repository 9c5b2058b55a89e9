import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import {
  CARD_CREATED,
  type Card,
  cardSchema,
  fieldIssues,
  type Order,
  type OrderEvent,
  orderSchema,
  WEBHOOK_VERSION,
} from '../protocol/index.ts';
import { BodyError, fail, json, parseJsonBody, readBody, TtlMap } from './respond.ts';

/**
 * What the merchant's callback receives. Any `order.*` kind is parsed as an order, also kinds newer
 * than our list (the public list is cut off). Other kinds are handed over as `unknown` with their
 * JSON body rather than dropped, so a new kind of event is never lost silently.
 */
export type GatewayWebhookEvent =
  | { type: typeof CARD_CREATED; card: Card; key: string }
  | { type: OrderEvent | `order.${string}`; order: Order; key: string }
  | { type: 'unknown'; event: string; body: unknown; key: string };

/** Remembers which events were handed over. Default in memory; share it across processes if needed. */
export interface DedupeStore {
  /** Marks the key as seen; false when it already was (atomic: Redis `SET key 1 NX PX ttl`). */
  add(key: string, ttlMs: number): Promise<boolean> | boolean;
  /** Forgets a key, so that a redelivery after a failed callback is processed again. */
  delete(key: string): Promise<void> | void;
}

export class MemoryDedupeStore implements DedupeStore {
  readonly #map: TtlMap<true>;
  constructor(now?: () => number) {
    this.#map = new TtlMap(now);
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

export interface WebhookHandlerOptions {
  onEvent: (event: GatewayWebhookEvent) => void | Promise<void>;
  /**
   * Source addresses allowed to deliver (the gateway's two static IPv4 addresses), or a function
   * returning the current list. `null`/absent turns the check off (the local sandbox). With a list,
   * a request whose address is unknown is refused: pass `info.remoteAddress` (the node adapter does).
   */
  allowedIps?: readonly string[] | (() => readonly string[]) | null;
  dedupe?: DedupeStore;
  /** How long a delivered event is remembered. Default 72 h. */
  dedupeTtlMs?: number;
  /**
   * How long the answer waits for the callback. Default 2000 ms. A callback that fails within it gets
   * a 500, so a gateway that redelivers on errors sends the event again; a slower callback keeps
   * running after a 200 and its failure only reaches `onError`. 0: answer first, always.
   */
  ackTimeoutMs?: number;
  maxBodyBytes?: number;
  /** Callback failures. Default console.error. */
  onError?: (error: unknown, event: GatewayWebhookEvent) => void;
}

export type WebhookHandler = (request: Request, info?: { remoteAddress?: string }) => Promise<Response>;

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is 1.2.3.4. */
export const normaliseIp = (address: string): string => {
  const trimmed = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
};

const METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The gateway's webhook receiver as a framework-neutral handler.
 *
 * Delivery semantics: at least once towards the callback, deduplicated. The spec gives no event id,
 * so the key is derived: `card.created:<card id>`, `<kind>:<order id>:<status>:<modified>` (a body
 * hash when `modified` is absent, e.g. two partial refunds), `<kind>:<body hash>` otherwise. A key is
 * marked before the callback runs (so a concurrent redelivery is not handed over twice) and forgotten
 * when the callback fails, so the next delivery of that event is handed over again.
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  const dedupe = options.dedupe ?? new MemoryDedupeStore();
  const ttl = options.dedupeTtlMs ?? 72 * 60 * 60 * 1000;
  const ackTimeout = options.ackTimeoutMs ?? 2000;
  const maxBody = options.maxBodyBytes ?? 1024 * 1024;
  const onError =
    options.onError ??
    ((error: unknown, event: GatewayWebhookEvent) => console.error('webhook', event.key, error));

  const allowed = (remote: string | undefined): boolean => {
    const list = typeof options.allowedIps === 'function' ? options.allowedIps() : options.allowedIps;
    if (list == null) return true;
    if (!remote || !isIP(normaliseIp(remote))) return false;
    const ip = normaliseIp(remote);
    return list.some((entry) => normaliseIp(entry) === ip);
  };

  return async (request, info = {}) => {
    if (!allowed(info.remoteAddress)) return fail(403, 'forbidden', 'source address not allowed');
    if (!METHODS.has(request.method))
      return fail(405, 'method_not_allowed', 'webhooks are POST, PUT, PATCH or DELETE', undefined, {
        Allow: [...METHODS].join(', '),
      });
    const version = request.headers.get('x-webhook-version');
    if (version !== WEBHOOK_VERSION)
      return fail(400, 'unsupported_version', `X-Webhook-Version must be ${WEBHOOK_VERSION}`);
    const kind = request.headers.get('x-webhook-event')?.trim();
    if (!kind) return fail(400, 'invalid_event', 'X-Webhook-Event is missing');

    let raw: unknown;
    let text: string;
    try {
      text = await readBody(request, maxBody);
      raw = parseJsonBody(text);
    } catch (error) {
      if (error instanceof BodyError) return fail(error.status, error.type, error.message);
      throw error;
    }
    const hash = createHash('sha256').update(text).digest('base64url');

    let event: GatewayWebhookEvent;
    if (kind === CARD_CREATED) {
      const card = cardSchema.safeParse(raw);
      if (!card.success) return fail(400, 'invalid_body', 'not a Card', fieldIssues(card.error));
      event = { type: CARD_CREATED, card: card.data, key: `${kind}:${card.data.id}` };
    } else if (kind.startsWith('order.')) {
      const order = orderSchema.safeParse(raw);
      if (!order.success) return fail(400, 'invalid_body', 'not an order', fieldIssues(order.error));
      const o = order.data;
      const key = `${kind}:${o.id}:${o.status}:${o.modified ?? hash}`;
      event = { type: kind as OrderEvent, order: o, key };
    } else {
      event = { type: 'unknown', event: kind, body: raw, key: `${kind}:${hash}` };
    }

    if (!(await dedupe.add(event.key, ttl))) return json(200, { received: true, duplicate: true });

    // The callback starts only now that the answer is decided; it is awaited for ackTimeoutMs at most.
    const run = (async () => options.onEvent(event))().then(
      () => ({ ok: true as const }),
      async (error: unknown) => {
        await Promise.resolve(dedupe.delete(event.key)).catch(() => {});
        onError(error, event);
        return { ok: false as const };
      },
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), ackTimeout);
    });
    const result = await Promise.race([run, timeout]);
    clearTimeout(timer);
    if (result !== 'late' && !result.ok)
      return fail(500, 'callback_failed', 'the event could not be processed; deliver it again');
    return json(200, { received: true });
  };
}
