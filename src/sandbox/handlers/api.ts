/** The v0.6 API under /api/v0.6/: Bearer key, JSON in and out, lists paged. */
import { timingSafeEqual } from 'node:crypto';
import { API_PREFIX } from '../../protocol/index.ts';
import { type Faults, failEarly } from '../faults.ts';
import type { Gateway } from '../gateway.ts';
import { answer, type Exchange, readJson, type SurfaceHandler } from '../http.ts';
import { createWebhookSubscription } from '../resources.ts';
import { type ApiResult, failure, methodNotAllowed, notFound, ok } from '../results.ts';

function keyMatches(header: string | null, key: string): boolean {
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

export function apiHandler(gateway: Gateway, faults: Faults, secretKey: string): SurfaceHandler {
  const { orders, clients, taxes, hooks } = gateway;

  function route(parts: string[], method: string, body: unknown, url: URL): ApiResult {
    const [resource, id, action, ...more] = parts;
    if (more.length) return notFound();
    if (resource === 'orders') {
      if (!id) {
        if (method === 'POST') return orders.create(body);
        if (method === 'GET')
          return paginate(
            url,
            orders.list().map((o) => orders.json(o)),
          );
        return methodNotAllowed(method);
      }
      if (!action) {
        if (method !== 'GET') return methodNotAllowed(method);
        const order = orders.get(id);
        return order ? ok(orders.json(order)) : notFound('Order not found');
      }
      if (method !== 'POST') return methodNotAllowed(method);
      if (action === 'capture') return orders.capture(id, body);
      if (action === 'refund') return orders.refund(id, body);
      if (action === 'reverse') return orders.reverse(id, body);
      return notFound();
    }
    if (id) return notFound();
    if (resource === 'clients') {
      if (method === 'POST') return clients.create(body);
      if (method === 'GET') return paginate(url, clients.list(url.searchParams.get('filter_email')));
      return methodNotAllowed(method);
    }
    if (resource === 'taxes') {
      if (method === 'POST') return taxes.create(body);
      if (method === 'GET') return paginate(url, taxes.list());
      return methodNotAllowed(method);
    }
    if (resource === 'webhooks') {
      if (method === 'POST') return createWebhookSubscription(hooks.subscriptions, body);
      if (method === 'GET') return paginate(url, hooks.subscriptions);
      return methodNotAllowed(method);
    }
    return notFound();
  }

  return async (request: Request, { url, loseAnswer }: Exchange) => {
    if (!keyMatches(request.headers.get('authorization'), secretKey)) {
      return answer(failure(403, 'Invalid or missing bearer token', 'authentication_failed'));
    }
    const parts = url.pathname.slice(API_PREFIX.length).split('/').filter(Boolean);
    const method = request.method;
    const body = method === 'POST' ? await readJson(request) : undefined;
    const creating = method === 'POST' && parts.length === 1 && parts[0] === 'orders';
    const fault = creating ? faults.take('orders') : 'none';
    if (fault === 'http_500' || fault === 'malformed_json') return failEarly(fault, {});
    const result = route(parts, method, body, url);
    if (fault === 'none') return answer(result);
    return loseAnswer(fault);
  };
}
