/**
 * The sandbox as one Fetch handler: its state and the route from a path to its surface. The node
 * server (server.ts) mounts it; tests may call it directly, without a socket.
 */
import { API_PREFIX } from '../protocol/index.ts';
import { bankHandler } from './bank/app.ts';
import { Clock } from './clock.ts';
import { Faults } from './faults.ts';
import { Gateway } from './gateway.ts';
import { apiHandler } from './handlers/api.ts';
import { controlHandler } from './handlers/control.ts';
import { directPostHandler } from './handlers/direct-post.ts';
import { fieldsHandler } from './handlers/fields.ts';
import { bundleHandler, checkoutHandler, checkoutStatusHandler, siblingHandler } from './handlers/hosted.ts';
import { type ApiDoFromBrowsers, paymentHandler } from './handlers/payment.ts';
import { productPageHandler } from './handlers/product-page.ts';
import { threeDSHandler } from './handlers/three-ds.ts';
import { BUNDLE_PATH } from './hosted.ts';
import { answer, type Exchange, Refusal, readText, type SurfaceHandler } from './http.ts';
import type { TransactionDetailsShape } from './order-json.ts';
import { failure, notFound } from './results.ts';
import { WebhookDispatcher, type WebhookRetryOptions } from './webhooks.ts';

export interface AppOptions {
  secretKey: string;
  avsEnabled: boolean;
  /** Who the hosted pages say is paid. */
  merchantName?: string | undefined;
  webhookRetry: WebhookRetryOptions;
  now: (() => Date) | undefined;
  distDir: string | null;
  /** The sandbox's own origin, known once it listens. */
  origin: () => string;
  apiDoFromBrowsers: ApiDoFromBrowsers;
  transactionDetails: TransactionDetailsShape;
  /** The bank's origin (the issuers' 3-D Secure pages), known once it listens. */
  bankOrigin: () => string;
  /** The merchant's country (ISO 3166 alpha-2). Default LV. */
  merchantCountry?: string | undefined;
  /** How long the bank's 3DS Method page takes to answer. */
  methodDelayMs?: number | undefined;
  /** How long the gateway's 3-D Secure page waits for that answer (default 10 s). */
  methodTimeoutMs?: number | undefined;
}

export interface SandboxApp {
  dispatch(request: Request, exchange: Exchange): Promise<Response>;
  /** The bank's origin: its own Fetch handler. */
  bank(request: Request, exchange: Exchange): Promise<Response>;
  gateway: Gateway;
  close(): void;
}

export function sandboxApp(options: AppOptions): SandboxApp {
  const clock = new Clock(options.now);
  const hooks = new WebhookDispatcher(options.webhookRetry, () => clock.now());
  const gateway = new Gateway({
    avsEnabled: options.avsEnabled,
    merchantCountry: options.merchantCountry ?? 'LV',
    clock,
    hooks,
    origin: options.origin,
    brandName: options.merchantName ?? 'Sandbox merchant',
    transactionDetails: options.transactionDetails,
  });
  const faults = new Faults();
  const { distDir } = options;
  const api = apiHandler(gateway, faults, options.secretKey);
  const control = controlHandler(gateway, faults);
  const bundle = bundleHandler(distDir);
  const fields = fieldsHandler(distDir, options.origin);
  const bank = bankHandler(gateway, {
    gatewayOrigin: options.origin,
    methodDelayMs: options.methodDelayMs,
    merchantName: options.merchantName,
  });

  /** The surface a path belongs to; the tokens in a path are the handlers' only credentials. */
  function surfaceOf(path: string): SurfaceHandler | null {
    if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) return api;
    const payment = /^\/pay\/([\w-]+)\/?$/.exec(path);
    if (payment)
      return paymentHandler(gateway, faults, payment[1]!, {
        fromBrowsers: options.apiDoFromBrowsers,
        secretKey: options.secretKey,
      });
    const direct = /^\/direct\/([\w-]+)\/?$/.exec(path);
    if (direct) return directPostHandler(gateway, faults, direct[1]!);
    const challenge = /^\/3ds\/([\w-]+)(?:\/(method\/?)?)?$/.exec(path);
    if (challenge)
      return threeDSHandler(gateway, challenge[1]!, options.bankOrigin, challenge[2] ? 'method' : 'page', {
        methodTimeoutMs: options.methodTimeoutMs,
      });
    const hosted = /^\/checkout\/([\w-]+)\/(iframe\/?)?$/.exec(path);
    if (hosted)
      return checkoutHandler(gateway, distDir, hosted[1]!, Boolean(hosted[2]), options.merchantName);
    const hostedStatus = /^\/checkout\/([\w-]+)\/status\/?$/.exec(path);
    if (hostedStatus) return checkoutStatusHandler(gateway, hostedStatus[1]!);
    const product = /^\/products\/([\w-]+)\/?$/.exec(path);
    if (product) return productPageHandler(gateway, product[1]!);
    if (path === BUNDLE_PATH) return bundle;
    const sibling = /^\/assets\/(gateway-checkout\.[\w.-]+\.js)$/.exec(path);
    if (sibling) return siblingHandler(distDir, sibling[1]!);
    if (path.startsWith('/fields/')) return fields;
    if (path === '/_sandbox' || path.startsWith('/_sandbox/')) return control;
    return null;
  }

  async function route(request: Request, exchange: Exchange): Promise<Response> {
    const path = exchange.url.pathname;
    if (path === '/') return new Response(null, { status: 302, headers: { Location: '/_sandbox/' } });
    const surface = surfaceOf(path);
    if (!surface) return answer(notFound());
    return run(surface, request, exchange);
  }

  async function run(surface: SurfaceHandler, request: Request, exchange: Exchange): Promise<Response> {
    try {
      return await surface(request, exchange);
    } catch (error) {
      if (error instanceof Refusal) return error.response();
      console.error('[sandbox]', error);
      return answer(failure(500, 'Internal server error', 'server_error'));
    }
  }

  return {
    gateway,
    async dispatch(request, exchange) {
      const response = await route(request, exchange);
      return finishBody(request, response);
    },
    async bank(request, exchange) {
      return finishBody(request, await run(bank, request, exchange));
    },
    close: () => hooks.close(),
  };
}

/**
 * An answer given before the body was read (a wrong key, a refused origin, an unknown address)
 * reads and drops the body first, so the client's keep-alive connection stays in step; a body too
 * large even to drop closes the connection after the answer instead.
 */
async function finishBody(request: Request, response: Response): Promise<Response> {
  if (!request.body || request.bodyUsed) return response;
  try {
    await readText(request);
  } catch (error) {
    if (error instanceof Refusal && error.closeConnection) {
      const headers = new Headers(response.headers);
      headers.set('Connection', 'close');
      return new Response(response.body, { status: response.status, headers });
    }
  }
  return response;
}
