// Section 1b: our bundles beside what a merchant would pick instead, built the same way in the same
// run. Every subject is one small entry module importing a published package (ours from dist/esm,
// the peers from their npm packages), bundled by a Vite library build (IIFE) with every dependency
// inside, minified, and measured like section 1 (gzip -9, brotli q11). A merchant's bundler produces the same.
//
// What this leaves out, and a reader should know: Adyen's and Braintree's card fields are iframes
// served from their own hosts, so their pages load more than the script measured here; our fields
// run in the page and the script is all there is.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { type FileSize, sizeOf } from './size.ts';
import { kB, table } from './stats.ts';

export interface Subject {
  id: string;
  label: string;
  /** The entry module's source: what a merchant's code would import. */
  source: string;
  ours: boolean;
}

export interface BundleSize {
  id: string;
  label: string;
  ours: boolean;
  js: FileSize;
  /** CSS the entry imports, emitted beside the script (Adyen's stylesheet). */
  css: FileSize | null;
  /** JS and CSS together: what the merchant's page downloads from this package. */
  total: { raw: number; gzip: number; brotli: number };
}

export interface PeerSizeResult {
  vite: string;
  bundles: BundleSize[];
}

export function subjects(distEsm: string): Subject[] {
  const ours = (file: string) => JSON.stringify(join(distEsm, file));
  return [
    {
      id: 'ours-define',
      label: 'gateway-checkout/define (all four elements)',
      source: `import ${ours('define.js')};\n`,
      ours: true,
    },
    {
      id: 'ours-checkout',
      label: 'gateway-checkout { GatewayCheckout }',
      source: `export { GatewayCheckout } from ${ours('index.js')};\n`,
      ours: true,
    },
    {
      id: 'adyen',
      label: 'Adyen Web { AdyenCheckout, Card } + adyen.css',
      source:
        "export { AdyenCheckout, Card } from '@adyen/adyen-web';\nimport '@adyen/adyen-web/styles/adyen.css';\n",
      ours: false,
    },
    {
      id: 'braintree',
      label: 'Braintree client + hosted-fields',
      source:
        "export { default as client } from 'braintree-web/client';\nexport { default as hostedFields } from 'braintree-web/hosted-fields';\n",
      ours: false,
    },
    {
      id: 'braintree-3ds',
      label: 'Braintree client + hosted-fields + three-d-secure',
      source:
        "export { default as client } from 'braintree-web/client';\nexport { default as hostedFields } from 'braintree-web/hosted-fields';\nexport { default as threeDSecure } from 'braintree-web/three-d-secure';\n",
      ours: false,
    },
  ];
}

/**
 * Bundles `entry` into `outDir/<fileName>` (and a `bundle.css` when it has styles) as a merchant's
 * production build would, and as our script-tag bundle is built: one IIFE, minified, every
 * dependency inside. For the peers here and for the stack's floor (floor.ts).
 */
export async function buildScriptTagBundle(
  root: string,
  entry: string,
  outDir: string,
  fileName: string,
): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'silent',
    // What a merchant's production build does; library mode alone would leave development branches in.
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      cssMinify: true,
      sourcemap: false,
      reportCompressedSize: false,
      // IIFE, as our script-tag bundle: Vite leaves the white space of a library's ES output alone
      // (to keep its pure annotations), so an ES build would not be minified like a merchant's app.
      lib: { entry, name: 'Bench', formats: ['iife'], fileName: () => fileName, cssFileName: 'bundle' },
    },
  });
}

async function bundle(subject: Subject, workDir: string): Promise<BundleSize> {
  const dir = join(workDir, subject.id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, 'entry.js');
  writeFileSync(entry, subject.source);
  const outDir = join(dir, 'out');
  await buildScriptTagBundle(dir, entry, outDir, 'bundle.js');
  const files = readdirSync(outDir);
  const js = files.filter((f) => f.endsWith('.js'));
  if (js.length !== 1)
    throw new Error(`${subject.label}: expected one script, the build wrote ${files.join(', ')}`);
  const cssFile = files.find((f) => f.endsWith('.css'));
  const jsSize = sizeOf(outDir, js[0]!);
  const css = cssFile ? sizeOf(outDir, cssFile) : null;
  const sum = (key: 'raw' | 'gzip' | 'brotli') => jsSize[key] + (css?.[key] ?? 0);
  return {
    id: subject.id,
    label: subject.label,
    ours: subject.ours,
    js: jsSize,
    css,
    total: { raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') },
  };
}

export async function measurePeerSizes(
  distEsm: string,
  workDir: string,
  vite: string,
): Promise<PeerSizeResult> {
  const bundles: BundleSize[] = [];
  // One at a time: parallel builds on two busy cores only make each slower.
  for (const subject of subjects(distEsm)) bundles.push(await bundle(subject, workDir));
  return { vite, bundles };
}

/** Ours ÷ theirs, gzip of everything the page downloads from the package. */
export const ratio = (ours: number, theirs: number): string => `${(ours / theirs).toFixed(2)}x`;

export function printPeerSizes(result: PeerSizeResult, iifeGzip: number): void {
  const define = result.bundles.find((b) => b.id === 'ours-define')!;
  const rows = result.bundles.map((b) => [
    b.label,
    kB(b.js.raw),
    kB(b.js.gzip),
    kB(b.js.brotli),
    b.css ? kB(b.css.gzip) : '',
    kB(b.total.gzip),
    kB(b.total.brotli),
    b.ours ? '' : ratio(define.total.gzip, b.total.gzip),
    b.ours ? '' : ratio(iifeGzip, b.total.gzip),
  ]);
  console.log(
    table(
      `1b. Side by side (Vite ${result.vite} library build, IIFE, minified, every dependency inside; gzip -9, brotli q11)`,
      [
        'bundle',
        'js raw',
        'js gzip',
        'js brotli',
        'css gzip',
        'total gzip',
        'total brotli',
        'define ÷',
        'iife ÷',
      ],
      rows,
    ),
  );
  console.log(
    `  "define ÷" and "iife ÷": our ES define entry (${kB(define.total.gzip)}) and script-tag bundle (${kB(iifeGzip)}) as a share of the peer, gzip.\n` +
      "  The peers' card fields are iframes from their own hosts, which load more than measured here; ours run in the page.",
  );
}
