// Helpers for the sandbox's own tests: plain HTTP against a sandbox on a free port.
import { type Sandbox, type SandboxOptions, startSandbox } from './server.ts';

// Tests read answer bodies loosely and assert each field they touch, so `any` costs nothing here.
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Json = Record<string, any>;

export interface Reply {
  status: number;
  body: Json;
  headers: Headers;
}

export const FAST: SandboxOptions = {
  webhookRetry: { maxAttempts: 3, baseDelayMs: 20, factor: 2, timeoutMs: 1000 },
  faultTimeoutMs: 5_000,
};

export async function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ port: 0, ...FAST, ...options });
}

export async function call(
  url: string,
  init: { method?: string; body?: unknown; key?: string | null; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers.Authorization = `Bearer ${init.key}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
}

/** A client of one sandbox's API with its key. */
export function api(sb: Sandbox) {
  return {
    get: (path: string) => call(`${sb.apiUrl}${path}`, { key: sb.secretKey }),
    post: (path: string, body?: unknown) =>
      call(`${sb.apiUrl}${path}`, { method: 'POST', body, key: sb.secretKey }),
  };
}

export const VISA = '4111111111111111';

export const cardBody = (card_number = VISA, extra: Json = {}): Json => ({
  card_number,
  exp_month: 12,
  exp_year: 39,
  csc: '123',
  cardholder_name: 'Ada Lovelace',
  ...extra,
});

export const orderBody = (extra: Json = {}): Json => ({
  client: { email: 'buyer@example.com' },
  products: [{ title: 'Tea', price: 10.5 }],
  currency: 'EUR',
  ...extra,
});

export async function createOrder(sb: Sandbox, extra: Json = {}): Promise<Json> {
  const reply = await api(sb).post('/orders/', orderBody(extra));
  if (reply.status !== 200) throw new Error(`order not created: ${JSON.stringify(reply.body)}`);
  return reply.body;
}

export const pay = (order: Json, body: Json = cardBody()) => call(order.api_do_url, { method: 'POST', body });

/** Creates an order and pays it with a card; returns the order as read back. */
export async function paidOrder(sb: Sandbox, extra: Json = {}, card = cardBody()): Promise<Json> {
  const order = await createOrder(sb, extra);
  const paid = await pay(order, card);
  if (paid.status !== 200) throw new Error(`payment failed: ${JSON.stringify(paid.body)}`);
  return (await api(sb).get(`/orders/${order.id}/`)).body;
}

export const setClock = (sb: Sandbox, now: string | null) =>
  call(`${sb.url}/_sandbox/clock`, { method: 'POST', body: { now } });

export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 10_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** Submits the 3-D Secure challenge form like the browser would, without following redirects. */
export async function answerChallenge(url: string, result: 'approve' | 'fail' | 'cancel') {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ result }).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}
