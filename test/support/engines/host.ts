import type { Engine, EngineDriver } from './driver.ts';

// One browser per test worker, one fresh page (and its own cookies and storage) per test.

export interface EngineHost {
  open(baseURL: string): Promise<EngineDriver>;
  stop(): Promise<void>;
}

export async function startEngine(engine: Engine): Promise<EngineHost> {
  if (engine === 'chromium') {
    const { launchChromium, chromiumDriver } = await import('./chromium.ts');
    const browser = await launchChromium();
    return { open: (baseURL) => chromiumDriver(browser, baseURL), stop: () => browser.close() };
  }
  if (engine === 'firefox') {
    const { launchFirefox, firefoxDriver } = await import('./firefox.ts');
    const browser = await launchFirefox();
    return { open: (baseURL) => firefoxDriver(browser, baseURL), stop: () => browser.close() };
  }
  const { startDisplay, startWebKitDriver } = await import('./display.ts');
  const { openWebKit, webkitDriver } = await import('./webkit.ts');
  const display = await startDisplay();
  const driver = await startWebKitDriver(display.display).catch(async (error: unknown) => {
    await display.stop();
    throw error;
  });
  return {
    // A WebDriver session per test: MiniBrowser's automation session keeps nothing once it ends,
    // so no cookie, storage or open dialog of one test reaches the next.
    open: async (baseURL) => webkitDriver(await openWebKit(driver.port), baseURL),
    stop: async () => {
      await driver.stop();
      await display.stop();
    },
  };
}
