import type { Browser, Frame, Locator, Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium.ts';
import { describe, type EngineDriver, type Key, pageReadouts, portable, type Target } from './driver.ts';
import * as inPage from './in-page.ts';

const hasText = portable(inPage.hasText);
const installTrap = portable(inPage.installTrap);
const readTrap = portable(inPage.readTrap);

// Chromium through Playwright's own locators: the reference the other two drivers are held to.

export const launchChromium = async (): Promise<Browser> =>
  (await import('@playwright/test')).chromium.launch(chromiumLaunchOptions);

export async function chromiumDriver(browser: Browser, baseURL: string): Promise<EngineDriver> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.addInitScript(installTrap);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  const scope = (frames: readonly string[] = []) =>
    frames.reduce<Pick<Page, 'getByRole' | 'frameLocator'>>(
      (outer, title) => outer.frameLocator(`iframe[title="${title}"]`),
      page,
    );
  const locate = (target: Target): Locator =>
    scope(target.frames).getByRole(target.role, { name: target.name, exact: true });
  const frameOf = async (frames: readonly string[] = []): Promise<Frame> => {
    let frame = page.mainFrame();
    for (const title of frames) {
      const element = await frame.locator(`iframe[title="${title}"]`).elementHandle();
      const inner = await element?.contentFrame();
      if (!inner) throw new Error(`No frame "${title}"`);
      frame = inner;
    }
    return frame;
  };

  return {
    engine: 'chromium',
    async runOnEveryPage(fn, arg) {
      await page.addInitScript(portable(fn) as (arg: unknown) => void, arg);
    },
    async goto(url) {
      await page.goto(url);
    },
    async click(target) {
      await locate(target).click();
    },
    async type(target, text) {
      const field = locate(target);
      await field.click();
      await field.press('End');
      await field.pressSequentially(text, { delay: 5 });
    },
    async keys(text) {
      await page.keyboard.type(text, { delay: 5 });
    },
    async press(key: Key) {
      await page.keyboard.press(key);
    },
    isVisible: (target) => locate(target).isVisible(),
    async value(target) {
      await locate(target)
        .waitFor({ state: 'attached' })
        .catch(() => {
          throw new Error(`No ${describe(target)}`);
        });
      return locate(target).inputValue();
    },
    caret: (target) => locate(target).evaluate((el) => (el as HTMLInputElement).selectionEnd),
    isFocused: (target) =>
      locate(target).evaluate((el) => (el.getRootNode() as Document | ShadowRoot).activeElement === el),
    async hasText(text, frames) {
      const query = typeof text === 'string' ? { exact: text } : { source: text.source, flags: text.flags };
      return (await frameOf(frames)).evaluate(hasText, query);
    },
    async evaluate(fn, arg, frames) {
      return (await frameOf(frames)).evaluate(portable(fn), arg as never);
    },
    ...pageReadouts(page, readTrap, errors, () => context.close()),
  };
}
