// The merchant's side, shared by the route handlers: the gateway client (the only holder of the
// secret key), the checkout-session endpoint and the webhook receiver.
import {
  type CheckoutConfig,
  clientAddressFrom,
  createCheckoutHandler,
  createWebhookHandler,
  GatewayClient,
} from 'gateway-checkout/server';

export const gateway = new GatewayClient({
  baseUrl: process.env.GATEWAY_API_URL ?? 'http://127.0.0.1:8406/api/v0.6',
  secretKey: process.env.GATEWAY_SECRET_KEY ?? 'sk_sandbox_test',
});

export const config: CheckoutConfig = {
  amount: 12.5,
  currency: 'EUR',
  language: 'en',
  merchant_name: 'Next Tea Shop',
  avs: 'off',
  save: null,
  moto: false,
  collect_email: true,
  // Optional: false asks no cardholder's name (the page's require-name attribute wins).
  require_name: true,
};

// A route handler has no socket address: on Vercel its edge names the client; self-hosted, the
// proxy in front of `next start` appends it to X-Forwarded-For. Without a reader the checkout
// refuses sessions (its velocity limits could count nobody) and the receiver every delivery.
const clientAddress = process.env.VERCEL ? clientAddressFrom.vercel : clientAddressFrom.forwardedFor(1);

export const checkout = createCheckoutHandler({
  client: gateway,
  clientAddress,
  config: () => config,
  buildOrder: () => ({ products: [{ title: 'Green tea', price: 12.5 }] }),
});

export const webhooks = createWebhookHandler({
  allowedIps: (process.env.GATEWAY_WEBHOOK_IPS ?? '127.0.0.1,::1').split(','),
  clientAddress,
  client: gateway,
  limits: checkout.limits, // declines confirmed here count too
  onEvent: (event) => {
    if ('order' in event)
      console.log(`webhook received: ${event.type} ${event.order.id} ${event.order.status}`);
  },
});
