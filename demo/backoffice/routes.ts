import type { ServerResponse } from 'node:http';
import { type GatewayClient, GatewayError } from '../../src/server/index.ts';
import { BodyTooLarge, readJson } from '../http/body.ts';
import { htmlResponse } from '../http/headers.ts';
import type { AgentAuth } from '../staff/auth.ts';
import { requireAgent, requireAgentApi } from '../staff/routes.ts';
import type { LiveHub } from './live.ts';
import { ACTIONS, type Action, matches, type OrderView, runAction, viewOf } from './orders.ts';
import { orderGroup, renderOrdersPage } from './page.ts';

/** An action's body is `{"amount": "12.50", "number": "BP-…"}` at most. */
const ACTION_BODY_LIMIT = 1024;
/** A search reads this many pages of the gateway's list, newest first. */
const SEARCH_PAGES = 10;
/** At most this many matches are shown. */
const SEARCH_RESULTS = 100;

const json = (status: number, body: unknown) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
const fragment = (body: string) =>
  new Response(body, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });

/**
 * The back office at /orders/ (signed-in agents only):
 *
 *   GET  /orders/?page=N              the page (newest first, the gateway's pages)
 *   GET  /orders/?q=text              orders whose e-mail, number, phone-order reference or card's
 *                                     last four digits match, among the newest SEARCH_PAGES pages
 *   GET  /orders/<id>/row             one order's rows, for the page's live updates
 *   POST /orders/<id>/<action>        capture | release | refund | reverse | cancel,
 *                                     JSON {amount?, number} (the order number confirmed), X-CSRF-Token
 *   GET  /orders/events               webhooks as server-sent events
 */
export function createBackOffice(options: { gateway: GatewayClient; auth: AgentAuth; hub: LiveHub }) {
  const { gateway, auth, hub } = options;

  /**
   * The demo shop keeps no order table of its own: a search reads the gateway's newest pages and
   * says how many orders it read. A shop with its own database searches that instead.
   */
  async function search(query: string): Promise<{ views: OrderView[]; searched: number }> {
    const views: OrderView[] = [];
    let searched = 0;
    for (let page = 1; page <= SEARCH_PAGES && views.length < SEARCH_RESULTS; page++) {
      const list = await gateway.orders.list({ page });
      searched += list.results.length;
      for (const order of list.results) {
        const view = viewOf(order);
        if (matches(view, query)) views.push(view);
      }
      if (!list.next) break;
    }
    return { views: views.slice(0, SEARCH_RESULTS), searched };
  }

  async function handle(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    if (url.pathname === '/orders' || url.pathname === '/orders/') {
      const agent = requireAgent(auth, request);
      if (agent instanceof Response) return agent;
      const query = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
      if (query) {
        const { views, searched } = await search(query);
        return htmlResponse(renderOrdersPage({ agent, views, page: 1, hasNext: false, query, searched }));
      }
      const page = Math.min(
        Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1),
        10_000,
      );
      const list = await gateway.orders.list({ page });
      return htmlResponse(
        renderOrdersPage({ agent, views: list.results.map(viewOf), page, hasNext: Boolean(list.next) }),
      );
    }
    const match = new RegExp(`^/orders/([\\w-]{1,64})/(row|${ACTIONS.join('|')})$`).exec(url.pathname);
    if (!match) return null;
    const [, id, what] = match as unknown as [string, string, string];
    if (what === 'row') {
      const agent = requireAgentApi(auth, request);
      if (agent instanceof Response) return agent;
      const order = await gateway.orders.get(id).catch((error: unknown) => {
        if (error instanceof GatewayError && error.type === 'not_found') return null;
        throw error;
      });
      if (!order)
        return json(404, { error: { type: 'not_found', message: 'The gateway does not know this order.' } });
      return fragment(orderGroup(viewOf(order)));
    }
    if (request.method !== 'POST')
      return json(405, { error: { type: 'method_not_allowed', message: 'use POST' } });
    let body: unknown;
    try {
      body = await readJson(request, ACTION_BODY_LIMIT);
    } catch (error) {
      if (error instanceof BodyTooLarge)
        return json(413, { error: { type: 'body_too_large', message: error.message } });
      throw error;
    }
    // The session cookie alone never moves money: the page's CSRF token and its origin must come too.
    const agent = auth.agentForChange(request);
    if (!agent)
      return json(auth.agentOf(request) ? 403 : 401, {
        error: {
          type: 'forbidden',
          message: 'Sign in again: this change did not come from the back office page.',
        },
      });
    const input = body && typeof body === 'object' ? (body as { amount?: unknown; number?: unknown }) : {};
    const result = await runAction(gateway, id, what as Action, input);
    if (!result.ok) return json(result.status, { error: { type: 'refused', message: result.message } });
    return json(200, { message: result.message, html: orderGroup(viewOf(result.order), true) });
  }

  /** The event stream needs the raw response: it stays open. */
  function events(request: Request, res: ServerResponse): boolean {
    const agent = requireAgentApi(auth, request);
    if (agent instanceof Response) return false;
    hub.listen(res);
    return true;
  }

  return { handle, events };
}

export type BackOffice = ReturnType<typeof createBackOffice>;
