// The declaration graph of dist/types: which .d.ts files an entry reaches through its imports. Used
// to write the CommonJS twins (cjs-types.mjs) and to check that every global augmentation (tags
// and events in HTMLElementTagNameMap / HTMLElementEventMap) is reached from the package's entries:
// one that is not is invisible to apps, whose `detail` then has no type.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** `from './x.ts'`, `import('./x.ts')`, `import './x.ts'`: relative specifiers of a declaration file. */
export const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\2/g;

/** `./x.ts` and `./x.js` are declared by `./x.d.ts`. */
export function declarationOf(specifier) {
  if (/\.(?:ts|js)$/.test(specifier)) return specifier.replace(/\.(?:ts|js)$/, '.d.ts');
  throw new Error(`"${specifier}" has no extension; declarations import files by full name`);
}

/** Every declaration file reachable from `entries` (absolute paths). */
export function reachable(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${file} is missing; run tsc first`);
    seen.add(file);
    for (const [, , , specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER))
      queue.push(join(dirname(file), declarationOf(specifier)));
  }
  return seen;
}

/** Declaration files with a `declare global` that no entry reaches. */
export function unreachableGlobals(types, entries) {
  const reached = reachable(entries.map((entry) => join(types, entry)));
  const all = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? all(join(dir, e.name)) : e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
    );
  return all(types)
    .filter((file) => !reached.has(file) && /\bdeclare global\b/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(types, file));
}
