// `npm run demo`: the sandbox gateway, the demo shop's server and its pages, on loopback.
// Set GATEWAY_URL and GATEWAY_SECRET_KEY to run the shop against another gateway instead.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../src/sandbox/index.ts';
import { startDemoMerchant } from './merchant.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.DEMO_PORT ?? 5173);

const sandbox = process.env.GATEWAY_URL
  ? null
  : await startSandbox({
      port: Number(process.env.SANDBOX_PORT ?? 8406),
      secretKey: process.env.SANDBOX_SECRET_KEY ?? 'sk_sandbox_test',
      // How long the "timeout" fault holds a payment; the end-to-end tests shorten it.
      faultTimeoutMs: Number(process.env.SANDBOX_FAULT_TIMEOUT_MS ?? 30_000),
    });
const gatewayUrl = process.env.GATEWAY_URL ?? sandbox!.url;
const secretKey = process.env.GATEWAY_SECRET_KEY ?? sandbox!.secretKey;

const shop = await startDemoMerchant({
  gatewayUrl,
  secretKey,
  port,
  distDir: join(root, 'dist'),
  appsDir: join(root, 'build', 'demo-apps'),
  sandboxUrl: sandbox?.url,
});

console.log(`Demo shop        ${shop.url}/            (checkout through the script tag)
React shop       ${shop.url}/app/        (React 19 app using gateway-checkout/react)
Vue page         ${shop.url}/vue/        (Vue 3 page using <gateway-checkout>)
Phone orders     ${shop.url}/moto/       (MOTO agent entry)
Gateway          ${gatewayUrl}/api/v0.6/${sandbox ? `  (sandbox, key ${secretKey})\nSandbox control  ${sandbox.url}/_sandbox/` : ''}
Pay with 4111 1111 1111 1111, any future expiry, any 3-digit code. Ctrl-C stops.`);

const stop = async () => {
  await shop.close();
  await sandbox?.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
