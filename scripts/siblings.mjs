// The script-tag bundle's siblings: the parts `src/elements/shared/on-demand.ts` lists and the
// languages (one file each in src/elements/i18n/languages/, English aside), each built into a
// classic script of its own beside dist/gateway-checkout.iife.js, and the bundle's table of them
// (file name and SHA-384) in place of that module's dynamic imports. The languages' own table is a
// sibling too (`languages`): thirty hashes are more than the bundle can carry, and only a page in
// another language than English asks for it.
//
// A sibling runs as `(() => { ...the part...; document.currentScript.dispatchEvent(...) })()`: it
// hands its module's exports to the script element the bundle made for it (see sibling-script.ts).
// A part must be self-contained: it may import nothing that the bundle also holds, or it would carry
// a second copy of it (a second Lit, a second state). The build fails when it does.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build, parseAst } from 'vite';

export const ON_DEMAND = 'src/elements/shared/on-demand.ts';
export const LANGUAGES = 'src/elements/i18n/languages';
const LOADER = 'src/elements/shared/sibling-script.ts';
const SIBLING_EVENT = 'gateway-sibling';

/** The languages shipped beside English, one file each in LANGUAGES: `{ name: 'pl', path }`. */
export function languageFiles(root) {
  return readdirSync(join(root, LANGUAGES))
    .filter((file) => /^[a-z]{2}\.ts$/.test(file) && file !== 'en.ts')
    .sort()
    .map((file) => ({ name: file.slice(0, 2), path: join(root, LANGUAGES, file) }));
}

/**
 * The parts of on-demand.ts's `onDemand`, read from its syntax tree (the same parser the build
 * uses), so the table is written once, in the code, in any layout: each part must be
 * `name: () => import('path')`, which is also what lets the ES module build split it off.
 */
export function onDemandParts(root) {
  const file = join(root, ON_DEMAND);
  const ast = parseAst(readFileSync(file, 'utf8'), { lang: 'ts' });
  const table = ast.body
    .filter((node) => node.type === 'ExportNamedDeclaration')
    .flatMap((node) => node.declaration?.declarations ?? [])
    .find((d) => d.id?.name === 'onDemand')?.init;
  const misread = (what) =>
    new Error(`${ON_DEMAND}: ${what}; write each part as \`name: () => import('path')\``);
  if (table?.type !== 'ObjectExpression' || table.properties.length === 0)
    throw misread('no `onDemand` table');
  return table.properties.map((property) => {
    const { key, value } = property;
    const source = value?.body?.type === 'ImportExpression' ? value.body.source : null;
    if (
      property.type !== 'Property' ||
      property.computed ||
      key.type !== 'Identifier' ||
      value.type !== 'ArrowFunctionExpression' ||
      value.params.length > 0 ||
      source?.type !== 'Literal' ||
      typeof source.value !== 'string'
    )
      throw misread(`a part that is not a plain dynamic import (at ${property.start})`);
    return { name: key.name, path: resolve(join(file, '..'), source.value) };
  });
}

/**
 * Every `const` string or number is written in where it is used, in each browser script: names
 * kept once in a module of constants (the isolated fields' message names) cost no bytes, where the
 * minifier alone would keep a constant used twice in a variable.
 */
export const INLINE_CONST = { inlineConst: { mode: 'all', pass: 1 } };

const sha384 = (text) => createHash('sha384').update(text).digest();

/**
 * Builds each part into dist/gateway-checkout.<name>.<hash>.js (and its source map); returns
 * `{ name, file, integrity, modules }` per part, `modules` being the source files inside it.
 */
export async function buildSiblings({ root, dist, plugins = [], common = {}, members }) {
  const siblings = [];
  for (const part of [...onDemandParts(root), ...languageFiles(root)]) {
    const entry = `\0sibling-${part.name}.js`;
    const code = `import * as part from ${JSON.stringify(part.path)};
document.currentScript.dispatchEvent(new CustomEvent(${JSON.stringify(SIBLING_EVENT)}, { detail: part }));`;
    const { chunk, output } = await buildScript({
      root,
      common,
      plugins,
      members,
      entry,
      code,
      name: part.name,
      sourcemap: 'hidden',
      optimization: INLINE_CONST,
    });
    members?.learn(output);
    const modules = Object.keys(chunk.modules).filter((id) => !id.startsWith('\0'));
    // Named by its content, so a new build never meets an old copy in a cache.
    const body = chunk.code.trimEnd();
    const file = `gateway-checkout.${part.name}.${sha384(body).toString('hex').slice(0, 10)}.js`;
    const text = `${body}\n//# sourceMappingURL=${file}.map\n`;
    writeFileSync(join(dist, file), text);
    writeFileSync(join(dist, `${file}.map`), JSON.stringify({ ...chunk.map, file }));
    siblings.push({ name: part.name, file, integrity: `sha384-${sha384(text).toString('base64')}`, modules });
  }
  return siblings;
}

/**
 * One classic script (an IIFE) built from `code` as the module `entry`: a sibling beside the
 * bundle, or a fields page's language script. Answers its chunk, and the whole output (for the
 * mangled members' name cache).
 */
async function buildScript({ root, common, plugins, members, entry, code, name, sourcemap, optimization }) {
  const output = await build({
    ...common,
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [
      ...plugins,
      {
        name: 'script-entry',
        enforce: 'pre',
        resolveId: (id) => (id.endsWith(entry) ? entry : null),
        load: (id) => (id === entry ? code : null),
      },
    ],
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      sourcemap,
      lib: { entry, formats: ['iife'], name: 'x', fileName: () => `${name}.js` },
      ...(members
        ? {
            rolldownOptions: {
              ...(optimization ? { optimization } : {}),
              output: { minify: members.minify() },
            },
          }
        : {}),
    },
  });
  const chunk = (Array.isArray(output) ? output : [output])
    .flatMap((o) => o.output)
    .find((o) => o.type === 'chunk');
  return { chunk, output };
}

/**
 * The languages' table, a sibling of its own: hands `{ pl: [file, integrity], ... }` over as the
 * other siblings hand their module over. Returns it as a sibling (`{ name: 'languages', ... }`).
 */
export function writeLanguageTable(root, dist, siblings) {
  const codes = languageFiles(root).map((l) => l.name);
  const table = Object.fromEntries(
    siblings.filter((s) => codes.includes(s.name)).map((s) => [s.name, [s.file, s.integrity]]),
  );
  const body = `(()=>{document.currentScript.dispatchEvent(new CustomEvent(${JSON.stringify(SIBLING_EVENT)},{detail:${JSON.stringify(table)}}))})();`;
  const file = `gateway-checkout.languages.${sha384(body).toString('hex').slice(0, 10)}.js`;
  const text = `${body}\n`;
  writeFileSync(join(dist, file), text);
  return {
    name: 'languages',
    file,
    integrity: `sha384-${sha384(text).toString('base64')}`,
    modules: [],
    codes,
  };
}

/**
 * Modules of names only (string constants, no state, no code): a part may carry its own copy of the
 * few it uses, as both sides of a window message must say the same name.
 */
const NAMES_ONLY = new Set(['src/protocol/three-ds-messages.ts']);

/** Fails when a sibling holds a module the bundle holds too (see the top of this file). */
export function checkSelfContained(root, siblings, bundleModules) {
  const inBundle = new Set(bundleModules);
  for (const s of siblings) {
    const shared = s.modules.filter((id) => inBundle.has(id) && !NAMES_ONLY.has(relative(root, id)));
    if (shared.length)
      throw new Error(
        `on-demand part ${s.name} holds code the bundle holds too: ${shared.map((id) => relative(root, id)).join(', ')}`,
      );
  }
}

/** In the script-tag build, on-demand.ts becomes the table of the siblings built beside it. */
export function siblingTable(root, siblings) {
  const target = join(root, ON_DEMAND);
  return {
    name: 'sibling-table',
    enforce: 'pre',
    load(id) {
      if (id !== target) return null;
      const parts = new Set(onDemandParts(root).map((part) => part.name));
      const load = (s) => `loadSibling(${JSON.stringify(s.file)}, ${JSON.stringify(s.integrity)})`;
      const rows = siblings.filter((s) => parts.has(s.name)).map((s) => `  ${s.name}: () => ${load(s)},`);
      const table = siblings.find((s) => s.name === 'languages');
      // Each language: its table first (one request, whichever language), then its own file.
      const languages = `(code) => ${JSON.stringify(table.codes.join(' '))}.split(' ').includes(code) ? ${load(table)}.then((t) => loadSibling(...t[code])) : undefined`;
      return `import { loadSibling } from ${JSON.stringify(join(root, LOADER))};\nexport const onDemand = {\n${rows.join('\n')}\n};\nexport const loadLanguage = ${languages};\n`;
    },
  };
}

/**
 * In the fields page (a frame that has its card form in the page, never in another frame, and shows
 * no hosted form), on-demand.ts loads nothing: its CSP allows the page's own inline scripts only.
 * The page is built once per language, and a page in another language than English carries that
 * language in a script of its own (fieldsLanguageScript), registered before the fields render
 * (src/fields/frame/page-language.ts); any other language reads English. Neither the fields' parent
 * side nor the 3-D Secure relay of a hosted form comes along, nor a loader for chunks that the page
 * could never load. (The masks are in its script: the page imports them itself, see `provideMasks`.)
 */
export function languagesInPage(root) {
  const target = join(root, ON_DEMAND);
  return {
    name: 'languages-in-page',
    enforce: 'pre',
    load(id) {
      if (id !== target) return null;
      const absent = onDemandParts(root).map(
        (part) =>
          `  ${part.name}: () => Promise.reject(new Error('the fields page does not load ${part.name}')),`,
      );
      return `export const onDemand = {\n${absent.join('\n')}\n};\nexport const loadLanguage = () => undefined;\n`;
    },
  };
}

/** The isolated fields' own texts (the terms), one file per language as the elements'. */
export const FIELDS_LANGUAGES = 'src/fields/frame/languages';
/** The global name (Symbol.for) the fields page's language script leaves its texts under: page-language.ts. */
const FIELDS_LANGUAGE = 'gateway-checkout.fields-language';

/**
 * The classic script a fields page in `code` carries before its module script: the elements' texts
 * of the language and the fields' own (only what the fields use: not the hosted pages' words),
 * left under FIELDS_LANGUAGE for page-language.ts. Returns its code, minified.
 */
export async function fieldsLanguageScript({ root, code, plugins = [], common = {}, members }) {
  const entry = `\0fields-language-${code}.js`;
  // A language without the fields' own texts yet shows those in English (page-language.ts).
  const terms = join(root, FIELDS_LANGUAGES, `${code}.ts`);
  const source = `import { code, dir, texts } from ${JSON.stringify(join(root, LANGUAGES, `${code}.ts`))};
${existsSync(terms) ? `import { terms } from ${JSON.stringify(terms)};` : 'const terms = undefined;'}
globalThis[Symbol.for(${JSON.stringify(FIELDS_LANGUAGE)})] = { code, dir, texts, terms };`;
  const { chunk, output } = await buildScript({
    root,
    common,
    plugins,
    members,
    entry,
    code: source,
    name: code,
    sourcemap: false,
  });
  members?.learn(output);
  return chunk.code.trim();
}

/** The languages shipped beside English, by the files of LANGUAGES: `de`, `es`, ... */
export function languagesShipped(root) {
  return languageFiles(root).map((l) => l.name);
}

/**
 * The list of languages as every build of the source sees it (`define`): on-demand.ts knows the
 * codes at once, without a dynamic import per language in the first chunk of the ES module build.
 */
export function languagesDefine(root) {
  return { __GATEWAY_LANGUAGES__: JSON.stringify(languagesShipped(root).join(' ')) };
}
