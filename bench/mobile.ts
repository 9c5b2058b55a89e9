// What a page of the demo shop loads of ours, and how soon it takes a card on a phone.
// - Bytes: the script-tag bundle and whatever it loads beside it (a language, the isolated fields'
//   parent side, the fields page in its frame), as a page in English with the fields in it, a page
//   in German and a page with isolated fields ask for them; gzip -9 of each answer's body.
// - A mid-range phone: Chromium slowed 4x, 150 ms round trip, 1.6 Mbps down (750 kbps up), 375 px
//   wide; the demo's `/` (its checkout rendered on the shop's server) and the same page with the
//   bare tag (`/?render=client`, rendered by the bundle), from navigation to an enabled card number
//   field, against a plain HTML form with the same fields; the median of 8 fresh loads each,
//   alternating. Goal: at most 2x.
// Self-contained: run alone with `npx tsx bench/mobile.ts` (it builds what it measures).
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright';
import { startDemoMerchant } from '../demo/merchant.ts';
import { startSandbox } from '../src/sandbox/index.ts';
import { chromiumLaunchOptions } from '../test/support/chromium.ts';
import { servePages } from './pages.ts';
import { median } from './stats.ts';

export interface PageWeight {
  page: string;
  /** Our files the page loaded, by name, gzip -9 of each. */
  files: Array<{ file: string; gzip: number }>;
  gzip: number;
}

export interface MobileResult {
  weights: PageWeight[];
  loads: number;
  /** ms from navigation start to an enabled card number field, per load: the demo's `/`. */
  checkout: number[];
  /** The same with the bare tag, rendered by the bundle (`/?render=client`). */
  clientRendered: number[];
  plain: number[];
  /** gzip -9 of the checkout's server-rendered markup in the HTML of `/` (the rest is the shop's). */
  markupGzip: number;
  /** median(checkout) / median(plain); the goal is at most 2. */
  ratio: number;
}

export const PHONE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
  viewport: { width: 375, height: 740 },
};

/** Our files, on the shop's origin or the fields' origin (its page: the root address). */
const OURS = /\/assets\/gateway-checkout\.[\w.-]+\.js$|^http:\/\/127\.0\.0\.1:\d+\/(\?.*)?$/;

/**
 * Runs before the page's scripts: resolves `window.__interactive` at the first animation frame
 * where an input named "Card number" (a label, in the document or any open shadow root) is enabled
 * and visible. The same probe on both pages. A string: tsx would add helpers to a function's source.
 */
const CARD_NUMBER_ENABLED = `(() => {
  const labelled = (root) => {
    for (const label of root.querySelectorAll('label')) {
      if (label.textContent.trim() !== 'Card number') continue;
      const input = label.control;
      if (input && !input.disabled && input.checkVisibility()) return true;
    }
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot && labelled(el.shadowRoot)) return true;
    return false;
  };
  window.__interactive = new Promise((resolve) => {
    const check = () => (document.body && labelled(document) ? resolve(performance.now()) : requestAnimationFrame(check));
    requestAnimationFrame(check);
  });
})();`;

const PLAIN_FORM = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout · plain form</title></head><body><main><h1>Checkout</h1>
<form method="post" action="/pay">
  <label for="number">Card number</label><input id="number" autocomplete="cc-number" inputmode="numeric">
  <label for="expiry">Expiry date</label><input id="expiry" autocomplete="cc-exp" inputmode="numeric" placeholder="MM / YY">
  <label for="csc">Security code</label><input id="csc" autocomplete="cc-csc" inputmode="numeric">
  <label for="name">Cardholder name</label><input id="name" autocomplete="cc-name">
  <button>Pay €32.25</button>
</form></main></body></html>`;

/** The files of ours a page loads until its checkout takes a card (and its requests settle). */
async function weightOf(browser: Browser, url: string, page: string): Promise<PageWeight> {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    const files: PageWeight['files'] = [];
    const pending: Promise<void>[] = [];
    tab.on('response', (response) => {
      if (!OURS.test(response.url()) || response.request().resourceType() === 'fetch') return;
      if (response.url() === url) return; // the shop's page itself is the merchant's, not ours
      pending.push(
        response.body().then(
          (body) => {
            const path = new URL(response.url()).pathname;
            const file = path === '/' ? 'fields page (frame)' : path.replace('/assets/', '');
            files.push({ file, gzip: gzipSync(body, { level: 9 }).length });
          },
          () => undefined,
        ),
      );
    });
    await tab.goto(url);
    const number = url.includes('/isolated/')
      ? tab.frameLocator('gateway-checkout iframe[title="Card details"]').getByLabel('Card number')
      : tab.locator('gateway-checkout').getByLabel(/^(Card number|Kartennummer)$/);
    await number.waitFor({ timeout: 15_000 });
    await tab.waitForLoadState('networkidle');
    await Promise.all(pending);
    files.sort((a, b) => a.file.localeCompare(b.file));
    return { page, files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
  } finally {
    await context.close();
  }
}

async function phoneLoad(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({
    viewport: PHONE.viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: PHONE.downloadBitsPerSecond / 8,
      uploadThroughput: PHONE.uploadBitsPerSecond / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    await page.addInitScript(CARD_NUMBER_ENABLED);
    await page.goto(url, { waitUntil: 'commit', timeout: 30_000 });
    return await page.evaluate(() => (window as unknown as { __interactive: Promise<number> }).__interactive);
  } finally {
    await context.close();
  }
}

export async function benchMobile(dist: string, options: { loads: number }): Promise<MobileResult> {
  const sandbox = await startSandbox({ port: 0, distDir: null });
  const shop = await startDemoMerchant({
    gatewayUrl: sandbox.url,
    secretKey: sandbox.secretKey,
    port: 0,
    fieldsPort: 0,
    distDir: dist,
  });
  const plainServer = await servePages(dist, { '/plain': PLAIN_FORM });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const checkout: number[] = [];
  const clientRendered: number[] = [];
  const plain: number[] = [];
  try {
    const html = await (await fetch(`${shop.url}/`)).text();
    const markup = /<gateway-checkout[\s\S]*<\/gateway-checkout>/.exec(html)?.[0] ?? '';
    if (!markup.includes('shadowrootmode'))
      throw new Error("the demo's / carries no server-rendered checkout");
    const weights = [
      await weightOf(browser, `${shop.url}/`, 'English, card fields in the page (/)'),
      await weightOf(browser, `${shop.url}/csp/?lang=de`, 'German, card fields in the page (/csp/?lang=de)'),
      await weightOf(browser, `${shop.url}/isolated/`, 'English, isolated fields (/isolated/)'),
    ];
    // One warm-up each (the servers' first answers, Chromium's first processes), then alternate.
    await phoneLoad(browser, `${shop.url}/`);
    await phoneLoad(browser, `${shop.url}/?render=client`);
    await phoneLoad(browser, `${plainServer.url}/plain`);
    for (let i = 0; i < options.loads; i++) {
      checkout.push(await phoneLoad(browser, `${shop.url}/`));
      clientRendered.push(await phoneLoad(browser, `${shop.url}/?render=client`));
      plain.push(await phoneLoad(browser, `${plainServer.url}/plain`));
    }
    return {
      weights,
      loads: options.loads,
      checkout,
      clientRendered,
      plain,
      markupGzip: gzipSync(markup, { level: 9 }).length,
      ratio: median(checkout) / median(plain),
    };
  } finally {
    await browser.close();
    await plainServer.close();
    await shop.close();
    await sandbox.close();
  }
}

export function printMobile(r: MobileResult): void {
  const kB = (v: number) => `${(v / 1000).toFixed(2)} kB`;
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const lines = ['\nWhat a page loads of ours (gzip -9 of each file the page asked for)'];
  for (const w of r.weights)
    lines.push(
      `  ${w.page.padEnd(52)} ${kB(w.gzip).padStart(9)}  ${w.files.map((f) => `${f.file} ${kB(f.gzip)}`).join(' + ')}`,
    );
  lines.push(`  and in the HTML of /: the checkout rendered on the shop's server, ${kB(r.markupGzip)} gzip`);
  const mc = median(r.checkout);
  const mb = median(r.clientRendered);
  const mp = median(r.plain);
  lines.push(
    `\nA mid-range phone (CPU ${PHONE.cpuSlowdown}x slower, ${PHONE.latencyMs} ms round trip, ${PHONE.downloadBitsPerSecond / 1e6} Mbps down, ${PHONE.viewport.width} px wide): navigation → an enabled card number field, median of ${r.loads} loads`,
    `  the demo's / (server-rendered)     ${ms(mc).padStart(8)}   loads ${r.checkout.map((v) => v.toFixed(0)).join(' ')}`,
    `  /?render=client (bare tag, defer)  ${ms(mb).padStart(8)}   loads ${r.clientRendered.map((v) => v.toFixed(0)).join(' ')}`,
    `  plain HTML form, same fields       ${ms(mp).padStart(8)}   loads ${r.plain.map((v) => v.toFixed(0)).join(' ')}`,
    `  checkout ÷ plain: ${r.ratio.toFixed(2)}x (goal ≤ 2x${r.ratio > 2 ? ': over' : ''}); the bare tag ÷ plain: ${(mb / mp).toFixed(2)}x`,
  );
  console.log(lines.join('\n'));
}

// Alone: build the script-tag bundle, its siblings and the fields page, then measure.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), 'iife', 'fields', 'ssr'], {
    cwd: root,
    stdio: 'inherit',
  });
  printMobile(await benchMobile(join(root, 'dist'), { loads: 8 }));
}
