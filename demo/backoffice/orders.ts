import { avsOutcomeOf, type GatewayClient, GatewayError, type Order } from '../../src/server/index.ts';

/**
 * The back office's view of an order and what an operator may do with it. Every action goes
 * through the server helper (`GatewayClient`); its rules and the gateway's are reported in words.
 */
export const ACTIONS = ['capture', 'refund', 'reverse', 'cancel'] as const;
export type Action = (typeof ACTIONS)[number];

/** How the back office names a status. */
export const STATUS_WORDS: Readonly<Record<string, string>> = {
  issued: 'Unpaid',
  in_progress: 'In progress',
  hold: 'On hold',
  paid: 'Paid',
  rejected: 'Declined',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  expired: 'Expired',
};

/** An expired hold is named as such: it was never charged, its amount went back to the card. */
export const statusWordOf = (view: Pick<OrderView, 'status' | 'holdExpired'>): string =>
  view.holdExpired ? 'Hold expired' : (STATUS_WORDS[view.status] ?? view.status.replace(/_/g, ' '));

const cents = (amount: number | null | undefined) => Math.round((amount ?? 0) * 100);

export interface OrderView {
  id: string;
  number: string;
  status: string;
  currency: string;
  /** What the order charges now: the hold before a capture, the captured amount after. */
  total: number;
  /** What went back to the card: refunds and a reversal. */
  refunded: number;
  /** What a refund may still return. */
  refundable: number;
  card: string;
  moto: boolean;
  twoStep: boolean;
  /** Unix seconds. */
  issued: number | null;
  /** The last decline or failure the gateway recorded. */
  error: string | null;
  /** The AVS result in words ("Address checked: matches"); null when no AVS ran. */
  avs: string | null;
  /**
   * A hold that ran out before it was captured (Unix seconds of its end, when the gateway said): the
   * amount went back to the card, and no action can touch the order any more.
   */
  holdExpired: { on: number | null } | null;
}

export function viewOf(order: Order): OrderView {
  const details = order.transaction_details;
  const refunded =
    (cents(details?.amount_refunded ?? order.amount_refunded) + cents(details?.amount_reversed)) / 100;
  const total = order.total ?? 0;
  return {
    id: order.id,
    number: order.number ?? '',
    status: order.status,
    currency: (order.currency ?? 'EUR').toUpperCase(),
    total,
    refunded,
    refundable: order.status === 'paid' ? Math.max(0, cents(total) - cents(refunded)) / 100 : 0,
    card: details?.card_masked_pan ?? '',
    moto: order.is_moto === true,
    twoStep: order.skip_capture === true,
    issued: order.issued ?? null,
    error: details?.errors?.at(-1)?.description ?? null,
    avs: avsOutcomeOf(order)?.words ?? null,
    holdExpired: holdExpiryOf(order),
  };
}

function holdExpiryOf(order: Order): OrderView['holdExpired'] {
  if (order.status !== 'expired') return null;
  const changes = order.status_changes ?? [];
  if (!changes.some((c) => c.new_status === 'hold')) return null;
  return { on: changes.findLast((c) => c.new_status === 'expired')?.on ?? null };
}

/**
 * Why an action does not apply to an order in its status, in words; null when it may be tried
 * (the gateway still has the last word on amounts and dates).
 */
export function whyNot(action: Action, view: OrderView): string | null {
  if (view.holdExpired)
    return 'The hold expired: the amount went back to the card, and nothing can be done with it.';
  const is = `this order is ${STATUS_WORDS[view.status]?.toLowerCase() ?? view.status.replace(/_/g, ' ')}`;
  switch (action) {
    case 'capture':
      return view.status === 'hold' ? null : `Only a payment on hold can be captured; ${is}.`;
    case 'refund':
      if (view.status !== 'paid') return `Only a paid order can be refunded; ${is}.`;
      return view.refundable > 0 ? null : 'Nothing is left to refund.';
    case 'reverse':
      return view.status === 'paid' || view.status === 'hold'
        ? null
        : `Only a paid order (on the day of payment) or a hold can be reversed; ${is}.`;
    case 'cancel':
      // A declined order is unpaid too: the customer (or a bot) could still pay it.
      return view.status === 'issued' || view.status === 'rejected' || view.status === 'hold'
        ? null
        : `Only an unpaid or held order can be cancelled; ${is}.`;
  }
}

/** "12.5", "12,50": what an operator types; at most two decimals. */
export function parseAmount(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(`${match[1]}.${match[2] ?? '0'}`);
}

export type ActionResult =
  | { ok: true; order: Order; message: string }
  | { ok: false; status: number; message: string };

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);

/** The helper's or gateway's refusal as a sentence an operator reads. */
export function refusalText(error: unknown): string {
  if (error instanceof GatewayError) {
    if (error.issues.length) {
      return error.issues
        .map((issue) => {
          const field = issue.path === '__all__' || issue.path === '' ? '' : 'Amount ';
          return `${field}${issue.message}`.replace(/^./, (c) => c.toUpperCase());
        })
        .join(' ');
    }
    if (error.type === 'not_found') return 'The gateway does not know this order.';
    if (error.type === 'timeout' || error.type === 'network')
      return 'The gateway did not answer; the order was read again, check its status before trying again.';
    return error.message;
  }
  return 'The action failed; see the shop’s console.';
}

export async function runAction(
  gateway: GatewayClient,
  id: string,
  action: Action,
  input: { amount?: unknown },
): Promise<ActionResult> {
  let view: OrderView;
  try {
    view = viewOf(await gateway.orders.get(id));
  } catch (error) {
    return { ok: false, status: 404, message: refusalText(error) };
  }
  const refused = whyNot(action, view);
  if (refused) return { ok: false, status: 409, message: refused };
  const typed = input.amount === undefined || input.amount === '' ? undefined : parseAmount(input.amount);
  if (typed === null)
    return {
      ok: false,
      status: 400,
      message: 'Amount: enter an amount such as 12.50 (at most two decimals).',
    };
  try {
    // Each helper call answers the order as the gateway now has it.
    switch (action) {
      case 'capture': {
        const amount = typed ?? view.total;
        const order = await gateway.orders.capture(id, amount, { heldAmount: view.total });
        return { ok: true, order, message: `Captured ${money(amount, view.currency)}.` };
      }
      case 'refund': {
        const amount = typed ?? view.refundable;
        const order = await gateway.orders.refund(id, typed, { refundable: view.refundable });
        return { ok: true, order, message: `Refunded ${money(amount, view.currency)}.` };
      }
      case 'reverse': {
        const order = await gateway.orders.reverse(id);
        const message =
          view.status === 'hold' ? 'The hold was released.' : `Reversed ${money(view.total, view.currency)}.`;
        return { ok: true, order, message };
      }
      case 'cancel':
        return { ok: true, order: await gateway.orders.cancel(id), message: 'The order was cancelled.' };
    }
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { ok: false, status: error.status && error.status < 500 ? 400 : 502, message: refusalText(error) };
  }
}
