import { z } from 'zod';
import { BILLING_LIMITS } from './billing-limits.ts';
import { CARD_FIELDS } from './direct-payment.ts';
import { declineReason, type Order, outcomeOf } from './order.ts';
import { SETUP_FUTURE_USE } from './order-request.ts';
import { countryCode, currencyCode, languageCode } from './primitives.ts';

/**
 * The contract between the browser elements and the merchant's server (our own, not the gateway's).
 * The element GETs the session URL for what to show, POSTs it to create the order at pay time, and
 * GETs the status URL for the verified result. None of these messages ever carries card data.
 */

/** off: no address; standard: address on the order; custom: also `avs: true` in the direct body. */
export const AVS_MODES = ['off', 'standard', 'custom'] as const;
export type AvsMode = (typeof AVS_MODES)[number];

/** How a method is saved: a customer-consented scenario, or merchant-side (saved_by_merchant). */
export const SAVE_METHODS = [...SETUP_FUTURE_USE, 'merchant'] as const;
export type SaveMethod = (typeof SAVE_METHODS)[number];

export const PRESENTATIONS = ['direct', 'iframe', 'redirect'] as const;

/**
 * How the card reaches the gateway: `api-do`, a JSON POST to the order's `api_do_url` (the
 * default), or `direct-post`, an HTML form POST to the order's `direct_post`, answered with
 * redirects (for a gateway whose `api_do_url` takes no requests from browsers).
 */
export const TRANSPORTS = ['api-do', 'direct-post'] as const;
export type Transport = (typeof TRANSPORTS)[number];
export type Presentation = (typeof PRESENTATIONS)[number];

export const billingAddressSchema = z.strictObject({
  first_name: z.string().trim().max(BILLING_LIMITS.first_name).optional(),
  last_name: z.string().trim().max(BILLING_LIMITS.last_name).optional(),
  address: z.string().trim().min(1, { error: 'must not be empty' }).max(BILLING_LIMITS.address),
  city: z.string().trim().max(BILLING_LIMITS.city).optional(),
  zip_code: z.string().trim().min(1, { error: 'must not be empty' }).max(BILLING_LIMITS.zip_code),
  country: countryCode.optional(),
  state: z.string().trim().max(BILLING_LIMITS.state).optional(),
});
export type BillingAddress = z.infer<typeof billingAddressSchema>;

export const saveConsentSchema = z.strictObject({
  scenario: z.enum(SETUP_FUTURE_USE),
  /** Which consent text the customer saw, so the merchant can prove what was agreed to. */
  text_version: z.string().min(1).max(64),
  agreed: z.literal(true, { error: 'must be true: the customer ticked the box' }),
});
export type SaveConsent = z.infer<typeof saveConsentSchema>;

/** What the merchant offers for saving, as the element must show it. */
export const saveOfferSchema = z.strictObject({
  method: z.enum(SAVE_METHODS),
  /** The customer must tick the consent box before paying. */
  consent_required: z.boolean(),
  merchant_name: z.string(),
});
export type SaveOffer = z.infer<typeof saveOfferSchema>;

/** GET session-url: what the checkout will charge and which fields it needs. Creates nothing. */
export const checkoutConfigSchema = z.strictObject({
  /** Null while nothing is to be charged yet (a phone order before the agent types the amount). */
  amount: z.number().nonnegative().nullable(),
  currency: currencyCode,
  language: languageCode,
  merchant_name: z.string(),
  /**
   * Where the merchant sells (ISO 3166-1 alpha-2): the billing address starts on this country, so a
   * Latvian shop's customer finds Latvia chosen and its postal form asked. Without it the address
   * starts on the region of the page's language.
   */
  country: countryCode.optional(),
  avs: z.enum(AVS_MODES),
  save: saveOfferSchema.nullable(),
  moto: z.boolean(),
  /** Ask the customer for an e-mail address (the order's client.email); otherwise the server supplies it. */
  collect_email: z.boolean(),
  /** `false`: the card fields never move focus on by themselves (as `auto-advance="off"` on the element). */
  auto_advance: z.boolean().optional(),
  /**
   * Ask for the cardholder's name (default true). The page's `require-name` attribute, when set,
   * wins; without a name the gateway authorizes on the card alone and the order shows no holder.
   */
  require_name: z.boolean().optional(),
  /**
   * Two-step: the amount is only reserved now (the order's `skip_capture`) and captured later, when
   * the order ships. The checkout says so where the card is typed ("Reserve €32.25").
   */
  two_step: z.boolean().optional(),
});
export type CheckoutConfig = z.infer<typeof checkoutConfigSchema>;

/** What the page's element was configured with; the server decides what it honours. */
export const checkoutOptionsSchema = z.strictObject({
  moto: z.boolean().optional(),
  avs: z.enum(AVS_MODES).optional(),
  save_method: z.enum(SAVE_METHODS).optional(),
  presentation: z.enum(PRESENTATIONS).optional(),
});
export type CheckoutOptions = z.infer<typeof checkoutOptionsSchema>;

/** POST session-url. */
export const checkoutSessionRequestSchema = z.strictObject({
  /** One per payment attempt: a repeated POST with the same key returns the same order. */
  idempotency_key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, { error: 'must be 16 to 128 URL-safe characters' }),
  email: z.email({ error: 'must be an e-mail address' }).optional(),
  billing_address: billingAddressSchema.optional(),
  save_consent: saveConsentSchema.optional(),
  options: checkoutOptionsSchema.optional(),
  /**
   * The bot-check token a `gateway-before-pay` handler attached (Turnstile, hCaptcha, reCAPTCHA or
   * the merchant's own), for the merchant server's `verify` hook. The one door for such data: the
   * schema stays strict otherwise.
   */
  verification: z.string().min(1).max(8192, { error: 'must be at most 8192 characters' }).optional(),
});
export type CheckoutSessionRequest = z.infer<typeof checkoutSessionRequestSchema>;

/** The answer to POST session-url: the order the element pays. */
export const checkoutSessionSchema = z.strictObject({
  order_id: z.string(),
  api_do_url: z.string(),
  status_url: z.string(),
  amount: z.number().nonnegative(),
  currency: currencyCode,
  language: languageCode,
  avs: z.enum(AVS_MODES),
  save: saveOfferSchema.nullable(),
  moto: z.boolean(),
  /** Two-step, as the config said: the order is only reserved (`skip_capture`). */
  two_step: z.boolean().optional(),
  iframe_checkout: z.string().nullable(),
  full_page_checkout: z.string().nullable(),
  /** Absent: `api-do`. With `direct-post`, `direct_post` is where the card form goes. */
  transport: z.enum(TRANSPORTS).optional(),
  direct_post: z.string().nullable().optional(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const PAYMENT_OUTCOMES = [
  'pending',
  'succeeded',
  'held',
  'declined',
  'refunded',
  'cancelled',
  'unknown',
] as const;

/** GET status-url: the order's status as the merchant's server read it from the gateway. */
export const checkoutStatusSchema = z.strictObject({
  order_id: z.string(),
  status: z.string(),
  outcome: z.enum(PAYMENT_OUTCOMES),
  /** The gateway's decline reason, when there is one. */
  reason: z.string().nullable(),
  amount: z.number().nonnegative(),
  currency: currencyCode,
  /**
   * The merchant's own order number (the order's `number`), what the customer's receipt names; the
   * gateway's order id means nothing to them. Null when the merchant gave none.
   */
  number: z.string().nullable().optional(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/**
 * The status answer for an order, as the merchant's server and the sandbox's hosted pages give it:
 * these six fields, and the merchant's order number when it has one; never anything of the card.
 */
export function checkoutStatusOf(order: Order): CheckoutStatus {
  const currency = order.currency?.toUpperCase();
  return checkoutStatusSchema.parse({
    order_id: order.id,
    status: order.status,
    outcome: outcomeOf(order.status),
    reason: declineReason(order) ?? null,
    amount: order.total ?? 0,
    // ISO 4217 "no currency", for an order that does not say.
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : 'XXX',
    ...(order.number ? { number: order.number } : {}),
  });
}

/** Names of card fields, as anyone might spell them, that a session request must never carry. */
export const FORBIDDEN_SESSION_KEYS: readonly string[] = [
  ...CARD_FIELDS,
  'cardnumber',
  'number',
  'security_code',
  'expiry',
  'exp',
];
