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
import { chromium } from 'playwright';
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
  /** median(framed) / median(inPage); the goal is at most 1.3. */
  ratio: number;
  fieldsPage: Array<{ file: string; raw: number; gzip: number; brotli: number }>;
}

/**
 * Runs in the shop's page before its scripts: notes, at each animation frame, whether the card
 * number can be typed into. In the page: the input is rendered and enabled. Framed: the frame said
 * it is ready (the parent hears that on its MessagePort; the input itself is out of its reach).
 * A string, not a function: tsx's transform would put helpers into a function's source that the
 * page does not have.
 */
const WATCH_FOR_INTERACTIVE = `(() => {
  let framedReady = false;
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    ...onmessage,
    set(handler) {
      onmessage.set.call(this, (event) => {
        if (event.data && event.data.type === 'ready') framedReady = true;
        if (handler) handler.call(this, event);
      });
    },
  });
  const inPageReady = () => {
    const form = document.querySelector('gateway-checkout')?.shadowRoot?.querySelector('gateway-card-form');
    const input = form?.shadowRoot?.getElementById('number');
    return !!input && !input.disabled;
  };
  window.__interactive = new Promise((resolve) => {
    const check = () => (framedReady || inPageReady() ? resolve(performance.now()) : requestAnimationFrame(check));
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
  try {
    const load = async (path: string): Promise<number> => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.addInitScript(WATCH_FOR_INTERACTIVE);
        await page.goto(`${shop.url}${path}`);
        const at = await page.evaluate(
          () => (window as unknown as { __interactive: Promise<number> }).__interactive,
        );
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
  ];
  const pad = (cells: string[], widths: number[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  const widths = [42, 10, 10, 24];
  console.log(
    [
      `\nIsolated card fields: time to an interactive form (${result.loads} fresh loads each; navigation start to the first frame where the card number takes input)`,
      pad(['page', 'p50', 'p95', 'vs in-page (goal ≤ 1.3x)'], widths),
      ...rows.map((r) => pad(r, widths)),
      '\nThe fields page (served from the second origin; gzip -9, brotli q11)',
      ...result.fieldsPage.map((f) => pad([f.file, kB(f.raw), kB(f.gzip), kB(f.brotli)], [36, 10, 10, 10])),
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
