import { z } from 'zod';

export const WEBHOOK_VERSION = 'v0.6';

/** Event kinds of spec/gateway-facts.md, plus card.created from the spec. */
export const ORDER_EVENTS = [
  'order.issued',
  'order.in_progress',
  'order.invoice_viewed',
  'order.received',
  'order.rejected',
  'order.payment_success',
  'order.payment_failure',
  'order.hold',
  'order.canceled',
  'order.invoice_refunded',
  'order.refund_failure',
  'order.refund_in_progress',
  'order.invoice_refund_reversed',
  'order.refund_init_failure',
  'order.invoice_reversal',
  'order.reversal_failure',
  'order.reversal_in_progress',
  'order.reversal_init_failure',
  'order.expired',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];
export const CARD_CREATED = 'card.created';
export type WebhookEvent = OrderEvent | typeof CARD_CREATED;
export const WEBHOOK_EVENTS: readonly WebhookEvent[] = [...ORDER_EVENTS, CARD_CREATED];

/** The Card resource, body of card.created. */
export const cardSchema = z.looseObject({
  id: z.string(),
  transaction_type: z.string(),
  client: z.string(),
  merchant: z.string(),
  masked_pan: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  is_default: z.boolean(),
  cardholder_name: z.string().nullish(),
  product_type: z.string().nullish(),
  issuer_country: z.string().nullish(),
  region_card_issuer: z.string().nullish(),
  card_type: z.string().nullish(),
});
export type Card = z.infer<typeof cardSchema>;

/** POST /webhooks/ */
export const webhookSubscriptionRequestSchema = z.looseObject({
  title: z.string().min(1, { error: 'must not be empty' }),
  url: z.url({ error: 'must be an absolute URL' }),
  version: z.literal(WEBHOOK_VERSION, { error: `must be ${WEBHOOK_VERSION}` }),
  is_test: z.boolean().optional(),
  all_events: z.boolean().optional(),
  events: z.array(z.enum(WEBHOOK_EVENTS as [WebhookEvent, ...WebhookEvent[]])).optional(),
});
export type WebhookSubscriptionRequest = z.infer<typeof webhookSubscriptionRequestSchema>;
/**
 * A subscription as the gateway lists it: read leniently, since a merchant's account may hold
 * subscriptions our requests would never make (another version, events past the published list).
 */
export const webhookSubscriptionSchema = z.looseObject({
  id: z.string(),
  title: z.string().nullish(),
  url: z.string(),
  version: z.string(),
  is_test: z.boolean().nullish(),
  all_events: z.boolean().nullish(),
  events: z.array(z.string()).nullish(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;
