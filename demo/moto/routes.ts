import type { GatewayClient, Order } from '../../src/server/index.ts';
import { htmlResponse } from '../http/headers.ts';
import type { Agent, AgentAuth } from '../staff/auth.ts';
import { requireAgent, requireAgentApi } from '../staff/routes.ts';
import type { ShiftEntry, ShiftStore } from './shift.ts';

/** Statuses after which a phone order's result no longer changes on its own. */
const SETTLED = new Set(['paid', 'hold', 'rejected', 'cancelled', 'refunded', 'expired']);
/** A shift list read re-checks at most this many unsettled payments at the gateway. */
const MAX_REFRESH = 10;

/**
 * The phone-order screen's server side: the page for signed-in agents only, and the agent's shift
 * list kept on the server (GET /moto/shift), so every tab of the agent shows the same payments.
 */
export function createMotoRoutes(options: {
  gateway: GatewayClient;
  auth: AgentAuth;
  shifts: ShiftStore;
  renderPage: (agent: Agent) => Promise<string>;
}) {
  const { gateway, auth, shifts } = options;

  /**
   * An agent's shift is the agent's sign-in: every tab and reload of it shows the same list, and the
   * next sign-in starts a new one.
   */
  const shiftKey = (agent: Agent) => `${agent.name}:${agent.session}`;

  /** Called when an agent's phone order was created: it joins the agent's shift at once. */
  async function record(agent: Agent, order: Order, reference: string): Promise<void> {
    await shifts.add(shiftKey(agent), {
      orderId: order.id,
      number: order.number ?? '',
      reference,
      amount: order.total ?? 0,
      currency: (order.currency ?? 'EUR').toUpperCase(),
      // The shop's own clock in milliseconds, not the order's whole-second `issued`: two calls taken
      // within one second must still list newest first.
      at: new Date().toISOString(),
      status: order.status,
      reason: null,
    });
  }

  /** The shift, with the results of payments still under way read again from the gateway. */
  async function shiftOf(agent: Agent): Promise<ShiftEntry[]> {
    const entries = await shifts.list(shiftKey(agent));
    const open = entries.filter((e) => !SETTLED.has(e.status)).slice(0, MAX_REFRESH);
    await Promise.all(
      open.map(async (entry) => {
        const order = await gateway.orders.get(entry.orderId).catch(() => null);
        if (!order || order.status === entry.status) return;
        const patch = {
          status: order.status,
          reason:
            order.status === 'rejected'
              ? (order.transaction_details?.errors?.at(-1)?.description ?? null)
              : null,
        };
        Object.assign(entry, patch);
        await shifts.update(shiftKey(agent), entry.orderId, patch);
      }),
    );
    return entries;
  }

  async function handle(request: Request): Promise<Response | null> {
    const path = new URL(request.url).pathname;
    if (path === '/moto' || path === '/moto/') {
      const agent = requireAgent(auth, request);
      if (agent instanceof Response) return agent;
      return htmlResponse(await options.renderPage(agent));
    }
    if (path === '/moto/shift') {
      const agent = requireAgentApi(auth, request);
      if (agent instanceof Response) return agent;
      return Response.json({ results: await shiftOf(agent) }, { headers: { 'cache-control': 'no-store' } });
    }
    return null;
  }

  return { handle, record };
}

export type MotoRoutes = ReturnType<typeof createMotoRoutes>;
