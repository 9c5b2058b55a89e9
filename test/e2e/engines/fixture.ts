import { test as base } from '@playwright/test';
import type { Engine, EngineDriver } from '../../support/engines/driver.ts';
import { type EngineHost, startEngine } from '../../support/engines/host.ts';

export { expect } from '@playwright/test';

/**
 * The specs in this folder run in every engine: Playwright runs them once per project
 * (`chromium`, `firefox`, `webkit` in playwright.config.ts) and hands each test a `driver` for
 * that project's engine.
 */
export const test = base.extend<{ driver: EngineDriver }, { engine: Engine; engineHost: EngineHost }>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  engineHost: [
    async ({ engine }, use) => {
      const host = await startEngine(engine);
      await use(host);
      await host.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  driver: async ({ engineHost, baseURL }, use, testInfo) => {
    const driver = await engineHost.open(baseURL!);
    await use(driver);
    if (testInfo.status !== testInfo.expectedStatus) {
      const shot = await driver.screenshot().catch(() => null);
      if (shot) await testInfo.attach('screenshot', { body: Buffer.from(shot), contentType: 'image/png' });
    }
    await driver.close();
  },
});
