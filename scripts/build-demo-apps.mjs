// Builds the framework demo apps into build/demo-apps/ (not committed): /app/ (React 19) and
// /vue/ (Vue 3), each with its own vite.config.ts, against the ES module build in dist/esm.
// Development builds on purpose: React's StrictMode double mount and both frameworks' warnings
// only run there, and the end-to-end tests rely on them.
// Run after `node scripts/build.mjs manifest esm`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const root = join(import.meta.dirname, '..');
// Vite reads NODE_ENV for the frameworks' development builds; `mode` alone keeps production React.
process.env.NODE_ENV = 'development';
if (!existsSync(join(root, 'dist/esm/react.js')))
  throw new Error('dist/esm is missing: run node scripts/build.mjs manifest esm first');

for (const app of ['app', 'vue']) {
  await build({
    configFile: join(root, 'demo', app, 'vite.config.ts'),
    mode: 'development',
    logLevel: 'warn',
  });
  console.log(`built build/demo-apps/${app}`);
}
