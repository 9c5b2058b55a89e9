// Section 6, what a customer meets first: how soon the card form takes input after navigation,
// against a plain HTML form with the same fields on the same server. Section 7, the keystrokes, is
// in keystrokes.ts; both run in one browser (benchCustomer).
import type { Browser, Page } from 'playwright';
import { benchKeystrokes } from './keystrokes.ts';
import {
  FIELD_NAMES,
  type Interactive,
  inFreshContext,
  launchChromium,
  loadInteractive,
  PAGE_TIMEOUT_MS,
  type PageServer,
} from './pages.ts';
import { type Latency, latency, ms, table } from './stats.ts';

export type { Interactive } from './pages.ts';

export interface InteractiveOptions {
  /** Cold loads of each page (a fresh browser context each), interleaved. */
  loads: number;
  /** Loads of each page on which the typing is timed. */
  typingLoads: number;
  /**
   * The checkout's requests whose timings the breakdown reads. Default: the session and the bundle;
   * a page that never asks for a session (bench/floor.ts) names the bundle alone, or each load
   * would wait for an entry that never comes.
   */
  requests?: readonly string[];
  /** The page server also has the server-rendered checkout (/checkout-ssr): measure it beside. */
  serverRendered?: boolean;
  /** Also load /checkout-slow-session (an e-mail asked, the session a second late) for its layout shift. */
  slowSession?: boolean;
}

export interface InteractiveResult {
  chromium: string;
  loads: number;
  /** Navigation start → every field enabled, editable and laid out. */
  checkout: Latency;
  plain: Latency;
  /** Checkout median ÷ plain median. */
  ratio: number;
  ratioP95: number;
  /**
   * The same from the first script in the page's head: without the navigation, the new renderer
   * process and the start of parsing that both pages wait for alike, this is the page's own work,
   * and its ratio the harsher one.
   */
  fromHead: { checkout: Latency; plain: Latency; ratio: number };
  /** Where the checkout's time goes, on its median load: ms since navigation start. */
  checkoutMedianLoad: Interactive;
  /** The same, step by step (null when a timing was missing). */
  breakdown: Breakdown | null;
  /**
   * Cumulative layout shift of the checkout page, worst of its loads, and of the plain form; with
   * `slowSession`, of a checkout that asks for the e-mail on a session answering a second late.
   */
  cls: { checkout: number; plain: number; slowSession?: number };
  /**
   * The same checkout rendered on the merchant's server (gateway-checkout/ssr), measured in the same
   * rounds: its fields are in the HTML, and the bundle takes them over.
   */
  serverRendered?: { latency: Latency; ratio: number; ratioP95: number; cls: number };
}

/** Where the checkout's time to interactive goes, on one load (ms). */
export interface Breakdown {
  /** Navigation → the bundle requested: the HTML's way in, up to the script tag. */
  untilRequested: number;
  /** The bundle's request, sent → fully answered. */
  download: number;
  /** Answered → its first customElements.define: parse, compile and the module code (and, with defer, the parser's wait). */
  evaluate: number;
  /** First define → last define returned: the classes registered, the elements in the page upgraded. */
  define: number;
  /** Last define → every field enabled and laid out: the first renders. */
  firstRender: number;
}

export function breakdownOf(load: Interactive, bundlePath = '/gateway-checkout.iife.js'): Breakdown | null {
  const bundle = load.requests[bundlePath];
  const first = load.defines[0];
  const last = load.defines.at(-1);
  if (!bundle || !first || !last) return null;
  return {
    untilRequested: bundle.start,
    download: bundle.end - bundle.start,
    evaluate: first[0] - bundle.end,
    define: last[1] - first[0],
    firstRender: load.at - last[1],
  };
}

/**
 * The page's requests by path, once `expected` are among them: Chromium adds a fetch's resource
 * timing entry some time after the page has had its answer, later still on a busy machine.
 */
async function requestTimings(page: Page, expected: readonly string[]): Promise<Interactive['requests']> {
  await page
    .waitForFunction(
      (paths) => {
        const seen = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);
        return paths.every((path) => seen.includes(path));
      },
      expected,
      { timeout: 5_000 },
    )
    .catch(() => undefined); // A missing entry leaves a gap in the breakdown, not in the measurement.
  return page.evaluate(() => {
    const requests: Record<string, { start: number; end: number }> = {};
    for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      requests[new URL(entry.name).pathname] = { start: entry.startTime, end: entry.responseEnd };
    }
    return requests;
  });
}

/** Every named field, found as a customer finds it; fails with the name when one is missing. */
async function expectFields(page: Page, what: string): Promise<void> {
  for (const name of FIELD_NAMES) {
    const field = page.getByLabel(name).first();
    if (!(await field.isEditable({ timeout: PAGE_TIMEOUT_MS }).catch(() => false))) {
      throw new Error(`${what}: no editable field named "${name}"`);
    }
  }
}

/** The load with the median time to interactive: its own timings add up, medians of each step would not. */
function medianLoad(loads: readonly Interactive[]): Interactive {
  const sorted = [...loads].sort((x, y) => x.at - y.at);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export async function benchInteractive(
  browser: Browser,
  server: PageServer,
  options: InteractiveOptions,
): Promise<InteractiveResult> {
  const checkout: Interactive[] = [];
  const plain: Interactive[] = [];
  const ssr: Interactive[] = [];
  // One unmeasured load of each first: Chromium's own first-use costs are not the page's.
  for (let i = -1; i < options.loads; i++) {
    // Interleaved, so a busy moment on the machine hits every page alike, and in ABBA order, so
    // no page always comes right after another.
    const pages: Array<readonly [string, Interactive[]]> = [
      ['/checkout', checkout],
      ['/plain', plain],
      ...(options.serverRendered ? [['/checkout-ssr', ssr] as const] : []),
    ];
    for (const [path, times] of i % 2 === 0 ? pages : [...pages].reverse()) {
      await inFreshContext(browser, async (context) => {
        const page = await context.newPage();
        const at = await loadInteractive(page, `${server.url}${path}`);
        if (path === '/checkout') {
          at.requests = await requestTimings(
            page,
            options.requests ?? ['/session', '/gateway-checkout.iife.js'],
          );
          // The session's answer has been rendered (amount on the button) a frame later.
          await page.evaluate(() => new Promise((go) => requestAnimationFrame(() => setTimeout(go, 50))));
        }
        at.cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
        if (i < 0) await expectFields(page, path);
        else times.push(at);
      });
    }
  }
  const slow = options.slowSession ? await slowSessionShift(browser, server, options.loads) : undefined;
  const c = latency(checkout.map((x) => x.at));
  const p = latency(plain.map((x) => x.at));
  const ownC = latency(checkout.map((x) => x.at - x.head));
  const ownP = latency(plain.map((x) => x.at - x.head));
  const s = options.serverRendered ? latency(ssr.map((x) => x.at)) : null;
  return {
    ...(s && {
      serverRendered: {
        latency: s,
        ratio: s.p50 / p.p50,
        ratioP95: s.p95 / p.p95,
        cls: Math.max(...ssr.map((x) => x.cls)),
      },
    }),
    chromium: browser.version(),
    loads: options.loads,
    checkout: c,
    plain: p,
    ratio: c.p50 / p.p50,
    ratioP95: c.p95 / p.p95,
    fromHead: { checkout: ownC, plain: ownP, ratio: ownC.p50 / ownP.p50 },
    checkoutMedianLoad: medianLoad(checkout),
    breakdown: breakdownOf(medianLoad(checkout)),
    cls: {
      checkout: Math.max(...checkout.map((x) => x.cls)),
      plain: Math.max(...plain.map((x) => x.cls)),
      ...(slow === undefined ? {} : { slowSession: slow }),
    },
  };
}

/**
 * The worst layout shift of `loads` loads of the checkout whose merchant server asks for the e-mail
 * and answers a second after the fields take input, read once that answer has been rendered.
 */
async function slowSessionShift(browser: Browser, server: PageServer, loads: number): Promise<number> {
  let worst = 0;
  for (let i = 0; i < Math.max(1, Math.min(loads, 5)); i++) {
    await inFreshContext(browser, async (context) => {
      const page = await context.newPage();
      await loadInteractive(page, `${server.url}/checkout-slow-session`);
      await page.getByLabel('E-mail').first().waitFor({ timeout: PAGE_TIMEOUT_MS });
      await page.waitForFunction(
        () =>
          performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === '/session-slow'),
        undefined,
        { timeout: PAGE_TIMEOUT_MS },
      );
      await page.evaluate(() => new Promise((go) => requestAnimationFrame(() => setTimeout(go, 100))));
      worst = Math.max(worst, await page.evaluate(() => (window as unknown as { __cls: number }).__cls));
    });
  }
  return worst;
}

export async function benchCustomer(server: PageServer, options: InteractiveOptions) {
  const browser = await launchChromium();
  try {
    const interactive = await benchInteractive(browser, server, options);
    const keystrokes = await benchKeystrokes(browser, server, options);
    return { interactive, keystrokes };
  } finally {
    await browser.close();
  }
}

export function printInteractive(r: InteractiveResult): void {
  const own = r.fromHead;
  const row = (what: string, l: Latency, o: Latency) => [
    what,
    ms(l.p50, 1),
    ms(l.p95, 1),
    ms(l.max, 1),
    ms(o.p50, 1),
    ms(o.p95, 1),
  ];
  console.log(
    table(
      `6. Time to an interactive form: ${FIELD_NAMES.join(', ')} enabled and laid out; ${r.loads} cold loads each (fresh context), Chromium ${r.chromium}`,
      ['page', 'from navigation p50', 'p95', 'max', 'from head script p50', 'p95'],
      [
        row('<gateway-checkout> (script defer, GET /session)', r.checkout, own.checkout),
        ...(r.serverRendered
          ? [
              [
                'the same, server-rendered (gateway-checkout/ssr)',
                ms(r.serverRendered.latency.p50, 1),
                ms(r.serverRendered.latency.p95, 1),
                ms(r.serverRendered.latency.max, 1),
                '',
                '',
              ],
            ]
          : []),
        row('plain HTML form, same fields and labels', r.plain, own.plain),
      ],
    ),
  );
  console.log(
    `  checkout ÷ plain from navigation: ${r.ratio.toFixed(2)}x at p50, ${r.ratioP95.toFixed(2)}x at p95;` +
      ` from the head script: ${own.ratio.toFixed(2)}x at p50.`,
  );
  if (r.serverRendered)
    console.log(
      `  server-rendered ÷ plain from navigation: ${r.serverRendered.ratio.toFixed(2)}x at p50, ${r.serverRendered.ratioP95.toFixed(2)}x at p95` +
        ` (its fields are in the HTML; the bundle takes them over); layout shift ${r.serverRendered.cls.toFixed(4)}.`,
    );
  const median = r.checkoutMedianLoad;
  const steps = [
    `HTML first byte ${ms(median.responseStart, 1)}`,
    `head script ${ms(median.head, 1)}`,
    ...Object.entries(median.requests).map(
      ([path, t]) => `${path} sent ${ms(t.start, 1)}, answered ${ms(t.end, 1)}`,
    ),
    `fields ready ${ms(median.at, 1)}`,
  ];
  console.log(`  the checkout's median load, since navigation: ${steps.join(' · ')}`);
  const b = r.breakdown;
  if (b)
    console.log(
      `  its time to interactive, step by step: until the bundle is asked for ${ms(b.untilRequested, 1)} · download ${ms(b.download, 1)}` +
        ` · evaluate ${ms(b.evaluate, 1)} · define ${ms(b.define, 1)} · first render ${ms(b.firstRender, 1)}`,
    );
  console.log(
    `  cumulative layout shift (worst load, once the session answered): checkout ${r.cls.checkout.toFixed(4)}, plain form ${r.cls.plain.toFixed(4)}` +
      (r.cls.slowSession === undefined
        ? ''
        : `, checkout asking for the e-mail on a session a second late ${r.cls.slowSession.toFixed(4)}`),
  );
}
