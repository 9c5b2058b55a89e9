import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './test/support/chromium.ts';
import type { Engine } from './test/support/engines/driver.ts';
import { E2E_DEMO_PORT, E2E_FIELDS_PORT, E2E_SANDBOX_PORT, E2E_SHOP } from './test/support/ports.ts';

const raised = { max: 5000, windowMs: 10 * 60_000 };
const E2E_LIMITS = {
  ordersPerClient: raised,
  declinesPerClient: raised,
  declinesPerCard: raised,
  declinesPerOrder: 5000,
  moto: {
    ordersPerClient: raised,
    declinesPerClient: raised,
    declinesPerCard: raised,
    declinesPerOrder: 5000,
  },
};

export default defineConfig<unknown, { engine: Engine }>({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  // Against a sandbox closed to browsers on api_do_url: playwright.direct-post.config.ts.
  testIgnore: 'direct-post/**',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  // Screenshot baselines are committed (the vitest __screenshots__ folders are not): one file per
  // name, made on Debian's Chromium with the fonts .ci/run installs.
  snapshotPathTemplate: '{testDir}/screenshots/{testFileName}/{arg}{ext}',
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    baseURL: E2E_SHOP,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  // Chromium runs every spec; Firefox and WebKit run the specs written against the engine-neutral
  // driver (test/e2e/engines/), the paths that matter most, with a longer timeout: they are driven
  // over WebDriver, command by command.
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' } },
    ...(['firefox', 'webkit'] as const).map((engine) => ({
      name: engine,
      testMatch: 'engines/**/*.spec.ts',
      timeout: 90_000,
      use: { engine },
    })),
  ],
  // The demo shop on the real sandbox gateway, started as a person starts it (npm run demo), on
  // ports of its own and never reused: a running demo has other fault timings.
  webServer: {
    command: 'npm run demo',
    url: `${E2E_SHOP}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      SANDBOX_FAULT_TIMEOUT_MS: '2500',
      DEMO_PORT: String(E2E_DEMO_PORT),
      SANDBOX_PORT: String(E2E_SANDBOX_PORT),
      DEMO_FIELDS_PORT: String(E2E_FIELDS_PORT),
      // Every spec pays from one loopback address, declining the same test cards again and again:
      // a shop's per-client limits are raised here, in plain sight. The limits themselves are
      // tested in src/server/limits*.test.ts and test/integration/multi-process.test.ts.
      DEMO_LIMITS: JSON.stringify(E2E_LIMITS),
      // The framework apps' development builds, so React's StrictMode (double mounts) runs under test.
      DEMO_APPS_MODE: 'development',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
