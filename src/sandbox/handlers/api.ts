/** The v0.6 API under /api/v0.6/: Bearer key, JSON in and out, lists paged. */
import { timingSafeEqual } from 'node:crypto';
import { API_PREFIX } from '../../protocol/index.ts';
import { type Faults, failEarly } from '../faults.ts';
import type { Gateway } from '../gateway.ts';
import { answer, type Exchange, readJsonBody, type SurfaceHandler } from '../http.ts';
import { IDEMPOTENCY_HEADER, IdempotencyKeys } from '../idempotency.ts';
import { createWebhookSubscription, deleteWebhookSubscription } from '../resources.ts';
import { type ApiResult, failure, methodNotAllowed, notFound, ok } from '../results.ts';

/** Whether an Authorization header carries the Bearer key (compared in constant time). */
export function keyMatches(header: string | null, key: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!.trim());
  const wanted = Buffer.from(key);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function paginate(url: URL, items: readonly unknown[]): ApiResult {
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const size = Math.min(
    500,
    Math.max(1, Number.parseInt(url.searchParams.get('page_size') ?? '100', 10) || 100),
  );
  const link = (n: number) => {
    const u = new URL(url);
    u.searchParams.set('page', String(n));
    return u.toString();
  };
  const start = (page - 1) * size;
  return ok({
    next: start + size < items.length ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: items.slice(start, start + size),
  });
}

/** Methods that carry a body the API reads; a GET's or DELETE's body is ignored, as the gateway's. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** What POST /orders/{id}/<action>/ does. */
const ORDER_ACTIONS = ['capture', 'refund', 'reverse', 'cancel'] as const;
/**
 * Actions that declare no body (DRF actions without a serializer): they never read `request.data`,
 * so a JSON `null` (what a Go client's nil-body POST may send) is no body to them. Capture and
 * refund have serializers, which answer a `null` "No data provided".
 */
const BODYLESS_ACTIONS: ReadonlySet<string> = new Set(['reverse', 'cancel']);

/** One resource path's answer to each method it takes; anything else is a 405. */
type Methods = Partial<Record<string, () => ApiResult>>;

const dispatch = (method: string, methods: Methods): ApiResult => {
  const handle = methods[method];
  return handle ? handle() : methodNotAllowed(method);
};

export function apiHandler(gateway: Gateway, faults: Faults, secretKey: string): SurfaceHandler {
  const { orders, clients, taxes, hooks, products } = gateway;
  const idempotency = new IdempotencyKeys(gateway.clock);

  function route(parts: string[], method: string, body: unknown, url: URL): ApiResult {
    const [resource, id, action, ...more] = parts;
    if (more.length) return notFound();
    if (resource === 'orders') {
      if (!id) {
        return dispatch(method, {
          POST: () => orders.create(body),
          GET: () =>
            paginate(
              url,
              orders.list().map((o) => orders.json(o)),
            ),
        });
      }
      if (!action) {
        return dispatch(method, {
          GET: () => {
            const order = orders.get(id);
            return order ? ok(orders.json(order)) : notFound('Order not found');
          },
          DELETE: () => orders.delete(id),
        });
      }
      const act = ORDER_ACTIONS.find((name) => name === action);
      if (!act) return notFound();
      const given = body === null && BODYLESS_ACTIONS.has(act) ? undefined : body;
      return dispatch(method, { POST: () => orders[act](id, given) });
    }
    if (action) return notFound();
    if (resource === 'clients') {
      if (id) {
        return dispatch(method, {
          GET: () => {
            const client = clients.get(id);
            return client ? ok(client) : notFound('Client not found');
          },
          DELETE: () => clients.delete(id, orders.hasOrdersOf(id)),
        });
      }
      return dispatch(method, {
        POST: () => clients.create(body),
        GET: () =>
          paginate(
            url,
            clients.list({
              email: url.searchParams.get('filter_email'),
              phone: url.searchParams.get('filter_phone'),
            }),
          ),
      });
    }
    if (resource === 'products') {
      if (id) {
        return dispatch(method, {
          GET: () => {
            const product = products.get(id);
            return product ? ok(product) : notFound('Product not found');
          },
          PUT: () => products.update(id, body, false),
          PATCH: () => products.update(id, body, true),
        });
      }
      return dispatch(method, {
        POST: () => products.create(body),
        GET: () => paginate(url, products.list()),
      });
    }
    if (id && resource !== 'webhooks') return notFound();
    if (resource === 'taxes') {
      return dispatch(method, { POST: () => taxes.create(body), GET: () => paginate(url, taxes.list()) });
    }
    if (resource === 'webhooks') {
      if (id) return dispatch(method, { DELETE: () => deleteWebhookSubscription(hooks.subscriptions, id) });
      return dispatch(method, {
        POST: () => createWebhookSubscription(hooks.subscriptions, body),
        GET: () => paginate(url, hooks.subscriptions),
      });
    }
    return notFound();
  }

  return async (request: Request, { url, loseAnswer }: Exchange) => {
    if (!keyMatches(request.headers.get('authorization'), secretKey)) {
      return answer(failure(403, 'Invalid or missing bearer token', 'authentication_failed'));
    }
    const parts = url.pathname.slice(API_PREFIX.length).split('/').filter(Boolean);
    const method = request.method;
    const { text, value } = WITH_BODY.has(method)
      ? await readJsonBody(request)
      : { text: '', value: undefined };
    // PHP's json_encode of an empty array is `[]`: clients built on it send that for "no data"
    // (a production adapter cancels with it), so it reads as no body at all.
    const body = Array.isArray(value) && value.length === 0 ? undefined : value;
    const label = `${method} ${API_PREFIX}/${parts.join('/')}/`;

    const key = method === 'POST' ? request.headers.get(IDEMPOTENCY_HEADER) : null;
    const seen = key === null ? null : idempotency.check(key, label, text);
    if (seen && seen.kind !== 'fresh')
      return answer(seen.result, seen.kind === 'replay' ? { 'Idempotent-Replayed': 'true' } : {});

    const creating = method === 'POST' && parts.length === 1 && parts[0] === 'orders';
    const fault = creating ? faults.take('orders') : 'none';
    if (fault === 'http_500' || fault === 'malformed_json') return failEarly(fault, {});
    const result = route(parts, method, body, url);
    // Kept before the answer is sent: an answer lost to a fault is answered again on a retry.
    if (key !== null && seen?.kind === 'fresh') idempotency.remember(key, seen.fingerprint, label, result);
    if (fault === 'none') return answer(result);
    return loseAnswer(fault);
  };
}
