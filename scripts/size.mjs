// Size budgets, measured as TOOLCHAIN.md measures the floors: minified, gzip -9.
// - The script-tag bundle: what a page in English with the card fields in it loads before the form
//   takes input, and all it needs to pay (3-D Secure, a reload mid-payment, the hosted presentations
//   included). The masks, the other languages and the isolated fields' parent side are its siblings
//   in dist/, loaded on demand and printed beside it (each in its own budget: a sibling that grows
//   costs the pages that load it).
// - The ES module build's `./define` as an app's bundler takes it: its dependencies inside, and
//   only what it imports statically (the first chunk); the same parts are split off with import().
// - gateway-checkout/react: at most 1 kB over @lit/react itself (the elements and React are the
//   app's anyway; what the wrapper costs is its own code).
import { readdirSync, readFileSync } from 'node:fs';
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

// DESIGN's budget, met since the card fields' masks (imask, 10.85 kB) left the first load: a field
// takes input before they are here, and they load beside the bundle as the fields first render. What
// the first load holds (gzip, each module's share of the minified bundle as its source map tells,
// November 2026): the checkout element (its form, states, messages, result, 3-D Secure dialog,
// styles) 8.4 kB, Lit 5.7 and its hydration of server-rendered markup 2.6, the card form (entry rules, brand marks in each
// brand's own shapes and colours, the security code's card picture and hint, the frame's
// controller) 5.7, the shared element base, the on-demand table and its loader 4.2, the payment
// flow and merchant server 3.3, card-validator 2.4, billing address 2.0, English 1.4, src/card 1.0,
// save consent 0.6. What a first paint does not use and can wait without adding a way for a payment
// to fail is on demand: the masks, the other languages, the address formats, the isolated fields'
// parent side, the hosted form's 3-D Secure relay. The elements' Lit properties reach it written out
// as the calls their decorators make (scripts/lit-properties.mjs): 0.4 kB less than as decorators.
const BUNDLE_BUDGET = 42_000;
// Each sibling costs only the pages that load it; the masks are imask's input control and pattern
// mask, which every page with card fields in it loads (10.99 kB measured), and the typing of a
// group's space or an expiry's slash as the browser's own edit (type-ahead.ts, 0.34 kB: it takes a
// forced layout of 0.5 to 0.8 ms out of every such key). It arrives after the form takes input.
const SIBLING_BUDGET = 4_000;
const SIBLING_BUDGETS = { mask: 11_500 };

const iife = readFileSync(join(root, 'dist', 'gateway-checkout.iife.js'));
check(
  'dist/gateway-checkout.iife.js',
  gzip(iife),
  BUNDLE_BUDGET,
  `, ${(iife.length / 1000).toFixed(1)} kB raw`,
);
const siblings = readdirSync(join(root, 'dist')).filter(
  (name) => /^gateway-checkout\..+\.js$/.test(name) && !name.startsWith('gateway-checkout.iife.'),
);
if (siblings.length === 0) {
  console.error('dist/: no sibling of the bundle (languages, isolated fields); run npm run build first');
  failed = true;
}
for (const name of siblings.sort()) {
  const file = readFileSync(join(root, 'dist', name));
  const part = name.split('.')[1];
  check(`  beside it, on demand: ${name}`, gzip(file), SIBLING_BUDGETS[part] ?? SIBLING_BUDGET);
}

// The isolated fields page, each language's page whole (its HTML, the form rendered in, its script
// inside and its language's texts beside it): the one request the frame makes before the card can
// be typed, on the merchant's second origin. English is inside every page's script (the fallback);
// a page carries its own language and no other (2 to 2.5 kB each). 51.5 kB is what the English page
// weighed before the languages came; every page stays under it.
const FIELDS_PAGE_BUDGET = 51_500;
const fieldsDir = join(root, 'dist', 'fields');
const fieldsPages = readdirSync(fieldsDir).filter((name) => /^index(\.[a-z]{2})?\.html$/.test(name));
if (!fieldsPages.includes('index.html')) {
  console.error('dist/fields/index.html: missing; run npm run build first');
  failed = true;
}
const pageSizes = fieldsPages.map((name) => ({ name, size: gzip(readFileSync(join(fieldsDir, name))) }));
const english = pageSizes.find((p) => p.name === 'index.html');
if (english) check('dist/fields/index.html (English)', english.size, FIELDS_PAGE_BUDGET);
const heaviest = pageSizes.filter((p) => p !== english).sort((a, b) => b.size - a.size)[0];
if (heaviest)
  check(
    `  the heaviest of its ${pageSizes.length - 1} other languages, dist/fields/${heaviest.name}`,
    heaviest.size,
    FIELDS_PAGE_BUDGET,
  );

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

/** The first chunk of an ES module as an app bundles it: every dependency inside, no dynamic import. */
async function firstChunk(path) {
  const output = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'entry',
        enforce: 'pre',
        resolveId: (id) => (id.endsWith(ENTRY) ? ENTRY : null),
        load: (id) => (id === ENTRY ? `import ${JSON.stringify(path)};` : null),
      },
    ],
    // An app's build, not a library's: Vite minifies an app's ES chunks in white space too.
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      modulePreload: false,
      rollupOptions: { input: ENTRY },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output])
    .flatMap((o) => o.output)
    .filter((c) => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const first = new Set();
  const visit = (chunk) => {
    if (first.has(chunk)) return;
    first.add(chunk);
    for (const name of chunk.imports) visit(byName.get(name));
  };
  visit(chunks.find((c) => c.isEntry));
  const later = chunks.filter((c) => !first.has(c));
  const size = (list) => list.reduce((sum, c) => sum + gzip(Buffer.from(c.code)), 0);
  return { first: size([...first]), later: size(later), laterCount: later.length };
}

const define = await firstChunk(join(root, 'dist/esm/define.js'));
check(
  'gateway-checkout/define, first chunk with its dependencies',
  define.first,
  BUNDLE_BUDGET,
  ` (${define.laterCount} chunks on demand: ${(define.later / 1000).toFixed(2)} kB)`,
);

const litReact = await minified(`export { createComponent } from '@lit/react';`);
const wrapper = await minified(`export * from ${JSON.stringify(join(root, 'dist/esm/react.js'))};`);
check(
  'gateway-checkout/react over @lit/react',
  wrapper - litReact,
  1_000,
  ` (${wrapper} bytes with @lit/react's ${litReact})`,
);

if (failed) process.exit(1);
