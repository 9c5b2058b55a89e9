import type {
  CheckoutConfig,
  CheckoutSession,
  CheckoutSessionRequest,
  CheckoutStatus,
} from '../protocol/session.ts';
import { cancelledError, type FlowError, type FlowResult, flowError, resultOf } from './outcome.ts';

export interface MerchantServerOptions {
  /** GET: the checkout's configuration; POST: create the order for an idempotency key. */
  readonly sessionUrl?: string;
  /** An order created beforehand: its status. */
  readonly statusUrl?: string;
  readonly fetch: typeof fetch;
  readonly sleep: (ms: number) => Promise<void>;
  /** How long we keep asking for a final status. */
  readonly statusTimeoutMs?: number;
  /**
   * The merchant's cookies go along: `same-origin` from the merchant's page (the default);
   * `include` from the isolated fields, another origin of the same site, which the merchant's
   * server answers with credentialed CORS.
   */
  readonly credentials?: RequestCredentials;
}

/**
 * The merchant server's routes as the payment flow uses them (src/protocol/session.ts): the
 * configuration and status reads, the session POST that creates the order, and polling the status
 * until the order has an outcome. Same-origin credentials only, and never any card data: that goes
 * to api_do_url alone.
 */
export class MerchantServer {
  readonly #o: MerchantServerOptions;

  constructor(options: MerchantServerOptions) {
    this.#o = options;
  }

  /** GET the session URL: amount, currency and the fields the checkout needs. Creates nothing. */
  loadConfig(signal?: AbortSignal): Promise<CheckoutConfig> {
    return this.#getJson<CheckoutConfig>(this.#o.sessionUrl, 'The checkout configuration', signal);
  }

  /** GET the status URL of a pre-created order (amount and currency for the pay button). */
  loadStatus(signal?: AbortSignal): Promise<CheckoutStatus> {
    return this.#getJson<CheckoutStatus>(this.#o.statusUrl, 'The order status', signal);
  }

  async #getJson<T>(url: string | undefined, what: string, signal?: AbortSignal): Promise<T> {
    if (!url) throw new Error(`${what} has no URL to be loaded from.`);
    const res = await this.#o.fetch(url, {
      headers: { accept: 'application/json' },
      credentials: this.#o.credentials ?? 'same-origin',
      signal,
    });
    if (!res.ok) throw new Error(`${what} could not be loaded (HTTP ${res.status}).`);
    return (await res.json()) as T;
  }

  /** POST the session: the merchant server creates the order, or answers the one it made for this key. */
  async createSession(
    key: string,
    request: Omit<CheckoutSessionRequest, 'idempotency_key'>,
  ): Promise<CheckoutSession> {
    const url = this.#o.sessionUrl;
    if (!url) throw flowError('session', 'no session-url and no api-do-url');
    const body = JSON.stringify({ ...request, idempotency_key: key });
    // The same key returns the same order, so repeating this POST after a lost answer is safe.
    let lastError: unknown;
    for (let i = 0; i < 3; i++) {
      if (i > 0) await this.#o.sleep(400 * 2 ** i);
      let res: Response;
      try {
        res = await this.#o.fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          credentials: this.#o.credentials ?? 'same-origin',
          body,
          signal: AbortSignal.timeout(20_000),
        });
      } catch (error) {
        lastError = error;
        continue;
      }
      const json = await res.json().catch(() => null);
      if (res.ok && json && typeof json === 'object' && 'api_do_url' in json) {
        const session = json as CheckoutSession;
        // The status address is the merchant's, relative to where the session came from.
        return { ...session, status_url: resolveUrl(session.status_url, url) };
      }
      const err = (
        json as { error?: { type?: string; message?: string; fields?: FlowError['fields'] } } | null
      )?.error;
      // Too many attempts for now: nothing to repeat; the customer waits as long as the server says.
      if (res.status === 429) throw flowError('rate_limited', err?.message, undefined, retryAfterOf(res));
      if (res.status === 403 && err?.type === 'verification_failed')
        throw flowError('verification', err.message);
      if (res.status >= 500 && res.status !== 502 && res.status !== 504) {
        lastError = flowError('session', err?.message);
        continue;
      }
      throw flowError('session', err?.message, err?.fields);
    }
    throw lastError instanceof Error && 'type' in lastError ? lastError : flowError('network');
  }

  /** GET an order's status, `tries` times at most; null when no answer came. */
  async readStatus(url: string, tries = 3): Promise<CheckoutStatus | null> {
    for (let i = 0; i < tries; i++) {
      if (i > 0) await this.#o.sleep(500 * i);
      try {
        const res = await this.#o.fetch(url, {
          headers: { accept: 'application/json' },
          credentials: this.#o.credentials ?? 'same-origin',
          cache: 'no-store',
          signal: AbortSignal.timeout(15_000),
        });
        if (res.ok) return (await res.json()) as CheckoutStatus;
      } catch {
        // Try again below; a status read repeats nothing.
      }
    }
    return null;
  }

  async settleFrom(session: CheckoutSession, status: CheckoutStatus): Promise<FlowResult> {
    return status.outcome === 'pending'
      ? this.settle(session.status_url, session.order_id)
      : resultOf(status, session.order_id);
  }

  /** Polls with backoff (250 ms doubling to 2 s) within an overall limit. */
  async settle(statusUrl: string, orderId: string, signal?: AbortSignal): Promise<FlowResult> {
    const deadline = Date.now() + (this.#o.statusTimeoutMs ?? 90_000);
    let delay = 250;
    for (;;) {
      if (signal?.aborted) return { kind: 'failed', orderId, error: cancelledError, canRetry: true };
      const status = await this.readStatus(statusUrl, 1);
      if (status && status.outcome !== 'pending') return resultOf(status, orderId);
      if (Date.now() + delay > deadline) {
        return {
          kind: 'failed',
          orderId: status?.order_id ?? (orderId || null),
          error: { type: 'unconfirmed' },
          canRetry: false,
        };
      }
      await this.#o.sleep(delay);
      delay = Math.min(delay * 2, 2000);
    }
  }
}

/** Retry-After in seconds (a number or an HTTP date); undefined when absent or unreadable. */
function retryAfterOf(res: Response): number | undefined {
  const value = res.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

function resolveUrl(url: string, base: string): string {
  return new URL(url, new URL(base, globalThis.location?.href)).href;
}

/**
 * A new attempt's idempotency key: 18 random bytes, base64url (24 characters). The merchant's server
 * finds the attempt's order again by it, so it carries nothing of the customer or the card.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}
