// Builds every output of the package into dist/:
//   dist/gateway-checkout.iife.js   the script-tag bundle (registers every element; alone, a complete
//                                   English checkout with the card fields in the page)
//   dist/gateway-checkout.iife.js.integrity  its Subresource Integrity hash (sha384)
//   dist/gateway-checkout.<part>.<hash>.js   its siblings: the card fields' masks, the other
//                                   languages, the isolated fields' parent side..., loaded on demand,
//                                   checked against hashes built into the bundle (scripts/siblings.mjs)
//   dist/esm/                       the ES module build of the browser entries (dependencies external)
//   dist/fields/index.html          the isolated card fields: one page, its script inside
//   dist/node/ssr/                  gateway-checkout/ssr: the checkout rendered on the merchant's server
//   dist/node/                      gateway-checkout/server and gateway-checkout/sandbox for Node,
//                                   as ES modules (.js) and CommonJS (.cjs), and the sandbox's bin
//   dist/types/                     declarations (.d.ts, and .d.cts for the CommonJS entries)
//   dist/custom-elements.json       the custom-elements manifest
//   (and src/frameworks/elements.generated.ts from the manifest, for the framework typings)
// One script rather than several vite configs, so the outputs cannot drift apart.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { collapseHtml } from './html-templates.mjs';
import { litProperties } from './lit-properties.mjs';
import { mangledMembers } from './mangle.mjs';
import {
  buildSiblings,
  checkSelfContained,
  fieldsLanguageScript,
  INLINE_CONST,
  languagesDefine,
  languagesInPage,
  languagesShipped,
  siblingTable,
  writeLanguageTable,
} from './siblings.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// BUILD_DIST: another folder (a test's build beside the real one).
const dist = process.env.BUILD_DIST ? resolve(process.env.BUILD_DIST) : join(root, 'dist');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// React and @lit/react are optional peers of gateway-checkout/react: the app brings its own copy.
const deps = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
const isExternal = (id) =>
  deps.some((d) => id === d || id.startsWith(`${d}/`)) ||
  id.startsWith('node:') ||
  builtinModules.includes(id);

/**
 * Lit styles are template literals that no minifier touches. Collapsing their white space and
 * comments keeps the script-tag bundle inside its budget; CSS has no significant runs of spaces
 * outside strings, and our styles have no strings with runs of spaces.
 */
const minifyLitCss = () => ({
  name: 'minify-lit-css',
  transform(code, id) {
    if (!/\/src\/elements\/.*\.ts$/.test(id) || !code.includes('css`')) return null;
    return {
      map: null,
      code: code.replace(
        /css`([^`]*)`/g,
        (_m, body) =>
          `css\`${body
            .replace(/\/\*[\s\S]*?\*\//g, '')
            .replace(/\s+/g, ' ')
            .replace(/ ?([{};,]) ?/g, '$1')
            .replace(/: /g, ':')
            .replace(/;}/g, '}')
            .trim()}\``,
      ),
    };
  },
});

/**
 * imask's input control picks its element wrapper at run time: an input, or a contenteditable
 * element. Ours are inputs only (input-mask.ts), so the contenteditable wrapper is never made; it
 * is left out of the browser builds that carry imask, in place of a class that says so if ever made.
 */
const inputsOnlyMask = () => ({
  name: 'imask-inputs-only',
  enforce: 'pre',
  load(id) {
    if (!id.endsWith('/imask/esm/controls/html-contenteditable-mask-element.js')) return null;
    return 'export default class { constructor() { throw new Error("gateway-checkout masks inputs only"); } }';
  },
});

const only = new Set(process.argv.slice(2));
const wants = (step) => only.size === 0 || only.has(step);
const common = { root, configFile: false, logLevel: 'warn', define: languagesDefine(root) };
/** `_` members renamed alike in the bundle, its siblings and the fields page (scripts/mangle.mjs). */
const members = mangledMembers(root);

if (only.size === 0) rmSync(dist, { recursive: true, force: true });

// First: the React components and the framework typings are generated from the manifest.
if (wants('manifest')) {
  execFileSync(process.execPath, [join(root, 'scripts/cem.mjs')], { stdio: 'inherit', cwd: root });
  execFileSync(process.execPath, [join(root, 'scripts/typings.mjs')], { stdio: 'inherit', cwd: root });
}

if (wants('iife')) {
  mkdirSync(dist, { recursive: true });
  for (const old of readdirSync(dist, { withFileTypes: true }))
    if (
      old.isFile() &&
      /^gateway-checkout\..+\.js(\.map)?$/.test(old.name) &&
      !old.name.startsWith('gateway-checkout.iife.')
    )
      rmSync(join(dist, old.name));
  const siblings = await buildSiblings({
    root,
    dist,
    plugins: [litProperties(), minifyLitCss(), inputsOnlyMask()],
    members,
  });
  siblings.push(writeLanguageTable(root, dist, siblings));
  const output = await build({
    ...common,
    plugins: [
      litProperties(),
      minifyLitCss(),
      collapseHtml(),
      inputsOnlyMask(),
      siblingTable(root, siblings),
    ],
    build: {
      outDir: dist,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: true,
      lib: {
        entry: join(root, 'src/iife.ts'),
        name: 'GatewayCheckout',
        formats: ['iife'],
        fileName: () => 'gateway-checkout.iife.js',
      },
      rolldownOptions: { optimization: INLINE_CONST, output: { minify: members.minify() } },
    },
  });
  members.learn(output);
  const chunk = (Array.isArray(output) ? output : [output])
    .flatMap((o) => o.output)
    .find((o) => o.type === 'chunk');
  checkSelfContained(root, siblings, Object.keys(chunk.modules));
  const bundle = readFileSync(join(dist, 'gateway-checkout.iife.js'));
  const integrity = `sha384-${createHash('sha384').update(bundle).digest('base64')}`;
  writeFileSync(join(dist, 'gateway-checkout.iife.js.integrity'), `${integrity}\n`);
}

/** Code set into an inline script: nothing in it may end the element or open an HTML comment. */
const inlineCode = (code) => code.replaceAll('</script', '<\\/script').replaceAll('<!--', '<\\!--').trim();

/**
 * The fields page with its form rendered in (dist/node/ssr/fields-page.js, built just before): the
 * card fields show and take input as soon as the frame's page is parsed, before its script has run.
 * One page per language we ship (index.<lang>.html beside index.html, which is English): the frame
 * names its language, and the fields handler serves that page. A page carries the texts of its own
 * language only, in a classic script before the module script (which holds English), so the fields
 * hydrate in that language with no request (see src/fields/frame/page-language.ts); the page's CSP
 * names both scripts by their hashes.
 */
async function prerenderFields(page, html) {
  const { renderFieldsPage } = await import(pathToFileURL(join(dist, 'node', 'ssr', 'fields-page.js')).href);
  const script = /<script type="module">[\s\S]*<\/script>/.exec(html)?.[0];
  if (!script || !html.includes('<body></body>') || !html.includes('<html lang="en">'))
    throw new Error(`${page}: no script, empty <body> or <html lang="en"> to render the form into`);
  // The script after the form: the parser reaches the fields before it compiles the script.
  const shell = html.replace(script, () => '');
  for (const language of ['en', ...languagesShipped(root)]) {
    const { style, form } = await renderFieldsPage(language);
    const texts =
      language === 'en'
        ? ''
        : `<script>${inlineCode(
            await fieldsLanguageScript({ root, code: language, common, plugins: [minifyLitCss()], members }),
          )}</script>`;
    const rendered = shell
      .replace('<html lang="en">', `<html lang="${language}">`)
      .replace('</head>', () => `${style}</head>`)
      .replace('<body></body>', () => `<body>${form}${texts}${script}</body>`);
    writeFileSync(language === 'en' ? page : page.replace(/\.html$/, `.${language}.html`), rendered);
  }
}

if (wants('ssr')) {
  // gateway-checkout/ssr: the elements rendered on the merchant's server. Built with the same
  // template transforms as the browser builds: hydration matches a server-rendered template to the
  // browser's by a digest of its strings, so both must hold the very same strings.
  const out = join(dist, 'node', 'ssr');
  rmSync(out, { recursive: true, force: true });
  await build({
    ...common,
    plugins: [litProperties(), minifyLitCss(), collapseHtml()],
    build: {
      outDir: out,
      emptyOutDir: false,
      target: 'node20',
      ssr: true,
      minify: false,
      sourcemap: true,
      rollupOptions: {
        // index: gateway-checkout/ssr; fields-page: the isolated fields' form, for the build only.
        input: { index: join(root, 'src/ssr/index.ts'), 'fields-page': join(root, 'src/ssr/fields-page.ts') },
        external: isExternal,
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  });
}

if (wants('fields')) {
  // Pages of their own, served from the merchant's second origin: the card form and nothing else
  // (index.html), and the Pay button that goes with it (pay.html). Built one at a time: a chunk the
  // two shared would be a second script, which the pages' CSP does not allow.
  const out = join(dist, 'fields');
  rmSync(out, { recursive: true, force: true });
  for (const [name, entry] of [
    ['index', 'fields'],
    ['pay', 'pay'],
  ]) {
    await build({
      ...common,
      root: join(root, 'src/fields/frame'),
      base: './',
      plugins: [litProperties(), minifyLitCss(), collapseHtml(), inputsOnlyMask(), languagesInPage(root)],
      build: {
        outDir: out,
        emptyOutDir: false,
        target: 'es2022',
        minify: true,
        sourcemap: false,
        // One script and no preload helper: the page's CSP allows its own script and nothing else.
        modulePreload: false,
        // Everything in that one script but the languages other than English, which the page of
        // each carries beside it (see prerenderFields), and nothing the fields page never runs
        // (see languagesInPage).
        rollupOptions: {
          optimization: INLINE_CONST,
          input: join(root, 'src/fields/frame', `${name}.html`),
          output: {
            entryFileNames: `assets/${entry}-[hash].js`,
            codeSplitting: false,
            minify: members.minify(),
          },
        },
        // The CSS-in-JS of Lit only: nothing to emit beside the script.
        cssCodeSplit: false,
      },
    });
    // The script goes inside the page: one request to the fields' origin instead of two before the
    // card can be typed. The page's CSP names the script by its hash (see src/server/fields.ts).
    const page = join(out, `${name}.html`);
    const assets = join(out, 'assets');
    const pattern = new RegExp(
      `<script type="module" crossorigin src="\\./assets/(${entry}-[\\w-]+\\.js)"></script>`,
    );
    const html = readFileSync(page, 'utf8').replace(pattern, (_tag, file) => {
      // Nothing in the code may end the element or open an HTML comment inside it.
      return `<script type="module">${inlineCode(readFileSync(join(assets, file), 'utf8'))}</script>`;
    });
    if (!html.includes('<script type="module">'))
      throw new Error(`dist/fields/${name}.html: the script tag was not found`);
    writeFileSync(page, html);
    rmSync(assets, { recursive: true, force: true });
    if (name === 'index') await prerenderFields(page, html);
  }
}

if (wants('esm')) {
  await build({
    ...common,
    plugins: [litProperties(), minifyLitCss(), collapseHtml(), members.plugin()],
    build: {
      outDir: join(dist, 'esm'),
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      sourcemap: true,
      lib: {
        entry: {
          index: join(root, 'src/index.ts'),
          define: join(root, 'src/define.ts'),
          react: join(root, 'src/react/index.ts'),
        },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      rollupOptions: {
        external: isExternal,
        // The parts loaded on demand (see on-demand.ts) by name: `de-[hash].js`, `parent-bridge-...`.
        output: {
          chunkFileNames: (chunk) => (chunk.isDynamicEntry ? '[name]-[hash].js' : 'elements-[hash].js'),
        },
        // The React entry's 'use client' stays at the top of its own output file, which is all a
        // Server Components bundler reads; the warning is about directives inside shared chunks.
        onLog(level, log, handler) {
          if (log.code === 'MODULE_LEVEL_DIRECTIVE' && /src\/react\//.test(log.id ?? log.message)) return;
          handler(level, log);
        },
      },
    },
  });
  if (!/^['"]use client['"];/.test(readFileSync(join(dist, 'esm/react.js'), 'utf8')))
    throw new Error("dist/esm/react.js lost its 'use client' directive: Server Components would fail on it");
}

if (wants('node')) {
  const nodeEntries = {
    'server/index': join(root, 'src/server/index.ts'),
    'server/redis/index': join(root, 'src/server/redis/index.ts'),
    'sandbox/index': join(root, 'src/sandbox/index.ts'),
  };
  const nodeBuild = (format, input, output) =>
    build({
      ...common,
      build: {
        outDir: join(dist, 'node'),
        emptyOutDir: false,
        target: 'node20',
        ssr: true,
        minify: false,
        sourcemap: true,
        rollupOptions: { input, external: isExternal, output: { format, ...output } },
      },
    });
  // Its own outputs go; dist/node/ssr is the ssr step's, built before the fields page, which uses it.
  mkdirSync(join(dist, 'node'), { recursive: true });
  for (const entry of readdirSync(join(dist, 'node')))
    if (entry !== 'ssr') rmSync(join(dist, 'node', entry), { recursive: true, force: true });
  // ES modules, and the package's commands (its `bin`: the sandbox, the doctor) beside them.
  const commands = {
    'sandbox/cli': join(root, 'src/sandbox/cli.ts'),
    'server/doctor/cli': join(root, 'src/server/doctor/cli.ts'),
  };
  await nodeBuild(
    'es',
    { ...nodeEntries, ...commands },
    {
      entryFileNames: '[name].js',
      banner: (chunk) => (chunk.name in commands ? '#!/usr/bin/env node' : ''),
    },
  );
  // CommonJS for `require` (CommonJS servers, Jest, NestJS-style TypeScript): a second copy rather
  // than a wrapper around the ES build, since `require` of an ES module needs Node 20.19 and no
  // top-level await anywhere in the graph. The two copies share no state: an app loads one of them.
  await nodeBuild('cjs', nodeEntries, { entryFileNames: '[name].cjs', chunkFileNames: '[name]-[hash].cjs' });
}

if (wants('types')) {
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')],
    {
      stdio: 'inherit',
    },
  );
  // `.d.cts` twins of the Node entries' declarations, for the `require` condition.
  execFileSync(process.execPath, [join(root, 'scripts/cjs-types.mjs')], { stdio: 'inherit', cwd: root });
}
