// Hostile input to every sandbox endpoint: generated bodies, each invalid by construction, must
// each get a 4xx JSON error (413 when oversized), never a 500 or a leak, and the sandbox must still
// take a normal order and payment afterwards. The seed is printed on failure: HOSTILE_SEED=<seed>.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Rng, rng, seedOf } from '../../test/support/hostile.ts';
import { type Endpoint, type HostileBody, hostileBody } from '../../test/support/hostile-json.ts';
import { type SandboxApp, sandboxApp } from './app.ts';
import { MAX_BODY } from './http.ts';
import { type Sandbox, startSandbox } from './index.ts';
import { cardBody, type Json, orderBody } from './test-helpers.ts';

const SEED = seedOf();
const PARALLEL = 8;
// Generous: a loaded machine can be ten times slower than the second or so each family takes.
const FAMILY_TIMEOUT = 60_000;
const KEY = 'sk_fuzz';

/**
 * Where the cases go. In process, straight into the sandbox's Fetch handler (every surface, body
 * reading and limit, without a socket): the thousand cases a family needs take about a second
 * there. Over HTTP, a sample of the same cases also goes through the node server, its Host check
 * and its adapter.
 */
interface Target {
  name: string;
  cases: number;
  origin: string;
  send(method: string, url: string, headers: Record<string, string>, body?: BodyInit): Promise<Response>;
}

let app: SandboxApp;
let sb: Sandbox;
const targets: Target[] = [
  {
    name: 'in process',
    cases: 1000,
    origin: 'http://127.0.0.1:9',
    send: (method, url, headers, body) =>
      app.dispatch(new Request(url, { method, headers, body }), {
        url: new URL(url),
        loseAnswer: () => Promise.reject(new Error('no fault is set while fuzzing')),
      }),
  },
  {
    name: 'over HTTP',
    cases: 100,
    get origin() {
      return sb.url;
    },
    send: (method, url, headers, body) => fetch(url, { method, headers, body }),
  },
];

beforeAll(async () => {
  app = sandboxApp({
    secretKey: KEY,
    avsEnabled: false,
    webhookRetry: {},
    now: undefined,
    distDir: null,
    origin: () => targets[0]!.origin,
  });
  sb = await startSandbox({ port: 0, secretKey: KEY, distDir: null });
});
afterAll(async () => {
  app.close();
  await sb.close();
});

async function call(t: Target, method: string, path: string, body?: unknown, key = true): Promise<Json> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (key) headers.Authorization = `Bearer ${KEY}`;
  const url = path.startsWith('http') ? path : `${t.origin}${path}`;
  const response = await t.send(method, url, headers, body === undefined ? undefined : JSON.stringify(body));
  const text = await response.text();
  return { ...(text ? (JSON.parse(text) as Json) : {}), http: response.status };
}

const createOrder = (t: Target, extra: Json = {}) => call(t, 'POST', '/api/v0.6/orders/', orderBody(extra));
const payOrder = (t: Target, order: Json, card = cardBody()) =>
  call(t, 'POST', order.api_do_url, card, false);
const readOrder = (t: Target, order: Json) => call(t, 'GET', `/api/v0.6/orders/${order.id}/`);

/** Anything that would tell an attacker about the code or the machine. */
const LEAK =
  /\bat [\w.<>$]+ \(|node:internal|file:\/\/|\/(work|home|usr|tmp|root)\/|\.[jt]s:\d+|Error:|\bstack\b/i;

const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
];

interface Case {
  method: string;
  url: string;
  body?: string | Uint8Array;
  contentType?: string;
  key?: boolean;
  kind: HostileBody['kind'] | 'query';
}

interface Failure {
  index: number;
  kind: string;
  url: string;
  status: number;
  problem: string;
  sample: string;
}

async function send(t: Target, c: Case): Promise<{ status: number; type: string; text: string }> {
  const headers: Record<string, string> = {};
  if (c.key) headers.Authorization = `Bearer ${KEY}`;
  if (c.contentType) headers['Content-Type'] = c.contentType;
  const body = c.method === 'GET' || c.method === 'HEAD' ? undefined : (c.body as BodyInit | undefined);
  const response = await t.send(c.method, c.url, headers, body);
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', text };
}

/** What is wrong with an answer to a hostile body, or null. */
function problemOf(c: Case, status: number, type: string, text: string): string | null {
  if (LEAK.test(text)) return 'the answer names code or a path';
  if (c.kind === 'query') return status >= 500 ? `status ${status}` : null;
  if (c.kind === 'oversized' && status !== 413) return `status ${status}, not 413`;
  if (status < 400 || status >= 500) return `status ${status}, not 4xx`;
  if (!type.includes('application/json')) return `content-type ${type}`;
  try {
    const body = JSON.parse(text) as Json;
    if (!body || typeof body !== 'object' || Object.keys(body).length === 0) return 'an empty error body';
  } catch {
    return 'the error body is not JSON';
  }
  return null;
}

/** Runs `t.cases` cases made by `make`, PARALLEL at a time, and lists what went wrong. */
async function fuzz(t: Target, family: string, make: (r: Rng) => Case): Promise<Failure[]> {
  // Each family draws from its own stream of the one seed, so a family replays alone.
  const r = rng(SEED ^ [...family].reduce((h, ch) => Math.imul(h, 31) + ch.charCodeAt(0), 7));
  const cases = Array.from({ length: t.cases }, () => make(r));
  const failures: Failure[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < cases.length; index = next++) {
      const c = cases[index]!;
      let problem: string | null;
      let status = 0;
      try {
        const answer = await send(t, c);
        status = answer.status;
        problem = problemOf(c, answer.status, answer.type, answer.text);
      } catch (error) {
        problem = `no answer (${(error as Error).message})`;
      }
      if (problem) {
        const sample = typeof c.body === 'string' ? c.body.slice(0, 160) : `bytes ${c.body?.join(' ')}`;
        failures.push({ index, kind: c.kind, url: c.url, status, problem, sample });
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return failures;
}

const report = (failures: Failure[]) =>
  `HOSTILE_SEED=${SEED} replays this; ${failures.length} failures, first: ${JSON.stringify(failures.slice(0, 3), null, 1)}`;

/** A JSON case for `url` from `endpoint`, with a sometimes-odd Content-Type. */
const jsonCase =
  (method: string, url: () => string, endpoint: () => Endpoint, key: boolean, contentTypes = CONTENT_TYPES) =>
  (r: Rng): Case => {
    const hostile = hostileBody(r, endpoint(), MAX_BODY);
    // An oversized body must meet the size limit, not an earlier refusal of its type.
    const contentType = hostile.kind === 'oversized' ? 'application/json' : r.pick(contentTypes);
    return { method, url: url(), body: hostile.body, contentType, key, kind: hostile.kind };
  };

const WRONG_TOP = [null, [], [1, 2], 0, 1, 'x', '', true, false];

const ORDER: Endpoint = {
  valid: orderBody({ number: 'fuzz-1', language: 'en', is_moto: false }),
  typed: [
    { path: ['client'], kind: 'object' },
    { path: ['client', 'email'], kind: 'string' },
    { path: ['products'], kind: 'array' },
    { path: ['products', 0], kind: 'object' },
    { path: ['products', 0, 'title'], kind: 'string' },
    { path: ['products', 0, 'price'], kind: 'number' },
    { path: ['currency'], kind: 'string' },
    { path: ['number'], kind: 'string' },
    { path: ['language'], kind: 'string' },
    { path: ['is_moto'], kind: 'boolean' },
  ],
  wrongTop: WRONG_TOP,
};

const pathOf = (url: string) => new URL(url).pathname;

describe.each(targets)(`hostile bodies, $name (seed ${SEED})`, (t) => {
  const at = (path: string) => `${t.origin}${path}`;

  it(
    'POST /orders/: every one refused with a 4xx JSON error, nothing created',
    async () => {
      const count = async () => (await call(t, 'GET', '/api/v0.6/orders/?page_size=500')).results.length;
      const before = await count();
      const failures = await fuzz(
        t,
        'orders',
        jsonCase(
          'POST',
          () => at('/api/v0.6/orders/'),
          () => ORDER,
          true,
          ['application/json'],
        ),
      );
      expect(failures, report(failures)).toEqual([]);
      expect(await count()).toBe(before);
    },
    FAMILY_TIMEOUT,
  );

  it(
    'capture, refund and reverse: every one refused, no order changed',
    async () => {
      const held = await createOrder(t, { skip_capture: true });
      await payOrder(t, held);
      const paid = await createOrder(t);
      await payOrder(t, paid);
      const actions: [string, Endpoint][] = [
        [
          `/api/v0.6/orders/${held.id}/capture/`,
          { valid: { total: 5 }, typed: [{ path: ['total'], kind: 'number' }], wrongTop: WRONG_TOP },
        ],
        [
          `/api/v0.6/orders/${paid.id}/refund/`,
          { valid: { amount: 1 }, typed: [{ path: ['amount'], kind: 'number' }], wrongTop: WRONG_TOP },
        ],
        [`/api/v0.6/orders/${paid.id}/reverse/`, { valid: {}, typed: [], wrongTop: WRONG_TOP }],
      ];
      const failures = await fuzz(t, 'actions', (r) => {
        const [path, endpoint] = r.pick(actions);
        return jsonCase(
          'POST',
          () => at(path),
          () => endpoint,
          true,
        )(r);
      });
      expect(failures, report(failures)).toEqual([]);
      expect((await readOrder(t, held)).status).toBe('hold');
      const after = await readOrder(t, paid);
      expect(after.status).toBe('paid');
      expect(after.amount_refunded).toBe(0);
    },
    FAMILY_TIMEOUT,
  );

  it(
    'clients, taxes and webhook subscriptions: every one refused, nothing created',
    async () => {
      const resources: [string, Endpoint][] = [
        [
          'clients',
          {
            valid: { email: 'a@example.com' },
            typed: [{ path: ['email'], kind: 'string' }],
            wrongTop: WRONG_TOP,
          },
        ],
        [
          'taxes',
          {
            valid: { name: 'VAT', percent: 21 },
            typed: [
              { path: ['name'], kind: 'string' },
              { path: ['percent'], kind: 'number' },
            ],
            wrongTop: WRONG_TOP,
          },
        ],
        [
          'webhooks',
          {
            valid: { title: 't', url: 'http://127.0.0.1:9/h', version: 'v0.6', all_events: true },
            typed: [
              { path: ['title'], kind: 'string' },
              { path: ['url'], kind: 'string' },
              { path: ['version'], kind: 'string' },
              { path: ['all_events'], kind: 'boolean' },
            ],
            wrongTop: WRONG_TOP,
          },
        ],
      ];
      const failures = await fuzz(t, 'resources', (r) => {
        const [name, endpoint] = r.pick(resources);
        return jsonCase(
          'POST',
          () => at(`/api/v0.6/${name}/`),
          () => endpoint,
          true,
        )(r);
      });
      expect(failures, report(failures)).toEqual([]);
      expect((await call(t, 'GET', '/api/v0.6/clients/')).results).toEqual([]);
      expect((await call(t, 'GET', '/api/v0.6/taxes/')).results).toEqual([]);
      expect((await call(t, 'GET', '/api/v0.6/webhooks/')).results).toEqual([]);
    },
    FAMILY_TIMEOUT,
  );

  it(
    'api_do_url: every one refused, nothing charged',
    async () => {
      const order = await createOrder(t);
      const endpoint: Endpoint = {
        valid: cardBody(),
        typed: [
          { path: ['card_number'], kind: 'string' },
          { path: ['exp_month'], kind: 'number' },
          { path: ['exp_year'], kind: 'number' },
          { path: ['csc'], kind: 'string' },
          { path: ['cardholder_name'], kind: 'string' },
        ],
        wrongTop: WRONG_TOP,
      };
      const failures = await fuzz(
        t,
        'pay',
        jsonCase(
          'POST',
          () => at(pathOf(order.api_do_url)),
          () => endpoint,
          false,
        ),
      );
      expect(failures, report(failures)).toEqual([]);
      const after = await readOrder(t, order);
      expect(after.status).toBe('issued');
      expect(after.status_changes).toHaveLength(1);
    },
    FAMILY_TIMEOUT,
  );

  it(
    'the 3-D Secure form: every answer that is not a choice refused, the challenge still open',
    async () => {
      const order = await createOrder(t);
      const challenge = at(pathOf((await payOrder(t, order, cardBody('4000000000003220'))).threed_check_url));
      const failures = await fuzz(t, '3ds', (r) => {
        if (r.next() < 0.02) {
          return {
            method: 'POST',
            url: challenge,
            body: `result=${'a'.repeat(MAX_BODY)}`,
            kind: 'oversized',
          };
        }
        const body = r.pick([
          () => `result=${r.pick(['APPROVE', 'approve ', ' fail', 'cancel%00', 'yes', '', '%00', '%ZZ'])}`,
          () => 'result[]=approve',
          () => '__proto__=approve&constructor=fail',
          () => 'results=approve',
          () =>
            hostileBody(r, { valid: { result: 'approve' }, typed: [], wrongTop: WRONG_TOP }, MAX_BODY, 0)
              .body,
          () => Array.from({ length: 40 }, () => String.fromCharCode(r.int(0xd7ff))).join(''),
        ])();
        const contentType = r.pick(['application/x-www-form-urlencoded', 'application/json', 'text/plain']);
        return { method: 'POST', url: challenge, body, contentType, kind: 'wrong_type' };
      });
      expect(failures, report(failures)).toEqual([]);
      expect((await readOrder(t, order)).status).toBe('in_progress');
    },
    FAMILY_TIMEOUT,
  );

  it(
    'the control surface (faults, clock): every one refused, nothing changed',
    async () => {
      const endpoints: [string, Endpoint][] = [
        [
          'faults',
          {
            valid: { api_do: 'none', orders: 'none' },
            typed: [
              { path: ['api_do'], kind: 'string' },
              { path: ['orders'], kind: 'string' },
            ],
            wrongTop: WRONG_TOP,
          },
        ],
        [
          'clock',
          {
            valid: { now: '2030-01-01T00:00:00Z' },
            typed: [{ path: ['now'], kind: 'string', nullable: true }],
            wrongTop: WRONG_TOP,
          },
        ],
      ];
      const failures = await fuzz(t, 'control', (r) => {
        const [name, endpoint] = r.pick(endpoints);
        return jsonCase(
          'POST',
          () => at(`/_sandbox/${name}`),
          () => endpoint,
          false,
        )(r);
      });
      expect(failures, report(failures)).toEqual([]);
      expect(await call(t, 'GET', '/_sandbox/faults', undefined, false)).toEqual({
        http: 200,
        api_do: 'none',
        orders: 'none',
      });
      expect((await call(t, 'GET', '/_sandbox/clock', undefined, false)).set).toBe(false);
    },
    FAMILY_TIMEOUT,
  );

  it(
    'odd paths, methods and query strings on every surface: never a 500 or a leak',
    async () => {
      const order = await createOrder(t);
      const token = /\/pay\/([\w-]+)\//.exec(order.api_do_url)![1]!;
      const odd = [
        '%00',
        '..%2f..%2fetc%2fpasswd',
        '%E0%A4%A',
        '__proto__',
        'constructor',
        "'",
        '-1',
        '9'.repeat(400),
      ];
      const failures = await fuzz(t, 'queries', (r) => {
        const bit = () => r.pick(odd);
        const path = r.pick([
          () => `/api/v0.6/orders/?page=${bit()}&page_size=${bit()}`,
          () => `/api/v0.6/orders/${bit()}/`,
          () => `/api/v0.6/orders/${order.id}/${bit()}/`,
          () => `/api/v0.6/clients/?filter_email=${bit()}`,
          () => `/api/v0.6/${bit()}/`,
          () => `/pay/${bit()}/`,
          () => `/checkout/${token}/${bit()}`,
          () => `/checkout/${bit()}/status`,
          () => `/3ds/${bit()}/`,
          () => `/_sandbox/webhooks?order_id=${bit()}&event=${bit()}`,
          () => `/_sandbox/${bit()}`,
          () => `/${bit()}`,
        ])();
        const method = r.pick(['GET', 'GET', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD']);
        return { method, url: at(path), key: r.next() < 0.7, kind: 'query' };
      });
      expect(failures, report(failures)).toEqual([]);
    },
    FAMILY_TIMEOUT,
  );

  it(
    'still takes a normal order and payment afterwards',
    async () => {
      const order = await createOrder(t);
      expect(await payOrder(t, order)).toEqual({ http: 200, status: 'paid', order_id: order.id });
      expect((await readOrder(t, order)).status).toBe('paid');
    },
    FAMILY_TIMEOUT,
  );
});
