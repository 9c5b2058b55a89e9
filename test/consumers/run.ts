// `npm run test:consumers` (after `npm run build`): the package as merchants install it.
//  1. packs it (`npm pack`) into test/consumers/.pack/gateway-checkout.tgz;
//  2. checks the tarball with @arethetypeswrong/cli and publint --strict;
//  3. installs it beside React 18 and node-redis 4 without --legacy-peer-deps, and type-checks;
//  4. for each app here (Next.js App Router, Vite + Vue, Hono on Node, CommonJS Express): `npm ci`
//     from its committed lock file, type-checks with skipLibCheck off, builds, starts it against the
//     sandbox the package's own `gateway-checkout-sandbox` bin starts, pays once in Chromium and
//     waits for the app to log the webhook it received; on the hosts that pass no socket address
//     by themselves (Next.js, Hono), checks that the velocity limits answer 429 and that a checkout
//     mounted without an address reader refuses sessions, its log naming the fix.
// Options: --update-locks (regenerate the apps' lock files), --only <app> (one app, e.g. next-app).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { checkReadmeSnippets } from './snippets.ts';

const root = join(import.meta.dirname, '..', '..');
const here = import.meta.dirname;
const packDir = join(here, '.pack');
const tarball = join(packDir, 'gateway-checkout.tgz');
const args = process.argv.slice(2);
const updateLocks = args.includes('--update-locks');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

/** A port nobody listens on now: the demo's own (5173, 8406) may be taken by a running `npm run demo`. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
const APP_PORT = Number(process.env.E2E_DEMO_PORT) || (await freePort());
const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT) || (await freePort());
const SECRET_KEY = 'sk_sandbox_consumer_apps';
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

interface ConsumerApp {
  name: string;
  /** Type check with skipLibCheck off; null where the build runs it (Next.js checks the routes too). */
  typecheck: string[] | null;
  build: string[];
  start: string[];
  webhookPath: string;
  /**
   * The velocity limits on this host: its checkout's session route (429 at the limit), and the same
   * checkout mounted with no way to tell clients apart (refused, the log naming `fix`).
   */
  limits?: { session: string; unread: string; fix: RegExp };
}

const APPS: ConsumerApp[] = [
  {
    name: 'next-app',
    // `next build` type-checks the project (tsconfig: strict, skipLibCheck false) and the route
    // exports against Next's own route types: a second tsc run would only cost time.
    typecheck: null,
    build: ['npx', 'next', 'build'],
    start: ['npx', 'next', 'start', '--port', String(APP_PORT), '--hostname', '127.0.0.1'],
    webhookPath: '/api/webhooks',
    limits: {
      session: '/api/checkout/session',
      unread: '/api/unread-checkout/session',
      fix: /Next\.js route handler gets no socket address: clientAddress: clientAddressFrom\.vercel/,
    },
  },
  {
    name: 'vue-app',
    typecheck: ['npx', 'vue-tsc', '--noEmit'],
    build: ['npx', 'vite', 'build'],
    start: ['node', 'server.js'],
    webhookPath: '/webhooks/gateway',
  },
  {
    name: 'hono-app',
    typecheck: null, // its build is tsc itself
    build: ['npx', 'tsc'],
    start: ['node', 'dist/server.js'],
    webhookPath: '/webhooks/gateway',
    limits: {
      session: '/checkout/session',
      unread: '/unread/checkout/session',
      fix: /Hono on @hono\/node-server: pass its context to the handler, `app\.all\(path, \(c\) => handler\(c\.req\.raw, c\.env\)\)`/,
    },
  },
  {
    name: 'express-cjs',
    typecheck: null, // its build is tsc itself
    build: ['npx', 'tsc'],
    start: ['node', 'dist/server.js'],
    webhookPath: '/webhooks/gateway',
  },
];

const timings: Array<[string, number]> = [];
async function step<T>(name: string, run: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  console.log(`\n▶ ${name}`);
  try {
    return await run();
  } finally {
    const seconds = (performance.now() - start) / 1000;
    timings.push([name, seconds]);
    console.log(`  ${name}: ${seconds.toFixed(1)} s`);
  }
}

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', npm_config_update_notifier: 'false' };
function run(command: string[], cwd: string, extraEnv: Record<string, string> = {}): string {
  try {
    return execFileSync(command[0]!, command.slice(1), {
      cwd,
      env: { ...env, ...extraEnv },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    throw new Error(`${command.join(' ')} failed in ${cwd}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}

function pack(): void {
  mkdirSync(packDir, { recursive: true });
  rmSync(tarball, { force: true });
  const [info] = JSON.parse(run(['npm', 'pack', '--json', '--pack-destination', packDir], root)) as Array<{
    filename: string;
    files: Array<{ path: string }>;
  }>;
  renameSync(join(packDir, info!.filename), tarball);
  const files = new Set(info!.files.map((f) => f.path));
  for (const needed of ['LICENSE', 'README.md', 'src/server/README.md', 'src/sandbox/README.md'])
    if (!files.has(needed)) throw new Error(`the tarball lacks ${needed}`);
  console.log(`  ${info!.files.length} files in ${tarball}`);
}

/**
 * The browser entries, the framework typings and the server renderer of the elements: ES modules
 * only, as Lit is.
 */
const BROWSER_ENTRIES = ['.', './define', './react', './jsx', './vue', './svelte', './ssr'];

function checkTarball(): void {
  const attw = join(root, 'node_modules/.bin/attw');
  // The Node entries load with import and require under every resolution mode (the default profile).
  console.log(run([attw, tarball, '--entrypoints', './server', './server/redis', './sandbox'], root));
  // The browser entries are ES modules only (Lit is): checked as such.
  console.log(run([attw, tarball, '--profile', 'esm-only', '--entrypoints', ...BROWSER_ENTRIES], root));
  console.log(run([join(root, 'node_modules/.bin/publint'), '--strict', tarball], root));
}

/** React 18 and node-redis 4 apps install the package as it is, and its types fit their clients. */
function olderPeers(): void {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-checkout-peers-'));
  try {
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: 'older-peers',
        private: true,
        type: 'module',
        dependencies: {
          react: '^18.3.1',
          'react-dom': '^18.3.1',
          '@types/react': '^18.3.0',
          '@lit/react': '^1.0.8', // the peer gateway-checkout/react is made with
          redis: '^4.7.0',
        },
      }),
    );
    run(['npm', 'install', ...NPM_FLAGS, tarball], dir);
    writeFileSync(
      join(dir, 'check.tsx'),
      [
        "import { createClient } from 'redis';",
        "import { createRedisStores } from 'gateway-checkout/server/redis';",
        "import { GatewayCheckout } from 'gateway-checkout/react';",
        'export const stores = createRedisStores(createClient());',
        'export const pay = () => <GatewayCheckout sessionUrl="/s" onSuccess={(e) => e.detail.orderId} />;',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          skipLibCheck: true, // node-redis 4's own declarations do not pass without it
          module: 'esnext',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          target: 'es2022',
          lib: ['es2023', 'dom'],
          noEmit: true,
          types: [],
        },
        files: ['check.tsx'],
      }),
    );
    run([process.execPath, join(root, 'node_modules/typescript5/bin/tsc'), '-p', dir], dir);
    console.log('  react 18 + redis 4: installed without --legacy-peer-deps, types fit');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A child process whose output is kept, so a failure can show it and a line can be awaited. */
function start(command: string[], cwd: string, extraEnv: Record<string, string>) {
  const child = spawn(command[0]!, command.slice(1), {
    cwd,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  const feed = (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of waiters.filter((w) => w.pattern.test(output))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  child.stdout!.on('data', feed);
  child.stderr!.on('data', feed);
  return {
    child,
    output: () => output,
    waitFor(pattern: RegExp, timeoutMs: number, what: string): Promise<void> {
      if (pattern.test(output)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${what}: not seen in ${timeoutMs} ms\n${output}`)),
          timeoutMs,
        );
        waiters.push({
          pattern,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`${what}: the process ended (${code})\n${output}`));
        });
      });
    },
  };
}

/** Ends a process this script started, with the processes it started (npx → next). */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

async function install(app: ConsumerApp, dir: string): Promise<void> {
  if (updateLocks || !existsSync(join(dir, 'package-lock.json'))) {
    rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
    run(['npm', 'install', ...NPM_FLAGS], dir);
    // The tarball changes with every build: its hash in the lock file would go stale at once.
    const lockPath = join(dir, 'package-lock.json');
    const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
    delete lock.packages['node_modules/gateway-checkout'].integrity;
    writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
    return;
  }
  // The package itself is the one thing that must be fresh: the rest comes from the lock file,
  // out of npm's cache when it has it.
  run(['npm', 'ci', ...NPM_FLAGS], dir);
  void app;
}

async function payOnce(app: ConsumerApp, dir: string): Promise<void> {
  const sandbox = start([join(dir, 'node_modules/.bin/gateway-checkout-sandbox')], dir, {
    SANDBOX_PORT: String(SANDBOX_PORT),
    SANDBOX_SECRET_KEY: SECRET_KEY,
  });
  const apiUrl = `http://127.0.0.1:${SANDBOX_PORT}/api/v0.6`;
  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  let server: ReturnType<typeof start> | undefined;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    await sandbox.waitFor(/Secret key: sk_sandbox_consumer_apps/, 20_000, 'the sandbox bin to start');
    const subscribed = await fetch(`${apiUrl}/webhooks/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SECRET_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: app.name,
        url: `${appUrl}${app.webhookPath}`,
        version: 'v0.6',
        all_events: true,
      }),
    });
    if (!subscribed.ok)
      throw new Error(`webhook subscription: ${subscribed.status} ${await subscribed.text()}`);

    server = start(app.start, dir, {
      PORT: String(APP_PORT),
      GATEWAY_API_URL: apiUrl,
      GATEWAY_SECRET_KEY: SECRET_KEY,
    });
    await server.waitFor(/listening on|Ready in|✓ Ready/, 60_000, `${app.name} to start`);

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // A failed load is reported with its address by the response listener; the browser's own
    // favicon request is no part of the app.
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico')
        errors.push(`${response.status()} ${response.url()}`);
    });
    if (app.name === 'express-cjs') {
      // Its page carries the checkout rendered on its server: the fields are in the HTML.
      const html = await (await fetch(appUrl)).text();
      if (!/<gateway-checkout [^>]*><template shadowroot="open" shadowrootmode="open"/.test(html))
        throw new Error(`${app.name}: its page does not carry the server-rendered checkout`);
    }
    await page.goto(appUrl);
    const checkout = page.locator('gateway-checkout');
    await checkout.getByLabel('E-mail').fill('anna@example.com');
    await checkout.getByLabel('Card number').pressSequentially('4111111111111111', { delay: 5 });
    // The masks come in a chunk of their own, which the app's bundler splits off: grouped, they came.
    await expect(checkout.getByLabel('Card number')).toHaveValue('4111 1111 1111 1111');
    await checkout.getByLabel('Expiry date').pressSequentially('12/34', { delay: 5 });
    await checkout.getByLabel('Security code').pressSequentially('123', { delay: 5 });
    await checkout.getByLabel('Cardholder name').pressSequentially('Anna Berzina', { delay: 5 });
    await checkout.getByRole('button', { name: /^Pay/ }).click();
    // The app's own success handler, fed by the typed event (the checkout's own status line says
    // "Payment successful. Thank you!": the app's line is the one naming the order).
    const thanks = page.getByRole('status').filter({ hasText: /^Thank you: order \S+$/ });
    await expect(thanks).toBeVisible({ timeout: 30_000 });
    const orderId = /order (\S+)/.exec((await thanks.textContent()) ?? '')![1]!;
    await server.waitFor(
      new RegExp(
        `webhook received: order\\.payment_success ${orderId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} paid`,
      ),
      30_000,
      `${app.name} to receive the webhook of ${orderId}`,
    );
    // What the customer saw, for a person to look at when a run fails or the look changes.
    await page.screenshot({ path: join(root, 'test-results', `consumer-${app.name}.png`), fullPage: true });
    if (errors.length) throw new Error(`${app.name}: the page logged errors:\n${errors.join('\n')}`);
    if (app.name === 'next-app') {
      // The wrapper rendered straight from a Server Component (it is marked 'use client').
      await page.goto(`${appUrl}/server-component`);
      await expect(checkout.getByRole('button', { name: /^Pay/ })).toBeVisible();
      if (errors.length) throw new Error(`server-component page logged errors:\n${errors.join('\n')}`);
    }
    console.log(`  ${app.name}: paid ${orderId}, webhook received`);
    if (app.limits) await limitsHold(app.limits, appUrl, server);
  } catch (error) {
    if (server) console.error(`--- ${app.name} output ---\n${server.output()}`);
    throw error;
  } finally {
    await browser.close();
    if (server) await stop(server.child);
    await stop(sandbox.child);
  }
}

/**
 * A bot at the app's session route from one address gets 429 at the limit (the default, 30 new
 * orders per 10 minutes; the payment above made one); the same checkout mounted without a way to
 * tell clients refuses every session, and the app's log says once what to set.
 */
async function limitsHold(
  limits: NonNullable<ConsumerApp['limits']>,
  appUrl: string,
  server: ReturnType<typeof start>,
): Promise<void> {
  let n = 0;
  const session = (path: string) =>
    fetch(`${appUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        idempotency_key: `consumer_limits_${Date.now()}_${n++}`,
        email: 'bot@example.com',
      }),
    });
  let answer: Response | undefined;
  let tries = 0;
  while (tries < 40 && answer?.status !== 429) {
    tries += 1;
    answer = await session(limits.session);
    if (answer.status !== 200 && answer.status !== 429)
      throw new Error(`${limits.session}: ${answer.status} ${await answer.text()}`);
  }
  if (answer?.status !== 429 || !Number(answer.headers.get('retry-after')))
    throw new Error(`${limits.session}: no 429 with Retry-After within ${tries} sessions`);
  const refused = await session(limits.unread);
  const body = (await refused.json()) as { error?: { type?: string } };
  if (refused.status !== 500 || body.error?.type !== 'misconfigured')
    throw new Error(`${limits.unread}: ${refused.status} ${JSON.stringify(body)}, not a refusal`);
  await server.waitFor(limits.fix, 10_000, 'the log to name the fix for a checkout that cannot tell clients');
  console.log(`  429 after ${tries} sessions; unread mount refused, the fix logged`);
}

const total = performance.now();
await step('README snippets match the consumer apps', () => checkReadmeSnippets());
await step('npm pack', pack);
await step('attw and publint on the tarball', checkTarball);
await step('React 18 and node-redis 4 install it', olderPeers);
for (const app of APPS.filter((a) => !only || a.name === only)) {
  const dir = join(here, app.name);
  await step(`${app.name}: install`, () => install(app, dir));
  if (app.typecheck) await step(`${app.name}: type check`, () => run(app.typecheck!, dir));
  await step(`${app.name}: build`, () => run(app.build, dir));
  await step(`${app.name}: pay once, webhook received`, () => payOnce(app, dir));
}
console.log('\nconsumer apps: every step passed');
for (const [name, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name}`);
console.log(`  ${((performance.now() - total) / 1000).toFixed(1).padStart(6)} s  in all`);
