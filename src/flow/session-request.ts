import type {
  AvsMode,
  CheckoutSession,
  CheckoutSessionRequest,
  Presentation,
  SaveMethod,
} from '../protocol/session.ts';

/** What the merchant's server is asked to create an order with (the key is the flow's to add). */
export type SessionRequest = Omit<CheckoutSessionRequest, 'idempotency_key'>;

/**
 * The one place a checkout session request is made, for every presentation: the non-card data the
 * customer gave, the options the page asked for, and the page's bot-check token. Never card data:
 * there is no field for it. What is absent is left out (undefined goes nowhere in JSON).
 */
export function sessionRequest(parts: {
  readonly presentation: Presentation;
  readonly email?: string;
  readonly billingAddress?: SessionRequest['billing_address'];
  /** The consent's terms where the customer ticked it. */
  readonly saveConsent?: SessionRequest['save_consent'] | null;
  readonly moto?: boolean;
  readonly avs?: AvsMode;
  readonly saveMethod?: SaveMethod;
  readonly verification?: string;
}): SessionRequest {
  return {
    email: parts.email || undefined,
    billing_address: parts.billingAddress,
    save_consent: parts.saveConsent ?? undefined,
    options: {
      moto: parts.moto || undefined,
      avs: parts.avs,
      save_method: parts.saveMethod,
      presentation: parts.presentation,
    },
    verification: parts.verification,
  };
}

/**
 * The session of an order the merchant created beforehand (the checkout's `api-do-url` and
 * `status-url`): its addresses, and how to pay it from `preset`; null without both addresses.
 */
export function presetSession(
  order: { readonly apiDoUrl?: string; readonly statusUrl?: string },
  preset?: { readonly avs?: AvsMode; readonly moto?: boolean; readonly saveMethod?: SaveMethod },
): CheckoutSession | null {
  const { apiDoUrl, statusUrl } = order;
  if (!apiDoUrl || !statusUrl) return null;
  const method = preset?.saveMethod;
  return {
    order_id: '',
    api_do_url: apiDoUrl,
    status_url: statusUrl,
    // Only the body builder reads the session of a preset order; amounts come from the status URL.
    amount: 0,
    currency: 'XXX',
    language: 'en',
    avs: preset?.avs ?? 'off',
    save: method ? { method, consent_required: false, merchant_name: '' } : null,
    moto: preset?.moto ?? false,
    iframe_checkout: null,
    full_page_checkout: null,
  };
}
