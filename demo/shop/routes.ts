import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type CheckoutConfig,
  createCheckoutHandler,
  type GatewayClient,
  type HandlerInfo,
  type Transport,
  toNodeHandler,
} from '../../src/server/index.ts';
import type { BotCheck } from '../bot-check/verifier.ts';
import { BodyTooLarge, readJson } from '../http/body.ts';
import { type ShopVisit, VisitStore } from './cart-store.ts';
import { CATALOG, CURRENCY, cartUpdateSchema, orderProducts, priceCart } from './catalog.ts';
import { serveApp } from './static.ts';

/**
 * The server side of the framework apps (/app/ in React, /vue/ in Vue): a cart kept on the
 * server, the checkout session endpoint for it, the paid order for the thank-you page, and the
 * built apps themselves. The apps tell the server which products and how many; the server prices
 * them from its catalog, so the amount charged never comes from the browser. As on the scenario
 * pages, no order is made without a solved bot check: the apps' pages load /bot-check.js, whose
 * `gateway-before-pay` handler attaches the token.
 *
 *   GET  /shop/products              the catalog
 *   GET  /shop/cart                  the visitor's cart, priced
 *   PUT  /shop/cart                  {"lines": [{"sku", "quantity"}]}
 *   GET  /shop/checkout/session?cart=<version>   the checkout for that cart (POST creates the order)
 *   GET  /shop/checkout/status       the element's status route
 *   GET  /shop/orders/<id>           an order this visitor paid, as the shop's server reads it
 */
export interface ShopRoutesOptions {
  gateway: GatewayClient;
  merchantName: string;
  /** The built apps: <appsDir>/app and <appsDir>/vue. */
  appsDir: string;
  /** The visits (carts and their orders), shared with the shop's other pages. */
  visits: VisitStore;
  /** The shop's own order numbers: unique, never from the browser. */
  orderNumber: () => string;
  /** How the card reaches the gateway (DEMO_TRANSPORT). */
  transport?: Transport;
  /** The bot check every checkout passes before an order is made (see bot-check/verifier.ts). */
  botCheck: BotCheck;
}

/** A cart update is a few dozen bytes. */
const CART_BODY_LIMIT = 4 * 1024;

const json = (status: number, body: unknown, cookie?: string) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...(cookie ? { 'set-cookie': cookie } : {}),
    },
  });
const fail = (status: number, type: string, message: string, fields?: unknown) =>
  json(status, { error: { type, message, ...(fields ? { fields } : {}) } });

export function createShopRoutes(options: ShopRoutesOptions) {
  const { gateway } = options;
  const carts = options.visits;
  const pricedOf = (visit: ShopVisit) => priceCart(visit.lines, visit.version);

  const checkout = createCheckoutHandler({
    client: gateway,
    // The same check as every scenario page's: a bot would otherwise create its orders here.
    verify: (_request, token) => options.botCheck.verify(token),
    config: (request): CheckoutConfig => ({
      amount: pricedOf(carts.visitOf(request).visit).total,
      currency: CURRENCY,
      language: 'en',
      merchant_name: options.merchantName,
      avs: 'off',
      save: null,
      moto: false,
      collect_email: true,
    }),
    buildOrder: ({ request }) => ({
      number: options.orderNumber(),
      products: orderProducts(pricedOf(carts.visitOf(request).visit)),
    }),
    ...(options.transport ? { transport: options.transport } : {}),
  });

  async function handle(request: Request, info: HandlerInfo): Promise<Response | null> {
    const url = new URL(request.url);
    const path = url.pathname;

    if (path === '/shop/products') return json(200, { currency: CURRENCY, results: CATALOG });

    if (path === '/shop/cart') {
      const { visit, cookie } = carts.visitOf(request);
      if (request.method === 'PUT') {
        let body: unknown;
        try {
          body = await readJson(request, CART_BODY_LIMIT);
        } catch (error) {
          if (error instanceof BodyTooLarge) return fail(413, 'body_too_large', error.message);
          throw error;
        }
        const parsed = cartUpdateSchema.safeParse(body ?? null);
        if (!parsed.success) {
          const fields = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
          return fail(
            400,
            'invalid_cart',
            `the cart is invalid: ${fields.map((f) => `${f.path || 'body'} ${f.message}`).join('; ')}`,
            fields,
          );
        }
        visit.lines = parsed.data.lines.filter((l) => l.quantity > 0);
        visit.version += 1;
      } else if (request.method !== 'GET') return fail(405, 'method_not_allowed', 'use GET or PUT');
      return json(200, pricedOf(visit), cookie);
    }

    if (path.startsWith('/shop/checkout/')) {
      const { visit } = carts.visitOf(request);
      if (path.endsWith('/session')) {
        // The page names the cart version it shows: paying for a cart edited since (another tab)
        // would charge an amount the customer never saw.
        if (url.searchParams.get('cart') !== String(visit.version))
          return fail(409, 'cart_changed', 'the cart changed since this page showed it; review the cart');
        if (visit.lines.length === 0) return fail(409, 'cart_empty', 'the cart is empty');
      }
      const response = await checkout(request, info);
      if (request.method === 'POST' && response.ok) {
        const session = (await response.clone().json()) as { order_id: string };
        const order = await gateway.orders.get(session.order_id);
        VisitStore.addOrder(visit, order.id, order.number ?? '');
      }
      return response;
    }

    const orderId = /^\/shop\/orders\/([\w-]+)$/.exec(path)?.[1];
    if (orderId) {
      const { visit } = carts.visitOf(request);
      if (!visit.orders.has(orderId)) return fail(404, 'not_found', 'no such order in this visit');
      // The shop trusts its own GET at the gateway, never what the browser says about the payment.
      const order = await gateway.orders.get(orderId);
      const paid = order.status === 'paid' || order.status === 'hold';
      if (paid && visit.lines.length) {
        visit.lines = [];
        visit.version += 1;
      }
      return json(200, {
        id: order.id,
        number: order.number ?? null,
        status: order.status,
        paid,
        total: order.total ?? null,
        currency: order.currency?.toUpperCase() ?? CURRENCY,
        products: (order.products ?? []).map((p) => ({
          title: p.title,
          price: p.price,
          quantity: p.quantity ?? 1,
        })),
        card: order.transaction_details?.card_masked_pan ?? null,
      });
    }
    return null;
  }

  const api = toNodeHandler(
    async (request, info) => (await handle(request, info)) ?? fail(404, 'not_found', 'no such route'),
  );

  /** Answers the shop's routes; false for any other address, which the caller then serves. */
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (url.pathname.startsWith('/shop/')) {
      api(req, res);
      return true;
    }
    for (const app of ['app', 'vue'] as const) {
      if (url.pathname === `/${app}` || url.pathname.startsWith(`/${app}/`)) {
        await serveApp(res, options.appsDir, app, url.pathname.slice(app.length + 2));
        return true;
      }
    }
    return false;
  };
}
