/**
 * The merchant's session endpoints the isolated fields may call, as `createFieldsHandler` names them
 * into the fields page. The page's address for the session (from `session-url`) is the page's word,
 * and a script on that page can change it; the fields take it only when it is one of these. What the
 * order is (its amount, a hold, saving the card, MOTO) is then the merchant's server's to say for
 * the visit, never a query the page wrote: an address with a query is refused outright.
 *
 * An endpoint is an absolute http(s) address without query or fragment. For development only, its
 * port may be `*` and its path may end in `/*` (any path below): the sandbox serves the fields to
 * any loopback shop so.
 */

/** The name of the `<meta>` the fields page carries the list in. */
export const SESSION_ENDPOINTS_META = 'gateway-session-endpoints';

const ENDPOINT = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}|\*))?(\/[^?#\s]*)$/i;

/** Why `value` is no endpoint the fields may be given, or null when it is one. */
export function endpointProblem(value: string): string | null {
  const match = ENDPOINT.exec(value);
  if (!match)
    return 'must be an absolute http(s) address with a path and no query, e.g. https://shop.example/checkout/session';
  const path = match[4]!;
  if (path.slice(0, -1).includes('*'))
    return 'may hold * only as its port or as its path’s last segment (/*)';
  return null;
}

/**
 * Whether `address` (the session address the page gave the frame) is one of `endpoints`: same
 * scheme, host, port (or any, for `:*`) and path (or below, for `/*`), and no query or fragment.
 */
export function isSessionEndpoint(address: string, endpoints: readonly string[]): boolean {
  // Even an empty query or fragment: the address is compared as written, not as cleaned up.
  if (/[?#]/.test(address)) return false;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  return endpoints.some((endpoint) => {
    const match = endpointProblem(endpoint) === null && ENDPOINT.exec(endpoint);
    if (!match) return false;
    const [, scheme, host, port, path] = match as unknown as [
      string,
      string,
      string,
      string | undefined,
      string,
    ];
    if (url.protocol !== `${scheme.toLowerCase()}:` || url.hostname !== host.toLowerCase()) return false;
    // Compared as URL writes them: a default port (443, 80) is no port.
    if (port !== '*' && url.port !== (port === undefined ? '' : new URL(`${scheme}://x:${port}`).port))
      return false;
    return path.endsWith('/*') ? url.pathname.startsWith(path.slice(0, -1)) : url.pathname === path;
  });
}

/** The origin part of an endpoint as a CSP source (`connect-src`). */
export const endpointSource = (endpoint: string): string => {
  const match = ENDPOINT.exec(endpoint)!;
  return `${match[1]!.toLowerCase()}://${match[2]!.toLowerCase()}${match[3] ? `:${match[3]}` : ''}`;
};

/** The fields page's own list, as its handler wrote it in (none: the page takes no session address). */
export function sessionEndpointsOf(doc: Document): string[] {
  const content = doc.querySelector(`meta[name="${SESSION_ENDPOINTS_META}"]`)?.getAttribute('content');
  return (content ?? '').split(/\s+/).filter((e) => e && endpointProblem(e) === null);
}
