// Sections 6 and 7, what a customer feels: how soon the card form takes input after navigation, and
// what each keystroke costs, both against a plain HTML form with the same fields on the same server.
import type { Browser, Page } from 'playwright';
import { detectBrand, formatCardNumber } from '../src/card/index.ts';
import {
  FIELD_NAMES,
  inFreshContext,
  launchChromium,
  PAGE_TIMEOUT_MS,
  type PageServer,
  withTimeout,
} from './pages.ts';
import { type Latency, latency, ms, table } from './stats.ts';

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
  /** Cumulative layout shift of the checkout page, worst of its loads, and of the plain form. */
  cls: { checkout: number; plain: number };
  /**
   * The same checkout rendered on the merchant's server (gateway-checkout/ssr), measured in the same
   * rounds: its fields are in the HTML, and the bundle takes them over.
   */
  serverRendered?: { latency: Latency; ratio: number; ratioP95: number; cls: number };
}

export interface KeystrokeRun {
  /** keydown → the field holds the formatted value (input event, after the mask and Lit's re-render). */
  formatted: Latency;
  /** The same, then the style and layout the keystroke caused (forced by reading the field's box). */
  laidOut: Latency;
  /** keydown → formatted for the first key after load only (one per load; also among the above). */
  firstKey: Latency;
}

export interface KeystrokeResult {
  loads: number;
  keys: Record<'number16' | 'number19' | 'expiry', number>;
  checkout: KeystrokeRun;
  plain: KeystrokeRun;
  /** Checkout minus plain, keydown → formatted, at p50 and p95. */
  extraP50: number;
  extraP95: number;
}

const NUMBER_16 = '4111111111111111';
// A 19-digit Visa whose first 16 and 18 digits fail the Luhn check, so the form does not take them
// for a complete number and move on to the expiry before the customer has finished.
const NUMBER_19 = '4000123456789010008';
const EXPIRY = '1230';

interface Press {
  value: string;
  formatted: number;
  laidOut: number;
}

interface KeyLog {
  __keyLog: Press[];
}

export interface Interactive {
  /** ms since navigation start. */
  at: number;
  /** The HTML's first byte, ms since navigation start. */
  responseStart: number;
  /** The first script in the head ran (the parser has started on the page), ms since navigation start. */
  head: number;
  /** The page's requests by path (resource timing): when each was sent and fully answered. */
  requests: Record<string, { start: number; end: number }>;
  /** customElements.define calls: [start, end] ms since navigation start (the checkout's, at its end). */
  defines: Array<[number, number]>;
  /** Cumulative layout shift once the session has answered. */
  cls: number;
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

/** Loads a page and returns when its fields take input, with the time it took. */
async function loadInteractive(page: Page, url: string): Promise<Interactive> {
  await page.goto(url, { waitUntil: 'commit' });
  return withTimeout(
    page.evaluate(async () => {
      const at = await (window as unknown as { __interactive: Promise<number> }).__interactive;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const w = window as unknown as { __head: number; __defines: Array<[number, number]> };
      return {
        at,
        responseStart: nav?.responseStart ?? Number.NaN,
        head: w.__head,
        requests: {},
        defines: w.__defines ?? [],
        cls: 0,
      };
    }),
    PAGE_TIMEOUT_MS,
    `${url}: the fields never took input`,
  );
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
    },
  };
}

/**
 * Types `keys` into the field named `name`, timing each key in the page from keydown to the field's
 * input event and on to layout. The field is emptied first without logging, so a sequence can follow
 * another in the same field.
 */
async function typeInto(page: Page, name: string, keys: string): Promise<Press[]> {
  const field = page.getByLabel(name).first();
  await field.fill('');
  await field.evaluate((input: HTMLInputElement) => {
    const w = window as unknown as KeyLog & { __keydownAt?: number; __logged?: WeakSet<HTMLInputElement> };
    w.__keyLog = [];
    if (w.__keydownAt === undefined) {
      w.__keydownAt = 0;
      // Capture on window runs before anything of the page's: the clock starts as the key arrives.
      window.addEventListener('keydown', () => (w.__keydownAt = performance.now()), true);
    }
    // Once per field, and without marking it: the element's own DOM stays as it renders it.
    w.__logged ??= new WeakSet();
    if (w.__logged.has(input)) return;
    w.__logged.add(input);
    // Added after the elements' own listeners on the same input, so it runs after the reformat.
    input.addEventListener('input', () => {
      const down = w.__keydownAt ?? 0;
      // Microtasks run between listeners, so Lit's re-render of the fields has happened by now.
      const formatted = performance.now() - down;
      // Reading layout makes the browser do now the style and layout the keystroke caused.
      input.getBoundingClientRect();
      w.__keyLog.push({ value: input.value, formatted, laidOut: performance.now() - down });
    });
  });
  await field.pressSequentially(keys);
  return page.evaluate(() => (window as unknown as KeyLog).__keyLog);
}

const onlyDigits = (value: string) => value.replace(/\D/g, '');

/**
 * A latency to a formatted value means nothing unless the value was formatted: after each digit the
 * checkout's number field must show what src/card formats for the digits so far, the plain field the
 * digits themselves; an expiry must hold the digits typed, however it separates them.
 */
function expectValues(
  presses: readonly Press[],
  keys: string,
  kind: 'number' | 'expiry',
  formatted: boolean,
  what: string,
) {
  const expected = [...keys].map((_, i) => {
    const digits = keys.slice(0, i + 1);
    return kind === 'number' && formatted ? formatCardNumber(digits, detectBrand(digits)) : digits;
  });
  const seen = presses.map((p) => (kind === 'expiry' ? onlyDigits(p.value) : p.value));
  if (seen.length !== expected.length || seen.some((v, i) => v !== expected[i])) {
    throw new Error(
      `${what}: the field showed ${JSON.stringify(seen)}, expected ${JSON.stringify(expected)}`,
    );
  }
}

/**
 * One checkout as a customer fills it: a 16-digit number, the expiry, then the number replaced by a
 * 19-digit one. The first key after load is one of the 39, as it is one of a customer's.
 */
async function typeAll(page: Page, url: string, formatted: boolean, what: string): Promise<Press[]> {
  await loadInteractive(page, url);
  // The fields take input from here, and the masks that group it follow (a sibling file, which the
  // page's load event waits for): the typing is timed with them, as a person's first key meets them.
  await page.waitForLoadState('load');
  const presses: Press[] = [];
  const sequences = [
    ['Card number', NUMBER_16, 'number'],
    ['Expiry date', EXPIRY, 'expiry'],
    ['Card number', NUMBER_19, 'number'],
  ] as const;
  for (const [name, keys, kind] of sequences) {
    const log = await typeInto(page, name, keys);
    expectValues(log, keys, kind, formatted, `${what}, ${name} "${keys}"`);
    presses.push(...log);
  }
  return presses;
}

export async function benchKeystrokes(
  browser: Browser,
  server: PageServer,
  options: InteractiveOptions,
): Promise<KeystrokeResult> {
  const checkout: Press[] = [];
  const plain: Press[] = [];
  for (let i = 0; i < options.typingLoads; i++) {
    const pair = [
      ['/checkout', checkout, true],
      ['/plain', plain, false],
    ] as const;
    for (const [path, presses, formatted] of i % 2 === 0 ? pair : [...pair].reverse()) {
      await inFreshContext(browser, async (context) => {
        const page = await context.newPage();
        presses.push(...(await typeAll(page, `${server.url}${path}`, formatted, path)));
        if (!(await page.evaluate(() => crossOriginIsolated)))
          throw new Error(`${path}: not cross-origin isolated`);
      });
    }
  }
  const perLoad = NUMBER_16.length + EXPIRY.length + NUMBER_19.length;
  const run = (presses: readonly Press[]): KeystrokeRun => ({
    formatted: latency(presses.map((p) => p.formatted)),
    laidOut: latency(presses.map((p) => p.laidOut)),
    firstKey: latency(presses.filter((_, i) => i % perLoad === 0).map((p) => p.formatted)),
  });
  const c = run(checkout);
  const p = run(plain);
  return {
    loads: options.typingLoads,
    keys: { number16: NUMBER_16.length, number19: NUMBER_19.length, expiry: EXPIRY.length },
    checkout: c,
    plain: p,
    extraP50: c.formatted.p50 - p.formatted.p50,
    extraP95: c.formatted.p95 - p.formatted.p95,
  };
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
    `  cumulative layout shift (worst load, once the session answered): checkout ${r.cls.checkout.toFixed(4)}, plain form ${r.cls.plain.toFixed(4)}`,
  );
}

export function printKeystrokes(r: KeystrokeResult): void {
  const k = r.keys;
  const row = (what: string, run: KeystrokeRun) => [
    what,
    ms(run.formatted.p50, 3),
    ms(run.formatted.p95, 3),
    ms(run.formatted.max, 3),
    ms(run.laidOut.p50, 3),
    ms(run.laidOut.p95, 3),
    ms(run.firstKey.p50, 3),
  ];
  console.log(
    table(
      `7. Keystroke cost: ${k.number16}- and ${k.number19}-digit numbers and a ${k.expiry}-digit expiry typed with real key events, ${r.loads} loads each (${r.checkout.formatted.n} keys); in page, keydown →`,
      [
        'field',
        'formatted p50',
        'formatted p95',
        'formatted max',
        'laid out p50',
        'laid out p95',
        'first key p50',
      ],
      [row('<gateway-checkout>', r.checkout), row('plain input, no handlers', r.plain)],
    ),
  );
  console.log(
    `  checkout − plain, keydown → formatted: ${ms(r.extraP50, 3)} at p50, ${ms(r.extraP95, 3)} at p95;` +
      ` laid out: ${ms(r.checkout.laidOut.p50 - r.plain.laidOut.p50, 3)} at p50, ${ms(r.checkout.laidOut.p95 - r.plain.laidOut.p95, 3)} at p95.` +
      '\n  formatted: the input event after the mask and the re-render; laid out: then the style and layout it caused;' +
      '\n  first key: the first of each load, cold code (also counted in the other columns).',
  );
}
