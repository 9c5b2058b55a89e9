import type { PayInput } from '../../flow/payment-flow.ts';
import type { FramedForm, PayerResult } from '../../flow/post-payment.ts';
import type { CheckoutSession } from '../../protocol/session.ts';
import type { SessionData } from '../shared/messages.ts';

// The isolated fields as a payer: they make the order with the merchant's server and pay it; the
// payment flow gives them the non-card data and follows the order they report.

/** The order a framed payer got from the merchant's server: what the flow needs to follow it. */
export interface PayerOrder {
  readonly order_id: string;
  readonly status_url: string;
  readonly amount: number;
  readonly currency: string;
}

/** What a framed payer answers: as any payer, or the merchant server's refusal, or its own. */
export type FramedPayerResult =
  | PayerResult
  | {
      readonly ok: false;
      readonly error: 'session' | 'refused' | 'rate_limited' | 'verification';
      readonly message?: string;
      readonly fields?: ReadonlyArray<{ path: string; message: string; code?: string }>;
      readonly retryAfter?: number;
    };

/** Follows a Direct Post the fields send from their frame; the answer is as the in-page transport's. */
export type FramedFollow = (form: FramedForm) => Promise<PayerResult>;

/**
 * Pays where the card is and where the order is made: the isolated fields ask the merchant's
 * server for the order themselves, with the non-card data given here, and pay that order. The flow
 * hears the order (`onOrder`) before the payment goes out, never its payment address; an order
 * paid by Direct Post is followed with `follow`.
 */
export type FramedPayer = (
  request: SessionData,
  onOrder: (order: PayerOrder) => void,
  follow: FramedFollow,
) => Promise<FramedPayerResult>;

/** What the isolated fields take to the merchant's server: the non-card data, none of the options. */
export function framedRequest(request: PayInput['request']): Parameters<FramedPayer>[0] {
  const { email, billing_address, save_consent, verification } = request;
  return {
    ...(email ? { email } : {}),
    ...(billing_address ? { billing_address: billing_address as Record<string, string> } : {}),
    ...(save_consent ? { save_consent } : {}),
    ...(typeof verification === 'string' ? { verification } : {}),
  };
}

/** The order the fields made, as this flow keeps it: the payment address stays with the fields. */
export function framedSession(order: PayerOrder): CheckoutSession {
  return {
    ...order,
    api_do_url: '',
    language: 'en',
    avs: 'off',
    save: null,
    moto: false,
    iframe_checkout: null,
    full_page_checkout: null,
  };
}
