// The shop's server: the built page from dist/, the checkout-session endpoint and the webhook
// receiver, on node:http with the package's ES module build.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import {
  createCheckoutHandler,
  createWebhookHandler,
  GatewayClient,
  toNodeHandler,
} from 'gateway-checkout/server';

const gateway = new GatewayClient({
  baseUrl: process.env.GATEWAY_API_URL ?? 'http://127.0.0.1:8406/api/v0.6',
  secretKey: process.env.GATEWAY_SECRET_KEY ?? 'sk_sandbox_test',
});

const checkout = toNodeHandler(
  createCheckoutHandler({
    client: gateway,
    config: () => ({
      amount: 5.8,
      currency: 'EUR',
      language: 'en',
      merchant_name: 'Angular Tea Shop',
      avs: 'off',
      save: null,
      moto: false,
      collect_email: true,
    }),
    buildOrder: () => ({ products: [{ title: 'Jasmine tea', price: 5.8 }] }),
  }),
);

const webhooks = toNodeHandler(
  createWebhookHandler({
    // The socket's address is the source: the node adapter passes it.
    allowedIps: ['127.0.0.1', '::1'],
    client: gateway,
    onEvent: (event) => {
      if ('order' in event)
        console.log(`webhook received: ${event.type} ${event.order.id} ${event.order.status}`);
    },
  }),
);

// Angular's application builder writes the page and its scripts into dist/browser.
const dist = join(import.meta.dirname, 'dist', 'browser');
const TYPES = new Map([
  ['.html', 'text/html'],
  ['.js', 'text/javascript'],
  ['.css', 'text/css'],
]);

createServer(async (req, res) => {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path.startsWith('/checkout/')) return checkout(req, res);
  if (path === '/webhooks/gateway') return webhooks(req, res);
  const file = normalize(join(dist, path === '/' ? 'index.html' : path));
  if (!file.startsWith(dist)) return res.writeHead(404).end();
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'Content-Type': TYPES.get(extname(file)) ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
}).listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () =>
  console.log(`listening on ${process.env.PORT ?? 3000}`),
);
