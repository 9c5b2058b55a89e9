import type { FlowErrorType, FlowPhase, FlowResult } from '../../flow/outcome.ts';
import type { Catalog, TextKey } from '../i18n/index.ts';
import { isPlaceable } from './field-errors.ts';

/**
 * The checkout's words for a result, derived from the result each time it renders (never stored),
 * so a change of language reaches a message already on screen.
 */

/**
 * What the checkout shows: loading, ready, a step of a payment, or its result. `unconfirmed` is a
 * result of its own: neither paid nor declined yet, and the checkout keeps asking.
 */
export type View = 'loading' | 'idle' | FlowPhase | 'succeeded' | 'declined' | 'failed' | 'unconfirmed';

/**
 * Every error type `gateway-error` reports: the flow's, `config` when the checkout cannot load, and
 * `fields` when the isolated card fields never answered.
 */
export type CheckoutErrorType = FlowErrorType | 'config' | 'fields';

const ERROR_TEXT = {
  config: 'errorSession',
  fields: 'fieldsUnavailable',
  session: 'errorSession',
  network: 'errorRetry',
  timeout: 'errorRetry',
  server: 'errorRetry',
  rejected: 'errorRejected',
  unconfirmed: 'errorUnconfirmed',
  cancelled: 'errorCancelled',
  amount: 'errorAmount',
  untrusted_gateway: 'errorUntrustedGateway',
  browser_refused: 'errorRejected',
  rate_limited: 'errorTooManyAttempts',
  verification: 'errorVerification',
} as const satisfies Record<CheckoutErrorType, TextKey>;

/**
 * What a success did: charged, reserved (two-step), or, charging nothing, saved or only verified the
 * card. A zero-amount result is never called a payment.
 */
export type SuccessKind = 'paid' | 'held' | 'saved' | 'verified';

export function successKind(
  status: { readonly outcome: string; readonly amount: number },
  cardSaved: boolean,
): SuccessKind {
  if (status.amount === 0) return cardSaved ? 'saved' : 'verified';
  return status.outcome === 'held' ? 'held' : 'paid';
}

const SUCCESS_TEXT = {
  paid: ['paidTitle', 'paid'],
  held: ['authorizedTitle', 'authorized'],
  saved: ['savedTitle', 'saved'],
  verified: ['verifiedTitle', 'verified'],
} as const satisfies Record<SuccessKind, readonly [TextKey, TextKey]>;

/** The result panel's title for a success. */
export const successTitle = (t: Catalog, kind: SuccessKind): string => t[SUCCESS_TEXT[kind][0]];

/** The gateway's decline reason in plain words; a reason we do not know is shown as the gateway gave it. */
export function declineText(t: Catalog, reason: string): string {
  if (/insufficient|not sufficient/i.test(reason)) return t.declineFunds;
  if (/expired/i.test(reason)) return t.declineExpired;
  if (/3-?d|authenticat/i.test(reason)) return t.declineAuthentication;
  if (/refer to card issuer|do not honou?r/i.test(reason)) return t.declineIssuer;
  return t.declineOther(reason);
}

/**
 * What went wrong, in the page's language. When the merchant server named fields the checkout
 * shows, their messages stand beside them and this says to look there; the server's own words are
 * for developers (the `gateway-error` event carries them) and never shown.
 */
export function errorText(t: Catalog, type: CheckoutErrorType, placedOnFields = false): string {
  return placedOnFields ? t.errorFields : t[ERROR_TEXT[type]];
}

/**
 * The line for a result: success in the status region, the rest in the alert region. `cardSaved`:
 * the customer's card is saved with this payment (a zero-amount one then says "Card saved").
 */
export function resultText(t: Catalog, result: FlowResult, cardSaved = false): string {
  switch (result.kind) {
    case 'succeeded':
      return t[SUCCESS_TEXT[successKind(result.status, cardSaved)][1]];
    case 'declined':
      return declineText(t, result.reason);
    case 'failed':
      // How long to wait, as the merchant server said it: "try again in 10 minutes".
      if (result.error.type === 'rate_limited' && result.error.retryAfter)
        return t.errorRateLimited(Math.ceil(result.error.retryAfter / 60));
      return errorText(t, result.error.type, placedOnFields(result.error.fields));
  }
}

/** The progress or success line of the status region. */
export function statusText(t: Catalog, view: View, result: FlowResult | null, cardSaved = false): string {
  switch (view) {
    case 'loading':
      return t.loading;
    case 'creating':
    case 'paying':
      return t.processing;
    case 'challenge':
      return t.challenge;
    case 'verifying':
      return t.verifying;
    case 'succeeded':
      return result ? resultText(t, result, cardSaved) : '';
    default:
      return '';
  }
}

/** Whether any field the server named is one the checkout shows (its message stands there). */
function placedOnFields(fields: ReadonlyArray<{ path: string; message: string }> | undefined): boolean {
  if (!fields?.length) return false;
  return fields.some((f) => isPlaceable(f.path));
}
