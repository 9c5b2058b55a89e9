import type { CheckoutStatus } from '../protocol/session.ts';

/**
 * What a payment can end in, as the payment flow reports it and the elements word it: a result
 * (paid, declined, failed with a typed error), nothing sent (invalid), and the phases on the way.
 * No card data is part of any of these.
 */

export type FlowErrorType =
  | 'session' // the merchant server refused or failed to create the order
  | 'network' // the payment answer never came
  | 'timeout'
  | 'server' // the gateway answered 5xx or a body that is not JSON
  | 'rejected' // the gateway refused the request (4xx) and the order shows nothing charged
  // The payment may have gone through and we could not learn whether yet: never a decline, never
  // paid again blindly; the checkout keeps asking the status and reports the outcome once known.
  | 'unconfirmed'
  | 'cancelled' // the customer left the 3-D Secure challenge
  | 'amount' // nothing to charge yet (no amount set); nothing was sent
  | 'untrusted_gateway' // api_do_url is no gateway origin card data may go to: nothing was sent
  // The gateway answers no browser on api_do_url (no CORS): nothing was sent; the merchant must
  // switch to the direct-post transport (the console says so; the customer sees a generic failure).
  | 'browser_refused'
  | 'rate_limited' // the merchant server refused more attempts for now (429): nothing was sent
  | 'verification'; // the bot check was refused (403) or did not complete: nothing was sent

export interface FlowError {
  readonly type: FlowErrorType;
  /** What the merchant server or the gateway said, when it said something; the element words the rest. */
  readonly message?: string;
  /** The fields the merchant server named, for a `session` error. */
  readonly fields?: ReadonlyArray<{ path: string; message: string; code?: string }>;
  /** `rate_limited`: how long the merchant server asked to wait (its Retry-After), in seconds. */
  readonly retryAfter?: number;
}

export type FlowResult =
  | { readonly kind: 'succeeded'; readonly orderId: string; readonly status: CheckoutStatus }
  | {
      readonly kind: 'declined';
      readonly orderId: string;
      readonly reason: string;
      readonly status: CheckoutStatus;
    }
  | {
      readonly kind: 'failed';
      readonly orderId: string | null;
      readonly error: FlowError;
      readonly canRetry: boolean;
      /** The 3-D Secure challenge was left unfinished and the order still waits for it: it can be reopened. */
      readonly reopenable?: boolean;
    };

/** Nothing was sent: the isolated fields found the card incomplete or invalid, and show why. */
export interface FlowInvalid {
  readonly kind: 'invalid';
  readonly orderId: string | null;
}

export type FlowPhase = 'creating' | 'paying' | 'challenge' | 'verifying';

/** The outcome could not be confirmed yet: checking again may tell. */
export function isUnconfirmed(result: FlowResult | FlowInvalid | null | undefined): boolean {
  return result?.kind === 'failed' && result.error.type === 'unconfirmed';
}

export function resultOf(status: CheckoutStatus, orderId: string): FlowResult {
  const id = status.order_id || orderId;
  if (status.outcome === 'succeeded' || status.outcome === 'held')
    return { kind: 'succeeded', orderId: id, status };
  return { kind: 'declined', orderId: id, reason: status.reason ?? status.status, status };
}

export const cancelledError: FlowError = { type: 'cancelled' };

class FlowFailure extends Error {
  constructor(
    readonly type: FlowErrorType,
    readonly detail?: string,
    readonly fields?: FlowError['fields'],
    readonly retryAfter?: number,
  ) {
    super(type);
  }
}

export const flowError = (
  type: FlowErrorType,
  detail?: string,
  fields?: FlowError['fields'],
  retryAfter?: number,
) => new FlowFailure(type, detail, fields, retryAfter);

export function asFlowError(error: unknown): FlowError {
  if (error instanceof FlowFailure)
    return {
      type: error.type,
      message: error.detail,
      fields: error.fields,
      ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
    };
  return { type: 'network' };
}

/** A payment of `session`'s order that ended without a result: the error, and whether to try again. */
export function failed(
  session: { readonly order_id: string },
  type: FlowErrorType,
  canRetry: boolean,
  message?: string,
): FlowResult {
  return { kind: 'failed', orderId: session.order_id || null, error: { type, message }, canRetry };
}
