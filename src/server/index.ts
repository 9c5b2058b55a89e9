// gateway-checkout/server: everything a merchant's Node server needs. Holds the secret key; never
// import it into browser code. Depends on src/protocol only.

export type {
  CardIssuerCountry,
  CheckoutConfig,
  CheckoutSession,
  CheckoutSessionRequest,
  CheckoutStatus,
  ClientCreate,
  ClientResource,
  FieldIssue,
  Order,
  OrderRequest,
  OrderRuleOptions,
  Page,
  ProductCreate,
  ProductResource,
  StatusDetail,
  Tax,
  TaxCreate,
  TransactionDetails,
  Transport,
  WebhookSubscription,
  WebhookSubscriptionRequest,
} from '../protocol/index.ts';
export { AVS_WORDS, type AvsOutcome, type AvsVerdict, avsOutcomeOf, TRANSPORTS } from '../protocol/index.ts';
export * from './checkout.ts';
export * from './client.ts';
export type { CheckResult, CheckStatus, DoctorOptions, DoctorReport } from './doctor/index.ts';
export { formatDoctorReport, runDoctor } from './doctor/index.ts';
export * from './domains.ts';
export * from './errors.ts';
export * from './fields.ts';
export { MotoNotAllowedError, VerificationError } from './gate.ts';
export type { HttpOptions } from './http.ts';
export * from './limits.ts';
export { CheckoutMisconfiguredError } from './misconfiguration.ts';
export * from './node.ts';
export * from './stores.ts';
export { VISITOR_COOKIE } from './visitor.ts';
export * from './webhooks.ts';
