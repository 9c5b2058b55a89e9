import {
  CARD_CREATED,
  type Card,
  cardSchema,
  fieldIssues,
  type Order,
  type OrderEvent,
  orderSchema,
  outcomeOf,
  WEBHOOK_VERSION,
} from '../protocol/index.ts';
import type { GatewayClient } from './client.ts';
import { ADDRESS_FIX, type ClientAddress, type HandlerInfo, hostOf } from './client-address.ts';
import { GatewayError } from './errors.ts';
import { recordAndRetire, type VelocityLimits } from './limits.ts';
import { BodyError, fail, json, parseJsonBody, readBody } from './respond.ts';
import { type DedupeStore, MemoryDedupeStore } from './stores.ts';
import { judgeDelivery, sha256 } from './webhook-identity.ts';
import { sourceCheck } from './webhook-source.ts';

export {
  type ClientAddress,
  clientAddressFrom,
  type HandlerInfo,
  normaliseIp,
  sourceAddress,
} from './client-address.ts';

/**
 * What the merchant's callback receives. Any `order.*` kind is parsed as an order, also kinds newer
 * than our list (the public list is cut off). Other kinds are handed over as `unknown` with their
 * JSON body rather than dropped, so a new kind of event is never lost silently.
 *
 * Every `order.*` kind is read back from the gateway (GET /orders/{id}/ with the secret key) and
 * `order` is always the gateway's own view then; nothing of the posted body is passed on.
 * `confirmed: true`: the gateway's history holds the state the delivery reports, and the kind fits
 * it. `confirmed: false` with the gateway's view: the delivery reports a state the gateway never
 * recorded (a forged `order.canceled` for a paid order arrives so, with `order.status` `paid`).
 * `type` is the kind the delivery named: it says why you are called; act on `order.status`.
 * `confirmed: false` is also everything that cannot be read back (card.created, unknown kinds) or
 * is not (`insecureSkipConfirmation`): the body as posted, trusted only as far as the source address.
 */
export type GatewayWebhookEvent =
  | { type: typeof CARD_CREATED; card: Card; key: string; confirmed: false }
  | { type: OrderEvent | `order.${string}`; order: Order; key: string; confirmed: boolean }
  | { type: 'unknown'; event: string; body: unknown; key: string; confirmed: false };

export interface WebhookHandlerOptions {
  onEvent: (event: GatewayWebhookEvent) => void | Promise<void>;
  /**
   * Source addresses allowed to deliver (the gateway's two static IPv4 addresses; `["127.0.0.1",
   * "::1"]` for the local sandbox), or a function returning the current list. Required: without it
   * (and without `insecureAllowAnySource`) the receiver cannot be created. A request whose address
   * is unknown is refused: pass `info.remoteAddress` (the node adapter does), or on a host without
   * sockets give `clientAddress`.
   */
  allowedIps?: readonly string[] | (() => readonly string[]) | null;
  /**
   * Where a delivery came from on a host that gives no socket address (Next.js route handlers,
   * Cloudflare Workers, Deno, Bun): `clientAddressFrom.vercel`, `.cloudflare`, `.header(name)` for
   * your own proxy's header, `.forwardedFor(hops)`, or a function of your own. Replaces the socket
   * address and `trustProxy`.
   */
  clientAddress?: ClientAddress;
  /** Local development only: accept deliveries from any address. Never in production. */
  insecureAllowAnySource?: boolean;
  /**
   * How many reverse proxies of your own stand in front of this server (Express's `trust proxy`
   * hop count). With 1, the last X-Forwarded-For entry is the source; with 0 (default) the header
   * is ignored and the socket address is the source.
   */
  trustProxy?: number;
  /**
   * Reads each order event's order back from the gateway (GET /orders/{id}/ with the secret key)
   * and hands the callback that view. Required unless `insecureSkipConfirmation`.
   */
  client?: GatewayClient;
  /** Hand over order events as posted, unconfirmed. Only for a gateway the server cannot reach. */
  insecureSkipConfirmation?: boolean;
  dedupe?: DedupeStore;
  /**
   * The checkout handler's velocity limits (`checkout.limits`, or the `createVelocityLimits` both
   * were given): a confirmed decline counts against its client and card even when nobody reads the
   * order's status, as a bot paying at api_do_url does not; an order's last allowed decline cancels
   * it at the gateway.
   */
  limits?: Pick<VelocityLimits, 'record'>;
  /** How long a delivered event is remembered. Default 72 h. */
  dedupeTtlMs?: number;
  /**
   * How long the answer waits for the callback. Default 2000 ms. A callback that fails within it gets
   * a 500, so a gateway that redelivers on errors sends the event again; a slower callback keeps
   * running after a 200 and its failure only reaches `onError`. 0: answer first, always.
   */
  ackTimeoutMs?: number;
  maxBodyBytes?: number;
  /**
   * Callback failures (with their event), confirmations that failed (the gateway could not be
   * read) and requests the node adapter refused. Default console.error.
   */
  onError?: (error: unknown, event?: GatewayWebhookEvent) => void;
}

/**
 * A Fetch handler: `(request, info?) => Promise<Response>`. `info` takes whatever the host passes as
 * its second argument (the node adapter's socket address, Next.js's `{ params }`), so
 * `export const POST = webhooks` is a valid Next.js route.
 */
export type WebhookHandler = ((request: Request, info?: HandlerInfo) => Promise<Response>) & {
  /** Where the node adapter reports what it refuses before the handler runs. */
  reportError: (error: unknown) => void;
};

const METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** `order.payment_success`, `card.created`: lower-case words joined by dots. */
const KIND = /^[a-z][a-z0-9_]{0,40}(?:\.[a-z][a-z0-9_]{0,40}){1,3}$/;
/** What an order id looks like before it is put into a gateway path. */
const ORDER_ID = /^[\w.:-]{1,128}$/;
/** Gateway ids are short; a longer one is no id, and would only weigh on the de-duplication store. */
const MAX_ID_LENGTH = 128;
/**
 * Kinds that announce money taken. Handed over only when the gateway's view agrees (held, paid or
 * later); otherwise 409, so a genuine delivery that outran the gateway's own state is sent again.
 */
const MONEY_TAKEN = new Set(['order.payment_success', 'order.hold']);
const moneyNotTaken = (order: Order) => outcomeOf(order.status) === 'pending' || order.status === 'rejected';

const unknownSource = (request: Request, info: HandlerInfo) =>
  'createWebhookHandler: a delivery came without a source address, so it was refused (every ' +
  `delivery will be, until the receiver can tell where they come from). Fix: ${ADDRESS_FIX[hostOf(request, info)]}.`;

/** The Card's own fields, in a fixed order: extra fields or another order of keys are the same card. */
const cardKey = (card: Card) =>
  `${CARD_CREATED}:${card.id}:${sha256(
    JSON.stringify(Object.keys(cardSchema.shape).map((name) => card[name as keyof Card] ?? null)),
  )}`;

class Refusal {
  constructor(readonly response: Response) {}
}

/**
 * The gateway's webhook receiver as a framework-neutral handler.
 *
 * Forging is made useless three ways. Sources: only allow-listed addresses (fails closed), read
 * through your own proxies only as far as `trustProxy` says. Confirmation: an order event is only
 * a prompt to read the order back from the gateway with the secret key; the callback gets that
 * view, never the posted body; an event announcing money (payment_success, hold) that the gateway
 * does not confirm is refused, any other is handed over as `confirmed: false`. De-duplication: on
 * the delivery's identity (kind, order, the last `status_changes` entry and its place, the refunded
 * amount; see webhook-identity.ts), so 300 declines of one order are 300 events, a redelivery is
 * caught, and an unconfirmed delivery is keyed on its whole body apart from confirmed ones, so a
 * forgery can neither invent a state nor make the genuine delivery look like a duplicate.
 * card.created cannot be confirmed (v0.6 has no GET for cards or clients): it is handed over with
 * `confirmed: false` and de-duplicated on its card id and fields, so a forged variant never hides
 * the genuine one. Ids longer than 128 characters are refused (400).
 *
 * Delivery semantics: at least once towards the callback. A key is marked before the callback runs
 * (so a concurrent redelivery is not handed over twice) and forgotten when the callback fails, so
 * the next delivery of that event is handed over again.
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  const allowed = sourceCheck(options);
  const client = options.client;
  if (!client && !options.insecureSkipConfirmation)
    throw new TypeError(
      'createWebhookHandler: client (a GatewayClient) is required to confirm order events with the gateway; ' +
        'only where the gateway cannot be reached: insecureSkipConfirmation: true',
    );
  const dedupe = options.dedupe ?? new MemoryDedupeStore();
  const ttl = options.dedupeTtlMs ?? 72 * 60 * 60 * 1000;
  const ackTimeout = options.ackTimeoutMs ?? 2000;
  const maxBody = options.maxBodyBytes ?? 1024 * 1024;
  const onError =
    options.onError ??
    ((error: unknown, event?: GatewayWebhookEvent) => console.error('webhook', event?.key ?? '', error));

  /** The gateway's view of the order a delivery names, or the answer that refuses the delivery. */
  async function readBack(kind: string, posted: Order): Promise<Order> {
    if (!ORDER_ID.test(posted.id)) throw new Refusal(fail(400, 'invalid_body', 'id: is not an order id'));
    let order: Order;
    try {
      order = await client!.orders.get(posted.id);
    } catch (error) {
      if (error instanceof GatewayError && error.type === 'not_found')
        throw new Refusal(fail(404, 'unknown_order', 'the gateway does not know this order'));
      onError(error);
      throw new Refusal(
        fail(
          503,
          'confirmation_failed',
          'the order could not be read from the gateway; deliver again',
          undefined,
          {
            'Retry-After': '30',
          },
        ),
      );
    }
    if (order.id !== posted.id)
      throw new Refusal(fail(502, 'confirmation_failed', 'the gateway answered another order'));
    if (MONEY_TAKEN.has(kind) && moneyNotTaken(order))
      throw new Refusal(
        fail(
          409,
          'not_confirmed',
          `the gateway does not confirm ${kind} for this order (status ${order.status})`,
        ),
      );
    return order;
  }

  async function eventOf(kind: string, text: string, raw: unknown): Promise<GatewayWebhookEvent> {
    if (kind === CARD_CREATED) {
      const card = cardSchema.safeParse(raw);
      if (!card.success) throw new Refusal(fail(400, 'invalid_body', 'not a Card', fieldIssues(card.error)));
      if (card.data.id.length > MAX_ID_LENGTH)
        throw new Refusal(fail(400, 'invalid_body', `id: must be at most ${MAX_ID_LENGTH} characters`));
      return { type: CARD_CREATED, card: card.data, key: cardKey(card.data), confirmed: false };
    }
    if (kind.startsWith('order.')) {
      const posted = orderSchema.safeParse(raw);
      if (!posted.success)
        throw new Refusal(fail(400, 'invalid_body', 'not an order', fieldIssues(posted.error)));
      const type = kind as OrderEvent;
      if (options.insecureSkipConfirmation) {
        // Unconfirmed: the key covers the whole body, so a forged variant never shadows the genuine one.
        return {
          type,
          order: posted.data,
          key: `${kind}:${posted.data.id}:${sha256(text)}`,
          confirmed: false,
        };
      }
      const order = await readBack(kind, posted.data);
      const verdict = judgeDelivery(kind, posted.data, order, text);
      // Read back, so `client` is there. A decline counts; an order's last allowed one cancels it.
      if (verdict.confirmed && options.limits)
        await recordAndRetire(options.limits, client!, order).catch((error: unknown) => onError(error));
      return { type, order, key: verdict.key, confirmed: verdict.confirmed };
    }
    if (!raw || typeof raw !== 'object' || Array.isArray(raw))
      throw new Refusal(fail(400, 'invalid_body', 'the body must be a JSON object'));
    return { type: 'unknown', event: kind, body: raw, key: `${kind}:${sha256(text)}`, confirmed: false };
  }

  let reportedUnknownSource = false;
  const handler = async (request: Request, info: HandlerInfo = {}) => {
    const source = allowed(request, info);
    if (source === 'unknown') {
      // Every delivery would be refused the same way: say what to set, once, not per delivery.
      if (!reportedUnknownSource) {
        reportedUnknownSource = true;
        onError(new TypeError(unknownSource(request, info)));
      }
      return fail(403, 'forbidden', 'source address unknown');
    }
    if (source === 'denied') return fail(403, 'forbidden', 'source address not allowed');
    if (!METHODS.has(request.method))
      return fail(405, 'method_not_allowed', 'webhooks are POST, PUT, PATCH or DELETE', undefined, {
        Allow: [...METHODS].join(', '),
      });
    const version = request.headers.get('x-webhook-version');
    if (version !== WEBHOOK_VERSION)
      return fail(400, 'unsupported_version', `X-Webhook-Version must be ${WEBHOOK_VERSION}`);
    const kind = request.headers.get('x-webhook-event')?.trim() ?? '';
    if (!kind) return fail(400, 'invalid_event', 'X-Webhook-Event is missing');
    if (!KIND.test(kind))
      return fail(400, 'invalid_event', 'X-Webhook-Event must be a kind such as order.payment_success');

    let event: GatewayWebhookEvent;
    try {
      const text = await readBody(request, maxBody);
      event = await eventOf(kind, text, parseJsonBody(text));
    } catch (error) {
      if (error instanceof BodyError) return fail(error.status, error.type, error.message);
      if (error instanceof Refusal) return error.response;
      throw error;
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
  return Object.assign(handler, { reportError: (error: unknown) => onError(error) });
}
