import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The React shop, built as an app would build against the package: `gateway-checkout/react`
// resolves through package.json's exports to the ES module build in dist/esm.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../../build/demo-apps/app', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // A development build (React's checks and StrictMode run): larger than an app would ship.
    chunkSizeWarningLimit: 2000,
  },
});
