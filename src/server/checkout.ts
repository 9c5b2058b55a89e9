import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type CheckoutConfig,
  type CheckoutSession,
  type CheckoutSessionRequest,
  checkoutConfigSchema,
  checkoutSessionRequestSchema,
  checkoutSessionSchema,
  checkoutStatusOf,
  fieldIssues,
  type Order,
  type OrderRequest,
  type OrderRuleOptions,
} from '../protocol/index.ts';
import { CardDataDepthError, findCardData, textHasCardNumber } from './card-data.ts';
import { CardDataInOrderError, findCardDataInOrder, findCardDataInRequest } from './card-data-request.ts';
import type { GatewayClient } from './client.ts';
import { ADDRESS_FIX, type ClientAddress, type HandlerInfo, hostOf } from './client-address.ts';
import { corsOrigins, withCors } from './cors.ts';
import { GatewayError, GatewayInvalidResponseError } from './errors.ts';
import { createGate, type GateOptions, gateRefusal } from './gate.ts';
import { createSessionKeeper, InProgress, Mismatch, newReference } from './idempotency.ts';
import { recordAndRetire, type VelocityLimits } from './limits.ts';
import { CheckoutMisconfiguredError, MISCONFIGURED_MESSAGE, misconfigurationOf } from './misconfiguration.ts';
import { BodyError, fail, json, parseJsonBody, readBody } from './respond.ts';
import {
  checkAgainstConfig,
  describeFields,
  mergeOrder,
  typedEmailSaving,
  unshownHold,
  withoutOwnFields,
} from './session-request.ts';
import { MemorySessionStore, type SessionStore } from './stores.ts';
import { visitorOf } from './visitor.ts';

export { mergeOrder } from './session-request.ts';

/** An order as the merchant builds it from its cart; client.email may come from the browser. */
export type OrderDraft = Partial<OrderRequest>;

export interface BuildOrderContext {
  request: Request;
  /** What the browser sent, validated (no card data). */
  session: CheckoutSessionRequest;
  config: CheckoutConfig;
}

export interface CheckoutHandlerOptions extends GateOptions {
  client: GatewayClient;
  /** What this customer's checkout charges and shows, from the merchant's own cart. */
  config: (request: Request) => CheckoutConfig | Promise<CheckoutConfig>;
  /**
   * The order for this cart. The handler then sets client.email (when collected), the billing address
   * fields, setup_future_use from the consent, is_moto, and currency/language when absent.
   */
  buildOrder: (context: BuildOrderContext) => OrderDraft | Promise<OrderDraft>;
  /** Address of the status route; default: the session route's path with `status` for `session`. */
  statusUrl?: (orderId: string, token: string) => string;
  /**
   * Key of the status tokens. Default: random per process, so tokens do not survive a restart and
   * are not shared between processes; give every process the same secret when that matters.
   */
  secret?: string | Uint8Array;
  /**
   * How long a status address answers. Default 1 h: the element asks right after the payment (and
   * a 3-D Secure challenge); a replayed session request gets a fresh address.
   */
  statusTokenTtlMs?: number;
  /** The clock, in ms since the epoch (tests). Default Date.now. */
  now?: () => number;
  /**
   * Idempotency keys. Default in memory (one process); with several processes behind a load
   * balancer, a shared one (`createRedisStores` from `gateway-checkout/server/redis`).
   */
  store?: SessionStore;
  /** How long an idempotency key returns its session. Default 24 h. */
  idempotencyTtlMs?: number;
  /**
   * How long a request waits for a creation of the same key under way in another process before
   * answering 409 (in this process, duplicates share one creation). Default 5000 ms.
   */
  inProgressWaitMs?: number;
  /**
   * After an order creation whose answer was lost, how many pages of `GET /orders/` (newest first)
   * are searched for the attempt's order, found by its `number`. Default 5.
   */
  orderSearchPages?: number;
  /** Default 16 KiB: a session request is a few hundred bytes. */
  maxBodyBytes?: number;
  /** Merged over the client's orderRules; AVS is also turned on when the config asks for it. */
  orderRules?: OrderRuleOptions;
  /** Unexpected failures (the browser only gets a generic message). Default console.error. */
  onError?: (error: unknown) => void;
  /**
   * Who the visitor is, for binding idempotency keys: your own session or account id. Default: a
   * random secret the handler keeps in an HttpOnly, SameSite=Lax cookie scoped to its routes.
   */
  visitor?: (request: Request) => string | null | undefined | Promise<string | null | undefined>;
  /**
   * The origins of your isolated card fields (`fields-origin`, exact, e.g.
   * `['https://pay.shop.example']`): they ask this endpoint for the order they pay themselves, so
   * it answers them with credentialed CORS (preflight included). Every other origin gets none.
   */
  fieldsOrigins?: readonly string[];
  /**
   * Where a customer's request came from, for the velocity limits, as the webhook receiver's
   * option: by default the socket address the node adapter passes (through `limits.trustProxy`
   * hops). Hosts without one need a reader: `clientAddressFrom.vercel`, `.cloudflare`,
   * `.forwardedFor(hops)`, `.header(name)`, `.socket()` (Hono given `c.env`), or your own.
   * When neither this nor `limits.clientKey` tells who a customer is, sessions are refused (500
   * `misconfigured`, the fix for your host in the log once): limits that count nobody stop nobody.
   */
  clientAddress?: ClientAddress;
  /**
   * Takes sessions from clients it cannot tell apart, uncounted by the per-client limits (the
   * per-order and per-card ones still count). Only where something in front of this server limits
   * clients already; logged once when it first happens.
   */
  insecureAllowUnknownClients?: boolean;
  /**
   * Request headers of yours that carry what the browser chose (`['x-cart-note']`): read for card
   * data as the body, the query and the path are. Default none.
   */
  cardDataHeaders?: readonly string[];
  /**
   * Saving a card (a consent scenario, or `save.method: 'merchant'`) to a client e-mail typed in the
   * page, where `buildOrder` set none: a guest's saved card. Default false: such an order is refused
   * as a misconfiguration, because any script of the page can type its own e-mail there. Save cards
   * to the signed-in customer your server knows (`client.email` in `buildOrder`).
   */
  saveToTypedEmail?: boolean;
}

/**
 * The session endpoint cannot tell who a customer is: no address (the host passed none, and no
 * `clientAddress` reads one) and no `clientKey`. Every session is refused until that is fixed.
 */
export class ClientUnknownError extends Error {
  override readonly name = 'ClientUnknownError';
  readonly type = 'misconfigured';
  constructor(fix: string, keyed: boolean) {
    super(
      `createCheckoutHandler: a session request came with no client address${
        keyed ? ' and clientKey named no one' : ''
      }, so it was refused: velocity limits that cannot tell clients apart count nothing. Fix: ${fix}. ` +
        'Only if something in front of this server limits clients already: insecureAllowUnknownClients: true.',
    );
  }
}

/**
 * A Fetch handler. `info` takes what the host passes beside the request: the node adapter's socket
 * address (for the velocity limits), or Next.js's `{ params }`, so `export const POST = checkout` is
 * a valid Next.js route.
 */
export type CheckoutHandler = ((request: Request, info?: HandlerInfo) => Promise<Response>) & {
  /** GET config / POST create, for routers that dispatch themselves. */
  session: (request: Request, info?: HandlerInfo) => Promise<Response>;
  status: (request: Request, info?: HandlerInfo) => Promise<Response>;
  /** A token the status route accepts for an order, valid for `statusTokenTtlMs` from now. */
  statusToken: (orderId: string) => string;
  /** Where the node adapter reports what it refuses before the handler runs (the `onError` option). */
  reportError: (error: unknown) => void;
  /** The velocity limits in force; give them to `createWebhookHandler({ limits })` too. */
  limits: VelocityLimits;
};

const CARD_DATA_MESSAGE =
  'card data must never be sent to the merchant server: the element posts it to the order’s api_do_url only; ' +
  'send only the e-mail, billing address and save consent here';

/**
 * The checkout-session endpoint of the elements, as a framework-neutral handler. Mounted at e.g.
 * `/checkout/*`, it answers `GET …/session` (config), `POST …/session` (create the order) and
 * `GET …/status?order=&token=` (the order's verified status).
 */
export function createCheckoutHandler(options: CheckoutHandlerOptions): CheckoutHandler {
  const secret = options.secret ?? randomBytes(32);
  const store = options.store ?? new MemorySessionStore();
  const ttl = options.idempotencyTtlMs ?? 24 * 60 * 60 * 1000;
  const maxBody = options.maxBodyBytes ?? 16 * 1024;
  const onError = options.onError ?? ((error: unknown) => console.error('gateway-checkout:', error));
  // Creations in progress in this process: concurrent duplicates share one promise, hence one order.
  const inflight = new Map<string, { fingerprint: string; promise: Promise<CheckoutSession> }>();

  const now = options.now ?? Date.now;
  const ownLimits = options.limits as { trustProxy?: number; admit?: unknown } | undefined;
  if (options.clientAddress && ownLimits?.trustProxy !== undefined && typeof ownLimits.admit !== 'function')
    throw new TypeError(
      'createCheckoutHandler: give limits.trustProxy (with a socket address) or clientAddress, not both',
    );
  const gate = createGate(options);
  const limits = gate.limits;
  const tokenTtl = options.statusTokenTtlMs ?? 60 * 60 * 1000;

  // `<expiry, seconds, base 36>.<HMAC of order id and expiry>`: the expiry is signed, so it cannot be
  // pushed back, and the order id is signed, so a token opens one order only.
  const sign = (orderId: string, expires: string) =>
    createHmac('sha256', secret).update(`status:${orderId}:${expires}`).digest('base64url');
  const statusToken = (orderId: string) => {
    const expires = Math.ceil((now() + tokenTtl) / 1000).toString(36);
    return `${expires}.${sign(orderId, expires)}`;
  };

  const checkToken = (orderId: string, token: string): 'ok' | 'invalid' | 'expired' => {
    const match = /^([0-9a-z]{1,10})\.([\w-]{43})$/.exec(token);
    if (!match) return 'invalid';
    const [, expires, mac] = match as unknown as [string, string, string];
    const expected = Buffer.from(sign(orderId, expires));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number.parseInt(expires, 36) * 1000 > now() ? 'ok' : 'expired';
  };

  const loadConfig = async (request: Request): Promise<CheckoutConfig> =>
    checkoutConfigSchema.parse(await options.config(request));

  const statusUrlOf = (request: Request, orderId: string) => {
    const token = statusToken(orderId);
    if (options.statusUrl) return options.statusUrl(orderId, token);
    const path = new URL(request.url).pathname.replace(/\/session\/?$/, '/status');
    return `${path}?order=${encodeURIComponent(orderId)}&token=${encodeURIComponent(token)}`;
  };

  const obtain = createSessionKeeper({
    store,
    client: options.client,
    ttlMs: ttl,
    waitMs: options.inProgressWaitMs ?? 5000,
    searchPages: options.orderSearchPages ?? 5,
  });

  /**
   * The order of one attempt, under a merchant reference that finds it again if the answer is lost.
   * Runs only when an order is really to be created: the bot check and the limits count it here.
   */
  async function prepare(
    request: Request,
    body: CheckoutSessionRequest,
    config: CheckoutConfig,
    clients: readonly string[],
  ) {
    await gate.admit(request, body.verification, clients, config.moto);
    const draft = await options.buildOrder({ request, session: body, config });
    const order = mergeOrder(draft, body, config);
    // The merchant's order may carry what the browser sent by another way (a reference in a title):
    // card data in it is refused here, before anything is sent to the gateway.
    const inOrder = findCardDataInOrder(order);
    if (inOrder) throw new CardDataInOrderError(inOrder);
    const unshown = [
      options.saveToTypedEmail ? null : typedEmailSaving(draft, order, config),
      unshownHold(order, config),
    ].filter((issue) => issue !== null);
    if (unshown.length) throw new CheckoutMisconfiguredError(unshown);
    const reference = order.number || newReference();
    const rules = { ...options.orderRules, ...(config.avs === 'off' ? {} : { avsEnabled: true }) };
    return {
      reference,
      send: async () => {
        const created = await options.client.orders.create({ ...order, number: reference }, rules);
        // Its declines count against whoever asked for it.
        await limits.bind(created.id, clients, config.moto).catch(onError);
        return created;
      },
    };
  }

  function sessionOf(request: Request, order: Order, config: CheckoutConfig) {
    const session = checkoutSessionSchema.safeParse({
      order_id: order.id,
      api_do_url: order.api_do_url,
      status_url: statusUrlOf(request, order.id),
      amount: order.total ?? config.amount,
      currency: order.currency?.toUpperCase() ?? config.currency,
      language: config.language,
      avs: config.avs,
      save: config.save,
      moto: config.moto,
      two_step: config.two_step === true,
      iframe_checkout: order.iframe_checkout ?? null,
      full_page_checkout: order.full_page_checkout ?? null,
    });
    if (!session.success)
      throw new GatewayInvalidResponseError(
        `the order ${order.id} lacks what the element needs (api_do_url, currency)`,
        {
          issues: fieldIssues(session.error),
        },
      );
    return session.data;
  }

  async function postSession(request: Request, info: HandlerInfo): Promise<Response> {
    const type = request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type))
      return fail(415, 'unsupported_media_type', 'send the session request as application/json');
    const text = await readBody(request, maxBody);
    let raw: unknown;
    try {
      raw = parseJsonBody(text);
    } catch (error) {
      // Not even JSON: card data in it is still named as such, never echoed.
      if (textHasCardNumber(text)) return fail(400, 'card_data_refused', CARD_DATA_MESSAGE);
      throw error;
    }
    const where = findCardData(withoutOwnFields(raw));
    if (where) return fail(400, 'card_data_refused', `${CARD_DATA_MESSAGE} (refused: ${where})`);

    const parsed = checkoutSessionRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const fields = fieldIssues(parsed.error);
      return fail(400, 'invalid_request', describeFields('the session request is invalid', fields), fields);
    }
    const body = parsed.data;
    const config = await loadConfig(request);
    const fields = checkAgainstConfig(body, config);
    if (fields.length)
      return fail(
        400,
        'invalid_request',
        describeFields('the session request is incomplete', fields),
        fields,
      );

    await gate.checkMoto(request, config);
    const clients = await limits.clientsOf(request, info, options.clientAddress);
    if (!clients.length) {
      if (!options.insecureAllowUnknownClients)
        throw new ClientUnknownError(ADDRESS_FIX[hostOf(request, info)], limits.keyed);
      if (!reported.has('unknown-client')) {
        reported.add('unknown-client');
        onError(
          new Error(
            'createCheckoutHandler: a session from a client it cannot tell apart was taken, uncounted by ' +
              'the per-client limits, as insecureAllowUnknownClients says',
          ),
        );
      }
    }
    const visitor = await visitorOf(request, ttl, options.visitor);

    const key = body.idempotency_key;
    // The key is bound to its visitor: someone else's request with the same key and body differs
    // here, and gets 409. The bot-check token is left out: a retry may carry a fresh one.
    const { verification: _token, ...request_ } = body;
    const fingerprint = createHash('sha256')
      .update(`${visitor.id}\n${JSON.stringify(request_)}`)
      .digest('base64url');
    let entry = inflight.get(key);
    if (!entry) {
      const promise = obtain({
        key,
        fingerprint,
        prepare: () => prepare(request, body, config, clients),
        toSession: (order) => sessionOf(request, order, config),
      }).then((stored) => {
        if (stored.fingerprint !== fingerprint) throw new Mismatch();
        return stored.session;
      });
      const current = { fingerprint, promise };
      inflight.set(key, current);
      const forget = () => inflight.delete(key);
      promise.then(forget, forget);
      entry = current;
    }
    if (entry.fingerprint !== fingerprint) throw new Mismatch();
    const created = await entry.promise.catch((error: unknown) => {
      throw misconfigurationOf(error, config) ?? error;
    });
    // A replay may come hours later: its status address must still answer.
    const headers: Record<string, string> = visitor.setCookie ? { 'Set-Cookie': visitor.setCookie } : {};
    return json(200, { ...created, status_url: statusUrlOf(request, created.order_id) }, headers);
  }

  async function getStatus(request: Request): Promise<Response> {
    const query = new URL(request.url).searchParams;
    const orderId = query.get('order') ?? '';
    const token = query.get('token') ?? '';
    const verdict = orderId && token ? checkToken(orderId, token) : 'invalid';
    if (verdict === 'expired')
      return fail(403, 'status_url_expired', 'this status address has expired; ask the shop for the order');
    if (verdict !== 'ok') return fail(403, 'forbidden', 'this status address is not valid for that order');
    const order = await options.client.orders.get(orderId);
    // A decline counts against the client, the card and the order (once, however often it is read);
    // the order's last allowed one cancels it at the gateway.
    await recordAndRetire(limits, options.client, order).catch(onError);
    const status = checkoutStatusOf(order);
    return json(200, status);
  }

  // A misconfiguration repeats on every payment: the log says it once per kind, not per customer.
  const reported = new Set<string>();
  const guard =
    (run: (request: Request, info: HandlerInfo) => Promise<Response>) =>
    async (request: Request, info: HandlerInfo = {}): Promise<Response> => {
      try {
        return await run(request, info);
      } catch (error) {
        if (error instanceof CheckoutMisconfiguredError || error instanceof ClientUnknownError) {
          if (!reported.has(error.message)) {
            reported.add(error.message);
            onError(error);
          }
          return fail(500, error.type, MISCONFIGURED_MESSAGE);
        }
        return errorResponse(error, onError);
      }
    };

  const session = guard(async (request, info) => {
    // The address and the merchant's named headers first: a card number in them is refused whatever
    // the method, before the merchant's own code reads them.
    const inRequest = findCardDataInRequest(request, options.cardDataHeaders);
    if (inRequest) return fail(400, 'card_data_refused', `${CARD_DATA_MESSAGE} (refused: ${inRequest})`);
    if (request.method === 'GET' || request.method === 'HEAD') {
      // The visitor's cookie is set before the first POST, so a retried POST carries it.
      const visitor = await visitorOf(request, ttl, options.visitor);
      const headers: Record<string, string> = visitor.setCookie ? { 'Set-Cookie': visitor.setCookie } : {};
      return json(200, await loadConfig(request), headers);
    }
    if (request.method === 'POST') return postSession(request, info);
    return fail(405, 'method_not_allowed', 'use GET or POST', undefined, { Allow: 'GET, POST' });
  });
  const status = guard(async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return getStatus(request);
    return fail(405, 'method_not_allowed', 'use GET', undefined, { Allow: 'GET' });
  });

  const cors = corsOrigins('createCheckoutHandler: fieldsOrigins', options.fieldsOrigins);
  const corsSession = withCors(cors, session);
  const corsStatus = withCors(cors, status);
  const handler = async (request: Request, info: HandlerInfo = {}) => {
    const last = new URL(request.url).pathname.replace(/\/+$/, '').split('/').at(-1);
    if (last === 'session') return corsSession(request, info);
    if (last === 'status') return corsStatus(request, info);
    return fail(404, 'not_found', 'unknown checkout route (session or status)');
  };
  return Object.assign(handler, {
    session: corsSession,
    status: corsStatus,
    statusToken,
    limits,
    reportError: onError,
  });
}

function errorResponse(error: unknown, onError: (error: unknown) => void): Response {
  const refused = gateRefusal(error);
  if (refused) return refused;
  if (error instanceof BodyError) return fail(error.status, error.type, error.message);
  if (error instanceof CardDataDepthError) return fail(400, 'invalid_body', error.message);
  if (error instanceof CardDataInOrderError) return fail(400, 'card_data_refused', error.message);
  if (error instanceof InProgress)
    return fail(
      409,
      'idempotency_in_progress',
      'a request with this idempotency_key is in progress; retry shortly',
      undefined,
      {
        'Retry-After': '1',
      },
    );
  if (error instanceof Mismatch)
    return fail(
      409,
      'idempotency_mismatch',
      'this idempotency_key was used with a different request; use a new key',
    );
  if (error instanceof GatewayError) {
    if (error.type === 'validation' || error.type === 'invalid_request')
      return fail(400, 'invalid_request', error.message, error.issues);
    if (error.type === 'not_found') return fail(404, 'not_found', 'the gateway does not know this order');
    if (error.type === 'timeout')
      return fail(504, 'gateway_timeout', 'the payment gateway did not answer in time');
    onError(error);
    return fail(502, 'gateway_error', `the payment gateway failed (${error.type})`);
  }
  onError(error);
  return fail(500, 'server_error', 'the checkout server failed; try again');
}
