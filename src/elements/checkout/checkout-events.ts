import type { CardChangeDetail } from '../card-form/card-form.ts';
import type { CheckoutErrorType } from './checkout-messages.ts';

export type { CheckoutErrorType } from './checkout-messages.ts';

/** What `gateway-change` reports: the card form's own change, never any card data. */
export type CheckoutChangeDetail = CardChangeDetail;

export interface CheckoutReadyDetail {
  readonly amount: number | null;
  readonly currency: string | null;
}
export interface CheckoutSuccessDetail {
  readonly orderId: string;
  readonly status: string;
  /** What the order is for, as the merchant's server read it from the gateway. */
  readonly amount: number;
  readonly currency: string;
}
export interface CheckoutDeclineDetail {
  readonly orderId: string;
  readonly reason: string;
  readonly amount: number;
  readonly currency: string;
}
export interface CheckoutErrorDetail {
  readonly type: CheckoutErrorType;
  /** In the page's language, as the checkout shows it. */
  readonly message: string;
  /** The fields the merchant server named (`type: "session"`), e.g. for a field of the page's own. */
  readonly fields?: ReadonlyArray<{
    readonly path: string;
    readonly message: string;
    readonly code?: string;
  }>;
}

export interface CheckoutEventDetail {
  'gateway-ready': CheckoutReadyDetail;
  'gateway-change': CheckoutChangeDetail;
  'gateway-success': CheckoutSuccessDetail;
  'gateway-decline': CheckoutDeclineDetail;
  'gateway-error': CheckoutErrorDetail;
}

/** Typed domain events: bubbling, composed, with a frozen detail that never holds card data. */
export function emit<K extends keyof CheckoutEventDetail>(
  target: EventTarget,
  type: K,
  detail: CheckoutEventDetail[K],
): void {
  target.dispatchEvent(
    new CustomEvent(type, { detail: Object.freeze({ ...detail }), bubbles: true, composed: true }),
  );
}
