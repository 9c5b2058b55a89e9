/** api_do_url: the direct payment, posted by the browser from any origin (CORS), no key. */
import { type Faults, failEarly } from '../faults.ts';
import type { Gateway } from '../gateway.ts';
import { answer, type Exchange, Refusal, readJson, type SurfaceHandler } from '../http.ts';
import { methodNotAllowed, notFound } from '../results.ts';

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '600',
};

export function paymentHandler(gateway: Gateway, faults: Faults, payToken: string): SurfaceHandler {
  return async (request: Request, { loseAnswer }: Exchange) => {
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
