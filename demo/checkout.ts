import { randomBytes } from 'node:crypto';
import {
  type CheckoutConfig,
  type CheckoutHandlerOptions,
  createCheckoutHandler,
  type GatewayClient,
  type OrderDraft,
  type SessionStore,
  type Transport,
  type VelocityLimits,
} from '../src/server/index.ts';
import type { BotCheck } from './bot-check/verifier.ts';
import type { MotoRoutes } from './moto/routes.ts';
import { cleanReference, phoneOrderTitle } from './phone-reference.ts';
import { CART, MERCHANT_NAME, SCENARIOS } from './scenarios.ts';
import { VisitStore } from './shop/cart-store.ts';
import type { Agent, AgentAuth } from './staff/auth.ts';

/** The signed-in customer of the demo shop, for checkouts that do not ask for an e-mail. */
const DEMO_CUSTOMER = 'guest@baltic-pantry.example';

export const cartTotal = () =>
  Math.round(CART.items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0)) / 100;

let sequence = 0;
/**
 * The shop's own order numbers: unique (time, a running count, and a random part for the other
 * processes of a shop behind one Redis), and never taken from the browser.
 */
export const newOrderNumber = (): string =>
  `BP-${Date.now().toString(36)}${(sequence++ % 1296).toString(36).padStart(2, '0')}-${randomBytes(2).toString('hex')}`.toUpperCase();

/**
 * What a signed-in agent keyed in on the phone-order screen: the amount the caller pays and the
 * caller's own reference (shown on the order and the shift list; the order number stays the shop's).
 * Nobody else's query is read for either.
 */
function phoneOrderOf(url: URL): { amount: number; reference: string } | null {
  const amount = Number(url.searchParams.get('amount'));
  if (!Number.isFinite(amount) || amount < 0.01 || amount > 100_000) return null;
  const reference = cleanReference(url.searchParams.get('ref') ?? '');
  return { amount: Math.round(amount * 100) / 100, reference };
}

const problem = (status: number, type: string, message: string, fields?: unknown) =>
  Response.json(
    { error: { type, message, ...(fields ? { fields } : {}) } },
    { status, headers: { 'cache-control': 'no-store' } },
  );

/**
 * The shop's checkout endpoint (`/checkout/session`, `/checkout/status`). What an order charges and
 * how is the server's: the visit's cart is paid as one of the fixed presets of scenarios.ts, the
 * one the page's picker put on the server (shop/scenario-route.ts), never one an address names;
 * the amount is the cart's; the order number is the shop's. The only order the
 * browser shapes further is a phone order, and only a signed-in agent's (`?moto=1&amount=&ref=`).
 */
export function createShopCheckout(options: {
  gateway: GatewayClient;
  auth: AgentAuth;
  visits: VisitStore;
  moto: MotoRoutes;
  base: () => string;
  store?: SessionStore;
  secret?: string;
  /** The velocity limits, shared with the webhook receiver so confirmed declines count. */
  limits: VelocityLimits;
  /** The bot check every scenario's page passes before an order is made (see bot-check/verifier.ts). */
  botCheck: BotCheck;
  /** The isolated fields' origins: they ask for their order themselves (CORS). */
  fieldsOrigins?: readonly string[];
  /** How the card reaches the gateway (DEMO_TRANSPORT). */
  transport?: Transport;
}) {
  const { gateway, auth, visits } = options;
  const phoneRequest = (request: Request) => new URL(request.url).searchParams.get('moto') === '1';
  /** A phone order only for a signed-in agent; anyone else asking for one is refused. */
  const agentFor = (request: Request): Agent | null => (phoneRequest(request) ? auth.agentOf(request) : null);
  /** How this visit's cart is paid: set on the server by the page's picker, read from nowhere else. */
  const scenarioFor = (request: Request) => SCENARIOS[visits.visitOf(request).visit.scenario];

  const config = (request: Request): CheckoutConfig => {
    const url = new URL(request.url);
    if (agentFor(request)) {
      return {
        // A phone order charges what the agent typed for this caller; until it is typed, nothing.
        amount: phoneOrderOf(url)?.amount ?? null,
        currency: CART.currency,
        language: 'en',
        merchant_name: MERCHANT_NAME,
        avs: 'off',
        save: null,
        moto: true,
        // The caller's e-mail is the shop's to know (its customer record): the agent types none.
        collect_email: false,
        // The shop decides: a caller reads out the card, not the name on it (the page says so too).
        require_name: false,
      };
    }
    const scenario = scenarioFor(request);
    const save = 'save' in scenario ? scenario.save : undefined;
    return {
      amount: 'zeroAmount' in scenario ? 0 : cartTotal(),
      currency: CART.currency,
      language: 'en',
      merchant_name: MERCHANT_NAME,
      // A Riga shop: the billing address starts on Latvia.
      country: 'LV',
      avs: 'avs' in scenario ? scenario.avs : 'off',
      save: save
        ? { method: save, consent_required: save !== 'merchant', merchant_name: MERCHANT_NAME }
        : null,
      moto: false,
      two_step: 'twoStep' in scenario,
      // The gateway's own pages collect no e-mail: there the shop uses the signed-in customer's. A
      // card is saved only to the signed-in customer the shop knows, never to an e-mail typed in
      // the page (any script of the page could type its own).
      collect_email: !('presentation' in scenario) && !save,
    };
  };

  const buildOrder = ({ request, config }: { request: Request; config: CheckoutConfig }): OrderDraft => {
    const url = new URL(request.url);
    const number = newOrderNumber();
    // A guest checkout's client is the e-mail the customer types; the others' the signed-in customer.
    const draft: OrderDraft = {
      number,
      ...(config.collect_email ? {} : { client: { email: DEMO_CUSTOMER } }),
    };
    const phone = agentFor(request) ? phoneOrderOf(url) : null;
    if (phone) {
      draft.products = [{ title: phoneOrderTitle(phone.reference), price: phone.amount }];
      return draft;
    }
    const scenario = scenarioFor(request);
    if ('zeroAmount' in scenario) {
      draft.payment_system = 'AUTH';
      draft.setup_future_use = scenario.save;
    } else {
      draft.products = CART.items.map((item) => ({ ...item }));
    }
    if ('twoStep' in scenario) draft.skip_capture = true;
    if ('save' in scenario && scenario.save === 'merchant') draft.setup_future_use = 'one-click';
    // The way back from the gateway's pages: the hosted page, a redirected challenge, and a challenge
    // in the checkout's dialog, which closes when the bank's flow lands back here (a bank sends no
    // message). Not for the hosted form in a frame, whose page would move the whole shop's page.
    if (!('presentation' in scenario) || scenario.presentation === 'redirect') {
      draft.success_redirect = `${options.base()}/return?number=${number}`;
      draft.failure_redirect = `${options.base()}/return?number=${number}`;
    }
    return draft;
  };

  const handlerOptions: CheckoutHandlerOptions = {
    client: gateway,
    limits: options.limits,
    // A MOTO session (no security code) only for a signed-in agent: the library refuses it otherwise.
    authorizeMoto: (request) => auth.agentOf(request) !== null,
    // Every scenario's page solves the bot check's challenge and attaches its token in
    // gateway-before-pay: no order without one. A phone order is keyed by a signed-in agent, whom
    // authorizeMoto has let in already.
    verify: (request, token) => agentFor(request) !== null || options.botCheck.verify(token),
    config,
    buildOrder: async (context) => buildOrder(context),
    statusUrl: (orderId, token) => `/checkout/status?order=${encodeURIComponent(orderId)}&token=${token}`,
    ...(options.store ? { store: options.store } : {}),
    ...(options.secret ? { secret: options.secret } : {}),
    ...(options.fieldsOrigins ? { fieldsOrigins: options.fieldsOrigins } : {}),
    ...(options.transport ? { transport: options.transport } : {}),
  };
  const checkout = createCheckoutHandler(handlerOptions);

  return async (request: Request, info: { remoteAddress?: string } = {}): Promise<Response> => {
    const agent = agentFor(request);
    if (phoneRequest(request)) {
      if (!agent)
        return problem(403, 'forbidden', 'phone orders are taken by signed-in agents only (/signin)');
      if (request.method === 'POST' && !phoneOrderOf(new URL(request.url))) {
        // The element has told the agent already; nothing is created without an amount.
        return problem(400, 'invalid_request', 'amount: is required for a phone order', [
          { path: 'amount', message: 'is required for a phone order', code: 'required' },
        ]);
      }
    }
    const { visit, cookie } = visits.visitOf(request);
    // The caller's address goes along: the velocity limits count per client.
    const response = await checkout(request, info);
    if (request.method !== 'POST' || !response.ok) return response;
    const session = (await response.clone().json()) as { order_id: string };
    const order = await gateway.orders.get(session.order_id);
    VisitStore.addOrder(visit, order.id, order.number ?? '');
    if (agent) await options.moto.record(agent, order, phoneOrderOf(new URL(request.url))?.reference ?? '');
    if (!cookie) return response;
    const headers = new Headers(response.headers);
    headers.append('set-cookie', cookie);
    return new Response(response.body, { status: response.status, headers });
  };
}
