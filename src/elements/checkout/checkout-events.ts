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
}
export interface CheckoutDeclineDetail {
  readonly orderId: string;
  readonly reason: string;
}
export interface CheckoutErrorDetail {
  readonly type: CheckoutErrorType;
  readonly message: string;
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

declare global {
  interface HTMLElementEventMap {
    'gateway-ready': CustomEvent<CheckoutReadyDetail>;
    'gateway-change': CustomEvent<CheckoutChangeDetail>;
    'gateway-success': CustomEvent<CheckoutSuccessDetail>;
    'gateway-decline': CustomEvent<CheckoutDeclineDetail>;
    'gateway-error': CustomEvent<CheckoutErrorDetail>;
    'gateway-new-payment': CustomEvent<undefined>;
  }
}
