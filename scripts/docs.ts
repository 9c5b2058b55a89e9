// `npm run docs`: the documentation site's dev server with its live examples working. Starts the
// sandbox gateway and the demo shop (whose `/checkout/session` and script-tag bundle the examples
// use, proxied to the site's own origin), writes the generated reference pages, then serves docs/.
// Ports: DOCS_PORT (5180), DOCS_SHOP_PORT and SANDBOX_PORT (free ones when unset). Needs the
// browser build in dist/ (the npm script builds it first). Ctrl-C stops all three.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vitepress';
import { startDemoMerchant } from '../demo/merchant.ts';
import { MERCHANT_NAME } from '../demo/scenarios.ts';
import { startSandbox } from '../src/sandbox/index.ts';
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
  const shop = await startDemoMerchant({
    gatewayUrl: sandbox.url,
    secretKey: sandbox.secretKey,
    port: options.shopPort ?? 0,
    distDir: join(root, 'dist'),
    sandboxUrl: sandbox.url,
  });
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
      await shop.close();
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
