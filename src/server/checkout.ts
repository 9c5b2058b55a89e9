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
} from '../protocol/index.ts';
import { CardDataDepthError, findCardData, textHasCardNumber } from './card-data.ts';
import { CardDataInOrderError, findCardDataInOrder, findCardDataInRequest } from './card-data-request.ts';
import { type CheckoutHandler, type CheckoutHandlerOptions, ClientUnknownError } from './checkout-options.ts';
import { ADDRESS_FIX, type HandlerInfo, hostOf } from './client-address.ts';
import { corsOrigins, withCors } from './cors.ts';
import { returnPage, returnUrlOf, transportOf } from './direct-post-return.ts';
import { GatewayError, GatewayInvalidResponseError } from './errors.ts';
import { createGate, gateRefusal } from './gate.ts';
import { createSessionKeeper, InProgress, Mismatch, newReference } from './idempotency.ts';
import { recordAndRetire } from './limits.ts';
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
import { MemorySessionStore } from './stores.ts';
import { visitorOf } from './visitor.ts';

export {
  type BuildOrderContext,
  type CheckoutHandler,
  type CheckoutHandlerOptions,
  ClientUnknownError,
  type OrderDraft,
} from './checkout-options.ts';
export { mergeOrder } from './session-request.ts';

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
  const transport = transportOf(options.transport);
  if (options.returnUrl !== undefined && !URL.canParse(options.returnUrl))
    throw new TypeError(
      `createCheckoutHandler: returnUrl must be an absolute URL, not "${options.returnUrl}"`,
    );
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
    if (transport === 'direct-post') {
      // The gateway answers the card form with a redirect: back to this handler, in the element's frame.
      const back = options.returnUrl ?? returnUrlOf(request);
      order.success_redirect = order.failure_redirect = order.cancel_redirect = back;
    }
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
      transport,
      ...(transport === 'direct-post' ? { direct_post: order.direct_post ?? null } : {}),
    });
    if (session.success && transport === 'direct-post' && !session.data.direct_post)
      throw new GatewayInvalidResponseError(`the order ${order.id} has no direct_post address`);
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
    if (last === 'return') return returnPage(request);
    return fail(404, 'not_found', 'unknown checkout route (session, status or return)');
  };
  return Object.assign(handler, {
    session: corsSession,
    status: corsStatus,
    return: async (request: Request) => returnPage(request),
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
