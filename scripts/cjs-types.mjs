// Writes a `.d.cts` twin of every declaration the Node entries reach (gateway-checkout/server,
// /server/redis, /sandbox), for their `require` condition. TypeScript reads a `.d.ts` beside an
// ES module as ES module types; a CommonJS caller needs declarations that say CommonJS, and a
// `.d.cts` only imports other `.d.cts` files, so the whole reachable graph gets a twin.
// Also checks that every global augmentation of the browser entries is reached from them.
// Run after tsc has written dist/types (scripts/build.mjs does).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reachable, SPECIFIER, unreachableGlobals } from './declarations.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const types = join(root, 'dist/types');
const NODE_ENTRIES = ['server/index.d.ts', 'server/redis/index.d.ts', 'sandbox/index.d.ts'];
const BROWSER_ENTRIES = [
  'index.d.ts',
  'define.d.ts',
  'react/index.d.ts',
  'frameworks/jsx.d.ts',
  'frameworks/vue.d.ts',
  'frameworks/svelte.d.ts',
];

const files = reachable(NODE_ENTRIES.map((entry) => join(types, entry)));
for (const file of files) {
  const text = readFileSync(file, 'utf8').replace(
    SPECIFIER,
    (_m, lead, quote, specifier) => `${lead}${quote}${specifier.replace(/\.(?:ts|js)$/, '.cjs')}${quote}`,
  );
  writeFileSync(file.replace(/\.d\.ts$/, '.d.cts'), text);
}
console.log(`cjs-types: ${files.size} .d.cts declarations for the CommonJS entries`);

const lost = unreachableGlobals(types, BROWSER_ENTRIES);
if (lost.length) {
  console.error(
    `cjs-types: these declarations augment globals (tags, events) but no entry imports them, so apps never see them: ${lost.join(', ')}. ` +
      'Declare the augmentation in the module of the element class.',
  );
  process.exit(1);
}
