// The merchant's side on Hono (Node, @hono/node-server): the checkout-session endpoint and the
// webhook receiver are Fetch handlers. Hono's `c.env` on Node holds the Node request: passed as
// the handlers' second argument, it gives them the socket address, which the velocity limits
// count and the webhook allow-list checks. Without it they cannot tell who is asking, and the
// checkout refuses sessions (500, and the log says what to pass) rather than count nobody.
import type { HttpBindings } from '@hono/node-server';
import { createCheckoutHandler, createWebhookHandler, GatewayClient } from 'gateway-checkout/server';
import { Hono } from 'hono';

const gateway = new GatewayClient({
  baseUrl: process.env.GATEWAY_API_URL ?? 'http://127.0.0.1:8406/api/v0.6',
  secretKey: process.env.GATEWAY_SECRET_KEY ?? 'sk_sandbox_test',
});

export const checkout = createCheckoutHandler({
  client: gateway,
  config: () => ({
    amount: 6.2,
    currency: 'EUR',
    language: 'en',
    merchant_name: 'Hono Tea Shop',
    avs: 'off',
    save: null,
    moto: false,
    collect_email: true,
  }),
  buildOrder: () => ({ products: [{ title: 'Oolong tea', price: 6.2 }] }),
});

const webhooks = createWebhookHandler({
  allowedIps: ['127.0.0.1', '::1'],
  client: gateway,
  limits: checkout.limits, // declines confirmed here count too
  onEvent: (event) => {
    if ('order' in event)
      console.log(`webhook received: ${event.type} ${event.order.id} ${event.order.status}`);
  },
});

export const app = new Hono<{ Bindings: HttpBindings }>();
app.all('/checkout/*', (c) => checkout(c.req.raw, c.env));
app.post('/webhooks/gateway', (c) => webhooks(c.req.raw, c.env));
