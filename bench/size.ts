// Section 1: what the bundles cost on the wire.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { kB, table } from './stats.ts';

/** The script-tag bundle's budget in DESIGN.md (gzip -9: English, the fields in the page, all it needs to pay). */
export const IIFE_BUDGET_GZIP = 42_000;

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface SizeResult {
  iife: FileSize;
  /** Its siblings in dist/, loaded on demand (languages, the isolated fields' parent side). */
  siblings: FileSize[];
  budget: number;
  /** Budget minus gzip size; negative when over budget. */
  margin: number;
  esm: { files: FileSize[]; raw: number; gzip: number; brotli: number };
}

export function sizeOf(dir: string, file: string): FileSize {
  const bytes = readFileSync(join(dir, file));
  return {
    file,
    raw: bytes.length,
    // Level 9, as scripts/size.mjs measures the budget.
    gzip: gzipSync(bytes, { level: 9 }).length,
    // Brotli at its best quality, as a CDN serving a static file would precompress it.
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  };
}

export function measureSizes(dist: string): SizeResult {
  const iife = sizeOf(dist, 'gateway-checkout.iife.js');
  const siblings = readdirSync(dist)
    .filter((f) => /^gateway-checkout\..+\.js$/.test(f) && !f.startsWith('gateway-checkout.iife.'))
    .sort()
    .map((f) => sizeOf(dist, f));
  const esmDir = join(dist, 'esm');
  // Source maps are not shipped to browsers, so only the .js files count.
  const files = readdirSync(esmDir)
    .filter((f) => f.endsWith('.js'))
    .sort()
    .map((f) => sizeOf(esmDir, f));
  const sum = (key: 'raw' | 'gzip' | 'brotli') => files.reduce((total, f) => total + f[key], 0);
  return {
    iife,
    siblings,
    budget: IIFE_BUDGET_GZIP,
    margin: IIFE_BUDGET_GZIP - iife.gzip,
    esm: { files, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') },
  };
}

export function printSizes(result: SizeResult): void {
  const { iife, esm } = result;
  const status = result.margin >= 0 ? `${kB(result.margin)} under` : `${kB(-result.margin)} OVER`;
  const rows = [
    [`dist/${iife.file}`, kB(iife.raw), kB(iife.gzip), kB(iife.brotli), `${kB(result.budget)} gzip`, status],
    ...result.siblings.map((f) => [
      `  beside it, on demand: ${f.file}`,
      kB(f.raw),
      kB(f.gzip),
      kB(f.brotli),
      '',
      '',
    ]),
    ...esm.files.map((f) => [`dist/esm/${f.file}`, kB(f.raw), kB(f.gzip), kB(f.brotli), '', '']),
    ['dist/esm/*.js total (deps external)', kB(esm.raw), kB(esm.gzip), kB(esm.brotli), '', ''],
  ];
  console.log(
    table(
      '1. Bundle size (gzip -9, brotli q11; ESM sizes are per file, summed)',
      ['file', 'raw', 'gzip', 'brotli', 'budget', 'margin'],
      rows,
    ),
  );
}
