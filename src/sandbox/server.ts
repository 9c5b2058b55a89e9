import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX } from '../protocol/index.ts';
import { toNodeHandler, writeResponse } from '../server/node.ts';
import { type SandboxApp, sandboxApp } from './app.ts';
import type { ApiDoFromBrowsers } from './handlers/payment.ts';
import { hostChecker } from './host.ts';
import { answer } from './http.ts';
import type { TransactionDetailsShape } from './order-json.ts';
import { failure } from './results.ts';
import type { WebhookRetryOptions } from './webhooks.ts';

export { API_PREFIX } from '../protocol/index.ts';
export { FAULTS, type Fault } from './faults.ts';
export { API_DO_BROWSER_MODES, type ApiDoFromBrowsers } from './handlers/payment.ts';
export { TRANSACTION_DETAILS_SHAPES, type TransactionDetailsShape } from './order-json.ts';
export const DEFAULT_SECRET_KEY = 'sk_sandbox_test';

export interface SandboxOptions {
  /** 0 (the default) picks any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The Bearer key the API accepts. Default `sk_sandbox_test`. */
  secretKey?: string;
  /**
   * The merchant's name as its account at the gateway holds it: the hosted pages say who is paid.
   * Default: an order's `dynamic_descriptor` when it has one, else "Sandbox merchant".
   */
  merchantName?: string;
  /**
   * The bank's port: the card issuers' 3-D Secure pages live on an origin of their own, as a real
   * bank's do. Default: the sandbox's port + 1, or any free port when the sandbox's is 0.
   */
  bankPort?: number;
  /**
   * Where the merchant is located (ISO 3166 alpha-2, default LV): saving a card issued in the EU for
   * a merchant in Europe needs 3-D Secure.
   */
  merchantCountry?: string;
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
  /**
   * Host names (besides loopback ones and `host`) whose requests are answered, e.g. a container's
   * service name. Any other Host header gets 421: that stops DNS rebinding.
   */
  allowedHosts?: readonly string[];
  /**
   * Whether `api_do_url` answers browsers. `open` (default): CORS for any origin, no key, as the
   * elements' default transport needs. `closed`: a host-to-host address, as every public client of
   * the real gateway uses it: no CORS answer to a preflight, the Bearer key required, a 403 naming
   * the rule otherwise (browsers then pay through `direct_post`). Which one the real gateway is, is
   * not public: `gateway-checkout doctor` finds out for an account.
   */
  apiDoFromBrowsers?: ApiDoFromBrowsers;
  /**
   * How `transaction_details.card_issuer_country`, `processing_status` and `three_d_secure_status`
   * come: `plain` values (default) or the objects the 2019 Go client declares (`objects`).
   */
  transactionDetails?: TransactionDetailsShape;
  /**
   * How long the bank's 3DS Method page takes to answer the gateway. Default 400 ms. For tests of a
   * slow bank: past `methodTimeoutMs` the gateway's page goes on without the answer.
   */
  methodDelayMs?: number;
  /** How long the gateway's 3-D Secure page waits for the bank's 3DS Method. Default 10 s (EMV's). */
  methodTimeoutMs?: number;
}

export interface Sandbox {
  /** http://127.0.0.1:PORT */
  url: string;
  /** url + '/api/v0.6' */
  apiUrl: string;
  /** The bank's origin, http://127.0.0.1:BANK_PORT: where 3-D Secure challenges are shown. */
  bankUrl: string;
  secretKey: string;
  close(): Promise<void>;
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

/** Listens on `port` (0: any free one) and says which port it got. */
function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
  const faultTimeoutMs = options.faultTimeoutMs ?? 30_000;
  const distDir = options.distDir === undefined ? defaultDistDir() : options.distDir;
  let origin = '';
  let bankOrigin = '';
  const app = sandboxApp({
    secretKey,
    avsEnabled: options.avsEnabled ?? false,
    merchantName: options.merchantName,
    webhookRetry: options.webhookRetry ?? {},
    now: options.now,
    distDir,
    origin: () => origin,
    apiDoFromBrowsers: options.apiDoFromBrowsers ?? 'open',
    transactionDetails: options.transactionDetails ?? 'plain',
    bankOrigin: () => bankOrigin,
    merchantCountry: options.merchantCountry,
    methodDelayMs: options.methodDelayMs,
    methodTimeoutMs: options.methodTimeoutMs,
  });
  const sockets = new Set<Socket>();
  const heldTimers = new Set<NodeJS.Timeout>();

  /**
   * The reset and timeout faults act on the connection itself, below HTTP: the one thing a
   * Fetch handler cannot express, so each request gets this from its own socket.
   */
  function loseAnswer(socket: Socket, how: 'reset' | 'timeout'): Promise<Response> {
    return new Promise((resolve) => {
      // The adapter writes this to a connection that is already gone: nobody receives it.
      socket.once('close', () => resolve(new Response(null, { status: 204 })));
      if (how === 'reset') {
        socket.resetAndDestroy();
        return;
      }
      const timer = setTimeout(() => {
        heldTimers.delete(timer);
        socket.destroy();
      }, faultTimeoutMs);
      heldTimers.add(timer);
    });
  }

  const hostAllowed = hostChecker([host, ...(options.allowedHosts ?? [])]);

  /** One listener: the gateway's or the bank's, behind the same Host check. */
  function listener(dispatch: SandboxApp['dispatch']): Server {
    const server = createServer((req, res) => {
      const socket = req.socket;
      const verdict = hostAllowed(req.headers.host);
      if (!verdict.ok) {
        // Refused unread: the connection closes after the answer rather than parse a body nobody wants.
        const refusal = answer(failure(verdict.status, verdict.message, verdict.code), {
          Connection: 'close',
        });
        void writeResponse(refusal, res).catch(() => res.destroy());
        return;
      }
      toNodeHandler((request) =>
        dispatch(request, { url: new URL(request.url), loseAnswer: (how) => loseAnswer(socket, how) }),
      )(req, res);
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    return server;
  }

  const server = listener(app.dispatch);
  const bankServer = listener(app.bank);
  const originHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const port = await listen(server, options.port ?? 0, host);
  origin = `http://${originHost}:${port}`;
  const bankPort = options.bankPort ?? (port === options.port && port ? port + 1 : 0);
  try {
    bankOrigin = `http://${originHost}:${await listen(bankServer, bankPort, host)}`;
  } catch (error) {
    server.close();
    throw error;
  }

  let closing: Promise<void> | null = null;
  return {
    url: origin,
    apiUrl: `${origin}${API_PREFIX}`,
    bankUrl: bankOrigin,
    secretKey,
    close() {
      closing ??= new Promise<void>((resolve) => {
        app.close();
        for (const timer of heldTimers) clearTimeout(timer);
        heldTimers.clear();
        let open = 2;
        const closed = () => --open === 0 && resolve();
        server.close(closed);
        bankServer.close(closed);
        // Idle keep-alive and held ("timeout" fault) connections would otherwise keep close() waiting.
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
