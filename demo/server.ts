// `npm run demo`: the sandbox gateway, the demo shop's server and its pages, on loopback.
// Ports from DEMO_PORT (5173), DEMO_FIELDS_PORT (5174) and SANDBOX_PORT (8406); the phone-order
// agent's password from DEMO_AGENT_PASSWORD. Set GATEWAY_URL and GATEWAY_SECRET_KEY to run the shop
// against another gateway instead, and REDIS_URL to keep the shop's idempotency keys, webhook
// de-duplication and the agents' shift lists in that Redis (then run several shops side by side,
// with the same CHECKOUT_STATUS_SECRET).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxEnvOptions, startSandbox } from '../src/sandbox/index.ts';
import { TRANSPORTS, type Transport } from '../src/server/index.ts';
import { AGENT_USER, type DemoMerchantOptions, PortInUseError, startDemoMerchant } from './merchant.ts';
import { redisShiftStore } from './moto/shift.ts';
import { MERCHANT_NAME } from './scenarios.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.DEMO_PORT ?? 5173);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 8406);
const agentPassword = process.env.DEMO_AGENT_PASSWORD || 'demo-agent-password';

/** A start-up failure a person can act on is one line, not a stack trace. */
function giveUp(error: unknown): never {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (error instanceof PortInUseError) console.error(error.message);
  else if (code === 'EADDRINUSE')
    console.error(
      `The sandbox cannot listen on port ${sandboxPort} (SANDBOX_PORT) or its bank on ${process.env.SANDBOX_BANK_PORT ?? sandboxPort + 1} (SANDBOX_BANK_PORT): one is in use. Stop what runs there or choose other ports.`,
    );
  else console.error(error);
  process.exit(1);
}

const sandbox = process.env.GATEWAY_URL
  ? null
  : await startSandbox({
      port: sandboxPort,
      // The issuers' 3-D Secure pages, on an origin of their own (default: the sandbox's port + 1).
      ...(process.env.SANDBOX_BANK_PORT ? { bankPort: Number(process.env.SANDBOX_BANK_PORT) } : {}),
      secretKey: process.env.SANDBOX_SECRET_KEY ?? 'sk_sandbox_test',
      // The shop's account at the gateway: its hosted pages say who is paid.
      merchantName: MERCHANT_NAME,
      // How long the "timeout" fault holds a payment; the end-to-end tests shorten it.
      faultTimeoutMs: Number(process.env.SANDBOX_FAULT_TIMEOUT_MS ?? 30_000),
      // SANDBOX_API_DO_BROWSERS=closed: api_do_url as a host-to-host address (pair it with DEMO_TRANSPORT=direct-post).
      ...(() => {
        try {
          return sandboxEnvOptions();
        } catch (error) {
          return giveUp((error as Error).message);
        }
      })(),
    }).catch(giveUp);
const gatewayUrl = process.env.GATEWAY_URL ?? sandbox!.url;
const secretKey = process.env.GATEWAY_SECRET_KEY ?? sandbox!.secretKey;

/** Redis only when asked for: `npm run demo` needs nothing but Node. */
async function redisStores(url: string | undefined) {
  if (!url) return null;
  const [{ createClient }, { createRedisStores }] = await Promise.all([
    import('redis'),
    import('../src/server/redis/index.ts'),
  ]);
  const client = createClient({ url });
  client.on('error', (error: unknown) => console.error('redis:', error));
  await client.connect();
  return { client, stores: createRedisStores(client, { prefix: 'gateway-checkout-demo:' }) };
}

const redis = await redisStores(process.env.REDIS_URL);
const statusSecret = process.env.CHECKOUT_STATUS_SECRET;
if (redis && !statusSecret)
  console.warn(
    'REDIS_URL without CHECKOUT_STATUS_SECRET: a status address works only on the process that made it.',
  );

/**
 * DEMO_LIMITS: velocity limits over the library's defaults, as JSON (`{"ordersPerClient": {"max":
 * 1000, "windowMs": 600000}}`): for load tests and end-to-end suites that run from one address.
 */
function limitsFromEnv(text: string | undefined): DemoMerchantOptions['limits'] {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as DemoMerchantOptions['limits'];
  } catch {
    throw new Error('DEMO_LIMITS must be JSON, e.g. {"ordersPerClient": {"max": 100, "windowMs": 600000}}');
  }
}
const limits = limitsFromEnv(process.env.DEMO_LIMITS);

/** DEMO_TRANSPORT: how the shop's checkouts send the card (pair direct-post with SANDBOX_API_DO_BROWSERS=closed). */
function transportFromEnv(text: string | undefined): Transport | undefined {
  if (!text) return undefined;
  if ((TRANSPORTS as readonly string[]).includes(text)) return text as Transport;
  return giveUp(`DEMO_TRANSPORT must be ${TRANSPORTS.map((t) => `"${t}"`).join(' or ')}, not "${text}"`);
}
const transport = transportFromEnv(process.env.DEMO_TRANSPORT);

const options: DemoMerchantOptions = {
  gatewayUrl,
  secretKey,
  port,
  distDir: join(root, 'dist'),
  appsDir: join(root, 'build', 'demo-apps'),
  sandboxUrl: sandbox?.url,
  bankUrl: sandbox?.bankUrl,
  ...(redis ? { stores: redis.stores, shifts: redisShiftStore(redis.client) } : {}),
  ...(statusSecret ? { statusSecret } : {}),
  agentPassword,
  ...(limits ? { limits } : {}),
  fieldsPort: Number(process.env.DEMO_FIELDS_PORT ?? 5174),
  ...(transport ? { transport } : {}),
  // A load test reads back every event it caused; a person looks at the newest few hundred.
  ...(process.env.DEMO_WEBHOOK_LOG_SIZE ? { webhookLogSize: Number(process.env.DEMO_WEBHOOK_LOG_SIZE) } : {}),
};
const shop = await startDemoMerchant(options).catch(async (error: unknown) => {
  await redis?.client.close();
  await sandbox?.close();
  giveUp(error);
});

console.log(`Demo shop        ${shop.url}/            (checkout through the script tag)
React shop       ${shop.url}/app/        (React 19 app using gateway-checkout/react)
Vue page         ${shop.url}/vue/        (Vue 3 page using <gateway-checkout>)
Isolated fields  ${shop.url}/isolated/   (card fields in a frame from ${shop.fieldsUrl})
Phone orders     ${shop.url}/moto/       (MOTO agent entry; sign in as ${AGENT_USER})
Back office      ${shop.url}/orders/     (capture, refund, reverse, cancel; sign in as ${AGENT_USER})
Agent sign-in    user ${AGENT_USER}, password ${agentPassword}${process.env.DEMO_AGENT_PASSWORD ? ' (DEMO_AGENT_PASSWORD)' : ' (set DEMO_AGENT_PASSWORD to change it)'}
Gateway          ${gatewayUrl}/api/v0.6/${sandbox ? `  (sandbox, key ${secretKey})\nSandbox control  ${sandbox.url}/_sandbox/\nSandbox bank     ${sandbox.bankUrl}/            (the issuers' 3-D Secure pages)` : ''}
Velocity limits  ${limits ? `raised by DEMO_LIMITS: ${JSON.stringify(limits)}` : 'the defaults (30 new orders per client per 10 min, 10 declines per hour…)'}
Stores           ${redis ? `Redis at ${new URL(process.env.REDIS_URL!).host}` : 'in memory (set REDIS_URL for Redis)'}
Pay with 4111 1111 1111 1111, any future expiry, any 3-digit code. Ctrl-C stops.`);

// Ctrl-C or SIGTERM: stop taking requests, close everything, exit. A second signal exits at once.
let stopping = false;
const stop = async () => {
  if (stopping) process.exit(1);
  stopping = true;
  const force = setTimeout(() => process.exit(1), 5000);
  force.unref();
  await shop.close();
  await redis?.client.close();
  await sandbox?.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('SIGHUP', stop);
