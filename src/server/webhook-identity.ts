import { createHash } from 'node:crypto';
import type { Order, StatusChange } from '../protocol/index.ts';

/**
 * What makes one webhook delivery one event, and whether the gateway's own record bears it out.
 *
 * A delivery names a kind and carries the order as it was when the event happened. The identity is
 * that state: the kind, the order, the last `status_changes` entry with its place in the history,
 * and the amounts. Two declines of one order are two entries in its history, so they are two
 * events even within one second; a redelivery (or a replay) of one of them has the same identity.
 * The gateway's history only grows, so a state it has recorded stays checkable later: a delivery
 * is confirmed when the gateway's history holds the posted entry at the posted place, and the kind
 * fits the status that entry names.
 */

/** The statuses a known kind announces; a kind whose state says otherwise is not the gateway's. */
const KIND_STATUSES: Readonly<Record<string, readonly string[]>> = {
  'order.issued': ['issued'],
  'order.in_progress': ['in_progress'],
  'order.invoice_viewed': ['viewed', 'issued'],
  'order.received': ['received'],
  'order.rejected': ['rejected'],
  'order.payment_success': ['paid', 'received', 'withdrawn'],
  'order.payment_failure': ['rejected', 'expired'],
  'order.hold': ['hold'],
  'order.canceled': ['cancelled'],
  'order.expired': ['expired'],
  'order.invoice_refunded': ['paid', 'refunded'],
  'order.refund_failure': ['paid', 'refunded'],
  'order.refund_in_progress': ['paid', 'refunded'],
  'order.refund_init_failure': ['paid', 'refunded'],
  'order.invoice_refund_reversed': ['paid', 'refunded'],
  'order.invoice_reversal': ['refunded', 'cancelled'],
  'order.reversal_failure': ['paid', 'hold'],
  'order.reversal_in_progress': ['paid', 'hold', 'refunded'],
  'order.reversal_init_failure': ['paid', 'hold'],
};

/**
 * Kinds that report money moving back to the customer: confirmed only when the gateway's order
 * shows the money moved, and at least as much as the delivery says. A history entry alone proves
 * nothing here: a partial refund leaves the order `paid`, so a forged refund of a paid order names
 * an entry the gateway really has.
 */
const MONEY_BACK: Readonly<Record<string, (posted: Order, gateway: Order) => boolean>> = {
  'order.invoice_refunded': (posted, gateway) =>
    refundedOf(posted) > 0 && refundedOf(gateway) >= refundedOf(posted),
  'order.invoice_reversal': (posted, gateway) =>
    reversedOf(gateway) > 0 ? reversedOf(gateway) >= reversedOf(posted) : refundedOf(gateway) > 0,
};

export const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

const refundedOf = (order: Order): number =>
  Number(order.amount_refunded ?? order.transaction_details?.amount_refunded ?? 0) || 0;

const reversedOf = (order: Order): number => Number(order.transaction_details?.amount_reversed ?? 0) || 0;

/** The state a delivery reports: its last history entry (and where), its status and amounts. */
interface PostedState {
  index: number;
  change: StatusChange | undefined;
  status: string;
  refunded: number;
}

const stateOf = (order: Order): PostedState => {
  const history = order.status_changes ?? [];
  return {
    index: history.length - 1,
    change: history.at(-1),
    status: history.at(-1)?.new_status ?? order.status,
    refunded: refundedOf(order),
  };
};

export interface DeliveryVerdict {
  /** The gateway's record bears the delivery out: the state happened and the kind fits it. */
  confirmed: boolean;
  /** The de-duplication key: equal for a redelivery, different for any other event. */
  key: string;
}

/**
 * Compares what a delivery reports with the gateway's view of the same order. `text` is the body as
 * posted: an unconfirmed delivery is keyed on all of it, in a space of its own, so a forgery can
 * never make the genuine delivery of a state look like a duplicate.
 */
export function judgeDelivery(kind: string, posted: Order, gateway: Order, text: string): DeliveryVerdict {
  const state = stateOf(posted);
  const history = gateway.status_changes ?? [];
  let real: boolean;
  if (state.change) {
    const recorded = history[state.index];
    real =
      recorded !== undefined &&
      recorded.new_status === state.change.new_status &&
      recorded.on === state.change.on &&
      // Refunds only ever add up: a state refunding more than the gateway knows did not happen.
      state.refunded <= refundedOf(gateway);
  } else {
    // A delivery without a history: only the order's present state can be checked.
    real = posted.status === gateway.status && state.refunded === refundedOf(gateway);
  }
  const allowed = KIND_STATUSES[kind];
  const fits = allowed ? allowed.includes(state.status) : true;
  const money = MONEY_BACK[kind];
  const confirmed = real && fits && (!money || money(posted, gateway));
  // Only what was checked goes into a confirmed key: a sender varying anything else (the total, an
  // extra field) makes no new event of a state already handed over.
  const key = !confirmed
    ? `unconfirmed:${kind}:${posted.id}:${sha256(text)}`
    : state.change
      ? [kind, posted.id, state.index, state.change.new_status, state.change.on, state.refunded].join(':')
      : [
          kind,
          gateway.id,
          gateway.status,
          gateway.total ?? '',
          refundedOf(gateway),
          gateway.modified ?? '',
        ].join(':');
  return { confirmed, key };
}
