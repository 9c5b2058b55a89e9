/**
 * Which Host headers the sandbox answers. A page on any site can make a browser send requests to
 * 127.0.0.1 under its own name by rebinding that name's DNS record to loopback; checking the name
 * the browser used is what stops it reaching the API (whose default key is public) and the
 * control surface.
 */
import { isIP } from 'node:net';

export type HostVerdict = { ok: true } | { ok: false; status: 400 | 421; message: string; code: string };

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

const isLoopback = (hostname: string): boolean =>
  LOOPBACK_NAMES.has(hostname) ||
  hostname.endsWith('.localhost') ||
  (isIP(hostname) === 4 && hostname.startsWith('127.'));

/** `configured`: the host the sandbox listens on, plus the names given in `allowedHosts`. */
export function hostChecker(configured: readonly string[]): (header: string | undefined) => HostVerdict {
  const allowed = new Set(configured.map((h) => h.toLowerCase()).map((h) => (isIP(h) === 6 ? `[${h}]` : h)));
  return (header) => {
    // No path, query, user info or white space may ride along in a Host header.
    if (!header || /[\s/?#@\\]/.test(header)) return malformed(header);
    let hostname: string;
    try {
      hostname = new URL(`http://${header}`).hostname;
    } catch {
      return malformed(header);
    }
    if (isLoopback(hostname) || allowed.has(hostname)) return { ok: true };
    return {
      ok: false,
      status: 421,
      code: 'host_not_allowed',
      message:
        'This sandbox answers only loopback names (localhost, 127.0.0.1, [::1]) and the names in its allowedHosts option',
    };
  };
}

const malformed = (header: string | undefined): HostVerdict => ({
  ok: false,
  status: 400,
  code: 'bad_host',
  message: header ? 'The Host header is not a valid host name' : 'The Host header is missing',
});
