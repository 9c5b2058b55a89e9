/**
 * Where card data may go. The direct payment body holds the card number and security code, so its
 * address is checked before the body is built: a wrong `api-do-url` attribute, or a session answer
 * from a compromised or misconfigured merchant server, must not turn the checkout into a skimmer.
 *
 * - With an allow-list (`gateway-origins`), the address's origin must be on it, and the list's own
 *   entries must be https (or loopback, for a local sandbox). `self` (as in a CSP) is the page's
 *   own origin: only the gateway's own hosted page lists it.
 * - Without one, any https origin, or a loopback origin for the sandbox, other than the page's own:
 *   the merchant's origin never receives card data, so a relative address like `/pay` is refused.
 */

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

function secureOrigin(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
}

/** Normalises `https://GW.example:443/` to `https://gw.example`; null for what is no https or loopback origin. */
export function normaliseOrigin(origin: string): string | null {
  try {
    const url = new URL(origin.trim());
    return url.origin !== 'null' && secureOrigin(url) ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Why card data may not be sent to `address`, naming the rule, or null when it may. `pageOrigin` is
 * the origin of the document the checkout runs in (relative addresses resolve against it).
 */
export function gatewayAddressProblem(
  address: string,
  allowedOrigins: readonly string[],
  pageOrigin: string | undefined,
): string | null {
  let url: URL;
  try {
    url = new URL(address, pageOrigin && pageOrigin !== 'null' ? pageOrigin : undefined);
  } catch {
    return `api_do_url ${address} is no URL`;
  }
  if (!secureOrigin(url)) {
    return `api_do_url ${url.origin} is not https (http: loopback only)`;
  }
  if (allowedOrigins.length > 0) {
    const allowed = allowedOrigins.map((entry) =>
      /^'?self'?$/i.test(entry.trim()) ? (pageOrigin ?? null) : normaliseOrigin(entry),
    );
    if (!allowed.includes(url.origin)) {
      return `api_do_url ${url.origin} is not in gateway-origins`;
    }
    return null;
  }
  if (url.origin === pageOrigin) {
    return `api_do_url ${url.origin} is this page's own origin`;
  }
  return null;
}

/**
 * Whether the gateway's 3-D Secure address may be opened (framed, or navigated to with a redirect):
 * a web page only. A `javascript:` address in a gateway's answer, or in a record a script of the
 * page rewrote, would otherwise run in the merchant's page; `data:` and `blob:` are no bank's page.
 * Relative addresses resolve against `base` (the page).
 */
export function openableChallenge(address: string, base?: string): boolean {
  try {
    return /^(https?|about):$/.test(new URL(address, base).protocol);
  } catch {
    return false;
  }
}
