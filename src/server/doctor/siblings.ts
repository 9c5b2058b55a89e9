/**
 * The bundle's siblings (masks, languages, the isolated fields' parent side…), loaded on demand
 * from the bundle's own folder and run only when they match the SHA-384 built into the bundle.
 * The doctor reads that table from the bundle it fetched and checks each file as the browser would:
 * a missing or changed one is a part that silently falls back for customers.
 */
import { fetchScript, integrityMatches } from './bundle.ts';
import { type DoctorContext, fail, pass, skip } from './context.ts';
import type { CheckResult } from './types.ts';

const TITLE = 'Bundle siblings';

/** The bundle's table: each sibling's file name beside its integrity, as the build writes them. */
export function siblingTable(bundle: string): Array<{ file: string; integrity: string }> {
  // The minifier writes the strings with any quote; template literals here hold no substitution.
  const rows = bundle.matchAll(
    /["'`](gateway-checkout\.[\w-]+\.[0-9a-f]{6,}\.js)["'`]\s*,\s*["'`](sha384-[A-Za-z0-9+/]+={0,2})["'`]/g,
  );
  const seen = new Map<string, string>();
  for (const [, file, integrity] of rows) seen.set(file!, integrity!);
  return [...seen].map(([file, integrity]) => ({ file, integrity }));
}

export async function checkSiblings(ctx: DoctorContext): Promise<CheckResult> {
  const page = ctx.page;
  if (!page?.bundle || ctx.bundleText === null) return skip('siblings', TITLE, 'not checked: no bundle');
  const table = siblingTable(ctx.bundleText);
  if (table.length === 0)
    return fail(
      'siblings',
      TITLE,
      'the bundle names no sibling files: not a gateway-checkout build',
      'serve dist/gateway-checkout.iife.js of the package as built, unchanged',
    );
  const bundleUrl = page.bundle.src;
  const results = await Promise.all(
    table.map(async ({ file, integrity }) => {
      const url = new URL(file, bundleUrl).href;
      const fetched = await fetchScript(ctx, url, page.origin);
      if (!fetched.bytes)
        return { file, problem: fetched.problem.includes('answered 404') ? 'missing' : fetched.problem };
      return {
        file,
        problem: integrityMatches(integrity, fetched.bytes) ? null : 'changed (integrity differs)',
      };
    }),
  );
  const bad = results.filter((r) => r.problem);
  const folder = new URL('./', bundleUrl).href;
  if (bad.length === 0)
    return pass('siblings', TITLE, `all ${table.length} beside the bundle in ${folder} match`);
  return fail(
    'siblings',
    TITLE,
    `${bad.length} of ${table.length} in ${folder}: ${bad.map((b) => `${b.file} ${b.problem}`).join('; ')}`,
    'publish every gateway-checkout.*.js of the same build beside the bundle, unchanged (the build names ' +
      'them by content, so old copies may stay)',
  );
}
