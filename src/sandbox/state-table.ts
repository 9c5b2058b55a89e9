/**
 * The sandbox's status model: the ONE place that says which statuses exist, which action moves an
 * order from which status to which, and which webhook event each move emits. Everything else in
 * the sandbox asks `transitionFor` and never compares statuses on its own.
 *
 * Decisions taken where the spec (gateway-api-v0.6.md), the facts file and DESIGN.md are silent:
 *
 * Statuses and events
 * - The sandbox uses eight of the real gateway's statuses: issued, in_progress, hold, paid,
 *   rejected, cancelled, refunded, expired. A direct payment records `in_progress` even when it
 *   completes in the same call, so status_changes and webhooks show every step.
 * - Events: creation → order.issued; payment started → order.in_progress; approved → order.payment_success;
 *   held → order.hold; declined (card, expiry, 3-D Secure failed or cancelled) → order.payment_failure;
 *   capture → order.payment_success; hold released by reverse → order.canceled; hold past 28 days →
 *   order.expired; full refund (or a partial one that refunds what is left) → order.invoice_refunded,
 *   partial refund → order.invoice_refunded with status still paid; reversal of a paid order →
 *   order.invoice_reversal; a declined refund (chargeback card, "RDR value") → order.refund_failure.
 * - A declined order (`rejected`) may be paid again with another card: a decline took no money.
 *   A second payment on an order that is in_progress, hold, paid or later is refused (400) so a
 *   payment is never taken twice.
 * - Cancelling the 3-D Secure challenge declines the payment (`rejected`, error "3-D Secure
 *   cancelled by the customer") and goes back to cancel_redirect, else failure_redirect.
 *
 * Amounts
 * - Capture answers with the order; `total` becomes the captured amount (what was actually
 *   charged) and the rest is recorded in transaction_details.amount_released; the original held
 *   amount stays in transaction_details.amount_authorized. Refunds and reversal work on `total`.
 * - A full refund (no amount) returns what is left; a partial refund that leaves nothing also ends
 *   `refunded`. A zero-amount order has nothing to refund or reverse (400).
 * - Product taxes (tax id from POST /taxes/, or an object with `id` or `percent`) are added on top
 *   of the price: total = subtotal + total_tax, each line's tax rounded to the minor unit.
 *
 * Time (the sandbox clock, UTC)
 * - Reversal of a paid order: same UTC calendar day as `paid`, full amount only (nothing refunded
 *   yet). Reversal of a hold releases it at any time before it expires.
 * - Refunds: until two calendar years after `paid` (for two-step orders, the capture time).
 * - A hold expires 28 days after it was placed; expiry is applied lazily whenever the order is
 *   read, listed or acted on, and emits order.expired then.
 *
 * Cards
 * - Every test card is treated as issued in the US, so standard AVS runs whenever the order
 *   carries client.address and client.zip_code; custom AVS (`avs: true`) runs too, and without an
 *   address gives code "U". MOTO payments skip 3-D Secure (card not present), and take no csc;
 *   any other payment needs a csc (4 digits for American Express, 3 otherwise).
 * - A card is saved (card.created) when the payment is approved and the body has
 *   saved_by_merchant, or the order has setup_future_use or force_save_method. Its client is
 *   client.original_client, else the client with the order's e-mail (created if there is none),
 *   and that id then shows as the order's client.id.
 *
 * API answers
 * - Every success is 200 (the spec lists only 200, 400, 403), creates included. Capture, refund
 *   and reverse answer the updated order object. 403 bodies: {"__all__": [{message, code:
 *   "authentication_failed"}]}. 404 (unknown order, path or payment address) and 405 use the same
 *   shape. Paths work with or without the trailing slash.
 * - The direct payment answers {status, order_id}, plus threed_check_url when a challenge is
 *   needed (status in_progress), plus errors (the decline, as in transaction_details.errors) when
 *   declined. A decline is a 200: the request was executed, the card said no.
 * - Orders default to currency EUR and language en; `number` defaults to a running number.
 * - Lists page with ?page=N&page_size=M (default 100); next/previous are absolute URLs or null.
 *   filter_email matches the whole address, case-insensitively.
 * - AVS result codes: Y (match), N (zip 99999, no match), U (custom AVS without an address),
 *   in transaction_details.avs_result; enable_avs is true when AVS ran or the merchant enables it.
 * - A webhook subscription needs all_events true or at least one event.
 *
 * Endpoints public clients call beyond the spec (spec/gateway-facts.md)
 * - POST /orders/{id}/cancel/: issued, rejected (unpaid: a declined order may be paid again) or
 *   in_progress (unpaid: waiting on the customer's 3-D Secure answer, as a production adapter cancels
 *   it; the challenge then ends, and answering it afterwards is refused) → cancelled; hold →
 *   cancelled with the hold released (amount_released); all emit order.canceled. Any other status
 *   is refused (400 naming the allowed statuses). A body is ignored (and reported); a JSON `null`
 *   body is no body, as a DRF action without a serializer never reads it.
 * - DELETE /orders/{id}/: only an unpaid order (DELETABLE: issued, rejected, cancelled, expired);
 *   204, no webhook (the gateway documents no deletion event); then 404 for that id.
 * - DELETE /clients/{id}/: only a client no order names (client.original_client or a saved card);
 *   204. GET /clients/?filter_phone= compares the digits of the phone only ("+371 2000-0000"
 *   matches "37120000000"); an empty filter (`filter_phone=`) is no filter, as django-filter
 *   skips empty values.
 * - Products (/products/): create, list, read, PUT (whole), PATCH (partial); a `tax` id gives the
 *   product its tax's percent (`tax_percent`). An order line whose `id` names a product and that
 *   carries no tax of its own takes the product's tax.
 * - DELETE /webhooks/{id}/: 204; deliveries already made stay in the log.
 * - Idempotency-Key on any API POST: the same key with the same method, path and body answers the
 *   first answer again (status, body, headers) and does nothing twice, also after a lost answer
 *   (reset, timeout fault); the same key with another request is a 409. Keys are kept 24 hours of
 *   the sandbox clock, at most 10,000.
 * - Success answers of DELETE are 204 with no body, as a DRF destroy answers.
 *
 * Webhooks and faults
 * - Deliveries are independent POSTs (no ordering guarantee between events), retried on non-2xx
 *   and network errors: 5 attempts, 1 s then x4 backoff, 10 s per attempt by default.
 * - Faults are one-shot: the next POST to a known api_do_url consumes it. http_500 and
 *   malformed_json process nothing. timeout and reset DO process the payment and lose only the
 *   answer (reset: TCP reset at once; timeout: the connection is held, then dropped unanswered).
 * - The control surface (/_sandbox/...) needs no key: it is a local test tool.
 */
import type { KnownOrderStatus, OrderEvent } from '../protocol/index.ts';

export const SANDBOX_STATUSES = [
  'issued',
  'in_progress',
  'hold',
  'paid',
  'rejected',
  'cancelled',
  'refunded',
  'expired',
] as const satisfies readonly KnownOrderStatus[];
export type SandboxStatus = (typeof SANDBOX_STATUSES)[number];

export const ACTIONS = [
  'create',
  'pay',
  'approve',
  'hold',
  'decline',
  'capture',
  'reverse',
  'expire',
  'refund',
  'partial_refund',
  'refund_declined',
  'cancel',
] as const;
export type Action = (typeof ACTIONS)[number];

export interface Transition {
  /** null: the order does not exist yet. */
  readonly from: SandboxStatus | null;
  readonly action: Action;
  readonly to: SandboxStatus;
  readonly event: OrderEvent;
}

export const TRANSITIONS: readonly Transition[] = [
  { from: null, action: 'create', to: 'issued', event: 'order.issued' },
  { from: 'issued', action: 'pay', to: 'in_progress', event: 'order.in_progress' },
  { from: 'rejected', action: 'pay', to: 'in_progress', event: 'order.in_progress' },
  { from: 'in_progress', action: 'approve', to: 'paid', event: 'order.payment_success' },
  { from: 'in_progress', action: 'hold', to: 'hold', event: 'order.hold' },
  { from: 'in_progress', action: 'decline', to: 'rejected', event: 'order.payment_failure' },
  { from: 'hold', action: 'capture', to: 'paid', event: 'order.payment_success' },
  { from: 'hold', action: 'reverse', to: 'cancelled', event: 'order.canceled' },
  { from: 'hold', action: 'expire', to: 'expired', event: 'order.expired' },
  { from: 'paid', action: 'partial_refund', to: 'paid', event: 'order.invoice_refunded' },
  { from: 'paid', action: 'refund', to: 'refunded', event: 'order.invoice_refunded' },
  { from: 'paid', action: 'refund_declined', to: 'paid', event: 'order.refund_failure' },
  { from: 'paid', action: 'reverse', to: 'refunded', event: 'order.invoice_reversal' },
  { from: 'issued', action: 'cancel', to: 'cancelled', event: 'order.canceled' },
  { from: 'rejected', action: 'cancel', to: 'cancelled', event: 'order.canceled' },
  { from: 'in_progress', action: 'cancel', to: 'cancelled', event: 'order.canceled' },
  { from: 'hold', action: 'cancel', to: 'cancelled', event: 'order.canceled' },
];

/**
 * Statuses in which DELETE /orders/{id}/ removes an order: no money was taken and none is held or
 * moving. An order in progress, held, paid or refunded stays on record.
 */
export const DELETABLE: readonly SandboxStatus[] = ['issued', 'rejected', 'cancelled', 'expired'];

export const transitionFor = (from: SandboxStatus | null, action: Action): Transition | undefined =>
  TRANSITIONS.find((t) => t.from === from && t.action === action);

/** The statuses an action may start from, for error messages. */
export const allowedFrom = (action: Action): SandboxStatus[] =>
  TRANSITIONS.filter((t) => t.action === action && t.from !== null).map((t) => t.from as SandboxStatus);

/** A hold lasts at most 28 days (the longest the spec allows). */
export const HOLD_DAYS = 28;
/** Refunds are allowed for payments not older than two years. */
export const REFUND_YEARS = 2;
