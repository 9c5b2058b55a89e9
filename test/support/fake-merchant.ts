import { outcomeOf } from '../../src/protocol/order.ts';
import type { CheckoutConfig, CheckoutSession, CheckoutStatus } from '../../src/protocol/session.ts';

/**
 * A scripted merchant server and gateway at the network boundary of the checkout's browser tests:
 * the three contract routes of src/protocol/session.ts and each order's api_do_url, answered by
 * replacing `window.fetch`. Everything the element sends is recorded.
 */

export const GATEWAY = 'https://gw.example';

export interface Sent {
  readonly url: string;
  readonly method: string;
  readonly body: string;
  readonly credentials: RequestCredentials | undefined;
}

/** What the gateway does with the next payment POST. */
export type PaymentScript =
  | 'paid' // charges the card and answers
  | 'declined' // declines with "Decline, not sufficient funds"
  | 'lost' // the answer never arrives (fetch rejects); nothing was charged
  | 'lost-paid' // the card was charged, then the answer was lost
  | '3ds'; // answers a 3-D Secure challenge; the order waits for the bank

interface Order {
  status: string;
  reason: string | null;
}

export const DEFAULT_CONFIG: CheckoutConfig = {
  amount: 32.25,
  currency: 'EUR',
  language: 'en',
  merchant_name: 'Lindenhof Books',
  avs: 'off',
  save: null,
  moto: false,
  collect_email: false,
};

/** The presentation a session request asks for (`options.presentation`), if any. */
function presentationOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { options?: { presentation?: string } }).options?.presentation;
  } catch {
    return undefined;
  }
}

export class FakeMerchant {
  readonly sent: Sent[] = [];
  readonly orders = new Map<string, Order>();
  config: CheckoutConfig = { ...DEFAULT_CONFIG };
  /** One entry per payment POST, in order; the last one repeats. */
  payments: PaymentScript[] = ['paid'];
  threeDsUrl = 'about:blank';
  /** The gateway's words for a `declined` payment. */
  declineReason = 'Decline, not sufficient funds';
  /** Session POSTs are refused with these field issues, as the server helper refuses a bad request. */
  sessionFields: Array<{ path: string; message: string; code: string }> | null = null;
  /** Session POSTs are answered with this refusal (a 429 of the velocity limits, a 403 of the bot check). */
  sessionRefusal: { status: number; body: unknown; headers?: Record<string, string> } | null = null;
  /** Where the session answer says the card goes (a tampered merchant server answers another). */
  apiDoUrlOf: (orderId: string) => string = (id) => `${GATEWAY}/do/${id}`;
  /** Configurations per session URL other than /checkout/session (query included), for pages that switch. */
  readonly configs = new Map<string, CheckoutConfig>();
  #paymentGate: Promise<void> | null = null;
  readonly #configGates = new Map<string, Promise<void>>();
  readonly #realFetch = window.fetch;

  /** The next payment POST waits until the returned function is called (a slow gateway). */
  holdPayments(): () => void {
    let release = () => {};
    this.#paymentGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    return () => {
      this.#paymentGate = null;
      release();
    };
  }

  /**
   * The next configuration GET of this path and query waits until the returned function is called
   * (a slow merchant server). It honours the request's abort signal, as a real fetch does.
   */
  holdConfig(pathAndQuery: string): () => void {
    let release = () => {};
    this.#configGates.set(
      pathAndQuery,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    return () => {
      this.#configGates.delete(pathAndQuery);
      release();
    };
  }

  install(): void {
    // A checkout picks up the attempt a reloaded page left in sessionStorage; every test is a new
    // visit, so none may inherit the last test's attempt.
    sessionStorage.clear();
    window.fetch = this.fetch;
  }
  uninstall(): void {
    window.fetch = this.#realFetch;
  }

  sessionPosts(): Sent[] {
    return this.sent.filter((r) => r.method === 'POST' && r.url.endsWith('/checkout/session'));
  }
  paymentPosts(): Sent[] {
    return this.sent.filter((r) => r.method === 'POST' && r.url.startsWith(GATEWAY));
  }
  statusGets(): Sent[] {
    return this.sent.filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/checkout/status');
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? init.body : '';
    this.sent.push({ url: url.href, method, body, credentials: init?.credentials });

    if (url.origin === location.origin && url.pathname === '/checkout/session') {
      if (method === 'GET') return this.#answerConfig(url.pathname + url.search, init?.signal);
      if (this.sessionRefusal) {
        const { status, body, headers } = this.sessionRefusal;
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json', ...headers },
        });
      }
      if (this.sessionFields) {
        const fields = this.sessionFields;
        const message = `the session request is invalid: ${fields.map((f) => `${f.path}: ${f.message}`).join('; ')}`;
        return json({ error: { type: 'invalid_request', message, fields } }, 400);
      }
      const id = `ord_${this.orders.size + 1}`;
      this.orders.set(id, { status: 'issued', reason: null });
      const session: CheckoutSession = {
        order_id: id,
        api_do_url: this.apiDoUrlOf(id),
        status_url: `/checkout/status?order=${id}&token=tok_${id}`,
        amount: this.config.amount ?? 0,
        currency: this.config.currency,
        language: this.config.language,
        avs: this.config.avs,
        save: this.config.save,
        moto: this.config.moto,
        // The gateway's hosted form, for the presentations that show it (a page of this test server).
        iframe_checkout: presentationOf(body) === 'iframe' ? `${location.origin}/hosted-form/${id}` : null,
        full_page_checkout: null,
      };
      return json(session, 201);
    }
    if (url.origin === location.origin && url.pathname === '/checkout/status') {
      const id = url.searchParams.get('order') ?? '';
      const order = this.orders.get(id);
      if (!order) return json({ error: { message: 'no such order' } }, 404);
      const status: CheckoutStatus = {
        order_id: id,
        status: order.status,
        outcome: outcomeOf(order.status),
        reason: order.reason,
        amount: this.config.amount ?? 0,
        currency: this.config.currency,
        // The merchant's own order number, as a shop's status answer carries it.
        number: `BP-${id.slice(4)}`,
      };
      return json(status);
    }
    if (url.origin === GATEWAY && method === 'POST') {
      const id = url.pathname.split('/').at(-1) ?? '';
      const order = this.orders.get(id);
      if (!order) return json({ __all__: [{ message: 'Order not found' }] }, 404);
      const index = this.paymentPosts().length - 1;
      const script = this.payments[Math.min(index, this.payments.length - 1)] ?? 'paid';
      if (this.#paymentGate) await this.#paymentGate;
      switch (script) {
        case 'paid':
          order.status = 'paid';
          return json({ status: 'paid', order_id: id });
        case 'declined':
          order.status = 'rejected';
          order.reason = this.declineReason;
          return json({ status: 'rejected', order_id: id });
        case 'lost':
          throw new TypeError('Failed to fetch');
        case 'lost-paid':
          order.status = 'paid';
          throw new TypeError('Failed to fetch');
        case '3ds':
          order.status = 'in_progress';
          return json({ threed_check_url: this.threeDsUrl, order_id: id });
      }
    }
    // Nothing else is ours to answer; it is still recorded above.
    return this.#realFetch.call(window, input, init);
  };

  async #answerConfig(pathAndQuery: string, signal?: AbortSignal | null): Promise<Response> {
    const gate = this.#configGates.get(pathAndQuery);
    if (gate) {
      await new Promise<void>((resolve, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        void gate.then(resolve);
      });
    }
    return json(this.configs.get(pathAndQuery) ?? this.config);
  }
}

export function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
