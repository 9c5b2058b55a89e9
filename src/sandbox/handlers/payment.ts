/**
 * api_do_url: the direct payment. Open to browsers by default (CORS for any origin, no key), or a
 * host-to-host address (`closed`): what the real gateway does here is not public, so the sandbox
 * can stand for either.
 */
import { type Faults, failEarly } from '../faults.ts';
import type { Gateway } from '../gateway.ts';
import { answer, type Exchange, Refusal, readJson, type SurfaceHandler } from '../http.ts';
import { failure, methodNotAllowed, notFound } from '../results.ts';
import { keyMatches } from './api.ts';

export const API_DO_BROWSER_MODES = ['open', 'closed'] as const;
/**
 * `open`: browsers may post the card here (CORS answered, no key). `closed`: only a server holding
 * the secret key may (no CORS answer at all, the Bearer key required).
 */
export type ApiDoFromBrowsers = (typeof API_DO_BROWSER_MODES)[number];

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '600',
};

/** The refusal of a `closed` api_do_url: it names the rule and the address a browser should use. */
export const HOST_TO_HOST_ONLY =
  "api_do_url takes requests from servers only, with the secret key (Authorization: Bearer …); a browser posts the card to the order's direct_post";

export interface PaymentPolicy {
  fromBrowsers: ApiDoFromBrowsers;
  secretKey: string;
}

export function paymentHandler(
  gateway: Gateway,
  faults: Faults,
  payToken: string,
  policy: PaymentPolicy,
): SurfaceHandler {
  const open = policy.fromBrowsers === 'open';
  const headers: Record<string, string> = open ? CORS_HEADERS : {};
  return async (request: Request, { loseAnswer }: Exchange) => {
    if (request.method === 'OPTIONS') {
      // Closed: a preflight gets no Access-Control-* header, so the browser never sends the card.
      if (!open) return answer(failure(403, HOST_TO_HOST_ONLY, 'browser_refused'));
      return new Response(null, { status: 204, headers });
    }
    if (request.method !== 'POST') {
      return answer(methodNotAllowed(request.method), { ...headers, Allow: open ? 'POST, OPTIONS' : 'POST' });
    }
    // The gateway's own hosted pages (same origin: no CORS involved) still pay here, as a real
    // gateway's hosted checkout keeps working whatever its api_do_url says to other origins.
    const ownPage = request.headers.get('sec-fetch-site') === 'same-origin';
    if (!open && !ownPage && !keyMatches(request.headers.get('authorization'), policy.secretKey)) {
      // Unread: nothing of the card is parsed, and nothing is charged.
      return answer(failure(403, HOST_TO_HOST_ONLY, 'authentication_failed'));
    }
    let body: unknown;
    try {
      body = await readJson(request);
    } catch (error) {
      if (error instanceof Refusal) return error.response(headers);
      throw error;
    }
    if (!gateway.orders.byPayToken(payToken)) {
      return answer(notFound('Unknown payment address'), headers);
    }
    const fault = faults.take('api_do');
    if (fault === 'http_500' || fault === 'malformed_json') return failEarly(fault, headers);
    const outcome = gateway.payments.pay(payToken, body);
    if (fault !== 'none') return loseAnswer(fault);
    return answer(outcome.result, headers);
  };
}
