import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The React shop, built as an app would build against the package: `gateway-checkout/react`
// resolves through package.json's exports to the ES module build in dist/esm.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/app/',
  plugins: [react()],
  // The frameworks build in development mode (their checks run), but Lit in production mode, as a
  // shop ships it: without this, NODE_ENV=development picks Lit's "development" export, which warns
  // on every page and is slower.
  resolve: { conditions: ['module', 'browser', 'production'] },
  build: {
    outDir: fileURLToPath(new URL('../../build/demo-apps/app', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // A development build (React's checks and StrictMode run): larger than an app would ship.
    chunkSizeWarningLimit: 2000,
  },
});
