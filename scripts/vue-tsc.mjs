// Runs vue-tsc on the Vue template type tests and the Vue demo page. vue-tsc needs the TypeScript compiler API, which TypeScript 7
// no longer ships: it runs on typescript@5, installed as `typescript5` (as the manifest analyzer does).
// Run: node scripts/vue-tsc.mjs
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const root = join(import.meta.dirname, '..');
// vue-tsc reads its arguments from process.argv.
process.argv = [process.argv[0], 'vue-tsc', '--noEmit', '-p', join(root, 'test/types/tsconfig.vue.json')];
require('vue-tsc').run(require.resolve('typescript5/lib/tsc'));
