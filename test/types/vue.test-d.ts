// The bare tags as Vue 3 templates see them (GlobalComponents, as vue-tsc and Volar check
// `<gateway-checkout session-url="…" @gateway-success="…">`).
import type { GlobalComponents } from 'vue';
import '../../src/frameworks/vue.ts';

type PropsOf<Tag extends keyof GlobalComponents> = InstanceType<GlobalComponents[Tag]>['$props'];

export const checkout: PropsOf<'gateway-checkout'> = {
  sessionUrl: '/checkout/session',
  presentation: 'iframe',
  onGatewaySuccess: (e) => e.detail.orderId.toUpperCase(),
  onGatewayDecline: (e) => e.detail.reason.toUpperCase(),
  onGatewayNewPayment: (e) => e.preventDefault(),
};

export const wrongPresentation: PropsOf<'gateway-checkout'> = {
  // @ts-expect-error presentation is direct, iframe or redirect
  presentation: 'popup',
};

export const wrongDetail: PropsOf<'gateway-checkout'> = {
  // @ts-expect-error a ready event tells the amount as a number
  onGatewayReady: (e: CustomEvent<{ amount: string }>) => e.detail.amount,
};

export const cardForm: PropsOf<'gateway-card-form'> = {
  moto: true,
  onGatewayCardChange: (e) => e.detail.complete,
};

export const consent: PropsOf<'gateway-save-consent'> = {
  // @ts-expect-error checked is a boolean
  checked: 'yes',
};
