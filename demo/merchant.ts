import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import {
  type CheckoutConfig,
  createCheckoutHandler,
  createFieldsHandler,
  createWebhookHandler,
  type DedupeStore,
  GatewayClient,
  type GatewayWebhookEvent,
  type OrderDraft,
  type SessionStore,
  toNodeHandler,
} from '../src/server/index.ts';
import { renderCspPage } from './csp-page.ts';
import { renderMotoPage, renderPage, renderReturnPage } from './pages.ts';
import { CART, MERCHANT_NAME, SCENARIOS, scenarioOf } from './scenarios.ts';
import { createShopRoutes } from './shop/routes.ts';

/**
 * The demo shop's server, built only on the public API of `gateway-checkout/server`, as an
 * integrator's would be. It holds the secret key; the pages never see it.
 */
export interface DemoMerchantOptions {
  gatewayUrl: string;
  secretKey: string;
  port?: number;
  host?: string;
  /** Where the built browser bundle is (dist/). */
  distDir: string;
  /** The sandbox's control page, linked from the demo. */
  sandboxUrl?: string;
  /** Where the framework apps are built (<appsDir>/app, <appsDir>/vue). */
  appsDir?: string;
  /** Shared stores (Redis) when several shop processes serve the same customers; default in memory. */
  stores?: { sessions: SessionStore; dedupe: DedupeStore };
  /** Signs status addresses; every process behind one address needs the same. Default random. */
  statusSecret?: string;
  /**
   * Where the isolated card fields are served from: a second loopback origin (another port), as a
   * shop would serve them from a subdomain of its own. Unset: no /isolated/ page.
   */
  fieldsPort?: number;
}

export interface DemoMerchant {
  url: string;
  /** The second origin serving the isolated card fields, when started. */
  fieldsUrl?: string;
  server: Server;
  /** Webhook events the shop received, newest last. */
  events: GatewayWebhookEvent[];
  close(): Promise<void>;
}

/**
 * What the agent keyed in on the phone-order screen: the amount and the caller's order reference.
 * A real shop takes these only from signed-in agents; the demo has no sign-in.
 */
function phoneOrderOf(request: Request): { amount: number; reference: string } | null {
  const query = new URL(request.url).searchParams;
  const amount = Number(query.get('amount'));
  if (query.get('moto') !== '1' || !Number.isFinite(amount) || amount < 0.01 || amount > 100_000) return null;
  const reference = (query.get('ref') ?? '').replace(/[^\w-]/g, '').slice(0, 32);
  return { amount: Math.round(amount * 100) / 100, reference };
}

const isPhoneOrder = (request: Request) => new URL(request.url).searchParams.get('moto') === '1';

/** The signed-in customer of the demo shop, for checkouts that do not ask for an e-mail. */
const DEMO_CUSTOMER = 'guest@baltic-pantry.example';

const cartTotal = () =>
  Math.round(CART.items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0)) / 100;

export async function startDemoMerchant(options: DemoMerchantOptions): Promise<DemoMerchant> {
  const host = options.host ?? '127.0.0.1';
  const gateway = new GatewayClient({ baseUrl: options.gatewayUrl, secretKey: options.secretKey });
  const events: GatewayWebhookEvent[] = [];
  // The shop's own order numbers, so a customer coming back from the gateway's page is recognised.
  const ordersByNumber = new Map<string, string>();
  let base = '';

  const config = (request: Request): CheckoutConfig => {
    const scenario = SCENARIOS[scenarioOf(new URL(request.url).searchParams.get('scenario'))];
    const save = 'save' in scenario ? scenario.save : undefined;
    return {
      // A phone order charges what the agent typed for this caller, never the shop's cart; until
      // the amount is typed there is nothing to charge.
      amount: isPhoneOrder(request)
        ? (phoneOrderOf(request)?.amount ?? null)
        : 'zeroAmount' in scenario
          ? 0
          : cartTotal(),
      currency: CART.currency,
      language: 'en',
      merchant_name: MERCHANT_NAME,
      avs: 'avs' in scenario ? scenario.avs : 'off',
      save: save
        ? { method: save, consent_required: save !== 'merchant', merchant_name: MERCHANT_NAME }
        : null,
      moto: isPhoneOrder(request),
      // The gateway's own pages collect no e-mail: there the shop uses the signed-in customer's.
      collect_email: !('presentation' in scenario),
    };
  };

  const buildOrder = ({ request }: { request: Request }): OrderDraft => {
    const name = scenarioOf(new URL(request.url).searchParams.get('scenario'));
    const scenario = SCENARIOS[name];
    const phone = phoneOrderOf(request);
    const number = phone?.reference || `BP-${randomUUID().slice(0, 8).toUpperCase()}`;
    const draft: OrderDraft = { number, client: { email: DEMO_CUSTOMER } };
    if (phone) {
      draft.products = [{ title: `Phone order ${number}`, price: phone.amount }];
    } else if ('zeroAmount' in scenario) {
      draft.payment_system = 'AUTH';
      draft.setup_future_use = scenario.save;
    } else {
      draft.products = CART.items.map((item) => ({ ...item }));
    }
    if ('twoStep' in scenario) draft.skip_capture = true;
    if ('save' in scenario && scenario.save === 'merchant') draft.setup_future_use = 'one-click';
    // Only pages that leave the shop need a way back; a framed challenge reports by message.
    if (('presentation' in scenario && scenario.presentation === 'redirect') || 'threeDs' in scenario) {
      draft.success_redirect = `${base}/return?number=${number}`;
      draft.failure_redirect = `${base}/return?number=${number}`;
    }
    return draft;
  };

  const checkout = createCheckoutHandler({
    client: gateway,
    config,
    buildOrder: async (context) => buildOrder(context),
    statusUrl: (orderId, token) => `/checkout/status?order=${encodeURIComponent(orderId)}&token=${token}`,
    ...(options.stores ? { store: options.stores.sessions } : {}),
    ...(options.statusSecret ? { secret: options.statusSecret } : {}),
  });
  const webhooks = createWebhookHandler({
    // The sandbox delivers from loopback; a live shop lists the gateway's two static addresses.
    allowedIps: ['127.0.0.1', '::1'],
    // Each order event is read back from the gateway: the shop records the gateway's view.
    client: gateway,
    ...(options.stores ? { dedupe: options.stores.dedupe } : {}),
    onEvent: (event) => {
      events.push(event);
    },
  });

  const checkoutNode = toNodeHandler(async (request) => {
    // A phone order without an amount creates nothing: the element has said so to the agent already.
    if (request.method === 'POST' && isPhoneOrder(request) && !phoneOrderOf(request)) {
      return Response.json(
        {
          error: {
            type: 'invalid_request',
            message: 'amount: is required for a phone order',
            fields: [{ path: 'amount', message: 'is required for a phone order', code: 'required' }],
          },
        },
        { status: 400 },
      );
    }
    const response = await checkout(request);
    if (request.method === 'POST' && response.ok) {
      const body = (await response.clone().json()) as { order_id: string };
      const order = await gateway.orders.get(body.order_id);
      if (order.number) ordersByNumber.set(order.number, order.id);
    }
    return response;
  });
  const webhooksNode = toNodeHandler(webhooks);
  const frameworkApps = createShopRoutes({
    gateway,
    merchantName: MERCHANT_NAME,
    appsDir: options.appsDir ?? join(options.distDir, '..', 'build', 'demo-apps'),
  });

  const integrity = async () =>
    (await readFile(join(options.distDir, 'gateway-checkout.iife.js.integrity'), 'utf8')).trim();

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    try {
      if (url.pathname.startsWith('/checkout/')) return checkoutNode(req, res);
      if (url.pathname === '/webhooks/gateway') return webhooksNode(req, res);
      if (await frameworkApps(req, res, url)) return;
      if (url.pathname === '/webhooks/received') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ results: events }));
      }
      if (
        url.pathname === '/assets/gateway-checkout.iife.js' ||
        url.pathname === '/assets/gateway-checkout.iife.js.map'
      ) {
        const file = await readFile(join(options.distDir, url.pathname.slice('/assets/'.length)));
        res.writeHead(200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'no-cache',
        });
        return res.end(file);
      }
      if (url.pathname === '/return') {
        const orderId = ordersByNumber.get(url.searchParams.get('number') ?? '');
        // The shop trusts only its own GET at the gateway, never what the browser says.
        const order = orderId ? await gateway.orders.get(orderId) : null;
        return sendHtml(res, renderReturnPage(order));
      }
      if (url.pathname === '/csp/') {
        const { html, policy } = renderCspPage({
          integrity: await integrity(),
          gatewayOrigin: new URL(options.gatewayUrl).origin,
          nonce: url.searchParams.has('nonce') ? randomBytes(16).toString('base64') : undefined,
        });
        return sendHtml(res, html, policy);
      }
      if (url.pathname === '/moto/') {
        return sendHtml(
          res,
          renderMotoPage({ integrity: await integrity(), sandboxUrl: options.sandboxUrl }),
        );
      }
      if (url.pathname === '/' || (url.pathname === '/isolated/' && fieldsUrl)) {
        return sendHtml(
          res,
          renderPage({
            scenario: scenarioOf(url.searchParams.get('scenario')),
            integrity: await integrity(),
            sandboxUrl: options.sandboxUrl,
            total: cartTotal(),
            fieldsOrigin: url.pathname === '/isolated/' ? fieldsUrl : undefined,
          }),
        );
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('The demo shop failed; see its console.');
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 5173, host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  base = `http://${host}:${port}`;

  // The fields' own origin: only the shop's pages may frame them, and they may talk to the gateway only.
  let fieldsUrl: string | undefined;
  let fieldsServer: Server | undefined;
  if (options.fieldsPort !== undefined) {
    const fields = createFieldsHandler({
      dir: join(options.distDir, 'fields'),
      frameAncestors: [base],
      gatewayOrigins: [new URL(options.gatewayUrl).origin],
    });
    fieldsServer = createServer(toNodeHandler(fields));
    await new Promise<void>((resolve, reject) => {
      fieldsServer!.once('error', reject);
      fieldsServer!.listen(options.fieldsPort, host, resolve);
    });
    const fieldsAddress = fieldsServer.address();
    fieldsUrl = `http://${host}:${typeof fieldsAddress === 'object' && fieldsAddress ? fieldsAddress.port : options.fieldsPort}`;
  }

  await gateway.webhooks.create({
    title: 'Baltic Pantry demo',
    url: `${base}/webhooks/gateway`,
    version: 'v0.6',
    all_events: true,
  });

  const closeServer = (s: Server) =>
    new Promise<void>((resolve) => {
      s.closeAllConnections();
      s.close(() => resolve());
    });
  return {
    url: base,
    fieldsUrl,
    server,
    events,
    close: async () => {
      await Promise.all([closeServer(server), fieldsServer && closeServer(fieldsServer)]);
    },
  };
}

// The page may run our bundle and talk to its own server; payments go to the gateway (any loopback
// port here, the gateway's domain in production). No other site may frame a checkout page: a page
// that frames it could lay its own content over the Pay button and take the customer's click.
const PAGE_POLICY =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; connect-src 'self' http://127.0.0.1:*; frame-src http://127.0.0.1:*; img-src 'self' data:; frame-ancestors 'self'";

function sendHtml(res: import('node:http').ServerResponse, html: string, policy = PAGE_POLICY) {
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': policy,
  });
  res.end(html);
}
