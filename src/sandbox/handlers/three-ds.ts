/**
 * threed_check_url: the gateway's 3-D Secure page. It hands the browser on to the card issuer's bank
 * (on the bank's own origin), hears the bank's 3DS Method answer, and takes the browser back from the
 * bank to the order's redirect or its own result page. A checkout's Cancel ends the check here.
 */
import { decode, encode, MESSAGE_VERSION } from '../bank/emv.ts';
import type { Gateway } from '../gateway.ts';
import { answer, type Exchange, html, readText, type SurfaceHandler } from '../http.ts';
import { challengeDonePage, handoffPage } from '../pages/challenge.ts';
import { messagePage } from '../pages/layout.ts';
import { orderLanguage } from '../pages/words.ts';
import type { OrderRecord } from '../records.ts';
import { refuse } from '../results.ts';

export function threeDSHandler(
  gateway: Gateway,
  challengeToken: string,
  bankOrigin: () => string,
  part: 'page' | 'method',
  options: { methodTimeoutMs?: number | undefined } = {},
): SurfaceHandler {
  return async (request: Request, { url }: Exchange) => {
    const found = gateway.payments.challenge(challengeToken);
    if (!found) return html(404, messagePage('Not found', 'This 3-D Secure check does not exist.'));
    const { challenge } = found;
    const self = `${url.origin}/3ds/${challengeToken}/`;

    if (part === 'method') {
      // The bank's hidden 3DS Method page answers here, inside the hidden frame.
      if (request.method !== 'POST') return html(405, messagePage('Not allowed', 'Use POST.'));
      const data = decode(new URLSearchParams(await readText(request)).get('threeDSMethodData'));
      if (data?.threeDSServerTransID === challenge.serverTransId) challenge.methodCompleted = 'Y';
      return html(200, messagePage('3DS Method', 'Received.'));
    }

    if (request.method === 'GET') {
      if (!challenge.pending)
        return html(200, challengeDonePage(found.order, await orderLanguage(found.order.request.language)));
      const bank = bankOrigin();
      return html(
        200,
        handoffPage({
          acsUrl: `${bank}/acs/`,
          creq: {
            threeDSServerTransID: challenge.serverTransId,
            acsTransID: challenge.acsTransId,
            messageType: 'CReq',
            messageVersion: MESSAGE_VERSION,
          },
          method: challenge.method
            ? {
                url: `${bank}/method/`,
                data: encode({
                  threeDSServerTransID: challenge.serverTransId,
                  threeDSMethodNotificationURL: `${self}method/`,
                }),
              }
            : null,
          dialog: url.searchParams.get('dialog') === '1',
          methodTimeoutMs: options.methodTimeoutMs,
          language: await orderLanguage(found.order.request.language),
        }),
      );
    }
    if (request.method !== 'POST') return html(405, messagePage('Not allowed', 'Use GET or POST.'));
    const form = new URLSearchParams(await readText(request));

    const cres = form.get('cres');
    if (cres !== null) {
      // The bank sends the browser back; the result itself came from the bank already.
      const message = decode(cres);
      if (message?.messageType !== 'CRes' || message.acsTransID !== challenge.acsTransId)
        return answer(refuse('is not this check’s challenge response', 'invalid', 'cres'));
      if (challenge.pending)
        return html(409, messagePage('Not confirmed', 'The bank has not answered this 3-D Secure check.'));
      return finish(found.order, challenge.result === 'cancel');
    }

    const choice = form.get('result');
    if (choice !== 'cancel') {
      // Approve and Fail are the bank's to give; the checkout may only give up the check.
      return answer(refuse('must be cancel (the bank approves or fails)', 'invalid_choice', 'result'));
    }
    const order = gateway.payments.completeChallenge(challengeToken, 'cancel');
    if (!order) return html(409, messagePage('Already done', 'This 3-D Secure check is complete.'));
    return finish(order, true);
  };

  async function finish(order: OrderRecord, cancelled: boolean): Promise<Response> {
    const r = order.request;
    const good = order.status === 'paid' || order.status === 'hold';
    const target = good
      ? r.success_redirect
      : cancelled
        ? (r.cancel_redirect ?? r.failure_redirect)
        : r.failure_redirect;
    if (target)
      return new Response(null, { status: 303, headers: { Location: target, 'Cache-Control': 'no-store' } });
    return html(200, challengeDonePage(order, await orderLanguage(r.language)));
  }
}
