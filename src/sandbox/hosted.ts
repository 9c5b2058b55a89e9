/** The browser bundle the hosted pages' `<gateway-checkout>` comes from. */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const BUNDLE_FILE = 'gateway-checkout.iife.js';
export const BUNDLE_PATH = `/assets/${BUNDLE_FILE}`;

export interface Bundle {
  /** The script's bytes, as served at /assets/gateway-checkout.iife.js. */
  js: Buffer;
  /** `sha384-…` for the script tag. */
  integrity: string;
}

/**
 * The browser bundle in `distDir`, read now (a build may appear or change while the sandbox runs),
 * or null when it is not built. Its integrity hash is computed from the bytes served: the same
 * value the build writes to `gateway-checkout.iife.js.integrity`, but never stale while a rebuild
 * is half done, so the page never names a hash its script does not have.
 */
export function readBundle(distDir: string | null): Bundle | null {
  if (!distDir) return null;
  const file = join(distDir, BUNDLE_FILE);
  if (!existsSync(file)) return null;
  try {
    const js = readFileSync(file);
    return { js, integrity: `sha384-${createHash('sha384').update(js).digest('base64')}` };
  } catch {
    return null;
  }
}

/** A sibling file of the bundle in `distDir` (its name already checked), or null. */
export function readSibling(distDir: string, file: string): Buffer | null {
  try {
    return readFileSync(join(distDir, file));
  } catch {
    return null;
  }
}
