import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './test/support/chromium.ts';
import type { Engine } from './test/support/engines/driver.ts';

// The end-to-end tests against a gateway whose api_do_url answers no browser: the sandbox started
// with SANDBOX_API_DO_BROWSERS=closed, the demo shop on the Direct Post transport
// (DEMO_TRANSPORT=direct-post), and a second shop on the default transport against the same
// sandbox (the failure a merchant sees when it has not switched). Own ports, next to the main
// suite's, set in the environment before the specs load test/support/ports.ts.
// Shifted once: workers load this file again with the environment the runner set here.
if (!process.env.E2E_DIRECT_POST) {
  process.env.E2E_DIRECT_POST = '1';
  process.env.E2E_DEMO_PORT = String(Number(process.env.E2E_DEMO_PORT || 5273) + 2);
  process.env.E2E_SANDBOX_PORT = String(Number(process.env.E2E_SANDBOX_PORT || 8506) + 2);
  process.env.E2E_FIELDS_PORT = String(Number(process.env.E2E_FIELDS_PORT || 5274) + 2);
}
const demoPort = Number(process.env.E2E_DEMO_PORT);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT);
const fieldsPort = Number(process.env.E2E_FIELDS_PORT);
/** The shop left on `api-do`. */
const apiDoShopPort = demoPort + 2;
process.env.E2E_API_DO_SHOP = `http://127.0.0.1:${apiDoShopPort}`;

const raised = { max: 5000, windowMs: 10 * 60_000 };
const limits = JSON.stringify({
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
});
const shop = `http://127.0.0.1:${demoPort}`;

export default defineConfig<unknown, { engine: Engine }>({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? 'list' : 'line',
  use: { baseURL: shop, launchOptions: chromiumLaunchOptions, trace: 'retain-on-failure' },
  // The Direct Post specs, and the payment, 3-D Secure and isolated fields specs every engine runs,
  // now through Direct Post (the same files the main suite runs on api_do_url).
  projects: [
    {
      name: 'chromium',
      testMatch: [
        'direct-post/**/*.spec.ts',
        'engines/payment.spec.ts',
        'engines/three-d-secure.spec.ts',
        'engines/isolated.spec.ts',
      ],
      // The skimmer's reading of the in-page card POST: a JSON request of the page's, on api_do_url only.
      grepInvert: /in the page, the skimmer reads the card/,
      use: { browserName: 'chromium' },
    },
    // A sample in the engines driven over WebDriver (each test there takes several times as long):
    // the in-page payment, a decline, and the bank's check both ways, the paths Direct Post changes;
    // the isolated fields' payment and their bank's check, sent through the fields' relay page, and a
    // hostile page's frames, which never get the form.
    ...(['firefox', 'webkit'] as const).map((engine) => ({
      name: engine,
      testMatch: [
        'engines/payment.spec.ts',
        'engines/three-d-secure.spec.ts',
        'engines/isolated.spec.ts',
        'direct-post/hostile-relay.spec.ts',
      ],
      grep: /script-tag page: a Visa card|declined by the issuer|Approve at the bank|Fail at the bank|fields frame/,
      timeout: 90_000,
      use: { engine },
    })),
  ],
  webServer: [
    {
      command: 'npm run demo',
      url: `${shop}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        SANDBOX_FAULT_TIMEOUT_MS: '2500',
        DEMO_PORT: String(demoPort),
        SANDBOX_PORT: String(sandboxPort),
        DEMO_FIELDS_PORT: String(fieldsPort),
        SANDBOX_API_DO_BROWSERS: 'closed',
        DEMO_TRANSPORT: 'direct-post',
        DEMO_LIMITS: limits,
        // As the main suite runs them: the framework apps' development builds.
        DEMO_APPS_MODE: 'development',
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Started once the first is up: it pays at that sandbox (GATEWAY_URL), on the default transport.
      command: 'npx tsx demo/server.ts',
      url: `http://127.0.0.1:${apiDoShopPort}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        DEMO_PORT: String(apiDoShopPort),
        DEMO_FIELDS_PORT: String(apiDoShopPort + 1),
        GATEWAY_URL: `http://127.0.0.1:${sandboxPort}`,
        GATEWAY_SECRET_KEY: 'sk_sandbox_test',
        DEMO_LIMITS: limits,
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
