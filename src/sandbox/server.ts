import { timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type ErrorBody, errorBody, validate } from '../protocol/index.ts';
import { Clock } from './clock.ts';
import { type ApiResult, Gateway, notFound } from './gateway.ts';
import { BUNDLE_PATH, checkoutStatusOf, readBundle } from './hosted.ts';
import {
  challengeDonePage,
  challengePage,
  checkoutPage,
  controlPage,
  elementsCheckoutPage,
  messagePage,
} from './pages.ts';
import { WebhookDispatcher, type WebhookRetryOptions } from './webhooks.ts';

export const DEFAULT_SECRET_KEY = 'sk_sandbox_test';
export const API_PREFIX = '/api/v0.6';

export const FAULTS = ['none', 'http_500', 'timeout', 'reset', 'malformed_json'] as const;
export type Fault = (typeof FAULTS)[number];

export interface SandboxOptions {
  /** 0 (the default) picks any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The Bearer key the API accepts. Default `sk_sandbox_test`. */
  secretKey?: string;
  /** The merchant has AVS enabled: an order without client.address and client.zip_code fails (400). */
  avsEnabled?: boolean;
  webhookRetry?: WebhookRetryOptions;
  /** The base clock (default: real time); POST /_sandbox/clock moves the sandbox's clock from it. */
  now?: () => Date;
  /** How long the "timeout" fault holds a direct payment's connection before dropping it. Default 30 s. */
  faultTimeoutMs?: number;
  /**
   * Where the browser bundle (`gateway-checkout.iife.js`) is looked for, on every request: the
   * hosted pages use `<gateway-checkout>` when it is there and the plain HTML form when it is not.
   * Default: the package's `dist/`; `null`: never (always the plain form).
   */
  distDir?: string | null;
}

export interface Sandbox {
  /** http://127.0.0.1:PORT */
  url: string;
  /** url + '/api/v0.6' */
  apiUrl: string;
  secretKey: string;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.__all__?.[0]?.message ?? `HTTP ${status}`);
  }
}

const MAX_BODY = 1024 * 1024;
const SERVER_ERROR = {
  __all__: [{ message: 'Internal server error (sandbox fault)', code: 'server_error' }],
};
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '600',
};

const clockBodySchema = z.strictObject({ now: z.iso.datetime({ offset: true }).nullable() });
// Either surface may be set alone; a surface left out keeps its current fault.
const faultBodySchema = z
  .strictObject({ api_do: z.enum(FAULTS).optional(), orders: z.enum(FAULTS).optional() })
  .refine((body) => body.api_do !== undefined || body.orders !== undefined, {
    message: 'Name a fault for api_do or orders',
  });

function readRaw(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, { __all__: [{ message: 'Request body too large', code: 'too_large' }] }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const raw = await readRaw(req);
  if (!raw.trim()) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, { __all__: [{ message: 'The body is not valid JSON', code: 'parse_error' }] });
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
  });
  res.end(html);
}

const methodNotAllowed = (method: string): ApiResult => ({
  status: 405,
  body: { __all__: [{ message: `Method ${method} is not allowed here`, code: 'method_not_allowed' }] },
});

function keyMatches(header: string | undefined, key: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!.trim());
  const wanted = Buffer.from(key);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The package's dist/, found from this file both in src/ and in dist/. */
function defaultDistDir(): string | null {
  const root = packageRoot();
  return root && join(root, 'dist');
}

/** The package root, found from this file both in src/ and in dist/. */
function packageRoot(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'gateway-checkout')
          return dir;
      } catch {
        // not ours; keep walking up
      }
    }
    dir = dirname(dir);
  }
  return null;
}

function paginate(url: URL, items: readonly unknown[]) {
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const size = Math.min(
    500,
    Math.max(1, Number.parseInt(url.searchParams.get('page_size') ?? '100', 10) || 100),
  );
  const link = (n: number) => {
    const u = new URL(url);
    u.searchParams.set('page', String(n));
    return u.toString();
  };
  const start = (page - 1) * size;
  return {
    next: start + size < items.length ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: items.slice(start, start + size),
  };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
  const faultTimeoutMs = options.faultTimeoutMs ?? 30_000;
  const distDir = options.distDir === undefined ? defaultDistDir() : options.distDir;
  const clock = new Clock(options.now);
  const hooks = new WebhookDispatcher(options.webhookRetry ?? {}, () => clock.now());
  let origin = '';
  const gateway = new Gateway({
    secretKey,
    avsEnabled: options.avsEnabled ?? false,
    clock,
    hooks,
    origin: () => origin,
  });
  // One-shot faults: each applies to the next direct payment (api_do) or order creation (orders).
  const faults: { api_do: Fault; orders: Fault } = { api_do: 'none', orders: 'none' };
  const sockets = new Set<Socket>();
  const heldTimers = new Set<NodeJS.Timeout>();

  async function api(req: IncomingMessage, url: URL, res: ServerResponse): Promise<void> {
    if (!keyMatches(req.headers.authorization, secretKey)) {
      // Drain the body so the client sees the 403, not a reset.
      req.resume();
      sendJson(res, 403, {
        __all__: [{ message: 'Invalid or missing bearer token', code: 'authentication_failed' }],
      });
      return;
    }
    const parts = url.pathname.slice(API_PREFIX.length).split('/').filter(Boolean);
    const method = req.method ?? 'GET';
    const body = method === 'POST' ? await readJson(req) : undefined;
    const creating = method === 'POST' && parts.length === 1 && parts[0] === 'orders';
    const current = creating ? faults.orders : 'none';
    if (creating) faults.orders = 'none';
    if (current === 'http_500' || current === 'malformed_json') return failEarly(res, current, {});
    const result = route(parts, method, body, url);
    if (current === 'none') return sendJson(res, result.status, result.body);
    loseAnswer(req, current);
  }

  /** A 500 or a garbled answer, sent before anything was done. */
  function failEarly(
    res: ServerResponse,
    current: 'http_500' | 'malformed_json',
    headers: Record<string, string>,
  ): void {
    if (current === 'http_500') {
      sendJson(res, 500, SERVER_ERROR, headers);
      return;
    }
    const text = '{"status": "paid", "order_id": ';
    res.writeHead(200, {
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(text);
  }

  /**
   * After the work was done, the answer is lost, as on a real network: the case a client cannot
   * tell from a failure.
   */
  function loseAnswer(req: IncomingMessage, current: 'timeout' | 'reset'): void {
    if (current === 'reset') {
      req.socket.resetAndDestroy();
      return;
    }
    const timer = setTimeout(() => {
      heldTimers.delete(timer);
      req.socket.destroy();
    }, faultTimeoutMs);
    heldTimers.add(timer);
  }

  function route(parts: string[], method: string, body: unknown, url: URL): ApiResult {
    const [resource, id, action, ...more] = parts;
    if (more.length) return notFound();
    if (resource === 'orders') {
      if (!id) {
        if (method === 'POST') return gateway.createOrder(body);
        if (method === 'GET')
          return {
            status: 200,
            body: paginate(
              url,
              gateway.listOrders().map((o) => gateway.orderJson(o)),
            ),
          };
        return methodNotAllowed(method);
      }
      if (!action) {
        if (method !== 'GET') return methodNotAllowed(method);
        const order = gateway.getOrder(id);
        return order ? { status: 200, body: gateway.orderJson(order) } : notFound('Order not found');
      }
      if (method !== 'POST') return methodNotAllowed(method);
      if (action === 'capture') return gateway.capture(id, body);
      if (action === 'refund') return gateway.refund(id, body);
      if (action === 'reverse') return gateway.reverse(id, body);
      return notFound();
    }
    if (id) return notFound();
    if (resource === 'clients') {
      if (method === 'POST') return gateway.createClient(body);
      if (method === 'GET')
        return {
          status: 200,
          body: paginate(url, gateway.listClients(url.searchParams.get('filter_email'))),
        };
      return methodNotAllowed(method);
    }
    if (resource === 'taxes') {
      if (method === 'POST') return gateway.createTax(body);
      if (method === 'GET') return { status: 200, body: paginate(url, [...gateway.taxes.values()]) };
      return methodNotAllowed(method);
    }
    if (resource === 'webhooks') {
      if (method === 'POST') return gateway.createWebhook(body);
      if (method === 'GET') return { status: 200, body: paginate(url, hooks.subscriptions) };
      return methodNotAllowed(method);
    }
    return notFound();
  }

  async function pay(req: IncomingMessage, res: ServerResponse, payToken: string): Promise<void> {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS);
      res.end();
      return;
    }
    if (req.method !== 'POST') {
      const r = methodNotAllowed(req.method ?? '');
      sendJson(res, r.status, r.body, { ...CORS_HEADERS, Allow: 'POST, OPTIONS' });
      return;
    }
    let body: unknown;
    try {
      body = await readJson(req);
    } catch (error) {
      if (error instanceof HttpError) return sendJson(res, error.status, error.body, CORS_HEADERS);
      throw error;
    }
    if (!gateway.orderByToken(payToken)) {
      const r = notFound('Unknown payment address');
      return sendJson(res, r.status, r.body, CORS_HEADERS);
    }
    // One-shot: a fault applies to the next direct payment only, then the sandbox behaves again.
    const current = faults.api_do;
    faults.api_do = 'none';
    if (current === 'http_500' || current === 'malformed_json') return failEarly(res, current, CORS_HEADERS);
    const outcome = gateway.directPayment(payToken, body);
    if (current !== 'none') return loseAnswer(req, current);
    sendJson(res, outcome.result.status, outcome.result.body, CORS_HEADERS);
  }

  async function threeDS(req: IncomingMessage, res: ServerResponse, challengeToken: string): Promise<void> {
    const found = gateway.challenge(challengeToken);
    if (!found) return sendHtml(res, 404, messagePage('Not found', 'This 3-D Secure check does not exist.'));
    if (req.method === 'GET') {
      if (found.challenge.done) return sendHtml(res, 200, challengeDonePage(found.order));
      return sendHtml(res, 200, challengePage(found.order, `/3ds/${challengeToken}/`));
    }
    if (req.method !== 'POST') return sendHtml(res, 405, messagePage('Not allowed', 'Use GET or POST.'));
    const form = new URLSearchParams(await readRaw(req));
    const choice = form.get('result');
    if (choice !== 'approve' && choice !== 'fail' && choice !== 'cancel') {
      return sendHtml(res, 400, messagePage('Bad request', 'Choose Approve, Fail or Cancel.'));
    }
    const order = gateway.completeChallenge(challengeToken, choice);
    if (!order) return sendHtml(res, 409, messagePage('Already done', 'This 3-D Secure check is complete.'));
    const r = order.request;
    const good = order.status === 'paid' || order.status === 'hold';
    const target = good
      ? r.success_redirect
      : choice === 'cancel'
        ? (r.cancel_redirect ?? r.failure_redirect)
        : r.failure_redirect;
    if (target) {
      res.writeHead(303, { Location: target, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    sendHtml(res, 200, challengeDonePage(order));
  }

  async function control(req: IncomingMessage, url: URL, res: ServerResponse): Promise<void> {
    const path = url.pathname.replace(/\/+$/, '');
    const method = req.method ?? 'GET';
    if (path === '/_sandbox' && method === 'GET') {
      return sendHtml(res, 200, controlPage(gateway.listOrders(), hooks.deliveries, clock.now()));
    }
    if (path === '/_sandbox/clock') {
      if (method === 'POST') {
        const checked = validate(clockBodySchema, await readJson(req));
        if (!checked.ok) return sendJson(res, 400, errorBody(checked.issues));
        clock.set(checked.value.now === null ? null : new Date(checked.value.now));
      } else if (method !== 'GET') return sendJson(res, 405, methodNotAllowed(method).body);
      return sendJson(res, 200, { now: clock.now().toISOString(), set: clock.isSet });
    }
    if (path === '/_sandbox/faults') {
      if (method === 'POST') {
        const checked = validate(faultBodySchema, await readJson(req));
        if (!checked.ok) return sendJson(res, 400, errorBody(checked.issues));
        faults.api_do = checked.value.api_do ?? faults.api_do;
        faults.orders = checked.value.orders ?? faults.orders;
      } else if (method !== 'GET') return sendJson(res, 405, methodNotAllowed(method).body);
      return sendJson(res, 200, faults);
    }
    if (path === '/_sandbox/webhooks' && method === 'GET') {
      const orderId = url.searchParams.get('order_id');
      const event = url.searchParams.get('event');
      const results = hooks.deliveries.filter(
        (d) => (!orderId || d.order_id === orderId) && (!event || d.event === event),
      );
      return sendJson(res, 200, { results });
    }
    const r = notFound();
    sendJson(res, r.status, r.body);
  }

  function checkout(res: ServerResponse, payToken: string, framed: boolean): void {
    const order = gateway.orderByToken(payToken);
    if (!order) {
      sendHtml(res, 404, messagePage('Not found', 'This checkout does not exist.'));
      return;
    }
    const json = gateway.orderJson(order);
    // Our own elements once the browser bundle is built; the plain form when started from source.
    const bundle = readBundle(distDir);
    const html = bundle
      ? elementsCheckoutPage(order, json, framed, {
          scriptUrl: BUNDLE_PATH,
          integrity: bundle.integrity,
          statusUrl: `/checkout/${payToken}/status`,
        })
      : checkoutPage(order, json, framed);
    sendHtml(res, 200, html);
  }

  /** The hosted page's status address: the unguessable order token is its only credential. */
  function checkoutStatus(req: IncomingMessage, res: ServerResponse, payToken: string): void {
    req.resume();
    if (req.method !== 'GET') {
      const r = methodNotAllowed(req.method ?? '');
      sendJson(res, r.status, r.body, { Allow: 'GET' });
      return;
    }
    const order = gateway.orderByToken(payToken);
    if (!order) {
      const r = notFound('This checkout does not exist.');
      sendJson(res, r.status, r.body);
      return;
    }
    sendJson(res, 200, checkoutStatusOf(gateway.orderJson(order)));
  }

  function asset(res: ServerResponse): void {
    const bundle = readBundle(distDir);
    if (!bundle) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('The browser bundle is not built (npm run build).');
      return;
    }
    const { js } = bundle;
    res.writeHead(200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Content-Length': js.length,
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'no-cache',
    });
    res.end(js);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) return api(req, url, res);
    const payment = /^\/pay\/([\w-]+)\/?$/.exec(path);
    if (payment) return pay(req, res, payment[1]!);
    const challenge = /^\/3ds\/([\w-]+)\/?$/.exec(path);
    if (challenge) return threeDS(req, res, challenge[1]!);
    const hosted = /^\/checkout\/([\w-]+)\/(iframe\/?)?$/.exec(path);
    if (hosted) return checkout(res, hosted[1]!, Boolean(hosted[2]));
    const hostedStatus = /^\/checkout\/([\w-]+)\/status\/?$/.exec(path);
    if (hostedStatus) return checkoutStatus(req, res, hostedStatus[1]!);
    if (path === BUNDLE_PATH) return asset(res);
    if (path === '/_sandbox' || path.startsWith('/_sandbox/')) return control(req, url, res);
    if (path === '/') {
      res.writeHead(302, { Location: '/_sandbox/' });
      res.end();
      return;
    }
    const r = notFound();
    sendJson(res, r.status, r.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof HttpError) return sendJson(res, error.status, error.body);
      console.error('[sandbox]', error);
      sendJson(res, 500, { __all__: [{ message: 'Internal server error', code: 'server_error' }] });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const originHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  origin = `http://${originHost}:${port}`;

  let closing: Promise<void> | null = null;
  return {
    url: origin,
    apiUrl: `${origin}${API_PREFIX}`,
    secretKey,
    close() {
      closing ??= new Promise<void>((resolve) => {
        hooks.close();
        for (const timer of heldTimers) clearTimeout(timer);
        heldTimers.clear();
        server.close(() => resolve());
        // Idle keep-alive and held ("timeout" fault) connections would otherwise keep close() waiting.
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
