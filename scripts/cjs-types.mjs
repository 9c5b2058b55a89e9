// Writes a `.d.cts` twin of every declaration the Node entries reach (gateway-checkout/server,
// /server/redis, /sandbox), for their `require` condition. TypeScript reads a `.d.ts` beside an
// ES module as ES module types; a CommonJS caller needs declarations that say CommonJS, and a
// `.d.cts` only imports other `.d.cts` files, so the whole reachable graph gets a twin.
// Run after tsc has written dist/types (scripts/build.mjs does).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const types = join(root, 'dist/types');
const ENTRIES = ['server/index.d.ts', 'server/redis/index.d.ts', 'sandbox/index.d.ts'];

/** `from './x.ts'`, `import('./x.ts')`, `import './x.ts'`: relative specifiers of a declaration file. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\2/g;

const seen = new Set();
const queue = ENTRIES.map((entry) => join(types, entry));
while (queue.length > 0) {
  const file = queue.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  if (!existsSync(file)) throw new Error(`cjs-types: ${relative(root, file)} is missing; run tsc first`);
  const text = readFileSync(file, 'utf8').replace(SPECIFIER, (_m, lead, quote, specifier) => {
    const target = join(dirname(file), declarationOf(specifier));
    queue.push(target);
    return `${lead}${quote}${specifier.replace(/\.(?:ts|js)$/, '.cjs')}${quote}`;
  });
  writeFileSync(file.replace(/\.d\.ts$/, '.d.cts'), text);
}
console.log(`cjs-types: ${seen.size} .d.cts declarations for the CommonJS entries`);

/** `./x.ts` and `./x.js` are declared by `./x.d.ts`. */
function declarationOf(specifier) {
  if (/\.(?:ts|js)$/.test(specifier)) return specifier.replace(/\.(?:ts|js)$/, '.d.ts');
  throw new Error(`cjs-types: "${specifier}" has no extension; declarations import files by full name`);
}
