// The bare tags in Svelte 5 templates, as svelte-check sees them: `SvelteHTMLElements` of
// `svelte/elements`, augmented by gateway-checkout/svelte.
import type { SvelteHTMLElements } from 'svelte/elements';
import type {} from '../../src/frameworks/svelte.ts';

type Checkout = SvelteHTMLElements['gateway-checkout'];

export const checkout: Checkout = {
  'session-url': '/checkout/session',
  'ongateway-success': (e) => e.detail.orderId.toUpperCase(),
  'ongateway-decline': (e) => e.detail.reason.toUpperCase(),
  onclick: (e) => e.currentTarget.sessionUrl,
  class: 'checkout',
};

export const cardForm: SvelteHTMLElements['gateway-card-form'] = {
  'ongateway-card-change': (e) => e.detail.brand,
};

// @ts-expect-error a success carries no reason
export const noReason: Checkout = { 'ongateway-success': (e) => e.detail.reason };
// @ts-expect-error presentation is direct, iframe or redirect
export const badPresentation: Checkout = { presentation: 'popup' };
