/**
 * The return address of Direct Post orders: the gateway sends the customer's frame here (its
 * `success_redirect` / `failure_redirect`) once the card form has its answer, after the bank's
 * check when there is one. The element watching that frame sees it come back to the shop's origin
 * and asks the status address for the result; this page itself says nothing of the payment.
 */
import type { Transport } from '../protocol/index.ts';
import { TRANSPORTS } from '../protocol/index.ts';

/** Checks the `transport` option, naming the values it takes. */
export function transportOf(value: unknown): Transport {
  if (value === undefined) return 'api-do';
  if ((TRANSPORTS as readonly unknown[]).includes(value)) return value as Transport;
  throw new TypeError(
    `createCheckoutHandler: transport must be ${TRANSPORTS.map((t) => `'${t}'`).join(' or ')}, not ${JSON.stringify(value)}`,
  );
}

/** The return route's address beside the session route (`…/session` → `…/return`), absolute. */
export function returnUrlOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.origin}${url.pathname.replace(/\/session\/?$/, '/return')}`;
}

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Payment sent</title></head><body><p>Payment sent. You can close this window if the checkout does not continue by itself.</p></body></html>`;

/** GET …/return: a still page, framed by the shop's own checkout page only, cached nowhere. */
export function returnPage(request: Request): Response {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
  }
  return new Response(request.method === 'HEAD' ? null : PAGE, {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy':
        "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
