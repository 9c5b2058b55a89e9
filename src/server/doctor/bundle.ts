/**
 * The bundle as the page names it: fetched from the script tag's address, as the browser would
 * (with the page's Origin, CORS where it is another origin), and checked against the tag's
 * `integrity`. A mismatch is what the browser refuses: no checkout at all.
 */
import { createHash } from 'node:crypto';
import { type DoctorContext, fail, pass, reason, skip } from './context.ts';
import type { CheckResult } from './types.ts';

const TITLE = 'Bundle integrity';

/** Whether `bytes` match one of an `integrity` attribute's hashes (sha256, sha384, sha512). */
export function integrityMatches(integrity: string, bytes: Uint8Array): boolean {
  return integrity
    .trim()
    .split(/\s+/)
    .some((token) => {
      const match = /^sha(256|384|512)-([A-Za-z0-9+/_-]+={0,2})/.exec(token);
      if (!match) return false;
      const digest = createHash(`sha${match[1]}`).update(bytes).digest('base64');
      return digest === match[2]!.replace(/-/g, '+').replace(/_/g, '/');
    });
}

export const sha384 = (bytes: Uint8Array) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** Fetches a script as the page would, with CORS where it is cross-origin; null when it came whole. */
export async function fetchScript(
  ctx: DoctorContext,
  url: string,
  pageOrigin: string,
): Promise<{ bytes: Uint8Array; problem: null } | { bytes: null; problem: string }> {
  const crossOrigin = new URL(url).origin !== pageOrigin;
  try {
    // A script follows redirects, as the browser does (a CDN's latest-version address).
    const { response, body } = await ctx.request(url, {
      redirect: 'follow',
      ...(crossOrigin ? { headers: { Origin: pageOrigin } } : {}),
    });
    if (response.status !== 200) return { bytes: null, problem: `${url} answered ${response.status}` };
    const allow = response.headers.get('access-control-allow-origin');
    if (crossOrigin && allow !== '*' && allow !== pageOrigin)
      return {
        bytes: null,
        problem: `${url} answers no CORS to ${pageOrigin}, so the integrity check fails`,
      };
    return { bytes: body, problem: null };
  } catch (error) {
    return { bytes: null, problem: `${url} did not answer: ${reason(error)}` };
  }
}

export async function checkBundle(ctx: DoctorContext): Promise<CheckResult> {
  const page = ctx.page;
  if (!page) return skip('bundle', TITLE, 'not checked: no page');
  const tag = page.bundle;
  if (!tag)
    return skip(
      'bundle',
      TITLE,
      'the page loads no gateway-checkout.iife.js by a script tag (an app build ships the package itself)',
    );
  const fetched = await fetchScript(ctx, tag.src, page.origin);
  if (!fetched.bytes)
    return fail(
      'bundle',
      TITLE,
      fetched.problem,
      'publish dist/ whole in one folder at the address the script tag names; from a CDN, answer ' +
        'Access-Control-Allow-Origin for your page',
    );
  ctx.bundleText = new TextDecoder().decode(fetched.bytes);
  const actual = sha384(fetched.bytes);
  if (!tag.integrity)
    return fail(
      'bundle',
      TITLE,
      `the script tag has no integrity: a changed copy would run unchecked (the bundle served is ${actual})`,
      `add integrity="${actual}" crossorigin="anonymous" to the tag, from dist/gateway-checkout.iife.js.integrity of the build you publish`,
    );
  if (new URL(tag.src).origin !== page.origin && tag.crossorigin === null)
    return fail(
      'bundle',
      TITLE,
      'the script tag loads from another origin without crossorigin: the browser cannot check its integrity',
      'add crossorigin="anonymous" to the tag',
    );
  if (!integrityMatches(tag.integrity, fetched.bytes))
    return fail(
      'bundle',
      TITLE,
      `${tag.src} is not the file the page's integrity names (it is ${actual}): the browser refuses it`,
      'publish the bundle and the hash of one build together (dist/gateway-checkout.iife.js and its .integrity)',
    );
  return pass('bundle', TITLE, `${tag.src} matches the page's integrity`);
}
