// Section 7, what each keystroke costs: numbers and an expiry typed with real key events into the
// checkout and into a plain input on the same server, timed inside the page.
import type { Browser, Page } from 'playwright';
import { detectBrand, formatCardNumber } from '../src/card/index.ts';
import type { InteractiveOptions } from './interactive.ts';
import { inFreshContext, loadInteractive, type PageServer } from './pages.ts';
import { type Latency, latency, ms, table } from './stats.ts';

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
