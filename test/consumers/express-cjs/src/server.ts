// A CommonJS Express server: the package loads through `require` (its CommonJS build and .d.cts
// types), and the script-tag bundle and its integrity come from the package's exports. Its checkout
// is rendered here (gateway-checkout/ssr, an ES module, which CommonJS imports): the card fields are
// in the page's HTML and take input before the bundle has come.
import express = require('express');
import fs = require('node:fs');
import path = require('node:path');
import gatewayServer = require('gateway-checkout/server');

const { createCheckoutHandler, createWebhookHandler, GatewayClient, toNodeHandler } = gatewayServer;

const gateway = new GatewayClient({
  baseUrl: process.env.GATEWAY_API_URL ?? 'http://127.0.0.1:8406/api/v0.6',
  secretKey: process.env.GATEWAY_SECRET_KEY ?? 'sk_sandbox_test',
});

const checkout = createCheckoutHandler({
  client: gateway,
  config: () => ({
    amount: 4.5,
    currency: 'EUR',
    language: 'en',
    merchant_name: 'Express Tea Shop',
    avs: 'off',
    save: null,
    moto: false,
    collect_email: true,
  }),
  buildOrder: () => ({ products: [{ title: 'White tea', price: 4.5 }] }),
});

const webhooks = createWebhookHandler({
  allowedIps: ['127.0.0.1', '::1'],
  client: gateway,
  onEvent: (event) => {
    if ('order' in event)
      console.log(`webhook received: ${event.type} ${event.order.id} ${event.order.status}`);
  },
});

const bundle = require.resolve('gateway-checkout/gateway-checkout.iife.js');
const integrity = fs
  .readFileSync(require.resolve('gateway-checkout/gateway-checkout.iife.js.integrity'), 'utf8')
  .trim();

// Rendered once: the page is the same for every visitor until the checkout session answers.
const checkoutMarkup = import('gateway-checkout/ssr').then(({ renderCheckout }) =>
  renderCheckout({ attributes: { 'session-url': '/checkout/session' } }),
);

const page = (checkout: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Express Tea Shop</title>
    <script src="/gateway-checkout.iife.js" integrity="${integrity}" crossorigin="anonymous" defer></script>
  </head>
  <body>
    <h1>White tea</h1>
    ${checkout}
    <p role="status" id="thanks" hidden></p>
    <script>
      document.querySelector('gateway-checkout').addEventListener('gateway-success', (e) => {
        const thanks = document.getElementById('thanks');
        thanks.textContent = 'Thank you: order ' + e.detail.orderId;
        thanks.hidden = false;
      });
    </script>
  </body>
</html>`;

const app = express();
// Mounted before any body parser: the handlers read the raw request.
app.use('/checkout', toNodeHandler(checkout));
app.post('/webhooks/gateway', toNodeHandler(webhooks));
// The bundle and its siblings beside it (the masks, languages, isolated fields' parent side), which
// it loads from its own folder: those files only, not the rest of the package's dist/.
app.use((req, res, next) => {
  if (!/^\/gateway-checkout\.[\w.-]+\.js$/.test(req.path)) return next();
  res.sendFile(req.path.slice(1), { root: path.dirname(bundle) });
});
app.get('/', async (_req, res) => {
  res.type('html').send(page(await checkoutMarkup));
});

const port = Number(process.env.PORT ?? 3000);
app.listen(port, '127.0.0.1', () => console.log(`listening on ${port}`));
