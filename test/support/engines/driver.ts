import type { Query } from './in-page.ts';

// The few things an end-to-end test does to a page, the same in every engine: Chromium through
// Playwright, Firefox through puppeteer over WebDriver BiDi, WebKit through webdriverio over
// classic WebDriver. A spec written against `EngineDriver` reads the same in all three; the
// engine-specific code (how to find a field in a shadow root, how to click it, how to hear the
// page's errors) stays in the three drivers.

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type Engine = (typeof ENGINES)[number];

export type Role =
  | 'button'
  | 'textbox'
  | 'checkbox'
  | 'combobox'
  | 'dialog'
  | 'heading'
  | 'link'
  | 'table'
  | 'row';

/**
 * An element found as a person finds it: by its role and accessible name. `frames` are the titles
 * of the frames it is in, outermost first (the isolated card fields, the bank's 3-D Secure page).
 * A string name matches exactly, a RegExp as it tests.
 */
export interface Target {
  role: Role;
  name: string | RegExp;
  frames?: readonly string[];
}

/** Keys pressed on their own (typed text goes through `type` and `keys`). */
export type Key =
  | 'Backspace'
  | 'Delete'
  | 'Tab'
  | 'Enter'
  | 'Escape'
  | 'ArrowLeft'
  | 'ArrowRight'
  | 'Home'
  | 'End';

export interface CheckoutEvent {
  type: string;
  detail: Record<string, unknown> | null;
}

export interface EngineDriver {
  readonly engine: Engine;
  /**
   * Runs `fn(arg)` in every page opened from now on: before the page's own scripts in Chromium and
   * Firefox; in WebKit, which has no such hook over classic WebDriver, as soon as the page has
   * loaded, before the test does anything in it.
   */
  runOnEveryPage<A>(fn: (arg: A) => void, arg: A): Promise<void>;
  /** Opens a page of the demo shop (a path) or any address. */
  goto(url: string): Promise<void>;
  /** Waits until the element is there and clicks it as a pointer would. */
  click(target: Target): Promise<void>;
  /** Clicks into a field, puts the caret at its end and types key by key (real key events). */
  type(target: Target, text: string): Promise<void>;
  /** Types key by key into whatever has the focus. */
  keys(text: string): Promise<void>;
  press(key: Key): Promise<void>;
  /** Whether the element is rendered now (no waiting). */
  isVisible(target: Target): Promise<boolean>;
  value(target: Target): Promise<string>;
  /** Where the caret is in a field (its selection end), null when it has no text selection. */
  caret(target: Target): Promise<number | null>;
  isFocused(target: Target): Promise<boolean>;
  /** Whether some rendered text, through shadow roots, contains the string or matches the RegExp. */
  hasText(text: string | RegExp, frames?: readonly string[]): Promise<boolean>;
  /** Runs a function in the page (or in the frame titled by `frames`) and returns its JSON result. */
  evaluate<R, A = undefined>(fn: (arg: A) => R, arg?: A, frames?: readonly string[]): Promise<R>;
  /** A PNG of the window's viewport, after the page has painted. */
  screenshot(): Promise<Uint8Array>;
  /** Uncaught errors of the top page so far. */
  errors(): Promise<string[]>;
  /** The checkout's events on the top page so far. */
  events(): Promise<CheckoutEvent[]>;
  close(): Promise<void>;
}

/** How long a driver waits for an element to appear before it gives up with a message. */
export const FIND_TIMEOUT_MS = 15_000;

export const toQuery = (target: Target): Query => ({
  role: target.role,
  name: typeof target.name === 'string' ? { exact: target.name } : patternOf(target.name),
});

export const patternOf = (pattern: RegExp) => ({ source: pattern.source, flags: pattern.flags });

export const describe = (target: Target): string =>
  `${target.role} "${target.name}"${target.frames?.length ? ` in frame ${target.frames.join(' > ')}` : ''}`;

/** Asks `find` until it answers something, or fails naming what was looked for. */
export async function waitFound<T>(what: string, find: () => Promise<T | null | undefined>): Promise<T> {
  const deadline = Date.now() + FIND_TIMEOUT_MS;
  for (;;) {
    const found = await find().catch(() => null);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No ${what} within ${FIND_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A function to send into a page, made safe from the transpiler: tools that keep function names
 * (esbuild under tsx) wrap inner functions in a `__name` helper that exists in Node only, and the
 * page would throw on it. The copy defines it where it runs.
 */
export function portable<F extends (...args: never[]) => unknown>(fn: F): F {
  return new Function('...args', `const __name = (f) => f; return (${fn.toString()})(...args);`) as F;
}

/** What Playwright's and puppeteer's pages share, enough for the readouts below. */
interface PageLike {
  evaluate(fn: () => unknown): Promise<unknown>;
  screenshot(): Promise<Uint8Array>;
}

/**
 * A driver's screenshot, errors, events and close over a page that can evaluate and take
 * screenshots itself (Playwright's and puppeteer's); `readTrap` is the page-side reader.
 */
export function pageReadouts(
  page: PageLike,
  readTrap: () => { events: unknown[] },
  errors: readonly string[],
  close: () => Promise<void>,
): Pick<EngineDriver, 'screenshot' | 'errors' | 'events' | 'close'> {
  return {
    async screenshot() {
      // Two frames painted first, so the picture is what a person sees now.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      return page.screenshot();
    },
    errors: async () => [...errors],
    events: async () => ((await page.evaluate(readTrap)) as { events: CheckoutEvent[] }).events,
    close,
  };
}
