import { avsOutcomeOf, type GatewayClient, GatewayError, type Order } from '../../src/server/index.ts';
import { phoneReferenceOf } from '../phone-reference.ts';

/**
 * The back office's view of an order and what an operator may do with it. Every action goes
 * through the server helper (`GatewayClient`); its rules and the gateway's are reported in words.
 * Each status offers each action under one name only: a hold is released by "Release hold", never
 * by "Reverse" and "Cancel order" besides.
 */
export const ACTIONS = ['capture', 'release', 'refund', 'reverse', 'cancel'] as const;
export type Action = (typeof ACTIONS)[number];

const cents = (amount: number | null | undefined) => Math.round((amount ?? 0) * 100);

export const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);

export interface OrderView {
  id: string;
  number: string;
  status: string;
  currency: string;
  /** What the order charges now: the hold before a capture, the captured amount after. */
  total: number;
  /** What went back to the card by refunds. */
  refunded: number;
  /** What a reversal returned. */
  reversed: number;
  /** What a refund may still return. */
  refundable: number;
  card: string;
  /** The card's last four digits, or ''. */
  last4: string;
  email: string;
  /** Who paid, in words: the cardholder's name, else the e-mail address. */
  customer: string;
  /** The phone-order agent's reference (e.g. PHONE-1005), or ''. */
  reference: string;
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
  const refunded = cents(details?.amount_refunded ?? order.amount_refunded) / 100;
  const reversed = cents(details?.amount_reversed) / 100;
  const total = order.total ?? 0;
  const card = details?.card_masked_pan ?? '';
  const email = order.client?.email ?? '';
  return {
    id: order.id,
    number: order.number ?? '',
    status: order.status,
    currency: (order.currency ?? 'EUR').toUpperCase(),
    total,
    refunded,
    reversed,
    refundable:
      order.status === 'paid' ? Math.max(0, cents(total) - cents(refunded) - cents(reversed)) / 100 : 0,
    card,
    last4: /(\d{4})$/.exec(card)?.[1] ?? '',
    email,
    customer: details?.cardholder_name?.trim() || email,
    reference: phoneReferenceOf(order),
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
 * The status in the words an operator uses: what happened to the money, not the gateway's state
 * name. A two-step order that was paid was captured; a paid order with some money back is partly
 * refunded; a refunded order whose money went back by a reversal was reversed.
 */
export function statusWords(view: OrderView): string {
  switch (view.status) {
    case 'issued':
      return 'Unpaid';
    case 'in_progress':
      return 'In progress';
    case 'hold':
      return 'Held';
    case 'paid':
      if (view.refunded > 0) return 'Partly refunded';
      return view.twoStep ? 'Captured' : 'Paid';
    case 'refunded':
      return view.reversed > 0 && view.refunded === 0 ? 'Reversed' : 'Refunded';
    case 'cancelled':
      return 'Cancelled';
    case 'rejected':
      return view.error ? `Declined: ${view.error}` : 'Declined';
    case 'expired':
      return view.holdExpired || view.twoStep ? 'Hold expired' : 'Expired';
    default:
      return view.status.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  }
}

/** The actions an order in its status offers, each once. */
export function actionsFor(view: OrderView): Action[] {
  switch (view.status) {
    case 'hold':
      return ['capture', 'release'];
    case 'paid':
      return view.refundable > 0 ? ['refund', 'reverse'] : ['reverse'];
    // A declined order is unpaid too: the customer (or a bot) could still pay it.
    case 'issued':
    case 'rejected':
      return ['cancel'];
    default:
      return [];
  }
}

/** Why an action does not apply to the order as it is now, in words; null when it may be tried. */
export function whyNot(action: Action, view: OrderView): string | null {
  if (view.holdExpired)
    return 'The hold expired: the amount went back to the card, and nothing can be done with it.';
  if (actionsFor(view).includes(action)) return null;
  const is = `order ${view.number || view.id} is ${statusWords(view).toLowerCase()}`;
  switch (action) {
    case 'capture':
      return `Only a held payment can be captured; ${is}.`;
    case 'release':
      return `Only a held payment can be released; ${is}.`;
    case 'refund':
      return view.status === 'paid'
        ? 'Nothing is left to refund.'
        : `Only a paid order can be refunded; ${is}.`;
    case 'reverse':
      return `Only a paid order can be reversed (on the day of payment); ${is}.`;
    case 'cancel':
      return `Only an unpaid order can be cancelled; ${is}.`;
  }
}

/** "12.5", "12,50": what an operator types; at most two decimals. */
export function parseAmount(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(`${match[1]}.${match[2] ?? '0'}`);
}

/** The most an amount may be for an action: the hold to capture, what is left to refund. */
const ceiling = (action: Action, view: OrderView) => (action === 'capture' ? view.total : view.refundable);

/**
 * The amount an action moves, or the rule it breaks in words (a 400): from 0.01 up to the hold or
 * what is left to refund; empty means all of it.
 */
export function amountFor(action: Action, view: OrderView, input: unknown): number | { rule: string } {
  const most = ceiling(action, view);
  if (action !== 'capture' && action !== 'refund') return action === 'reverse' ? view.total : most;
  if (input === undefined || input === null || input === '') return most;
  const range = `from ${money(0.01, view.currency)} to ${money(most, view.currency)}`;
  const what = action === 'capture' ? 'the amount held' : 'what is left to refund';
  const typed = parseAmount(input);
  if (typed === null)
    return { rule: `Amount: enter an amount ${range} (${what}), such as 12.50, with at most two decimals.` };
  if (cents(typed) < 1) return { rule: `Amount: must be at least ${money(0.01, view.currency)}.` };
  if (cents(typed) > cents(most))
    return { rule: `Amount: must be at most ${money(most, view.currency)}, ${what}.` };
  return typed;
}

/**
 * What an action does, said with the order, the customer and the amount, as its button and its
 * confirmation say it: "Refund €5.00 of €32.25 to Anna Berzina, order BP-1042".
 */
export function actionSentence(action: Action, view: OrderView, amount: number): string {
  const of = (n: number) => money(n, view.currency);
  const order = `order ${view.number || view.id}`;
  const who = view.customer || 'the customer';
  switch (action) {
    case 'capture':
      return amount < view.total
        ? `Capture ${of(amount)} of ${of(view.total)} held for ${who}, ${order}`
        : `Capture ${of(amount)} from ${who}, ${order}`;
    case 'release':
      return `Release the hold of ${of(view.total)} for ${who}, ${order}`;
    case 'refund':
      return `Refund ${of(amount)} of ${of(view.total)} to ${who}, ${order}`;
    case 'reverse':
      return `Reverse the payment of ${of(view.total)} by ${who}, ${order}`;
    case 'cancel':
      return `Cancel ${order} of ${of(view.total)} for ${who}`;
  }
}

/** The short name of each action, as its form's heading says it. */
export const ACTION_NAMES: Record<Action, string> = {
  capture: 'Capture',
  release: 'Release hold',
  refund: 'Refund',
  reverse: 'Reverse payment',
  cancel: 'Cancel order',
};

/** Does the order match what the operator searched for: e-mail, order number, reference, last four digits. */
export function matches(view: OrderView, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  if (/^\d{4}$/.test(q) && view.last4 === q) return true;
  return [view.email, view.number, view.reference, view.id].some((field) => field.toLowerCase().includes(q));
}

export type ActionResult =
  | { ok: true; order: Order; message: string }
  | { ok: false; status: number; message: string };

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

/** A refusal the shop or the gateway made on the request's merits: the operator's to fix (400), not a failure. */
const refusedOnMerits = (error: GatewayError) =>
  error.type === 'validation' ||
  error.type === 'invalid_request' ||
  (error.status !== undefined && error.status >= 400 && error.status < 500);

export async function runAction(
  gateway: GatewayClient,
  id: string,
  action: Action,
  input: { amount?: unknown; number?: unknown },
): Promise<ActionResult> {
  let view: OrderView;
  try {
    view = viewOf(await gateway.orders.get(id));
  } catch (error) {
    return { ok: false, status: 404, message: refusalText(error) };
  }
  // The page names the order it confirmed: a press meant for another order moves no money.
  if (input.number !== undefined && input.number !== view.number)
    return {
      ok: false,
      status: 409,
      message: `This was confirmed for order ${String(input.number)}, not ${view.number}; nothing was done.`,
    };
  const refused = whyNot(action, view);
  if (refused) return { ok: false, status: 409, message: refused };
  const amount = amountFor(action, view, input.amount);
  if (typeof amount !== 'number') return { ok: false, status: 400, message: amount.rule };
  const of = (n: number) => money(n, view.currency);
  try {
    // Each helper call answers the order as the gateway now has it.
    switch (action) {
      case 'capture': {
        const order = await gateway.orders.capture(id, amount, { heldAmount: view.total });
        const released = view.total - amount;
        return {
          ok: true,
          order,
          message: `Captured ${of(amount)} from ${view.customer}, order ${view.number}${released > 0 ? `; ${of(released)} released` : ''}.`,
        };
      }
      case 'refund': {
        const order = await gateway.orders.refund(id, amount, { refundable: view.refundable });
        return {
          ok: true,
          order,
          message: `Refunded ${of(amount)} to ${view.customer}, order ${view.number}.`,
        };
      }
      case 'release':
        return {
          ok: true,
          order: await gateway.orders.reverse(id),
          message: `Released the hold of ${of(view.total)}, order ${view.number}.`,
        };
      case 'reverse':
        return {
          ok: true,
          order: await gateway.orders.reverse(id),
          message: `Reversed ${of(view.total)} to ${view.customer}, order ${view.number}.`,
        };
      case 'cancel':
        return {
          ok: true,
          order: await gateway.orders.cancel(id),
          message: `Cancelled order ${view.number}.`,
        };
    }
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { ok: false, status: refusedOnMerits(error) ? 400 : 502, message: refusalText(error) };
  }
}
