/**
 * api_do_url: the direct payment. Open (the default): posted by the browser from any origin (CORS),
 * no key. Closed: a host-to-host address, as every public client of the real gateway uses it: no
 * CORS answer, so no browser may post to it, and the Bearer key required.
 */
import { type Faults, failEarly } from '../faults.ts';
import type { Gateway } from '../gateway.ts';
import { answer, type Exchange, Refusal, readJson, type SurfaceHandler } from '../http.ts';
import { failure, methodNotAllowed, notFound } from '../results.ts';
import { keyMatches } from './api.ts';

/** Whether browsers may post card JSON to `api_do_url` (`closed`: servers with the key only). */
export type ApiDoFromBrowsers = 'open' | 'closed';

export interface PaymentAccess {
  apiDoFromBrowsers: ApiDoFromBrowsers;
  secretKey: string;
}

const OPEN_CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '600',
};

export function paymentHandler(
  gateway: Gateway,
  faults: Faults,
  payToken: string,
  access: PaymentAccess,
): SurfaceHandler {
  const closed = access.apiDoFromBrowsers === 'closed';
  const CORS_HEADERS: Record<string, string> = closed ? {} : OPEN_CORS;
  return async (request: Request, { loseAnswer }: Exchange) => {
    if (closed && !keyMatches(request.headers.get('authorization'), access.secretKey)) {
      // A preflight carries no key either: it gets this refusal, with no CORS header to pass it.
      return answer(failure(403, 'Invalid or missing bearer token', 'authentication_failed'));
    }
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS });
    if (request.method !== 'POST') {
      return answer(methodNotAllowed(request.method), { ...CORS_HEADERS, Allow: 'POST, OPTIONS' });
    }
    let body: unknown;
    try {
      body = await readJson(request);
    } catch (error) {
      if (error instanceof Refusal) return error.response(CORS_HEADERS);
      throw error;
    }
    if (!gateway.orders.byPayToken(payToken)) {
      return answer(notFound('Unknown payment address'), CORS_HEADERS);
    }
    const fault = faults.take('api_do');
    if (fault === 'http_500' || fault === 'malformed_json') return failEarly(fault, CORS_HEADERS);
    const outcome = gateway.payments.pay(payToken, body);
    if (fault !== 'none') return loseAnswer(fault);
    return answer(outcome.result, CORS_HEADERS);
  };
}
