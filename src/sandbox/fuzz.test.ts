// Hostile input to every sandbox endpoint: generated bodies, each invalid by construction, must
// each get a 4xx JSON error (413 when oversized), never a 500 or a leak, and the sandbox must still
// take a normal order and payment afterwards. The seed is printed on failure: HOSTILE_SEED=<seed>.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Endpoint, hostileBody } from '../../test/support/hostile-json.ts';
import {
  call,
  createOrder,
  FAMILY_TIMEOUT,
  fuzz,
  fuzzTargets,
  jsonCase,
  payOrder,
  readOrder,
  report,
  SEED,
  WRONG_TOP,
} from '../../test/support/sandbox-fuzz.ts';
import { MAX_BODY } from './http.ts';
import { cardBody, orderBody } from './test-helpers.ts';

const { targets, start, stop } = fuzzTargets();
beforeAll(start);
afterAll(stop);

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
      // An empty list is PHP's empty body: on these it means no body (capture all, refund all).
      const WRONG_TOP_ACTION = WRONG_TOP.filter((v) => !(Array.isArray(v) && v.length === 0));
      const actions: [string, Endpoint][] = [
        [
          `/api/v0.6/orders/${held.id}/capture/`,
          { valid: { total: 5 }, typed: [{ path: ['total'], kind: 'number' }], wrongTop: WRONG_TOP_ACTION },
        ],
        [
          `/api/v0.6/orders/${paid.id}/refund/`,
          { valid: { amount: 1 }, typed: [{ path: ['amount'], kind: 'number' }], wrongTop: WRONG_TOP_ACTION },
        ],
        // A reversal declares no body, so a JSON null is no body to it (it would reverse the order).
        [
          `/api/v0.6/orders/${paid.id}/reverse/`,
          { valid: {}, typed: [], wrongTop: WRONG_TOP_ACTION.filter((v) => v !== null) },
        ],
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
