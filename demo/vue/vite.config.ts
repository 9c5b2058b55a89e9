import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// The Vue page uses <gateway-checkout> itself: the template compiler is told that gateway-* tags
// are custom elements, so Vue leaves them to the browser and binds v-on to their DOM events.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/vue/',
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('gateway-') } } })],
  // The frameworks build in development mode (their checks run), but Lit in production mode, as a
  // shop ships it: without this, NODE_ENV=development picks Lit's "development" export, which warns
  // on every page and is slower.
  resolve: { conditions: ['module', 'browser', 'production'] },
  build: {
    outDir: fileURLToPath(new URL('../../build/demo-apps/vue', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
  },
});
