// Registers every element. Safe to run twice (a page may load us twice): defined tags are skipped.
// First, before Lit itself: elements the merchant's server rendered into the page
// (gateway-checkout/ssr) are taken over as they stand, with what the customer typed, instead of
// being rendered anew. Lit reads this hook once, when it loads.
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { GatewayBillingAddress } from './elements/billing-address/billing-address.ts';
import { GatewayCardForm } from './elements/card-form/card-form.ts';
import { GatewayCheckout } from './elements/checkout/checkout.ts';
import { GatewaySaveConsent } from './elements/save-consent/save-consent.ts';

const ELEMENTS: ReadonlyArray<readonly [string, CustomElementConstructor]> = [
  ['gateway-card-form', GatewayCardForm],
  ['gateway-billing-address', GatewayBillingAddress],
  ['gateway-save-consent', GatewaySaveConsent],
  ['gateway-checkout', GatewayCheckout],
];

for (const [tag, element] of ELEMENTS) {
  if (!customElements.get(tag)) customElements.define(tag, element);
}
