import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './test/support/chromium.ts';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
