import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip as zlibGzip } from 'node:zlib';
import {
  createFieldsHandler,
  createVelocityLimits,
  createWebhookHandler,
  type DedupeStore,
  GatewayClient,
  type GatewayWebhookEvent,
  type LimitStore,
  type SessionStore,
  type Transport,
  toNodeHandler,
  toRequest,
  type VelocityLimitsOptions,
  writeResponse,
} from '../src/server/index.ts';
import { LiveHub } from './backoffice/live.ts';
import { createBackOffice } from './backoffice/routes.ts';
import { BOT_CHECK_SCRIPT, createBotCheck } from './bot-check/verifier.ts';
import { cartTotal, createShopCheckout, newOrderNumber } from './checkout.ts';
import { renderCspPage } from './csp-page.ts';
import { BodyTooLarge, readJson } from './http/body.ts';
import { Signer } from './http/cookies.ts';
import { applyBaseHeaders, pagePolicy, sendHtml, sendJson, sendText } from './http/headers.ts';
import { renderMotoPage } from './moto/page.ts';
import { createMotoRoutes } from './moto/routes.ts';
import { memoryShiftStore, type ShiftStore } from './moto/shift.ts';
import { bundlePreload, renderPage } from './pages.ts';
import { MERCHANT_NAME } from './scenarios.ts';
import { VisitStore } from './shop/cart-store.ts';
import { renderReturnPage } from './shop/return-page.ts';
import { createShopRoutes } from './shop/routes.ts';
import { scenarioRoute } from './shop/scenario-route.ts';
import { createAgentAuth } from './staff/auth.ts';
import { requireAgentApi, staffRoutes } from './staff/routes.ts';

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
  /** The sandbox's bank origin (3-D Secure pages), which the strict-CSP page must let into frames. */
  bankUrl?: string;
  /** Where the framework apps are built (<appsDir>/app, <appsDir>/vue). */
  appsDir?: string;
  /** Shared stores (Redis) when several shop processes serve the same customers; default in memory. */
  stores?: { sessions: SessionStore; dedupe: DedupeStore; limits?: LimitStore };
  /**
   * The session endpoint's velocity limits, over the library's defaults. The end-to-end suite runs
   * every test from one loopback address and raises them (playwright.config.ts); a shop tunes them.
   */
  limits?: Omit<VelocityLimitsOptions, 'store'>;
  /** The agents' shift lists; default in memory. */
  shifts?: ShiftStore;
  /** Signs status addresses, visit and staff cookies; every process behind one address needs the same. Default random. */
  statusSecret?: string;
  /** The phone-order agent's password (user `agent`). Default `demo-agent-password`. */
  agentPassword?: string;
  /**
   * Where the isolated card fields are served from: a second loopback origin (another port), as a
   * shop would serve them from a subdomain of its own. Unset: no /isolated/ page.
   */
  fieldsPort?: number;
  /** How many webhook events the log keeps, newest last. Default MAX_EVENTS. */
  webhookLogSize?: number;
  /**
   * How the shop's checkouts send the card (`createCheckoutHandler({ transport })`): `api-do`
   * (default) or `direct-post`, for a gateway that answers no browser on api_do_url.
   */
  transport?: Transport;
}

export interface DemoMerchant {
  url: string;
  /** The second origin serving the isolated card fields, when started. */
  fieldsUrl?: string;
  server: Server;
  /** Webhook events the shop received, newest last, at most `webhookLogSize`. */
  events: GatewayWebhookEvent[];
  close(): Promise<void>;
}

export const AGENT_USER = 'agent';
/** The webhook log keeps this many events: enough to look at, never a growing heap. */
export const MAX_EVENTS = 200;
/** No request to the shop carries more than this; each route has its own, smaller limit. */
const MAX_REQUEST_BYTES = 1024 * 1024;

/** A port already taken, said in one line by `npm run demo`. */
export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
  constructor(
    readonly what: string,
    readonly port: number | undefined,
  ) {
    super(
      `${what} cannot listen on port ${port}: it is in use. Stop what runs there or choose another port.`,
    );
  }
}

function listen(server: Server, port: number | undefined, host: string, what: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(what, port) : error),
    );
    server.listen(port, host, resolve);
  });
}

export async function startDemoMerchant(options: DemoMerchantOptions): Promise<DemoMerchant> {
  const host = options.host ?? '127.0.0.1';
  const gateway = new GatewayClient({ baseUrl: options.gatewayUrl, secretKey: options.secretKey });
  const signer = new Signer(options.statusSecret ?? randomBytes(32));
  const events: GatewayWebhookEvent[] = [];
  const logSize = options.webhookLogSize ?? MAX_EVENTS;
  const hub = new LiveHub();
  const visits = new VisitStore(signer);
  const auth = createAgentAuth({
    signer,
    user: AGENT_USER,
    password: options.agentPassword ?? 'demo-agent-password',
  });
  let base = '';

  /** Each file's gzip once per content: built files change only with a new build. */
  const gzipped = new Map<string, { source: Buffer; gzip: Buffer }>();
  const compressed = async (name: string, source: Buffer): Promise<Buffer> => {
    const known = gzipped.get(name);
    if (known?.source.equals(source)) return known.gzip;
    const gzip = await promisify(zlibGzip)(source, { level: 9 });
    gzipped.set(name, { source, gzip });
    return gzip;
  };

  const integrity = async () =>
    (await readFile(join(options.distDir, 'gateway-checkout.iife.js.integrity'), 'utf8')).trim();

  const moto = createMotoRoutes({
    gateway,
    auth,
    shifts: options.shifts ?? memoryShiftStore(),
    renderPage: async () => renderMotoPage({ integrity: await integrity(), sandboxUrl: options.sandboxUrl }),
  });
  const limits = createVelocityLimits({
    ...options.limits,
    ...(options.stores?.limits ? { store: options.stores.limits } : {}),
  });
  // Several processes behind one balancer share the status secret: tokens one issues, any checks.
  const botCheck = createBotCheck(
    options.statusSecret
      ? createHash('sha256').update(`bot-check:${options.statusSecret}`).digest()
      : undefined,
  );
  // The fields' own origin, started first: the session endpoint answers it (CORS), and it lets only
  // the shop's pages frame it (known once the shop listens, below).
  let fieldsUrl: string | undefined;
  let fieldsServer: Server | undefined;
  let fieldsNode: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  if (options.fieldsPort !== undefined) {
    fieldsServer = createServer((req, res) => {
      if (fieldsNode) fieldsNode(req, res);
      else res.writeHead(503).end();
    });
    await listen(fieldsServer, options.fieldsPort, host, 'The isolated card fields (DEMO_FIELDS_PORT)');
    const fieldsAddress = fieldsServer.address();
    fieldsUrl = `http://${host}:${typeof fieldsAddress === 'object' && fieldsAddress ? fieldsAddress.port : options.fieldsPort}`;
  }

  const checkout = createShopCheckout({
    limits,
    botCheck,
    gateway,
    auth,
    visits,
    moto,
    base: () => base,
    ...(options.transport ? { transport: options.transport } : {}),
    // The isolated fields ask for their order themselves, from their own origin.
    ...(fieldsUrl ? { fieldsOrigins: [fieldsUrl] } : {}),
    ...(options.stores ? { store: options.stores.sessions } : {}),
    ...(options.statusSecret ? { secret: options.statusSecret } : {}),
  });
  const backOffice = createBackOffice({ gateway, auth, hub });
  const webhooks = createWebhookHandler({
    // The sandbox delivers from loopback; a live shop lists the gateway's two static addresses.
    allowedIps: ['127.0.0.1', '::1'],
    // Each order event is read back from the gateway: the shop records the gateway's view.
    client: gateway,
    // A decline confirmed here counts against its client even when nobody reads its status.
    limits,
    ...(options.stores ? { dedupe: options.stores.dedupe } : {}),
    onEvent: (event) => {
      events.push(event);
      if (events.length > logSize) events.splice(0, events.length - logSize);
      const order = 'order' in event ? event.order : undefined;
      hub.publish({ type: event.type, order_id: order?.id ?? null, status: order?.status ?? null });
    },
  });

  const checkoutNode = toNodeHandler(checkout);
  const webhooksNode = toNodeHandler(webhooks);
  const frameworkApps = createShopRoutes({
    gateway,
    merchantName: MERCHANT_NAME,
    appsDir: options.appsDir ?? join(options.distDir, '..', 'build', 'demo-apps'),
    visits,
    orderNumber: newOrderNumber,
    ...(options.transport ? { transport: options.transport } : {}),
    botCheck,
  });

  /** Routes answered with a Fetch Response: the staff pages, the back office, the phone orders. */
  async function fetchRoutes(request: Request, remoteAddress: string): Promise<Response | null> {
    return (
      (await staffRoutes(auth, request, remoteAddress)) ??
      (await backOffice.handle(request)) ??
      (await moto.handle(request)) ??
      (await scenarioRoute(request, visits))
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    applyBaseHeaders(res);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', base);
    } catch {
      // `GET //[ HTTP/1.1`: no address at all. The connection is not reused after such a request.
      return sendText(res, 400, 'Bad request: the request target is not a valid address.', {
        connection: 'close',
      });
    }
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_REQUEST_BYTES) {
      return sendText(res, 413, `The body must not exceed ${MAX_REQUEST_BYTES} bytes.`, {
        connection: 'close',
      });
    }
    if (url.pathname.startsWith('/checkout/')) return checkoutNode(req, res);
    if (url.pathname === '/webhooks/gateway') return webhooksNode(req, res);
    if (await frameworkApps(req, res, url)) return;

    let request: Request;
    try {
      request = toRequest(req);
    } catch {
      // A Host header that is no host: the request names no address the shop could answer for.
      return sendText(res, 400, 'Bad request: the Host header is malformed.', { connection: 'close' });
    }
    if (url.pathname === '/orders/events') {
      if (!backOffice.events(request, res))
        sendJson(res, 401, { error: { type: 'unauthorized', message: 'sign in first' } });
      return;
    }
    const routed = await fetchRoutes(request, req.socket.remoteAddress ?? '');
    if (routed) return writeResponse(routed, res);

    if (url.pathname === '/webhooks/received') {
      // Customers' e-mails, names and masked cards: for signed-in staff only.
      const agent = requireAgentApi(auth, request);
      if (agent instanceof Response) return writeResponse(agent, res);
      return sendJson(res, 200, { results: events });
    }
    // The script-tag bundle and its siblings (languages, the isolated fields' parent side).
    const asset = /^\/assets\/(gateway-checkout\.[\w-]+(?:\.[\w-]+)?\.js(\.map)?)$/.exec(url.pathname);
    if (asset) {
      const file = await readFile(join(options.distDir, asset[1]!)).catch(() => null);
      if (!file) return sendText(res, 404, 'Not found');
      // Compressed, as any web server or CDN sends scripts: a phone's download is a third of the bytes.
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      res.writeHead(200, {
        'content-type': asset[2] ? 'application/json' : 'text/javascript; charset=utf-8',
        'cache-control': 'no-cache',
        vary: 'accept-encoding',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      return void res.end(gzip ? await compressed(asset[1]!, file) : file);
    }
    if (url.pathname === '/bot-check.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
      return void res.end(BOT_CHECK_SCRIPT);
    }
    if (url.pathname === '/bot-check/challenge' && req.method === 'GET') {
      res.setHeader('cache-control', 'no-store');
      return sendJson(res, 200, botCheck.challenge());
    }
    if (url.pathname === '/bot-check/token' && req.method === 'POST') {
      // A token only for a solved challenge: nothing is handed out for asking.
      let answer: unknown;
      try {
        answer = await readJson(request, 1024);
      } catch (error) {
        if (error instanceof BodyTooLarge) return sendJson(res, 413, { error: { type: 'body_too_large' } });
        throw error;
      }
      const { challenge, nonce } = (answer ?? {}) as { challenge?: unknown; nonce?: unknown };
      const token = botCheck.issue(challenge, nonce);
      return token
        ? sendJson(res, 200, { token })
        : sendJson(res, 403, {
            error: { type: 'unsolved', message: 'solve a challenge from /bot-check/challenge first' },
          });
    }
    if (url.pathname === '/return') {
      // Only an order of this visit, and only as the shop's own GET at the gateway tells it.
      const { visit } = visits.visitOf(request);
      const orderId = VisitStore.orderByNumber(visit, url.searchParams.get('number') ?? '');
      const order = orderId ? await gateway.orders.get(orderId) : null;
      return sendHtml(res, renderReturnPage(order));
    }
    if (url.pathname === '/csp/') {
      const { html, policy } = renderCspPage({
        integrity: await integrity(),
        gatewayOrigin: new URL(options.gatewayUrl).origin,
        nonce: url.searchParams.has('nonce') ? randomBytes(16).toString('base64') : undefined,
        language: url.searchParams.get('lang') ?? undefined,
        fieldsOrigin: url.searchParams.has('isolated') ? fieldsUrl : undefined,
        cdn: url.searchParams.get('cdn') ?? undefined,
        bankOrigin: options.bankUrl,
        oldAdvice: url.searchParams.has('old-advice'),
      });
      return sendHtml(res, html, pagePolicy(policy.split('; ')));
    }
    if (url.pathname === '/' || (url.pathname === '/isolated/' && fieldsUrl)) {
      const { visit, cookie } = visits.visitOf(request);
      if (cookie) res.setHeader('set-cookie', cookie);
      const sri = await integrity();
      res.setHeader('link', bundlePreload(sri));
      return sendHtml(
        res,
        await renderPage({
          // What the picker put on the server for this visit: the page shows it, the session endpoint charges it.
          scenario: visit.scenario,
          // `?render=client`: the bare tag, rendered by the bundle, as on a merchant's page that is
          // not made by a Node server (the bench compares the two).
          serverRender: url.searchParams.get('render') !== 'client',
          pageUrl: url.href,
          integrity: sri,
          sandboxUrl: options.sandboxUrl,
          total: cartTotal(),
          fieldsOrigin: url.pathname === '/isolated/' ? fieldsUrl : undefined,
        }),
      );
    }
    sendText(res, 404, 'Not found');
  }

  // The error boundary: whatever one request does, the shop answers it and keeps serving the next.
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('demo shop:', error);
      if (!res.headersSent) sendText(res, 500, 'The demo shop failed; see its console.');
      else res.end();
    });
  });

  try {
    await listen(server, options.port ?? 5173, host, 'The demo shop (DEMO_PORT)');
  } catch (error) {
    if (fieldsServer) await closeServer(fieldsServer);
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  base = `http://${host}:${port}`;

  // Only the shop's pages may frame the fields; they may talk to the gateway and the shop only.
  if (fieldsServer) {
    fieldsNode = toNodeHandler(
      createFieldsHandler({
        dir: join(options.distDir, 'fields'),
        frameAncestors: [base],
        gatewayOrigins: [new URL(options.gatewayUrl).origin],
        // The shop's one session endpoint: the fields refuse any other address, and any query.
        sessionEndpoints: [`${base}/checkout/session`],
      }),
    );
  }

  await gateway.webhooks.create({
    title: 'Baltic Pantry demo',
    url: `${base}/webhooks/gateway`,
    version: 'v0.6',
    all_events: true,
  });

  return {
    url: base,
    fieldsUrl,
    server,
    events,
    close: async () => {
      hub.close();
      await Promise.all([closeServer(server), fieldsServer && closeServer(fieldsServer)]);
    },
  };
}

const closeServer = (s: Server) =>
  new Promise<void>((resolve) => {
    s.closeAllConnections();
    s.close(() => resolve());
  });
