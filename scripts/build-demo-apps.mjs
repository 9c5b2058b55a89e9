// Builds the framework demo apps into build/demo-apps/ (not committed): /app/ (React 19) and
// /vue/ (Vue 3), each with its own vite.config.ts, against the ES module build in dist/esm.
// Production builds, as a shop ships them (`npm run demo`). DEMO_APPS_MODE=development builds
// them for development instead: React's StrictMode double mount and both frameworks' warnings
// run only there, and the end-to-end tests ask for it (playwright.config.ts).
// Run after `node scripts/build.mjs manifest esm`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const root = join(import.meta.dirname, '..');
const mode = process.env.DEMO_APPS_MODE === 'development' ? 'development' : 'production';
// Vite reads NODE_ENV for the frameworks' builds; `mode` alone would keep production React.
process.env.NODE_ENV = mode;
if (!existsSync(join(root, 'dist/esm/react.js')))
  throw new Error('dist/esm is missing: run node scripts/build.mjs manifest esm first');

for (const app of ['app', 'vue']) {
  await build({
    configFile: join(root, 'demo', app, 'vite.config.ts'),
    mode,
    logLevel: 'warn',
  });
  console.log(`built build/demo-apps/${app} (${mode})`);
}
