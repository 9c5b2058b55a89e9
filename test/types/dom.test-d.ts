// The tags and their events in plain DOM code: querySelector, createElement, addEventListener.
import '../../src/index.ts';
import type { GatewayCheckoutEventMap } from '../../src/index.ts';

const checkout = document.createElement('gateway-checkout');
checkout.sessionUrl = '/checkout/session';
checkout.addEventListener('gateway-success', (e) => e.detail.orderId.toUpperCase());
checkout.addEventListener('gateway-decline', (e) => e.detail.reason.toUpperCase());
// @ts-expect-error a success carries no reason
checkout.addEventListener('gateway-success', (e) => e.detail.reason);
// @ts-expect-error presentation is direct, iframe or redirect
checkout.presentation = 'popup';

const form = document.querySelector('gateway-card-form');
form?.addEventListener('gateway-card-change', (e) => e.detail.brand);
// @ts-expect-error acceptedBrands is a list
if (form) form.acceptedBrands = 42;

export const ready: GatewayCheckoutEventMap['gateway-ready'] = new CustomEvent('gateway-ready', {
  detail: { amount: 1, currency: 'EUR' },
});
// @ts-expect-error the currency is text
export const wrongReady: GatewayCheckoutEventMap['gateway-ready'] = new CustomEvent('gateway-ready', {
  detail: { amount: 1, currency: 978 },
});
