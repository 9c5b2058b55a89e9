/** threed_check_url: the issuer's challenge page, and the customer's answer to it. */
import type { Gateway } from '../gateway.ts';
import { answer, type Exchange, html, readText, type SurfaceHandler } from '../http.ts';
import { challengeDonePage, challengePage } from '../pages/challenge.ts';
import { messagePage } from '../pages/layout.ts';
import { orderLanguage } from '../pages/words.ts';
import { refuse } from '../results.ts';

export function threeDSHandler(gateway: Gateway, challengeToken: string): SurfaceHandler {
  return async (request: Request, { url }: Exchange) => {
    const found = gateway.payments.challenge(challengeToken);
    if (!found) return html(404, messagePage('Not found', 'This 3-D Secure check does not exist.'));
    // The bank speaks the order's language, as a real issuer's page follows the cardholder's.
    const language = await orderLanguage(found.order.request.language);
    if (request.method === 'GET') {
      const now = gateway.clock.now();
      if (!found.challenge.pending) return html(200, challengeDonePage(found.order, now, language));
      const withCancel = url.searchParams.get('dialog') !== '1';
      return html(200, challengePage(found.order, `/3ds/${challengeToken}/`, now, withCancel, language));
    }
    if (request.method !== 'POST') return html(405, messagePage('Not allowed', 'Use GET or POST.'));
    const form = new URLSearchParams(await readText(request));
    const choice = form.get('result');
    if (choice !== 'approve' && choice !== 'fail' && choice !== 'cancel') {
      // The page's own buttons never send this: whoever did gets the API's error shape.
      return answer(refuse('must be approve, fail or cancel', 'invalid_choice', 'result'));
    }
    const order = gateway.payments.completeChallenge(challengeToken, choice);
    if (!order) return html(409, messagePage('Already done', 'This 3-D Secure check is complete.'));
    const r = order.request;
    const good = order.status === 'paid' || order.status === 'hold';
    const target = good
      ? r.success_redirect
      : choice === 'cancel'
        ? (r.cancel_redirect ?? r.failure_redirect)
        : r.failure_redirect;
    if (target)
      return new Response(null, { status: 303, headers: { Location: target, 'Cache-Control': 'no-store' } });
    return html(200, challengeDonePage(order, gateway.clock.now(), language));
  };
}
