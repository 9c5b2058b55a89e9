// Hostile input to the server side: the session handler, the status handler and the webhook receiver
// each get a thousand and more malformed, oversized, deeply nested, __proto__-keyed or wrongly typed
// requests from a seeded generator, then must still serve a normal checkout against the sandbox.
// A failure prints its seed; replay it with HOSTILE_SEED=<seed>.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutSession, CheckoutStatus } from '../../src/protocol/index.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.ts';
import {
  type CheckoutHandler,
  createCheckoutHandler,
  createWebhookHandler,
  GatewayClient,
  type GatewayWebhookEvent,
  toNodeHandler,
  type WebhookHandler,
} from '../../src/server/index.ts';
import {
  malformedJson,
  nestedJson,
  PROTOTYPE_KEYS,
  prototypeKeyed,
  type Rng,
  rng,
  seedOf,
  strangeValue,
} from '../support/hostile.ts';

const SEED = seedOf();
const CASES = 1000;
const KEY = 'sk_hostile_test';
const SHOP = 'http://127.0.0.1:9';
const IDEM = 'hostile_idempotency_0001';
const VALID_SESSION = {
  idempotency_key: IDEM,
  email: 'ada@example.com',
  billing_address: { address: '1 Main St', zip_code: '10001', country: 'US' },
};
const CARD = {
  id: 'card_1',
  transaction_type: 'DEBIT',
  client: 'cl_1',
  merchant: 'm_1',
  masked_pan: '411111******1111',
  exp_month: 12,
  exp_year: 30,
  is_default: true,
};

let sandbox: Sandbox;
let server: Server;
let shop: string;
let checkout: CheckoutHandler;
let webhooks: WebhookHandler;
let gatewayCalls: string[] = [];
const events: GatewayWebhookEvent[] = [];
const errors: unknown[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, secretKey: KEY });
  // Every request the helper sends to the gateway passes here and is counted.
  const counting = ((input: RequestInfo | URL, init?: RequestInit) => {
    gatewayCalls.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return fetch(input, init);
  }) as typeof fetch;
  const gateway = new GatewayClient({ baseUrl: sandbox.url, secretKey: KEY, fetch: counting, maxRetries: 0 });
  checkout = createCheckoutHandler({
    client: gateway,
    config: () => ({
      amount: 10,
      currency: 'EUR',
      language: 'en',
      merchant_name: 'Tea Shop',
      avs: 'standard',
      save: null,
      moto: false,
      collect_email: true,
    }),
    buildOrder: () => ({ products: [{ title: 'Tea', price: 10 }] }),
    onError: (error) => errors.push(error),
  });
  webhooks = createWebhookHandler({
    allowedIps: ['127.0.0.1', '::1'],
    client: gateway,
    onEvent: (event) => {
      events.push(event);
    },
    onError: (error) => errors.push(error),
  });
  const checkoutNode = toNodeHandler(checkout);
  const webhooksNode = toNodeHandler(webhooks);
  server = createServer((req, res) =>
    req.url?.startsWith('/webhooks') ? webhooksNode(req, res) : checkoutNode(req, res),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  shop = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await gateway.webhooks.create({
    title: 'shop',
    url: `${shop}/webhooks`,
    version: 'v0.6',
    all_events: true,
  });
  gatewayCalls = [];
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await sandbox.close();
});

interface Case {
  what: string;
  request: Request;
  /** The status the case must get; otherwise any 4xx. */
  status?: number;
}

const post = (
  url: string,
  body: string | Uint8Array,
  headers: Record<string, string> = {},
  method = 'POST',
) =>
  new Request(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body as BodyInit,
  });

// --------------------------------------------------------------------------- session requests

const WRONG_FIELDS = ['idempotency_key', 'email', 'billing_address', 'save_consent'] as const;

function sessionCase(r: Rng): Case {
  const url = `${SHOP}/checkout/session`;
  const valid = JSON.stringify(VALID_SESSION);
  switch (r.int(6)) {
    case 0: {
      const size = 16 * 1024 + 1 + r.int(64 * 1024);
      const body = JSON.stringify({ ...VALID_SESSION, email: `${'a'.repeat(size)}@example.com` });
      return { what: `oversized ${size}`, request: post(url, body), status: 413 };
    }
    case 1:
      return { what: 'malformed', request: post(url, malformedJson(r, valid)) };
    case 2: {
      const depth = 33 + r.int(4000);
      const field = r.pick(['options', 'billing_address', 'save_consent', 'email']);
      return {
        what: `nested ${depth} in ${field}`,
        request: post(
          url,
          valid.replace(/\}$/, `,"${field === 'email' ? 'x' : field}":${nestedJson(r, depth)}}`),
        ),
      };
    }
    case 3:
      return { what: 'prototype-keyed', request: post(url, prototypeKeyed(r, VALID_SESSION)) };
    case 4: {
      if (r.int(5) === 0) {
        const top = r.pick([null, 1, 'x', [], [VALID_SESSION], true]);
        return { what: `top-level ${JSON.stringify(top)}`, request: post(url, JSON.stringify(top)) };
      }
      const field = r.pick(WRONG_FIELDS);
      let value = strangeValue(r);
      // An object of strange keys could be an empty one, which is a valid `options`; these are not.
      if (field !== 'idempotency_key' && value && typeof value === 'object' && !Object.keys(value).length)
        value = 'not an object';
      return {
        what: `wrong type ${field}=${JSON.stringify(value)?.slice(0, 40)}`,
        request: post(url, JSON.stringify({ ...VALID_SESSION, [field]: value })),
      };
    }
    default: {
      const type = r.pick([
        'text/plain',
        '',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/jsonx',
      ]);
      return {
        what: `content type ${type}`,
        request: post(url, valid, { 'Content-Type': type }),
        status: 415,
      };
    }
  }
}

// --------------------------------------------------------------------------- status requests

function statusCase(r: Rng): Case {
  const strange = () =>
    String(r.pick(['', '__proto__', 'constructor', '%00', '../..', 'ord_1', '🙂', 'x'.repeat(5000)]));
  const token = () =>
    r.pick([
      checkout.statusToken('some_other_order'),
      `${checkout.statusToken('ord_1').slice(0, -2)}xx`,
      `zzzzzz.${'A'.repeat(43)}`,
      strange(),
      String(r.int(1e9)),
    ]);
  switch (r.int(4)) {
    case 0: {
      const query = new URLSearchParams();
      if (r.int(4)) query.set('order', strange());
      if (r.int(4)) query.set('token', token());
      if (r.int(3) === 0) query.append('order', strange());
      return {
        what: `query ${query.toString().slice(0, 60)}`,
        request: new Request(`${SHOP}/checkout/status?${query}`),
        status: 403,
      };
    }
    case 1: {
      const key = r.pick(PROTOTYPE_KEYS);
      return {
        what: `query key ${key}`,
        request: new Request(
          `${SHOP}/checkout/status?${key}=1&order[${key}]=x&token=${encodeURIComponent(token())}`,
        ),
        status: 403,
      };
    }
    case 2: {
      const method = r.pick(['POST', 'PUT', 'PATCH', 'DELETE']);
      const body = r.int(2) ? malformedJson(r, '{"order":"ord_1"}') : nestedJson(r, 33 + r.int(3000));
      return {
        what: `${method} with a body`,
        request: post(`${SHOP}/checkout/status`, body, {}, method),
        status: 405,
      };
    }
    default: {
      const path = r.pick([
        '/checkout/status/x',
        '/checkout/__proto__',
        '/checkout/constructor',
        '/checkout/',
        '/checkout/status%00',
      ]);
      return {
        what: `path ${path}`,
        request: new Request(`${SHOP}${path}?order=ord_1&token=${token()}`),
        status: 404,
      };
    }
  }
}

// --------------------------------------------------------------------------- webhook deliveries

const ORDER_KINDS = ['order.payment_success', 'order.hold', 'order.in_progress', 'order.chargeback_new'];
/** Ids that can never name an order: not strings, or strings no gateway path could carry. */
const BAD_IDS: unknown[] = [
  null,
  7,
  1.5,
  true,
  [],
  {},
  ['ord_1'],
  '',
  ' ',
  '../../orders',
  'ord 1',
  'x'.repeat(300),
  'ord_1/refund',
  '४',
];
const WRONG_CARD_VALUES: Record<string, unknown[]> = {
  string: [null, 1, true, [], {}],
  number: ['12', null, 1.5, [], true],
  boolean: ['true', 1, null, []],
};

const hook = (
  kind: string | null,
  body: string | Uint8Array,
  version: string | null = 'v0.6',
  method = 'POST',
) => {
  const headers: Record<string, string> = {};
  if (kind !== null) headers['X-Webhook-Event'] = kind;
  if (version !== null) headers['X-Webhook-Version'] = version;
  return post(`${SHOP}/webhooks`, body, headers, method);
};

function webhookCase(r: Rng): Case {
  const kind = r.pick([...ORDER_KINDS, 'card.created']);
  const valid = JSON.stringify(kind === 'card.created' ? CARD : { id: 'ord_1', status: 'paid' });
  switch (r.int(7)) {
    case 0: {
      if (r.int(10)) {
        // A Content-Length past the limit is refused before a byte is read.
        const request = hook(kind, valid);
        request.headers.set('Content-Length', String(1024 * 1024 + 1 + r.int(1e9)));
        return { what: 'oversized (declared)', request, status: 413 };
      }
      const body = JSON.stringify({ id: 'ord_1', status: 'paid', pad: 'x'.repeat(1024 * 1024) });
      return { what: 'oversized', request: hook(kind, body), status: 413 };
    }
    case 1:
      return { what: `malformed ${kind}`, request: hook(kind, malformedJson(r, valid)) };
    case 2:
      return {
        what: `nested ${kind}`,
        request: hook(kind, valid.replace(/\}$/, `,"extra":${nestedJson(r, 33 + r.int(20_000))}}`)),
      };
    case 3:
      return { what: `prototype-keyed ${kind}`, request: hook(kind, prototypeKeyed(r, JSON.parse(valid))) };
    case 4: {
      if (kind === 'card.created') {
        const field = r.pick(Object.keys(CARD));
        const type = typeof CARD[field as keyof typeof CARD];
        const value = r.pick(WRONG_CARD_VALUES[type]!);
        return {
          what: `card ${field}=${JSON.stringify(value)}`,
          request: hook(kind, JSON.stringify({ ...CARD, [field]: value })),
        };
      }
      const id = r.pick(BAD_IDS);
      const body = r.int(4)
        ? { id, status: strangeValue(r) }
        : r.pick([[], 'ord_1', 1, null, { status: 'paid' }, { id: 'ord_1', status: 5 }]);
      return {
        what: `order ${JSON.stringify(body)?.slice(0, 60)}`,
        request: hook(kind, JSON.stringify(body)),
      };
    }
    case 5: {
      const [k, v] = r.pick<[string | null, string | null]>([
        [null, 'v0.6'],
        ['', 'v0.6'],
        [r.pick(PROTOTYPE_KEYS), 'v0.6'],
        ['order', 'v0.6'],
        ['ORDER.HOLD', 'v0.6'],
        ['order.hold; drop', 'v0.6'],
        [kind, null],
        [kind, 'v0.5'],
        [kind, 'V0.6 '],
      ]);
      return { what: `headers ${k} ${v}`, request: hook(k, valid, v), status: 400 };
    }
    default: {
      const unknownKind = r.pick(['payout.created', 'refund.__proto__', 'dispute.opened']);
      const body = r.pick(['[]', '1', '"x"', 'null', '[{"a":1}]', 'true']);
      return { what: `${unknownKind} with ${body}`, request: hook(unknownKind, body), status: 400 };
    }
  }
}

// --------------------------------------------------------------------------- the checks

const STACK_OR_PATH =
  /\bat [\w.<>]+ \(|\.(?:ts|js|mjs):\d|node:internal|\/(?:home|work|usr|tmp|src)\/|file:\/\//;

async function expectRefused(c: Case, response: Response, context: string) {
  const where = `${context}, ${c.what} (replay with HOSTILE_SEED=${SEED})`;
  const text = await response.text();
  if (c.status) expect(response.status, where).toBe(c.status);
  expect(response.status, where).toBeGreaterThanOrEqual(400);
  expect(response.status, where).toBeLessThan(500);
  expect(response.headers.get('content-type'), where).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { error?: { type?: unknown; message?: unknown } };
  expect(typeof body.error?.type, where).toBe('string');
  expect(typeof body.error?.message, where).toBe('string');
  expect(text, where).not.toMatch(STACK_OR_PATH);
}

async function feed(name: string, make: (r: Rng) => Case, run: (c: Case) => Promise<Response>) {
  const r = rng(SEED ^ name.length);
  const kinds = new Set<string>();
  for (let i = 0; i < CASES; i++) {
    const c = make(r);
    kinds.add(c.what.split(' ')[0]!);
    await expectRefused(c, await run(c), `${name} case ${i}`);
  }
  expect(gatewayCalls, `nothing may reach the gateway (replay with HOSTILE_SEED=${SEED})`).toEqual([]);
  expect(events, `nothing may reach the callback (replay with HOSTILE_SEED=${SEED})`).toEqual([]);
  expect(errors, `malformed input is no server error (replay with HOSTILE_SEED=${SEED})`).toEqual([]);
  return kinds;
}

describe(`hostile input to the server side (seed ${SEED})`, () => {
  it(`refuses ${CASES} hostile session requests with a JSON 4xx`, async () => {
    const kinds = await feed('session', sessionCase, (c) => checkout(c.request));
    expect(kinds.size).toBeGreaterThanOrEqual(6);
  }, 30_000);

  it(`refuses ${CASES} hostile status requests with a JSON 4xx`, async () => {
    await feed('status', statusCase, (c) => checkout(c.request));
  }, 30_000);

  it(`refuses ${CASES} hostile webhook deliveries with a JSON 4xx`, async () => {
    await feed('webhook', webhookCase, (c) => webhooks(c.request, { remoteAddress: '127.0.0.1' }));
  }, 30_000);

  it('refuses them the same way over HTTP, through the node adapter', async () => {
    const r = rng(SEED);
    for (let i = 0; i < 150; i++) {
      const [make, path] = r.pick([
        [sessionCase, '/checkout/session'],
        [statusCase, null],
        [webhookCase, '/webhooks'],
      ] as const);
      const c = make(r);
      // Over HTTP the length is the body's own; a lying Content-Length is a case for direct calls.
      if (c.request.headers.has('content-length')) continue;
      const url = new URL(c.request.url);
      const body = c.request.method === 'GET' ? undefined : new Uint8Array(await c.request.arrayBuffer());
      const response = await fetch(`${shop}${path ?? url.pathname}${url.search}`, {
        method: c.request.method,
        headers: c.request.headers,
        body,
      });
      await expectRefused(c, response, `http case ${i}`);
    }
    expect(gatewayCalls).toEqual([]);
    expect(events).toEqual([]);
  }, 30_000);

  it('still serves a normal checkout afterwards: session, payment, status and the confirmed webhook', async () => {
    const res = await fetch(`${shop}/checkout/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(VALID_SESSION),
    });
    expect(res.status).toBe(200);
    const session = (await res.json()) as CheckoutSession;
    const paid = await fetch(session.api_do_url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ card_number: '4111111111111111', exp_month: 12, exp_year: 39, csc: '123' }),
    });
    expect(paid.ok).toBe(true);
    const status = (await (await fetch(`${shop}${session.status_url}`)).json()) as CheckoutStatus;
    expect(status).toMatchObject({ order_id: session.order_id, outcome: 'succeeded' });
    await expect
      .poll(() => events.find((e) => e.type === 'order.payment_success' && 'order' in e), { timeout: 5000 })
      .toMatchObject({ confirmed: true, order: { id: session.order_id, status: 'paid' } });
    expect(errors).toEqual([]);
  });
});
