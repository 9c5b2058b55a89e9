import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { configDefaults, defineConfig } from 'vitest/config';
import { litProperties } from './scripts/lit-properties.mjs';
// @ts-expect-error: a build script, plain JavaScript
import { languagesDefine } from './scripts/siblings.mjs';
import { chromiumLaunchOptions } from './test/support/chromium.ts';

const stub = fileURLToPath(new URL('./test/support/wtr-commands-stub.ts', import.meta.url));

export default defineConfig({
  // The languages' codes, from their folder, as the package's own build defines them.
  define: languagesDefine(fileURLToPath(new URL('.', import.meta.url))),
  // The elements' Lit properties as the package's build writes them out, so the tests run the form
  // that ships.
  plugins: [litProperties()],
  optimizeDeps: {
    include: [
      'lit',
      'lit/decorators.js',
      'lit/directives/live.js',
      'lit/directives/class-map.js',
      'lit/directives/if-defined.js',
      '@open-wc/testing',
      '@open-wc/testing-helpers',
      'chai-a11y-axe',
      'axe-core',
      'card-validator',
      'card-validator/dist/card-number.js',
      'react',
      'react-dom/client',
      '@lit/react',
      'imask/esm/controls/input',
      'imask/esm/masked/pattern',
    ],
  },
  resolve: {
    alias: { '@web/test-runner-commands': stub },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/{protocol,card,flow,fields,server,sandbox,ssr}/**/*.test.ts',
            'test/unit/**/*.test.ts',
            'demo/**/*.test.ts',
          ],
          // The parent's end of the isolated fields renders frames: a browser test among unit ones.
          exclude: [...configDefaults.exclude, 'src/**/*.browser.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Several processes under load: run alone, so the timing of the unit tests is not shared.
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['src/elements/**/*.test.ts', 'src/**/*.browser.test.ts', 'test/browser/**/*.test.ts'],
          setupFiles: ['test/browser/setup.ts'],
          // A failing hostile-input run prints its seed; HOSTILE_SEED replays it.
          provide: { hostileSeed: process.env.HOSTILE_SEED ?? '' },
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
