// The docs site's browser test (`npm run test:docs`, in `npm test`): the docs dev server as
// `npm run docs` starts it, with its own sandbox and demo shop, on the end-to-end suite's ports
// (never at the same time as that suite: npm test runs them one after the other).
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { E2E_DEMO_PORT, E2E_DOCS, E2E_DOCS_PORT, E2E_SANDBOX_PORT } from '../support/ports.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: 'list',
  use: { baseURL: E2E_DOCS, browserName: 'chromium', launchOptions: chromiumLaunchOptions },
  webServer: {
    command: 'npx tsx scripts/docs.ts',
    cwd: '../..',
    url: `${E2E_DOCS}/getting-started`,
    env: {
      DOCS_PORT: String(E2E_DOCS_PORT),
      DOCS_SHOP_PORT: String(E2E_DEMO_PORT),
      SANDBOX_PORT: String(E2E_SANDBOX_PORT),
    },
    // The dev server writes the reference pages and compiles the theme first.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
