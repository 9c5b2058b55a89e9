import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// The Vue page uses <gateway-checkout> itself: the template compiler is told that gateway-* tags
// are custom elements, so Vue leaves them to the browser and binds v-on to their DOM events.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/vue/',
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('gateway-') } } })],
  // Lit always in production mode, as a shop ships it: in the development build of the frameworks
  // (DEMO_APPS_MODE=development, for the end-to-end tests) NODE_ENV=development would otherwise pick
  // Lit's "development" export, which warns on every page and is slower.
  resolve: { conditions: ['module', 'browser', 'production'] },
  build: {
    outDir: fileURLToPath(new URL('../../build/demo-apps/vue', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
  },
});
