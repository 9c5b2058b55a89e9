// Generates dist/custom-elements.json from the elements' JSDoc with @custom-elements-manifest/analyzer.
// The analyzer needs the TypeScript compiler API, which TypeScript 7 no longer ships; a loader hook
// resolves its `typescript` imports to `typescript5` (typescript@5 installed under an alias).
// Run: node scripts/cem.mjs
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const hook = `
export async function resolve(specifier, context, next) {
  if (specifier === 'typescript' || specifier.startsWith('typescript/')) {
    return next(specifier.replace(/^typescript/, 'typescript5'), context);
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, import.meta.url);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { create, ts } = await import('@custom-elements-manifest/analyzer');
const { litPlugin } = await import(
  '@custom-elements-manifest/analyzer/src/features/framework-plugins/lit/lit.js'
);

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

const files = [
  ...sources(join(root, 'src/elements')),
  join(root, 'src/index.ts'),
  join(root, 'src/define.ts'),
];
const modules = files.map((file) =>
  ts.createSourceFile(relative(root, file), readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true),
);
const manifest = create({ modules, plugins: [...litPlugin()], context: { dev: false } });
const out = join(root, 'dist/custom-elements.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(manifest, null, 2)}\n`);
const tags = manifest.modules
  .flatMap((m) => m.declarations ?? [])
  .flatMap((d) => (d.tagName ? [d.tagName] : []));
console.log(`wrote ${relative(root, out)}: ${tags.join(', ') || 'no tags'}`);
