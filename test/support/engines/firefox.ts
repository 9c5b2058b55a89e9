import type { Browser, ElementHandle, Frame, KeyInput, Page } from 'puppeteer-core';
import {
  describe,
  type EngineDriver,
  pageReadouts,
  patternOf,
  portable,
  type Target,
  toQuery,
  waitFound,
} from './driver.ts';
import * as inPage from './in-page.ts';

// Firefox through puppeteer over WebDriver BiDi. Playwright's own Firefox channel cannot open a
// context in Firefox ESR (it asks for an emulation command Firefox does not have), and Playwright
// cannot download its patched Firefox here: puppeteer speaks the standard protocol Firefox ships.

// The page-side functions, safe to send into a page (see `portable`).
const hasText = portable(inPage.hasText);
const installTrap = portable(inPage.installTrap);
const locateAll = portable(inPage.locateAll);
const locateFrame = portable(inPage.locateFrame);
const readTrap = portable(inPage.readTrap);
const settled = portable(inPage.settled);

export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

export async function launchFirefox(): Promise<Browser> {
  const puppeteer = (await import('puppeteer-core')).default;
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    // Firefox on two busy cores can take longer than puppeteer's default to answer a command.
    protocolTimeout: 60_000,
    // A first run of Firefox otherwise asks the network for updates, safe-browsing lists and more.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'network.captive-portal-service.enabled': false,
    },
  });
}

export async function firefoxDriver(browser: Browser, baseURL: string): Promise<EngineDriver> {
  // A browser context per test: its own cookies and storage, as a fresh Playwright context has.
  const context = await browser.createBrowserContext();
  const page: Page = await context.newPage();
  await page.setViewport({ width: 1280, height: 720 });
  await page.evaluateOnNewDocument(installTrap);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error instanceof Error ? error.message : String(error)));

  const frameOf = async (frames: readonly string[] = []): Promise<Frame> => {
    let frame = page.mainFrame();
    for (const title of frames) {
      const element = (await frame.evaluateHandle(locateFrame, title)).asElement();
      const inner = element ? await (element as ElementHandle<HTMLIFrameElement>).contentFrame() : null;
      if (!inner) throw new Error(`No frame "${title}"`);
      frame = inner;
    }
    return frame;
  };
  const find = async (target: Target): Promise<ElementHandle<Element> | null> => {
    const frame = await frameOf(target.frames);
    const all = await frame.evaluateHandle(locateAll, toQuery(target));
    const count = await all.evaluate((list) => list.length);
    if (count > 1) throw new Error(`${count} elements are ${describe(target)}`);
    const first = (await all.getProperty('0')).asElement() as ElementHandle<Element> | null;
    await all.dispose();
    return first;
  };
  const element = (target: Target) => waitFound(describe(target), () => find(target));
  /** Clicks once the element and the frames around it stay put (a dialog growing to its content). */
  const click = async (target: Target) => {
    let frame = page.mainFrame();
    for (const title of target.frames ?? []) {
      const outer = (
        await frame.evaluateHandle(locateFrame, title)
      ).asElement() as ElementHandle<HTMLIFrameElement> | null;
      if (!outer) break;
      await outer.evaluate(settled);
      frame = (await outer.contentFrame()) ?? frame;
    }
    const el = await element(target);
    await el.evaluate(settled);
    await el.click();
  };

  return {
    engine: 'firefox',
    async runOnEveryPage(fn, arg) {
      await page.evaluateOnNewDocument(portable(fn) as (arg: unknown) => void, arg);
    },
    async goto(url) {
      await page.goto(new URL(url, baseURL).href);
    },
    click,
    async type(target, text) {
      await click(target);
      await page.keyboard.press('End');
      await page.keyboard.type(text, { delay: 5 });
    },
    async keys(text) {
      await page.keyboard.type(text, { delay: 5 });
    },
    async press(key) {
      await page.keyboard.press(key as KeyInput);
    },
    isVisible: async (target) => (await find(target).catch(() => null)) !== null,
    value: async (target) => (await element(target)).evaluate((el) => (el as HTMLInputElement).value),
    caret: async (target) => (await element(target)).evaluate((el) => (el as HTMLInputElement).selectionEnd),
    isFocused: async (target) =>
      (await element(target)).evaluate(
        (el) => (el.getRootNode() as Document | ShadowRoot).activeElement === el,
      ),
    async hasText(text, frames) {
      const query = typeof text === 'string' ? { exact: text } : patternOf(text);
      return (await frameOf(frames)).evaluate(hasText, query);
    },
    async evaluate(fn, arg, frames) {
      return (await frameOf(frames)).evaluate(portable(fn) as (arg: unknown) => never, arg);
    },
    ...pageReadouts(page, readTrap, errors, () => context.close()),
  };
}
