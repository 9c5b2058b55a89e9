// The shop's page (the script-tag bundle from the package's exports) beside the handlers of
// shop.ts, and, for the consumer test, the same checkout mounted the way the README used to show
// it, without `c.env`: it must refuse, naming the fix, never take sessions it cannot count.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { serve } from '@hono/node-server';
import { createCheckoutHandler, GatewayClient } from 'gateway-checkout/server';
import { app } from './shop.js';

const require = createRequire(import.meta.url);
const bundle = require.resolve('gateway-checkout/gateway-checkout.iife.js');
const integrity = readFileSync(
  require.resolve('gateway-checkout/gateway-checkout.iife.js.integrity'),
  'utf8',
).trim();

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Hono Tea Shop</title>
    <script src="/gateway-checkout.iife.js" integrity="${integrity}" crossorigin="anonymous" defer></script>
  </head>
  <body>
    <h1>Oolong tea</h1>
    <gateway-checkout session-url="/checkout/session"></gateway-checkout>
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

const unread = createCheckoutHandler({
  client: new GatewayClient({
    baseUrl: process.env.GATEWAY_API_URL ?? 'http://127.0.0.1:8406/api/v0.6',
    secretKey: process.env.GATEWAY_SECRET_KEY ?? 'sk_sandbox_test',
  }),
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
app.all('/unread/checkout/*', (c) => unread(c.req.raw));

// The bundle and its on-demand siblings, from the package's folder: those files only.
app.get('/:file{gateway-checkout\\.[\\w.-]+\\.js}', (c) => {
  const file = c.req.param('file');
  return new Response(readFileSync(join(dirname(bundle), file)), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
  });
});
app.get('/', (c) => c.html(page));

const port = Number(process.env.PORT ?? 3000);
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => console.log(`listening on ${port}`));
