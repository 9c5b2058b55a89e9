/** The control surface under /_sandbox/: the page people watch, the clock, faults and the webhook log. */
import { z } from 'zod';
import { API_PREFIX, errorBody, validate } from '../../protocol/index.ts';
import { FAULTS, type Faults } from '../faults.ts';
import type { Gateway } from '../gateway.ts';
import { answer, type Exchange, html, json, readJson, type SurfaceHandler } from '../http.ts';
import { withoutPayToken } from '../order-json.ts';
import { type ControlFilter, type ControlTab, controlPage, PAGE_SIZE } from '../pages/control.ts';
import { orderDetailPage } from '../pages/control-detail.ts';
import { messagePage } from '../pages/layout.ts';
import type { OrderRecord } from '../records.ts';
import { type ApiResult, failure, methodNotAllowed, notFound } from '../results.ts';
import { SANDBOX_STATUSES } from '../state-table.ts';
import type { WebhookDelivery } from '../webhooks.ts';

const clockBodySchema = z.strictObject({ now: z.iso.datetime({ offset: true }).nullable() });
// Either surface may be set alone; a surface left out keeps its current fault.
const faultBodySchema = z
  .strictObject({ api_do: z.enum(FAULTS).optional(), orders: z.enum(FAULTS).optional() })
  .refine((body) => body.api_do !== undefined || body.orders !== undefined, {
    message: 'Name a fault for api_do or orders',
  });

/**
 * The control surface changes what every checkout against this sandbox sees, so only the developer's
 * own tools may change it: a JSON body (a cross-site form cannot send one without a preflight, which
 * this surface never grants) from the sandbox's own origin or from outside a browser. A page on
 * another site the developer has open is refused, whatever it sends.
 */
function refuseForeignChange(request: Request, url: URL): ApiResult | null {
  const site = request.headers.get('sec-fetch-site');
  const origin = request.headers.get('origin');
  if ((site && site !== 'same-origin' && site !== 'none') || (origin !== null && origin !== url.origin)) {
    return failure(403, 'The control surface accepts changes only from its own origin', 'cross_origin');
  }
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    return failure(415, 'Send the body as application/json', 'unsupported_media_type');
  }
  return null;
}

export function controlHandler(gateway: Gateway, faults: Faults): SurfaceHandler {
  const { clock, hooks, orders } = gateway;
  return async (request: Request, { url }: Exchange) => {
    const path = url.pathname.replace(/\/+$/, '');
    const method = request.method;
    if (path === '/_sandbox' && method === 'GET') {
      const filter = filterOf(url);
      const matching = orders.list().filter((o) => orderMatches(o, filter));
      const delivered = [...hooks.deliveries].reverse().filter((d) => deliveryMatches(d, filter.q));
      const view = {
        orders: pageOf(matching, filter.page),
        orderCount: matching.length,
        deliveries: pageOf(delivered, filter.hooksPage),
        deliveryCount: delivered.length,
        filter,
        now: clock.now(),
        clockSet: clock.isSet,
        faults: faults.next,
        apiUrl: `${url.origin}${API_PREFIX}`,
      };
      return html(200, controlPage(view));
    }
    if (method === 'POST') {
      const refused = refuseForeignChange(request, url);
      if (refused) return answer(refused);
    }
    if (path === '/_sandbox/clock') {
      if (method === 'POST') {
        const checked = validate(clockBodySchema, await readJson(request));
        if (!checked.ok) return json(400, errorBody(checked.issues));
        clock.set(checked.value.now === null ? null : new Date(checked.value.now));
      } else if (method !== 'GET') return answer(methodNotAllowed(method));
      return json(200, { now: clock.now().toISOString(), set: clock.isSet });
    }
    if (path === '/_sandbox/faults') {
      if (method === 'POST') {
        const checked = validate(faultBodySchema, await readJson(request));
        if (!checked.ok) return json(400, errorBody(checked.issues));
        faults.set(checked.value);
      } else if (method !== 'GET') return answer(methodNotAllowed(method));
      return json(200, faults.next);
    }
    const orderPath = /^\/_sandbox\/orders\/([\w-]+)$/.exec(path);
    if (orderPath && method === 'GET' && wantsPage(request)) {
      const record = orders.get(orderPath[1]!);
      if (!record) return html(404, messagePage('Order not found', 'The sandbox has no order with this id.'));
      return html(
        200,
        orderDetailPage({
          record,
          order: withoutPayToken(orders.json(record)),
          deliveries: hooks.deliveries
            .filter((d) => d.order_id === record.id)
            .reverse()
            .map((d) => ({ ...d, body: withoutPayToken(d.body) })),
          now: clock.now(),
          clockSet: clock.isSet,
          apiUrl: `${url.origin}${API_PREFIX}`,
        }),
      );
    }
    // The merchant's actions, for people and tests at the control page: no key, same rules as the API.
    const actionPath = /^\/_sandbox\/orders\/([\w-]+)\/(capture|refund|reverse|cancel)$/.exec(path);
    if (actionPath) {
      if (method !== 'POST') return answer(methodNotAllowed(method));
      const body = await readJson(request);
      const id = actionPath[1]!;
      const action = actionPath[2] as 'capture' | 'refund' | 'reverse' | 'cancel';
      const result = orders[action](id, body === undefined || isEmptyObject(body) ? undefined : body);
      return answer({
        status: result.status,
        body: result.status === 200 ? withoutPayToken(result.body) : result.body,
      });
    }
    if (orderPath && method === 'GET') {
      const order = orders.get(orderPath[1]!);
      if (!order) return answer(notFound('Order not found'));
      // What the API answers (without the pay token), and what the sandbox alone knows of it.
      return json(200, { order: withoutPayToken(orders.json(order)), ignored: order.ignored });
    }
    if (path === '/_sandbox/webhooks' && method === 'GET') {
      const orderId = url.searchParams.get('order_id');
      const event = url.searchParams.get('event');
      const results = hooks.deliveries
        .filter((d) => (!orderId || d.order_id === orderId) && (!event || d.event === event))
        .map((d) => ({ ...d, body: withoutPayToken(d.body) }));
      return json(200, { results });
    }
    return answer(notFound());
  };
}

/** A person's browser asks for the page; tools (fetch, curl) get the JSON. */
const wantsPage = (request: Request) => (request.headers.get('accept') ?? '').startsWith('text/html');

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

const positive = (text: string | null) =>
  Math.min(Math.max(1, Number.parseInt(text ?? '1', 10) || 1), 100_000);

function filterOf(url: URL): ControlFilter {
  const status = url.searchParams.get('status');
  const tab: ControlTab = url.searchParams.get('tab') === 'webhooks' ? 'webhooks' : 'orders';
  return {
    status: status && (SANDBOX_STATUSES as readonly string[]).includes(status) ? status : null,
    q: (url.searchParams.get('q') ?? '').trim().slice(0, 100),
    page: positive(url.searchParams.get('page')),
    hooksPage: positive(url.searchParams.get('hooks_page')),
    tab,
  };
}

const pageOf = <T>(items: readonly T[], page: number): T[] =>
  items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

/** The text filter looks where a person would: ids, number, e-mail, card, amount. */
function orderMatches(o: OrderRecord, filter: ControlFilter): boolean {
  if (filter.status && o.status !== filter.status) return false;
  if (!filter.q) return true;
  const q = filter.q.toLowerCase();
  const haystack = [
    o.id,
    o.number,
    o.request.client?.email ?? '',
    o.card?.masked ?? '',
    o.card?.holder ?? '',
    o.card?.brand ?? '',
    (o.totalMinor / 100).toFixed(2),
  ];
  return haystack.some((text) => text.toLowerCase().includes(q));
}

function deliveryMatches(d: WebhookDelivery, q: string): boolean {
  if (!q) return true;
  const text = q.toLowerCase();
  return [d.id, d.event, d.order_id ?? '', d.url, d.state].some((v) => v.toLowerCase().includes(text));
}
