import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The React shop, built as an app would build against the package: `gateway-checkout/react`
// resolves through package.json's exports to the ES module build in dist/esm.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/app/',
  plugins: [react()],
  // Lit always in production mode, as a shop ships it: in the development build of the frameworks
  // (DEMO_APPS_MODE=development, for the end-to-end tests) NODE_ENV=development would otherwise pick
  // Lit's "development" export, which warns on every page and is slower.
  resolve: { conditions: ['module', 'browser', 'production'] },
  build: {
    outDir: fileURLToPath(new URL('../../build/demo-apps/app', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // The development build (React's checks and StrictMode run) is larger than an app would ship.
    chunkSizeWarningLimit: 2000,
  },
});
