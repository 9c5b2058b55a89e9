import type { Key as KeyName } from './driver.ts';
import {
  type CheckoutEvent,
  describe,
  type EngineDriver,
  patternOf,
  portable,
  type Target,
  toQuery,
  waitFound,
} from './driver.ts';
import * as inPage from './in-page.ts';

// WebKit (WebKitGTK's MiniBrowser, the engine of Safari) through webdriverio over classic
// WebDriver. Playwright cannot download its patched WebKit here, and WebKitGTK's driver speaks
// classic WebDriver only. What classic WebDriver lacks is made up here: no console and no script
// before the page's own, so an error trap goes into each page as it opens; an element click on an
// input inside a shadow root is refused as "intercepted", so clicks are pointer actions at the
// element's box, as a person's are.

type Browser = WebdriverIO.Browser;
/** An element as classic WebDriver hands it over and takes it back as a script argument. */
type ElementRef = Record<string, string>;

// The page-side functions, safe to send into a page (see `portable`).
const hasText = portable(inPage.hasText);
const installTrap = portable(inPage.installTrap);
const locateAll = portable(inPage.locateAll);
const locateFrame = portable(inPage.locateFrame);
const readTrap = portable(inPage.readTrap);

export const MINIBROWSER =
  process.env.WEBKIT_MINIBROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export async function openWebKit(port: number): Promise<Browser> {
  const { remote } = await import('webdriverio');
  return remote({
    hostname: '127.0.0.1',
    port,
    path: '/',
    logLevel: 'error',
    connectionRetryTimeout: 60_000,
    capabilities: {
      browserName: 'MiniBrowser',
      // Without this webdriverio asks for a BiDi socket and WebKitWebDriver refuses the session.
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    } as WebdriverIO.Capabilities,
  });
}

const KEY_CODES: Record<KeyName, string> = {
  Backspace: '\uE003',
  Delete: '\uE017',
  Tab: '\uE004',
  Enter: '\uE007',
  Escape: '\uE00C',
  ArrowLeft: '\uE012',
  ArrowRight: '\uE014',
  Home: '\uE011',
  End: '\uE010',
};

export async function webkitDriver(browser: Browser, baseURL: string): Promise<EngineDriver> {
  await browser.setWindowSize(1280, 800);
  // The function travels as its source, its argument as JSON or as an element reference.
  const exec = async <R, A>(fn: (arg: A) => R, arg?: A | ElementRef): Promise<R> =>
    (await browser.execute(fn as unknown as string, arg as never)) as R;
  let frames: readonly string[] = [];
  // Where the current frame's viewport starts in the window: WebKit places pointer actions in the
  // top window's coordinates, whichever frame commands are in.
  let offset = { x: 0, y: 0 };

  // Classic WebDriver works in one frame at a time: go to the frame a target is in, from the top.
  const enter = async (path: readonly string[] = []) => {
    if (path.join('\n') === frames.join('\n')) return;
    await browser.switchFrame(null);
    frames = [];
    offset = { x: 0, y: 0 };
    for (const title of path) {
      const frame = (await exec(locateFrame, title)) as ElementRef | null;
      if (!frame) throw new Error(`No frame "${title}"`);
      const corner = await exec((el: HTMLIFrameElement) => {
        const rect = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return {
          x: rect.left + el.clientLeft + parseFloat(style.paddingLeft),
          y: rect.top + el.clientTop + parseFloat(style.paddingTop),
        };
      }, frame);
      await browser.switchFrame(frame as never);
      offset = { x: offset.x + corner.x, y: offset.y + corner.y };
      frames = [...frames, title];
    }
  };
  const run = async <R, A>(fn: (arg: A) => R, arg: A, path?: readonly string[]): Promise<R> => {
    await enter(path);
    return exec(fn, arg);
  };
  const find = async (target: Target): Promise<ElementRef | null> => {
    const all = (await run(locateAll, toQuery(target), target.frames)) as unknown as ElementRef[];
    if (all.length > 1) throw new Error(`${all.length} elements are ${describe(target)}`);
    return all[0] ?? null;
  };
  const element = (target: Target) =>
    waitFound(describe(target), async () => {
      try {
        return await find(target);
      } catch (error) {
        // A frame that is not there yet (or navigated away under us): start over from the top.
        frames = ['\u0000'];
        throw error;
      }
    });
  const onElement = async <R>(target: Target, fn: (el: HTMLInputElement) => R): Promise<R> => {
    return exec(fn, await element(target));
  };
  const pointerClick = async (target: Target) => {
    await exec(
      (el: Element) => el.scrollIntoView({ block: 'center', inline: 'center' }),
      await element(target),
    );
    // Where the element is in the window, once it stays put: a dialog that grows to its content or
    // a frame that moves would otherwise take the click somewhere else.
    let box = { x: Number.NaN, y: Number.NaN };
    for (let tries = 0; tries < 20; tries++) {
      if (target.frames?.length) {
        frames = ['\u0000'];
        await enter(target.frames);
      }
      const inFrame = await exec(
        (el: Element) =>
          new Promise<{ x: number; y: number }>((resolve) =>
            requestAnimationFrame(() => {
              const rect = el.getBoundingClientRect();
              resolve({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
            }),
          ),
        await element(target),
      );
      const next = { x: offset.x + inFrame.x, y: offset.y + inFrame.y };
      if (next.x === box.x && next.y === box.y) break;
      box = next;
    }
    await browser
      .action('pointer', { parameters: { pointerType: 'mouse' } })
      .move({ x: Math.round(box.x), y: Math.round(box.y), origin: 'viewport' })
      .down({ button: 0 })
      .up({ button: 0 })
      .perform();
  };
  const keys = async (text: string) => {
    for (const char of text) await browser.keys(char);
  };
  const onEveryPage: Array<() => Promise<void>> = [];
  const trap = async () => {
    await enter([]);
    await exec(installTrap);
    for (const run of onEveryPage) await run();
  };

  return {
    engine: 'webkit',
    async runOnEveryPage(fn, arg) {
      onEveryPage.push(() => exec(portable(fn) as (arg: unknown) => void, arg));
    },
    async goto(url) {
      await enter([]);
      await browser.url(new URL(url, baseURL).href);
      frames = [];
      await trap();
    },
    click: pointerClick,
    async type(target, text) {
      await pointerClick(target);
      await browser.keys(KEY_CODES.End);
      await keys(text);
    },
    keys,
    async press(key) {
      await browser.keys(KEY_CODES[key]);
    },
    isVisible: async (target) => (await find(target).catch(() => null)) !== null,
    value: (target) => onElement(target, (el) => el.value),
    caret: (target) => onElement(target, (el) => el.selectionEnd),
    isFocused: (target) =>
      onElement(target, (el) => (el.getRootNode() as Document | ShadowRoot).activeElement === el),
    hasText: (text, path) => run(hasText, typeof text === 'string' ? { exact: text } : patternOf(text), path),
    evaluate: (fn, arg, path) => run(portable(fn), arg as never, path),
    async screenshot() {
      await enter([]);
      // Two frames painted first: otherwise WebKit may hand over a partly black picture.
      await exec(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
      return Buffer.from(await browser.takeScreenshot(), 'base64');
    },
    async errors() {
      await enter([]);
      return (await exec(readTrap)).errors;
    },
    async events() {
      await enter([]);
      return (await exec(readTrap)).events as CheckoutEvent[];
    },
    async close() {
      await browser.deleteSession();
    },
  };
}
