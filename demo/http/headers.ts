import type { ServerResponse } from 'node:http';

/**
 * The headers every answer of the shop carries, and the policy of its pages. One place, so a page
 * added later cannot forget them: the shop's pages may be framed by the shop itself only, nothing is
 * sniffed into another type, and no address of the shop leaks to another site beyond its origin.
 */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Older browsers that do not read frame-ancestors.
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  // What is not a page (JSON, scripts, event streams) runs nothing and is framed by nobody.
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/** Directives every page's policy ends with, whatever it allows before them. */
const PAGE_TAIL = ["frame-ancestors 'self'", "base-uri 'none'", "object-src 'none'"];

/**
 * A page's Content-Security-Policy: what it needs (scripts, styles, the gateway) plus the shared
 * tail. Directives the page names itself win over the tail's.
 */
export function pagePolicy(directives: readonly string[]): string {
  const named = new Set(directives.map((d) => d.trim().split(/\s+/)[0]));
  return [...directives, ...PAGE_TAIL.filter((d) => !named.has(d.split(' ')[0]))].join('; ');
}

/**
 * The page policy of the shop: its own scripts (the bundle and small inline scripts), its server,
 * and the gateway for payments and the 3-D Secure frame (any loopback port here, the gateway's
 * domain in production).
 */
export const SHOP_PAGE_POLICY = pagePolicy([
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self' http://127.0.0.1:*",
  'frame-src http://127.0.0.1:*',
  "img-src 'self' data:",
  // The checkout's Direct Post form goes to the gateway (any loopback port here, its domain live).
  "form-action 'self' http://127.0.0.1:*",
]);

/** Sets the shared headers on a node response; what a route writes later overrides them. */
export function applyBaseHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(BASE_HEADERS)) res.setHeader(name, value);
}

export function sendHtml(res: ServerResponse, html: string, policy = SHOP_PAGE_POLICY, status = 200): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': policy,
  });
  res.end(html);
}

export function sendText(res: ServerResponse, status: number, text: string, headers = {}): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

export function redirect(res: ServerResponse, location: string, headers = {}): void {
  res.writeHead(303, { location, 'cache-control': 'no-store', ...headers });
  res.end();
}

/** A page as a Fetch Response, with the page policy (the shared headers come from the server). */
export function htmlResponse(html: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': SHOP_PAGE_POLICY,
      ...headers,
    },
  });
}
