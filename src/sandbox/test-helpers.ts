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

const postForm = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

/** The value of a form field in a page the sandbox wrote (attribute order as its pages write it). */
export function fieldOf(html: string, name: string): string {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
  if (value === undefined) throw new Error(`no field ${name} in ${html.slice(0, 400)}`);
  return value.replaceAll('&amp;', '&').replaceAll('&quot;', '"');
}

/** A form's action in a page the sandbox wrote. */
export function actionOf(html: string, id: string): string {
  const action = new RegExp(`action="([^"]*)"[^>]*id="${id}"`).exec(html)?.[1];
  if (action === undefined) throw new Error(`no form ${id}`);
  return action.replaceAll('&amp;', '&');
}

/**
 * Walks a browser through the gateway's 3-D Secure page to the bank's challenge (no script: the
 * challenge request as the page's form holds it, for the full window unless `window` says).
 */
export async function openBankChallenge(url: string, window?: string) {
  const handoff = await (await fetch(url)).text();
  let creq = fieldOf(handoff, 'creq');
  if (window) {
    const message = JSON.parse(Buffer.from(creq, 'base64url').toString());
    creq = Buffer.from(JSON.stringify({ ...message, challengeWindowSize: window })).toString('base64url');
  }
  const acs = actionOf(handoff, 'acs');
  const dialog: Record<string, string> = /name="dialog" value="1"/.test(handoff) ? { dialog: '1' } : {};
  const response = await postForm(acs, { creq, ...dialog });
  return { acs, handoff, status: response.status, html: await response.text() };
}

/**
 * Answers the 3-D Secure challenge as a person does: Approve or Fail at the bank, which sends the
 * browser back to the gateway; Cancel at the checkout's dialog, posted to the gateway's page. The
 * gateway's last answer (not followed).
 */
export async function answerChallenge(url: string, result: 'approve' | 'fail' | 'cancel') {
  let response: Response;
  if (result === 'cancel') response = await postForm(url, { result });
  else {
    const bank = await openBankChallenge(url);
    const back = await (
      await postForm(new URL('/acs/answer/', bank.acs).href, {
        acsTransID: fieldOf(bank.html, 'acsTransID'),
        result,
      })
    ).text();
    response = await postForm(actionOf(back, 'next'), { cres: fieldOf(back, 'cres') });
  }
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}
