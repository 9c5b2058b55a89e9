/**
 * Plain HTTP as a public client of the gateway sends it: its own headers, its own bodies (loose
 * types and all), nothing of ours in between. Each replay file names the client it follows.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../../src/sandbox/index.ts';

// Replays read answers loosely and assert each field they touch.
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Json = Record<string, any>;

export interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}

/** A sandbox whose key is long enough for clients that check the key's length. */
export const startReplaySandbox = (options: SandboxOptions = {}): Promise<Sandbox> =>
  startSandbox({
    port: 0,
    secretKey: 'sk_replay_0123456789abcdef0123456789abcdef',
    distDir: null,
    ...options,
  });

/** One request as the client sends it: `body` is sent verbatim (a string) or as JSON. */
export async function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
}

/** A card the hosted page's form sends: digits only, expiry as numbers, as its script builds it. */
export const HOSTED_PAGE_CARD = {
  card_number: '4111111111111111',
  exp_month: 12,
  exp_year: 39,
  csc: '123',
  cardholder_name: 'Ada Lovelace',
};

/**
 * The customer's part of a full-page checkout: open `full_page_checkout` (the sandbox's own page),
 * then submit its form, which posts the card to `api_do_url` from the page's origin.
 */
export async function payAsHostedPage(
  sb: Sandbox,
  fullPageCheckout: string,
  apiDoUrl: string,
  card: Json = HOSTED_PAGE_CARD,
): Promise<Answer> {
  const page = await fetch(fullPageCheckout);
  if (page.status !== 200 || !(await page.text()).includes('<form')) {
    throw new Error(`the hosted page at ${fullPageCheckout} shows no card form (${page.status})`);
  }
  return send(apiDoUrl, 'POST', { 'Content-Type': 'application/json', Origin: sb.url }, card);
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Json;
}

/** A merchant's webhook endpoint on a free loopback port, answering 200 and keeping what came. */
export class Receiver {
  readonly received: Received[] = [];
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      this.received.push({ path: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : {} });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"received"}');
    });
  });
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The first delivery `match` accepts, waited for up to `ms`. */
  async next(match: (r: Received) => boolean, ms = 5_000): Promise<Received> {
    const until = Date.now() + ms;
    for (;;) {
      const hit = this.received.find(match);
      if (hit) return hit;
      if (Date.now() > until) throw new Error('no matching webhook delivery arrived');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A PHP float: `json_encode` writes a whole one as `30.0`, as PHP 7.1+ does for `round()`'s result. */
export class PhpFloat {
  constructor(readonly value: number) {}
}
export const phpFloat = (value: number) => new PhpFloat(value);

/**
 * PHP's `json_encode` with its default flags: `/` escaped as `\/`, non-ASCII as `\uXXXX`; an
 * `undefined` stands for PHP's null (an array key read from nothing).
 */
export function phpJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (value instanceof PhpFloat)
    return Number.isInteger(value.value) ? `${value.value}.0` : String(value.value);
  if (typeof value === 'string')
    return JSON.stringify(value)
      .replace(/\//g, '\\/')
      .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (Array.isArray(value)) return `[${value.map(phpJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${phpJson(k)}:${phpJson(v)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** PHP's `urlencode`: everything but letters, digits and `-_.` percent-encoded, a space as `+`. */
export const phpUrlencode = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/**
 * The vendor's PHP library its shop modules copy (DectaAPI and its white-label twins): call() with
 * curl, `Content-type: application/json` and the Bearer key, a POST body json_encode'd, GET
 * parameters urlencoded into the query; null for an answer that is not JSON or that `refuses`
 * (each copy refuses differently). On it: the customer lookup and the payment validation.
 * `sandbox` is read at each call, as tests start theirs in beforeAll.
 */
export function vendorModule(sandbox: () => Sandbox, refuses: (answer: Answer) => boolean) {
  async function call(method: 'GET' | 'POST', route: string, params: Json = {}): Promise<Json | null> {
    const sb = sandbox();
    const headers = { 'Content-type': 'application/json', Authorization: `Bearer ${sb.secretKey}` };
    const query = Object.entries(params)
      .map(([k, v]) => `${k}=${phpUrlencode(String(v))}`)
      .join('&');
    const answer =
      method === 'GET'
        ? await send(`${sb.url}${route}?${query}`, 'GET', headers)
        : await send(`${sb.url}${route}`, 'POST', headers, phpJson(params));
    if (Object.keys(answer.body).length === 0 || refuses(answer)) return null;
    return answer.body;
  }
  /** getUser: the first client the e-mail and phone filters find, or null. */
  const getUser = async (email: string, phone: string): Promise<Json | null> =>
    (await call('GET', '/api/v0.6/clients/', { filter_email: email, filter_phone: phone }))?.results?.[0] ??
    null;
  /** was_payment_successful: the shop's own order id is the order's `number`, and it is paid. */
  async function wasPaymentSuccessful(shopOrderId: number, paymentId: string): Promise<boolean> {
    const result = await call('GET', `/api/v0.6/orders/${paymentId}/`);
    if (!result) return false;
    return (
      String(shopOrderId) === String(result.number) &&
      (result.status === 'paid' || result.status === 'withdrawn')
    );
  }
  return { call, getUser, wasPaymentSuccessful };
}

/** PrestaShop's and the WooCommerce plugin's copy: an answer with a non-empty `errors` key. */
export const hasErrors = (answer: Answer) => Boolean(answer.body.errors && answer.body.errors.length !== 0);
