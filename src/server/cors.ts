/**
 * Credentialed CORS for the isolated card fields: they run on an origin of the merchant's own
 * (`https://pay.shop.example`) and ask the session endpoint for the order themselves, with the
 * shop's cookies. Exact origins only, never `*` and never a reflected origin: a list the merchant
 * wrote. Every other origin gets no CORS header at all, so the browser keeps the answer from it.
 */

/** A bare origin: scheme, host, port; nothing after it. */
const ORIGIN = /^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

export function corsOrigins(name: string, list: readonly string[] | undefined): ReadonlySet<string> {
  if (list === undefined) return new Set();
  if (!Array.isArray(list)) throw new TypeError(`${name} must be a list of origins`);
  return new Set(
    list.map((value, i) => {
      const origin = String(value).trim().toLowerCase().replace(/\/$/, '');
      if (!ORIGIN.test(origin))
        throw new TypeError(
          `${name}[${i}] must be an exact origin such as https://pay.shop.example (no path, no wildcard), not "${value}"`,
        );
      return origin;
    }),
  );
}

/** How long a browser may keep the answer to a preflight: ten minutes. */
const MAX_AGE = '600';

/**
 * Wraps a handler: a preflight from a listed origin is answered here (POST with a JSON body
 * needs one), and every answer to a listed origin carries its CORS headers. Without a list the
 * handler is returned as it is.
 */
export function withCors<A extends unknown[]>(
  allowed: ReadonlySet<string>,
  handler: (request: Request, ...rest: A) => Promise<Response>,
): (request: Request, ...rest: A) => Promise<Response> {
  if (allowed.size === 0) return handler;
  return async (request, ...rest) => {
    const origin = request.headers.get('origin');
    const listed = origin !== null && allowed.has(origin);
    if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
      if (!listed) return new Response(null, { status: 403, headers: { Vary: 'Origin' } });
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Credentials': 'true',
          'Access-Control-Allow-Methods': 'GET, POST',
          'Access-Control-Allow-Headers': 'content-type, accept',
          'Access-Control-Max-Age': MAX_AGE,
          Vary: 'Origin',
        },
      });
    }
    const response = await handler(request, ...rest);
    const headers = new Headers(response.headers);
    headers.append('Vary', 'Origin');
    if (listed) {
      headers.set('Access-Control-Allow-Origin', origin);
      headers.set('Access-Control-Allow-Credentials', 'true');
      // The isolated fields tell the customer how long a 429 asks them to wait.
      headers.set('Access-Control-Expose-Headers', 'Retry-After');
    }
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
