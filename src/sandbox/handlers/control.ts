/** The control surface under /_sandbox/: the page people watch, the clock, faults and the webhook log. */
import { z } from 'zod';
import { API_PREFIX, errorBody, validate } from '../../protocol/index.ts';
import { FAULTS, type Faults } from '../faults.ts';
import type { Gateway } from '../gateway.ts';
import { answer, type Exchange, html, json, readJson, type SurfaceHandler } from '../http.ts';
import { withoutPayToken } from '../order-json.ts';
import { controlPage } from '../pages/control.ts';
import { type ApiResult, failure, methodNotAllowed, notFound } from '../results.ts';

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
      const view = {
        orders: orders.list(),
        deliveries: hooks.deliveries,
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
