// Public entry of the browser package: element classes and types, no side effects.
// Registration lives in ./define.ts so that importing a class never defines a tag.

export type { CardBrand } from './card/brand.ts';
export type { BillingAddressMode } from './elements/billing-address/billing-address.ts';
export { GatewayBillingAddress } from './elements/billing-address/billing-address.ts';
export type { CardChangeDetail, CardChangeEvent } from './elements/card-form/card-form.ts';
export { GatewayCardForm } from './elements/card-form/card-form.ts';
export { GatewayCheckout } from './elements/checkout/checkout.ts';
export type {
  CheckoutChangeDetail,
  CheckoutDeclineDetail,
  CheckoutErrorDetail,
  CheckoutErrorType,
  CheckoutReadyDetail,
  CheckoutSuccessDetail,
} from './elements/checkout/checkout-events.ts';
export type { Catalog } from './elements/i18n/index.ts';
export { registerCatalog } from './elements/i18n/index.ts';
export type { ConsentScenario } from './elements/save-consent/save-consent.ts';
export { GatewaySaveConsent } from './elements/save-consent/save-consent.ts';
export type { FlowErrorType } from './flow/outcome.ts';
export type {
  GatewayBillingAddressEventMap,
  GatewayCardFormEventMap,
  GatewayCheckoutEventMap,
  GatewayElementEventMaps,
  GatewayElementTagNameMap,
  GatewaySaveConsentEventMap,
} from './frameworks/types.ts';
export type * from './protocol/session.ts';
