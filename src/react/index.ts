// gateway-checkout/react: the four elements as React components, made with @lit/react. Props are
// the elements' properties (set as properties, so lists and numbers keep their types); every
// documented event has a typed callback: onSuccess, onDecline, onError, onChange, onReady,
// onNewPayment, onCardChange… Safe to import on a server: nothing here touches the DOM until React
// renders on the client, and registering the tags there uses Lit's server shim.
// 'use client': the components hold refs and effects, so a Server Component can render them only
// as client components (the directive is kept at the top of the built file too).
'use client';

import { createComponent, type EventName, type ReactWebComponent } from '@lit/react';
import * as React from 'react';
import '../define.ts';
import { GatewayBillingAddress as BillingAddressElement } from '../elements/billing-address/billing-address.ts';
import { GatewayCardForm as CardFormElement } from '../elements/card-form/card-form.ts';
import { GatewayCheckout as CheckoutElement } from '../elements/checkout/checkout.ts';
import { GatewaySaveConsent as SaveConsentElement } from '../elements/save-consent/save-consent.ts';
import { GATEWAY_ELEMENT_EVENTS, type GatewayElementTagNameMap } from '../frameworks/elements.generated.ts';
import '../frameworks/jsx.ts';
import { callbackName, type EventStem, type EventsOf, type GatewayTag } from '../frameworks/types.ts';

/** The callback prop of each event of an element, typed with the event. */
export type CallbacksOf<T extends GatewayTag> = {
  [E in keyof EventsOf<T> & string as `on${EventStem<E>}`]: EventName<EventsOf<T>[E] & Event>;
};

export type GatewayComponent<T extends GatewayTag> = ReactWebComponent<
  GatewayElementTagNameMap[T],
  CallbacksOf<T>
>;

function wrap<T extends GatewayTag>(
  tagName: T,
  elementClass: new () => GatewayElementTagNameMap[T],
  displayName: string,
): GatewayComponent<T> {
  const events = Object.fromEntries(GATEWAY_ELEMENT_EVENTS[tagName].map((e) => [callbackName(e), e]));
  return createComponent({
    react: React,
    tagName,
    elementClass,
    events: events as CallbacksOf<T>,
    displayName,
  });
}

/** `<gateway-checkout>`: the whole payment, from the order to the result. */
export const GatewayCheckout = wrap('gateway-checkout', CheckoutElement, 'GatewayCheckout');
/** `<gateway-card-form>`: the card fields alone. */
export const GatewayCardForm = wrap('gateway-card-form', CardFormElement, 'GatewayCardForm');
/** `<gateway-billing-address>`: the billing address fields. */
export const GatewayBillingAddress = wrap(
  'gateway-billing-address',
  BillingAddressElement,
  'GatewayBillingAddress',
);
/** `<gateway-save-consent>`: consent to save the card. */
export const GatewaySaveConsent = wrap('gateway-save-consent', SaveConsentElement, 'GatewaySaveConsent');

export type GatewayCheckoutProps = React.ComponentProps<typeof GatewayCheckout>;
export type GatewayCardFormProps = React.ComponentProps<typeof GatewayCardForm>;
export type GatewayBillingAddressProps = React.ComponentProps<typeof GatewayBillingAddress>;
export type GatewaySaveConsentProps = React.ComponentProps<typeof GatewaySaveConsent>;
