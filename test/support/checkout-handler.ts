// The checkout-session handler under test, in front of a gateway answered by an injected fetch,
// and a shopper's requests to it (imported by the handler's *.test.ts only).
import type { CheckoutConfig, Order } from '../../src/protocol/index.ts';
import { type CheckoutHandlerOptions, createCheckoutHandler } from '../../src/server/checkout.ts';
import { GatewayClient } from '../../src/server/client.ts';

export const KEY = 'sk_test_checkout_secret';
export const BASE = 'http://127.0.0.1:9/checkout';
export const IDEM = 'idem_key_0123456789abcdef';

/** A gateway behind an injected fetch: records what it is sent and answers orders. */
export function fakeGateway(answer?: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  let n = 0;
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (answer) return answer(url, init);
    if (init.method === 'POST') {
      n += 1;
      // A little delay, so concurrent duplicates really overlap.
      await new Promise((r) => setTimeout(r, 20));
      const order: Order = {
        id: `ord_${n}`,
        status: 'issued',
        total: 12.5,
        currency: 'EUR',
        api_do_url: `https://gw.example/do/ord_${n}`,
        iframe_checkout: null,
        full_page_checkout: `https://gw.example/pay/ord_${n}`,
      };
      return Response.json(order, { status: 201 });
    }
    return Response.json({
      id: url.split('/').at(-2),
      status: 'rejected',
      total: 12.5,
      currency: 'eur',
      transaction_details: { errors: [{ description: 'Decline, not sufficient funds' }] },
    });
  }) as typeof globalThis.fetch;
  return {
    calls,
    client: new GatewayClient({ baseUrl: 'http://gw.test', secretKey: KEY, fetch, maxRetries: 0 }),
  };
}

export const CONFIG: CheckoutConfig = {
  amount: 12.5,
  currency: 'EUR',
  language: 'en',
  merchant_name: 'Tea Shop',
  avs: 'off',
  save: null,
  moto: false,
  collect_email: true,
};

/** Where the shopper's requests come from, as a host that passes no socket address would say it. */
export const SHOPPER_ADDRESS = '203.0.113.5';
export const shopperAddress = () => SHOPPER_ADDRESS;

export function setup(config: Partial<CheckoutConfig> = {}, extra: Partial<CheckoutHandlerOptions> = {}) {
  const gw = fakeGateway();
  const errors: unknown[] = [];
  const handler = createCheckoutHandler({
    client: gw.client,
    config: () => ({ ...CONFIG, ...config }),
    buildOrder: () => ({ products: [{ title: 'Tea', price: 12.5 }] }),
    secret: 'status-secret',
    onError: (e) => errors.push(e),
    clientAddress: shopperAddress,
    ...extra,
  });
  return { handler, calls: gw.calls, errors };
}

/** The shopper's browser, holding the visitor cookie the handler set on its first GET. */
export const SHOPPER = 'gateway_checkout_visitor=shopper_secret_0123456789abcdef';
export const post = (
  body: unknown,
  headers: Record<string, string> = { 'Content-Type': 'application/json', Cookie: SHOPPER },
) =>
  new Request(`${BASE}/session`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

export async function read(response: Response) {
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & {
      error?: { type: string; message: string; fields?: Array<{ path: string }> };
    },
  };
}
