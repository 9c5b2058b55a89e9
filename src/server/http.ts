import type { z } from 'zod';
import { API_PREFIX, fieldIssues, issuesOfErrorBody } from '../protocol/index.ts';
import {
  errorForStatus,
  GatewayError,
  GatewayInvalidResponseError,
  GatewayNetworkError,
  GatewayTimeoutError,
  GatewayValidationError,
  withIssues,
} from './errors.ts';

export interface HttpOptions {
  baseUrl: string;
  secretKey: string;
  fetch?: typeof fetch;
  /** Covers the whole exchange: connecting, headers and reading the body. Default 30 000 ms. */
  timeoutMs?: number;
  /** Extra attempts for GET only. Default 2. */
  maxRetries?: number;
  /** First backoff step; doubled per attempt, with jitter. Default 300 ms. */
  retryBaseDelayMs?: number;
  /**
   * The longest Retry-After (on a 429 or 503) a GET waits for before trying again; a longer one ends
   * the retries and the error carries it as `retryAfterMs`. Default 10 000 ms.
   */
  maxRetryAfterMs?: number;
  userAgent?: string;
}

export interface SendOptions<T> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /api/v0.6, e.g. `/orders/`, or an absolute URL on the gateway's own origin. */
  path: string;
  body?: unknown;
  /** Schema of a 2xx answer; without it the answer is returned as parsed JSON (or {} when empty). */
  schema?: z.ZodType<T>;
  /**
   * Sent as the `Idempotency-Key` header: a gateway that honours it (the sandbox does) answers a
   * repeated request with the first answer instead of doing it again. The request is still never
   * repeated automatically: the real gateway's support for the header is not documented.
   */
  idempotencyKey?: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends one logical request (stripe-node's RequestSender + FetchHttpClient in one). Only GETs are
 * retried: a POST that timed out may well have reached the gateway, and sending it again could create
 * a second order or a second capture or refund, i.e. charge a customer twice. A failed POST is
 * reported as it is; the caller reads the state with a GET before deciding anything.
 */
export class HttpSender {
  readonly #secretKey: string;
  readonly #fetch: typeof fetch;
  readonly origin: string;
  readonly root: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly retryBaseDelayMs: number;
  readonly maxRetryAfterMs: number;
  readonly userAgent: string;

  constructor(options: HttpOptions) {
    if (!options.secretKey) throw new TypeError('GatewayClient: secretKey is required');
    const base = new URL(options.baseUrl);
    const path = base.pathname.replace(/\/+$/, '');
    // Accept both "http://host" and "http://host/api/v0.6".
    this.root = `${base.origin}${path.endsWith(API_PREFIX) ? path : `${path}${API_PREFIX}`}`;
    this.origin = base.origin;
    this.#secretKey = options.secretKey;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = Math.max(0, options.maxRetries ?? 2);
    this.retryBaseDelayMs = options.retryBaseDelayMs ?? 300;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;
    this.userAgent = options.userAgent ?? `gateway-checkout/0.1 node/${process.versions.node}`;
  }

  /** Absolute URL of a path; absolute URLs (list `next` links) must stay on the gateway's origin. */
  url(path: string): string {
    if (!/^https?:\/\//i.test(path)) return `${this.root}${path}`;
    const url = new URL(path);
    // The bearer key must never travel to another host, whatever a `next` link says.
    if (url.origin !== this.origin) {
      const issues = [
        { path: 'url', message: `must be on the gateway's origin ${this.origin}`, code: 'invalid' },
      ];
      throw new GatewayValidationError(
        withIssues('not sent: the secret key goes to the gateway only', issues),
        {
          issues,
        },
      );
    }
    return url.href;
  }

  async send<T>(options: SendOptions<T>): Promise<T> {
    const attempts = options.method === 'GET' ? this.maxRetries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#once(options);
      } catch (error) {
        if (attempt >= attempts || !retryable(error)) throw error;
        // Exponential backoff with "equal jitter": half fixed, half random, capped at 10 s.
        const step = Math.min(10_000, this.retryBaseDelayMs * 2 ** (attempt - 1));
        let delay = step / 2 + Math.random() * (step / 2);
        // The gateway said when to come back: never sooner, and not at all if that is too far off.
        const asked = (error as GatewayError).retryAfterMs;
        if (asked !== undefined) {
          if (asked > this.maxRetryAfterMs) throw error;
          delay = Math.max(delay, asked);
        }
        await sleep(delay);
      }
    }
  }

  async #once<T>(options: SendOptions<T>): Promise<T> {
    const url = this.url(options.path);
    const label = `${options.method} ${new URL(url).pathname}`;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Rejects on its own too, so an injected fetch that ignores the signal cannot hang the caller.
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Error('timeout'));
      }, this.timeoutMs);
    });
    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      const exchange = async () => {
        const response = await this.#fetch(url, {
          method: options.method,
          headers: {
            Authorization: `Bearer ${this.#secretKey}`,
            Accept: 'application/json',
            ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...(options.idempotencyKey === undefined ? {} : { 'Idempotency-Key': options.idempotencyKey }),
            'User-Agent': this.userAgent,
          },
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: controller.signal,
          redirect: 'error',
        });
        // Still under the same timer: a gateway that sends headers and then stalls is a timeout too.
        return {
          status: response.status,
          text: await response.text(),
          retryAfter: response.headers.get('retry-after'),
        };
      };
      ({ status, text, retryAfter } = await Promise.race([exchange(), deadline]));
    } catch (error) {
      if (controller.signal.aborted)
        throw new GatewayTimeoutError(`${label}: no complete answer within ${this.timeoutMs} ms`, {
          request: label,
        });
      throw new GatewayNetworkError(`${label}: could not reach the gateway (${networkReason(error)})`, {
        request: label,
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }

    const body = parseJson(text);
    if (status < 200 || status >= 300) {
      const json = body.ok ? body.value : text.slice(0, 500);
      const wait = status === 429 || status === 503 ? retryAfterMs(retryAfter) : undefined;
      throw errorForStatus(status, label, json, status < 500 ? issuesOfErrorBody(json) : [], wait);
    }
    if (!body.ok)
      throw new GatewayInvalidResponseError(`${label}: the answer is not JSON`, { status, request: label });
    const value = body.value ?? {};
    if (!options.schema) return value as T;
    const parsed = options.schema.safeParse(value);
    if (!parsed.success) {
      const issues = fieldIssues(parsed.error);
      throw new GatewayInvalidResponseError(withIssues(`${label}: unexpected answer`, issues), {
        status,
        request: label,
        issues,
        body: value,
      });
    }
    return parsed.data;
  }
}

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

/** Retry-After as delay-seconds or an HTTP-date (RFC 9110 10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function retryable(error: unknown): boolean {
  if (!(error instanceof GatewayError)) return false;
  if (error.type === 'network' || error.type === 'timeout' || error.type === 'server_error') return true;
  return error.status === 429;
}

/** A short, key-free reason: undici hides the real one (ECONNREFUSED, ...) in `cause`. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (error instanceof Error) return error.message;
  return 'unknown error';
}
