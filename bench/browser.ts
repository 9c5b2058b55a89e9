// Section 5: the script-tag bundle in Chromium: evaluation, first render, typing, heap.
import type { Browser, Page } from 'playwright';
import { detectBrand, formatCardNumber } from '../src/card/index.ts';
import { launchChromium, PAGE_TIMEOUT_MS, servePages, withTimeout } from './pages.ts';
import { median, ms, nowMs, quantile, spreadPct, table } from './stats.ts';

export interface BrowserOptions {
  /** Measured fresh page loads (a new browser context each: empty cache, new heap). */
  loads: number;
  /** Loads of a page without the bundle, for the heap baseline. */
  baselineLoads: number;
}

/** What the page measures about itself; all times are performance.now(), i.e. ms since navigation start. */
interface PageLoadMetrics {
  defined: boolean;
  bundleRequestStart: number;
  bundleResponseEnd: number;
  afterBundle: number;
  cardFormRendered: number;
  checkoutReady: number;
  checkoutRendered: number;
}

interface KeyTiming {
  /** Mask handler only: from dispatching the input event to the reformatted value. */
  handler: number;
  /** Until the card form's Lit update finished (brand, validity, re-render). */
  update: number;
  value: string;
}

/**
 * What our page scripts leave on `window`. A cast rather than a global augmentation of Window, which
 * would leak these names into the types of every other file in the project.
 */
interface BenchWindow {
  __benchDone: Promise<PageLoadMetrics>;
  __keyLog: Array<{ ms: number; value: string }>;
}

type CardFormElement = HTMLElement & { updateComplete: Promise<boolean> };

export interface Stat {
  p50: number;
  p95?: number;
  spread?: number;
}

export interface BrowserResult {
  chromium: string;
  loads: number;
  /** Parse, compile and run of the bundle, which defines the four elements: script response end → next script. */
  evaluate: Stat;
  download: Stat;
  cardFormFirstRender: Stat;
  /**
   * From the bundle having run to the card form rendered. The parser runs microtasks before it creates
   * each custom element, so this holds creating, upgrading and first rendering both elements.
   */
  cardFormAfterBundle: Stat;
  /** Another card form created once the page has loaded: what an instance costs without one-time work. */
  warmCardForm: Stat;
  checkoutReady: Stat;
  checkoutRendered: Stat;
  firstContentfulPaint: Stat | null;
  heapUsedBytes: Stat;
  heapBaselineBytes: Stat;
  domNodes: Stat;
  keystroke: {
    keys: number;
    /** The first digit typed after load: code paths not yet optimised (or compiled) show here. */
    firstKey: Stat;
    /** Digits 2 to 15: the steady state of typing. */
    handler: Stat;
    handlerAndUpdate: Stat;
    /** The 16th digit completes the number, and the form moves focus on to the expiry. */
    lastKey: Stat;
    realKeydownToFormatted: Stat;
    pressSequentiallyPerKey: Stat;
  };
  externalRequests: string[];
}

const CARD_DIGITS = '4111111111111111';
const CARD_FORMATTED = '4111 1111 1111 1111';

/**
 * A latency to a formatted value means nothing unless the value was formatted: after each digit the
 * field must show exactly what src/card formats for the digits so far ("4111 1" after five).
 */
function expectFormatted(values: readonly string[], what: string): void {
  const expected = [...CARD_DIGITS].map((_, i) => {
    const digits = CARD_DIGITS.slice(0, i + 1);
    return formatCardNumber(digits, detectBrand(digits));
  });
  if (values.length !== expected.length || values.some((v, i) => v !== expected[i])) {
    throw new Error(
      `${what}: the field showed ${JSON.stringify(values)}, expected ${JSON.stringify(expected)}`,
    );
  }
}

// The head script is registered before the bundle so the checkout's gateway-ready event, which can
// come as soon as its GET /session answers, is never missed. Capture: the event need not bubble.
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>gateway-checkout bench</title>
<script>
  window.__benchReady = new Promise((resolve, reject) => {
    document.addEventListener('gateway-ready', () => resolve(performance.now()), { capture: true, once: true });
    document.addEventListener('gateway-error', (e) => reject(new Error('gateway-error ' + JSON.stringify(e.detail))), {
      capture: true,
      once: true,
    });
  });
</script>
<script src="/gateway-checkout.iife.js"></script>
<script>
  window.__benchAfterBundle = performance.now();
  window.__benchDefined = Boolean(customElements.get('gateway-card-form') && customElements.get('gateway-checkout'));
</script>
</head><body>
<gateway-card-form id="standalone"></gateway-card-form>
<gateway-checkout session-url="/session"></gateway-checkout>
<script>
  window.__benchDone = (async () => {
    await customElements.whenDefined('gateway-card-form');
    const form = document.getElementById('standalone');
    await form.updateComplete;
    if (!form.shadowRoot.getElementById('number')) throw new Error('card form rendered no card number input');
    const cardFormRendered = performance.now();
    const checkoutReady = await window.__benchReady;
    const checkout = document.querySelector('gateway-checkout');
    await checkout.updateComplete;
    const inner = checkout.shadowRoot.querySelector('gateway-card-form');
    if (!inner) throw new Error('checkout shows no card form');
    await inner.updateComplete;
    const checkoutRendered = performance.now();
    const bundle = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/gateway-checkout.iife.js'));
    return {
      defined: window.__benchDefined,
      bundleRequestStart: bundle.requestStart,
      bundleResponseEnd: bundle.responseEnd,
      afterBundle: window.__benchAfterBundle,
      cardFormRendered,
      checkoutReady,
      checkoutRendered,
    };
  })();
</script>
</body></html>`;

// The same page without the bundle: what an empty document costs, to subtract from the heap.
const BLANK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head>
<body><gateway-card-form></gateway-card-form><gateway-checkout></gateway-checkout></body></html>`;

async function metric(page: Page, names: readonly string[]): Promise<Record<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  try {
    // After a full GC the heap is what the page keeps, not what loading left lying around.
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return Object.fromEntries(metrics.filter((m) => names.includes(m.name)).map((m) => [m.name, m.value]));
  } finally {
    await cdp.detach();
  }
}

/** The page's first contentful paint, which can come after our own marks; null if none within 2 s. */
function firstContentfulPaint(page: Page): Promise<number | null> {
  return page.evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
        setTimeout(() => resolve(null), 2000);
      }),
  );
}

/** Creates one more card form after load and times it to its first render, then removes it. */
function renderAnotherCardForm(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const start = performance.now();
    const form = document.createElement('gateway-card-form') as CardFormElement;
    document.body.append(form);
    await form.updateComplete;
    const elapsed = performance.now() - start;
    if (!form.shadowRoot?.getElementById('number')) throw new Error('the second card form rendered no input');
    form.remove();
    return elapsed;
  });
}

/** Types the card number into the standalone form by dispatching input events, timing each in the page. */
function typeSynthetic(page: Page): Promise<KeyTiming[]> {
  return page.evaluate(async (digits) => {
    const form = document.getElementById('standalone') as CardFormElement;
    const input = form.shadowRoot?.getElementById('number') as HTMLInputElement;
    input.focus();
    const timings: KeyTiming[] = [];
    for (const digit of digits) {
      // What the browser does for a key at the end of the field: the character lands, then `input`.
      const start = performance.now();
      input.value += digit;
      input.setSelectionRange(input.value.length, input.value.length);
      input.dispatchEvent(
        new InputEvent('input', { inputType: 'insertText', data: digit, bubbles: true, composed: true }),
      );
      const handled = performance.now();
      await form.updateComplete;
      timings.push({ handler: handled - start, update: performance.now() - start, value: input.value });
    }
    return timings;
  }, CARD_DIGITS);
}

/** Types with real key events into the checkout's card form; the page logs keydown → formatted value. */
async function typeReal(page: Page): Promise<{ perKeyWall: number; inPage: number[]; value: string }> {
  await page.evaluate(() => {
    const checkout = document.querySelector('gateway-checkout');
    const form = checkout?.shadowRoot?.querySelector('gateway-card-form');
    const input = form?.shadowRoot?.getElementById('number') as HTMLInputElement;
    const log: Array<{ ms: number; value: string }> = [];
    let down = 0;
    window.addEventListener('keydown', () => (down = performance.now()), true);
    // Added after the mask controller's listener on the same input, so it runs after the reformat.
    input.addEventListener('input', () => log.push({ ms: performance.now() - down, value: input.value }));
    (window as unknown as BenchWindow).__keyLog = log;
  });
  const field = page.locator('gateway-checkout').getByLabel('Card number');
  await field.click();
  const start = nowMs();
  await field.pressSequentially(CARD_DIGITS);
  const perKeyWall = (nowMs() - start) / CARD_DIGITS.length;
  const log = await page.evaluate(() => (window as unknown as BenchWindow).__keyLog);
  expectFormatted(
    log.map((l) => l.value),
    'real typing',
  );
  return { perKeyWall, inPage: log.map((l) => l.ms), value: await field.inputValue() };
}

const stat = (values: readonly number[]): Stat => ({
  p50: median(values),
  p95: quantile(values, 0.95),
  spread: spreadPct(values),
});

/** Pooled per-key samples for p50/p95; the spread is that of the per-load medians. */
const pooled = (perLoad: readonly (readonly number[])[]): Stat => ({
  p50: median(perLoad.flat()),
  p95: quantile(perLoad.flat(), 0.95),
  spread: spreadPct(perLoad.map((keys) => median(keys))),
});

export async function benchBrowser(dist: string, options: BrowserOptions): Promise<BrowserResult> {
  const server = await servePages(dist, { '/': PAGE, '/blank': BLANK });
  const { url } = server;
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const externalRequests: string[] = [];
    const loads: PageLoadMetrics[] = [];
    const heaps: number[] = [];
    const nodes: number[] = [];
    const synthetic: KeyTiming[][] = [];
    const realInPage: number[][] = [];
    const realWall: number[] = [];
    const fcps: number[] = [];
    const warm: number[] = [];

    // One unmeasured load first: Chromium's own first-use costs (its code cache, V8 isolate warm-up) are
    // not the page's.
    for (let i = -1; i < options.loads; i++) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        page.on('request', (r) => {
          if (new URL(r.url()).hostname !== '127.0.0.1') externalRequests.push(r.url());
        });
        await page.goto(`${url}/`, { waitUntil: 'load' });
        const load = await withTimeout(
          page.evaluate(() => (window as unknown as BenchWindow).__benchDone),
          PAGE_TIMEOUT_MS,
          'the page never reported its checkout ready',
        );
        if (!load.defined) throw new Error('the bundle did not define the elements');
        if (!(await page.evaluate(() => crossOriginIsolated)))
          throw new Error('page not cross-origin isolated');
        const fcp = await firstContentfulPaint(page);
        const warmMs = await renderAnotherCardForm(page);
        const m = await metric(page, ['JSHeapUsedSize', 'Nodes']);
        const keys = await typeSynthetic(page);
        expectFormatted(
          keys.map((k) => k.value),
          'synthetic typing',
        );
        const real = await typeReal(page);
        if (real.value !== CARD_FORMATTED) throw new Error(`typing gave "${real.value}"`);
        if (i < 0) continue;
        loads.push(load);
        if (fcp !== null) fcps.push(fcp);
        warm.push(warmMs);
        heaps.push(m.JSHeapUsedSize ?? Number.NaN);
        nodes.push(m.Nodes ?? Number.NaN);
        synthetic.push(keys);
        realInPage.push(real.inPage);
        realWall.push(real.perKeyWall);
      } finally {
        await context.close();
      }
    }

    const baseline: number[] = [];
    for (let i = 0; i < options.baselineLoads; i++) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${url}/blank`, { waitUntil: 'load' });
        baseline.push((await metric(page, ['JSHeapUsedSize'])).JSHeapUsedSize ?? Number.NaN);
      } finally {
        await context.close();
      }
    }

    const of = (pick: (l: PageLoadMetrics) => number) => stat(loads.map(pick));
    return {
      chromium: browser.version(),
      loads: loads.length,
      download: of((l) => l.bundleResponseEnd - l.bundleRequestStart),
      evaluate: of((l) => l.afterBundle - l.bundleResponseEnd),
      cardFormFirstRender: of((l) => l.cardFormRendered),
      cardFormAfterBundle: of((l) => l.cardFormRendered - l.afterBundle),
      warmCardForm: stat(warm),
      checkoutReady: of((l) => l.checkoutReady),
      checkoutRendered: of((l) => l.checkoutRendered),
      firstContentfulPaint: fcps.length === loads.length ? stat(fcps) : null,
      heapUsedBytes: stat(heaps),
      heapBaselineBytes: stat(baseline),
      domNodes: stat(nodes),
      keystroke: {
        keys: CARD_DIGITS.length,
        firstKey: stat(synthetic.map((keys) => keys[0]!.update)),
        handler: pooled(synthetic.map((keys) => keys.slice(1, -1).map((k) => k.handler))),
        handlerAndUpdate: pooled(synthetic.map((keys) => keys.slice(1, -1).map((k) => k.update))),
        lastKey: stat(synthetic.map((keys) => keys.at(-1)!.update)),
        realKeydownToFormatted: pooled(realInPage),
        pressSequentiallyPerKey: stat(realWall),
      },
      externalRequests,
    };
  } finally {
    await browser?.close();
    await server.close();
  }
}

export function printBrowser(r: BrowserResult): void {
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
  const row = (what: string, s: Stat, unit: (v: number) => string = (v) => ms(v), note = '') => [
    what,
    unit(s.p50),
    s.p95 === undefined ? '' : unit(s.p95),
    s.spread === undefined ? '' : `±${s.spread.toFixed(0)}%`,
    note,
  ];
  const k = r.keystroke;
  const rows = [
    row('bundle download (loopback)', r.download, ms, 'requestStart → responseEnd'),
    row('bundle evaluate + define elements', r.evaluate, ms, 'responseEnd → next script runs'),
    row('card form first render', r.cardFormFirstRender, ms, 'since navigation start, updateComplete'),
    row(
      '  of which after the bundle ran',
      r.cardFormAfterBundle,
      ms,
      'create, upgrade, render both elements',
    ),
    row('another card form after load', r.warmCardForm, ms, 'create + append → updateComplete'),
    row('checkout ready', r.checkoutReady, ms, 'gateway-ready, after GET /session'),
    row('checkout rendered with card form', r.checkoutRendered, ms, 'since navigation start'),
    ...(r.firstContentfulPaint
      ? [row('first contentful paint', r.firstContentfulPaint, ms, 'since navigation start')]
      : []),
    row('JS heap used after load (after GC)', r.heapUsedBytes, mb, 'CDP Performance.getMetrics'),
    row(
      '  same page without the bundle',
      r.heapBaselineBytes,
      mb,
      `bundle adds ${mb(r.heapUsedBytes.p50 - r.heapBaselineBytes.p50)}`,
    ),
    row('DOM nodes after load', r.domNodes, (v) => String(Math.round(v))),
    row('keystroke: first digit, handler + update', k.firstKey, (v) => ms(v, 3), 'first input after load'),
    row(
      'keystroke: mask handler (input event)',
      k.handler,
      (v) => ms(v, 3),
      `digits 2-${k.keys - 1} × ${r.loads} loads`,
    ),
    row('keystroke: handler + Lit update', k.handlerAndUpdate, (v) => ms(v, 3), 'brand, validity, re-render'),
    row(
      `keystroke: digit ${k.keys}, handler + update`,
      k.lastKey,
      (v) => ms(v, 3),
      'number complete: focus moves to expiry',
    ),
    row(
      'keystroke: real key, keydown → formatted',
      k.realKeydownToFormatted,
      (v) => ms(v, 3),
      'in page, Playwright keys',
    ),
    row('keystroke: pressSequentially wall / key', k.pressSequentiallyPerKey, ms, 'includes CDP round trip'),
  ];
  console.log(
    table(
      `5. Browser: ${r.loads} fresh page loads (new context each), Chromium ${r.chromium}; p50, p95 and IQR/2 over loads (keystrokes: over all keys, IQR/2 of per-load medians)`,
      ['measure', 'p50', 'p95', 'IQR/2', 'how'],
      rows,
    ),
  );
  if (r.externalRequests.length) console.log(`  requests off loopback: ${r.externalRequests.join(', ')}`);
}
