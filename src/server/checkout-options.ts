// The checkout handler's options, its type and the error it throws when it cannot tell clients
// apart: what a merchant writes against, apart from the handler's own workings in checkout.ts.
import type {
  CheckoutConfig,
  CheckoutSessionRequest,
  OrderRequest,
  OrderRuleOptions,
  Transport,
} from '../protocol/index.ts';
import type { GatewayClient } from './client.ts';
import type { ClientAddress, HandlerInfo } from './client-address.ts';
import type { GateOptions } from './gate.ts';
import type { VelocityLimits } from './limits.ts';
import type { SessionStore } from './stores.ts';

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
  /**
   * How the element sends the card to the gateway. `api-do` (default): a JSON POST to the order's
   * `api_do_url` from the browser. `direct-post`: an HTML form POST to the order's `direct_post`,
   * for a gateway whose `api_do_url` answers no browser (host-to-host only). Then the order's
   * `success_redirect` and `failure_redirect` (and `cancel_redirect`) are this handler's return
   * route (`…/return` beside `…/session`, or `returnUrl`), whatever `buildOrder` set.
   */
  transport?: Transport;
  /**
   * The absolute address of the return route for `direct-post` orders, as the customer's browser
   * reaches it. Default: the session request's own origin and path with `return` for `session`
   * (give it behind a proxy that changes the host or scheme).
   */
  returnUrl?: string;
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
  /** GET …/return: where `direct-post` orders send the customer's frame back to. */
  return: (request: Request) => Promise<Response>;
  /** A token the status route accepts for an order, valid for `statusTokenTtlMs` from now. */
  statusToken: (orderId: string) => string;
  /** Where the node adapter reports what it refuses before the handler runs (the `onError` option). */
  reportError: (error: unknown) => void;
  /** The velocity limits in force; give them to `createWebhookHandler({ limits })` too. */
  limits: VelocityLimits;
};
