import type { ServerResponse } from 'node:http';
import type { GatewayClient } from '../../src/server/index.ts';
import { BodyTooLarge, readJson } from '../http/body.ts';
import { htmlResponse } from '../http/headers.ts';
import type { AgentAuth } from '../staff/auth.ts';
import { requireAgent, requireAgentApi } from '../staff/routes.ts';
import type { LiveHub } from './live.ts';
import { type Action, runAction, viewOf } from './orders.ts';
import { orderGroup, renderOrdersPage } from './page.ts';

/** An action's body is `{"amount": "12.50"}` at most. */
const ACTION_BODY_LIMIT = 1024;

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
 *   GET  /orders/<id>/row             one order's rows, for the page's live updates
 *   POST /orders/<id>/<action>        capture | refund | reverse | cancel, JSON {amount?}, X-CSRF-Token
 *   GET  /orders/events               webhooks as server-sent events
 */
export function createBackOffice(options: { gateway: GatewayClient; auth: AgentAuth; hub: LiveHub }) {
  const { gateway, auth, hub } = options;

  async function handle(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    if (url.pathname === '/orders' || url.pathname === '/orders/') {
      const agent = requireAgent(auth, request);
      if (agent instanceof Response) return agent;
      const page = Math.min(
        Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1),
        10_000,
      );
      const list = await gateway.orders.list({ page });
      return htmlResponse(
        renderOrdersPage({ agent, views: list.results.map(viewOf), page, hasNext: Boolean(list.next) }),
      );
    }
    const match = /^\/orders\/([\w-]{1,64})\/(row|capture|refund|reverse|cancel)$/.exec(url.pathname);
    if (!match) return null;
    const [, id, what] = match as unknown as [string, string, string];
    if (what === 'row') {
      const agent = requireAgentApi(auth, request);
      if (agent instanceof Response) return agent;
      return fragment(orderGroup(viewOf(await gateway.orders.get(id))));
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
    const input = body && typeof body === 'object' ? (body as { amount?: unknown }) : {};
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
