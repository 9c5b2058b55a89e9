// `npm run docs`: the documentation site's dev server with its live examples working. Starts the
// sandbox gateway and a session endpoint with the demo shop's scenario presets (createCheckoutHandler
// as the guides mount it, and the script-tag bundle from dist/, both proxied to the site's own
// origin), writes the generated reference pages, then serves docs/. The demo shop itself asks for
// its bot check's token on every order, which a docs page has no business solving.
// Ports: DOCS_PORT (5180), DOCS_SHOP_PORT and SANDBOX_PORT (free ones when unset). Needs the
// browser build in dist/ (the npm script builds it first). Ctrl-C stops all three.
import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vitepress';
import { CART, MERCHANT_NAME, SCENARIOS, scenarioOf } from '../demo/scenarios.ts';
import { startSandbox } from '../src/sandbox/index.ts';
import { createCheckoutHandler, GatewayClient, type OrderDraft, toNodeHandler } from '../src/server/index.ts';
import { writeReferencePages } from './docs-reference.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = (name: string, fallback: number) => {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535)
    throw new Error(`${name} must be a port number (0 to 65535), got "${value}"`);
  return number;
};

const total = Math.round(CART.items.reduce((sum, item) => sum + item.price * 100 * item.quantity, 0)) / 100;
const scenarioFrom = (request: Request) =>
  SCENARIOS[scenarioOf(new URL(request.url).searchParams.get('scenario'))];

/**
 * The live examples' shop: `/checkout/*` (the demo's presets, chosen by `?scenario=`; the amount is
 * the demo's cart) and `/assets/gateway-checkout*.js` from dist/.
 */
async function startShop(gatewayUrl: string, secretKey: string, port: number) {
  const checkout = toNodeHandler(
    createCheckoutHandler({
      client: new GatewayClient({ baseUrl: gatewayUrl, secretKey }),
      config: (request) => {
        const scenario = scenarioFrom(request);
        const save = 'save' in scenario ? scenario.save : undefined;
        return {
          amount: 'zeroAmount' in scenario ? 0 : total,
          currency: CART.currency,
          language: 'en',
          merchant_name: MERCHANT_NAME,
          avs: 'avs' in scenario ? scenario.avs : 'off',
          save: save
            ? { method: save, consent_required: save !== 'merchant', merchant_name: MERCHANT_NAME }
            : null,
          moto: false,
          collect_email: !('presentation' in scenario),
        };
      },
      buildOrder: ({ request }) => {
        const scenario = scenarioFrom(request);
        const draft: OrderDraft = { client: { email: 'reader@docs.example' } };
        if ('zeroAmount' in scenario) {
          draft.payment_system = 'AUTH';
          draft.setup_future_use = scenario.save;
        } else draft.products = CART.items.map((item) => ({ ...item }));
        if ('twoStep' in scenario) draft.skip_capture = true;
        return draft;
      },
    }),
  );
  const server: Server = createHttpServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path.startsWith('/checkout/')) return checkout(req, res);
    const asset = /^\/assets\/(gateway-checkout\.[\w-]+(?:\.[\w-]+)?\.js)$/.exec(path);
    if (!asset) return res.writeHead(404).end();
    try {
      const body = await readFile(join(root, 'dist', asset[1]!));
      res
        .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' })
        .end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export interface DocsServer {
  url: string;
  close(): Promise<void>;
}

/** Starts the sandbox, the demo shop and the site's dev server; `url` is the site's address. */
export async function startDocs(options: { port?: number; shopPort?: number; sandboxPort?: number } = {}) {
  writeReferencePages();
  const sandbox = await startSandbox({
    port: options.sandboxPort ?? 0,
    secretKey: 'sk_sandbox_docs',
    merchantName: MERCHANT_NAME,
  });
  const shop = await startShop(sandbox.url, sandbox.secretKey, options.shopPort ?? 0);
  process.env.DOCS_LIVE_URL = shop.url;
  const site = await createServer(join(root, 'docs'), {
    port: options.port ?? 5180,
    host: '127.0.0.1',
    strictPort: true,
  });
  await site.listen();
  const address = site.httpServer?.address();
  const url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}/` : '';
  return {
    url,
    sandboxUrl: sandbox.url,
    async close() {
      await site.close();
      await new Promise((resolve) => shop.server.close(resolve));
      await sandbox.close();
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const docs = await startDocs({
    port: port('DOCS_PORT', 5180),
    shopPort: port('DOCS_SHOP_PORT', 0),
    sandboxPort: port('SANDBOX_PORT', 0),
  });
  console.log(`The docs: ${docs.url} (live examples pay on the sandbox at ${docs.sandboxUrl}/_sandbox/)`);
  const stop = () => docs.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
