// The isolated card fields against the card fields in the page: time to an interactive form in
// Chromium, and what the fields page weighs. Self-contained: `benchIsolated(dist)` measures and
// `printIsolated` prints; run alone with `npx tsx bench/isolated.ts` (it builds what it measures).
// The checkouts are the demo shop's real pages on the real sandbox: `/?render=client` with the
// fields in the page, rendered by the bundle (what the framed fields are held against), `/` the
// same rendered on the shop's server, `/isolated/` with the fields in a frame from a second loopback
// origin (never server-rendered: the frame renders them).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Frame, type Page } from 'playwright';
import { startDemoMerchant } from '../demo/merchant.ts';
import { startSandbox } from '../src/sandbox/index.ts';
import { chromiumLaunchOptions } from '../test/support/chromium.ts';

export interface IsolatedOptions {
  /** Fresh loads of each page (a new browser context each: empty cache). */
  loads: number;
}

export interface IsolatedResult {
  loads: number;
  /** ms from navigation start to the first frame where the card number takes input, per load. */
  inPage: number[];
  /** The same page rendered on the shop's server (gateway-checkout/ssr). */
  serverRendered: number[];
  framed: number[];
  /** Framed: when the fields said to the page that they are ready (the page can pay with them). */
  connected: number[];
  /** median(framed) / median(inPage); the goal is at most 1.3. */
  ratio: number;
  fieldsPage: Array<{ file: string; raw: number; gzip: number; brotli: number }>;
}

/**
 * Runs in the shop's page and in every frame before their scripts: notes, at each animation frame,
 * whether the card number can be typed into. In the page: the input is rendered, enabled and
 * visible. In the fields' frame the same, on the frame's own clock (its time origin, so that the
 * page can set it against its own). And when the frame said it is ready (the parent hears that on
 * its MessagePort): the fields are introduced to the page, which can then pay with them.
 * A string, not a function: tsx's transform would put helpers into a function's source that the
 * page does not have.
 */
const WATCH_FOR_INTERACTIVE = `(() => {
  if (window.parent !== window) {
    window.__takesInput = new Promise((resolve) => {
      const check = () => {
        const input = document.querySelector('gateway-card-form')?.shadowRoot?.getElementById('number');
        if (input && !input.disabled && input.checkVisibility()) resolve(performance.timeOrigin + performance.now());
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    return;
  }
  let framedReady = false;
  window.__connected = new Promise((resolve) => {
    window.__onReady = resolve;
  });
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    ...onmessage,
    set(handler) {
      onmessage.set.call(this, (event) => {
        if (event.data && event.data.type === 'ready' && !framedReady) {
          framedReady = true;
          window.__onReady(performance.now());
        }
        if (handler) handler.call(this, event);
      });
    },
  });
  const inPageReady = () => {
    const form = document.querySelector('gateway-checkout')?.shadowRoot?.querySelector('gateway-card-form');
    const input = form?.shadowRoot?.getElementById('number');
    return !!input && !input.disabled && input.checkVisibility();
  };
  window.__interactive = new Promise((resolve) => {
    const check = () => (inPageReady() ? resolve(performance.now()) : requestAnimationFrame(check));
    requestAnimationFrame(check);
  });
})();`;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
};
const p95 = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

function fieldsPageSize(dist: string): IsolatedResult['fieldsPage'] {
  const dir = join(dist, 'fields');
  const files = readdirSync(dir).filter((f) => !f.startsWith('.'));
  return files.map((file) => {
    const bytes = readFileSync(join(dir, file));
    return {
      file: `dist/fields/${file}`,
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
}

/** The fields' frame of the page (from the fields' origin), once it is there. */
async function frameOf(page: Page, origin: string): Promise<Frame> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const frame = page
      .frames()
      .find((f) => f.url().startsWith(`${origin}/`) && !f.url().includes('pay.html'));
    if (frame) return frame;
    await new Promise((go) => setTimeout(go, 5));
  }
  throw new Error(`no frame of ${origin} in the page`);
}

export async function benchIsolated(dist: string, options: IsolatedOptions): Promise<IsolatedResult> {
  const sandbox = await startSandbox({ port: 0, distDir: null });
  const shop = await startDemoMerchant({
    gatewayUrl: sandbox.url,
    secretKey: sandbox.secretKey,
    port: 0,
    fieldsPort: 0,
    distDir: dist,
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const inPage: number[] = [];
  const serverRendered: number[] = [];
  const framed: number[] = [];
  const connected: number[] = [];
  /** When the last framed load's fields said they were ready to the page. */
  let lastConnected = 0;
  try {
    const load = async (path: string): Promise<number> => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.addInitScript(WATCH_FOR_INTERACTIVE);
        await page.goto(`${shop.url}${path}`);
        let at: number;
        if (path.startsWith('/isolated/')) {
          // On the frame's clock, set against the page's: both count from their own time origin.
          const frame = await frameOf(page, shop.fieldsUrl!);
          const [takesInput, origin] = await Promise.all([
            frame.evaluate(() => (window as unknown as { __takesInput: Promise<number> }).__takesInput),
            page.evaluate(() => performance.timeOrigin),
          ]);
          at = takesInput - origin;
          lastConnected = await page.evaluate(
            () => (window as unknown as { __connected: Promise<number> }).__connected,
          );
        } else {
          at = await page.evaluate(
            () => (window as unknown as { __interactive: Promise<number> }).__interactive,
          );
        }
        // It must really take input: type a digit where a customer would.
        const number = path.startsWith('/isolated/')
          ? page.frameLocator('gateway-checkout iframe[title="Card details"]').getByLabel('Card number')
          : page.locator('gateway-checkout').getByLabel('Card number');
        await number.pressSequentially('4', { timeout: 10_000 });
        const value = await number.inputValue();
        if (value !== '4') throw new Error(`${path}: the card number showed "${value}" after typing 4`);
        return at;
      } finally {
        await context.close();
      }
    };
    // One warm-up each (the server's first answers, Chromium's first process), then alternate, so
    // a busy moment of the machine falls on both modes alike.
    await load('/?render=client');
    await load('/');
    await load('/isolated/');
    for (let i = 0; i < options.loads; i++) {
      inPage.push(await load('/?render=client'));
      serverRendered.push(await load('/'));
      framed.push(await load('/isolated/'));
      connected.push(lastConnected);
    }
  } finally {
    await browser.close();
    await shop.close();
    await sandbox.close();
  }
  return {
    loads: options.loads,
    inPage,
    serverRendered,
    framed,
    connected,
    ratio: median(framed) / median(inPage),
    fieldsPage: fieldsPageSize(dist),
  };
}

export function printIsolated(result: IsolatedResult): void {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const kB = (v: number) => `${(v / 1000).toFixed(2)} kB`;
  const rows = [
    ['card fields in the page (/?render=client)', ms(median(result.inPage)), ms(p95(result.inPage)), '1.00x'],
    [
      'the same, server-rendered (/)',
      ms(median(result.serverRendered)),
      ms(p95(result.serverRendered)),
      `${(median(result.serverRendered) / median(result.inPage)).toFixed(2)}x`,
    ],
    [
      'isolated fields, framed (/isolated/)',
      ms(median(result.framed)),
      ms(p95(result.framed)),
      `${result.ratio.toFixed(2)}x${result.ratio > 1.3 ? ' (goal 1.3x: over)' : ''}`,
    ],
    [
      '  the frame ready to the page (can pay)',
      ms(median(result.connected)),
      ms(p95(result.connected)),
      `${(median(result.connected) / median(result.inPage)).toFixed(2)}x`,
    ],
  ];
  const pad = (cells: string[], widths: number[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  const widths = [42, 10, 10, 24];
  console.log(
    [
      `\nIsolated card fields: time to an interactive form (${result.loads} fresh loads each; navigation start to the first frame where the card number takes input)`,
      pad(['page', 'p50', 'p95', 'vs in-page (goal ≤ 1.3x)'], widths),
      ...rows.map((r) => pad(r, widths)),
      '\nThe fields page (served from the second origin; gzip -9, brotli q11)',
      // Each language's page is the same script and form: one line for them.
      ...result.fieldsPage
        .filter((f) => !/index\.[a-z]{2}\.html$/.test(f.file))
        .map((f) => pad([f.file, kB(f.raw), kB(f.gzip), kB(f.brotli)], [36, 10, 10, 10])),
    ].join('\n'),
  );
}

// Alone: build the script-tag bundle and the fields page from the working tree, then measure.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), 'iife', 'fields', 'ssr'], {
    cwd: root,
    stdio: 'inherit',
  });
  printIsolated(await benchIsolated(join(root, 'dist'), { loads: 10 }));
}
