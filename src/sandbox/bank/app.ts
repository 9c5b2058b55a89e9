/**
 * The sandbox's bank: the card issuer's access control server (ACS), on an origin of its own as a
 * real bank's is. The gateway's 3-D Secure page hands the browser here with a form POST; the bank
 * runs its 3DS Method when asked, shows the challenge in the window the gateway asked for, tells the
 * gateway the result straight away (a real bank's RReq, server to server; here the same process),
 * and sends the browser back to the gateway's page with the CRes.
 */
import type { Gateway } from '../gateway.ts';
import { html, Refusal, readText, type SurfaceHandler } from '../http.ts';
import { messagePage } from '../pages/layout.ts';
import { orderLanguage } from '../pages/words.ts';
import { type CRes, decode, encode, isChallengeWindow, MESSAGE_VERSION } from './emv.ts';
import { autoPostPage, bankChallengePage, methodPage } from './pages.ts';

export interface BankOptions {
  /** The gateway's origin: the only place the bank sends a browser back to. */
  gatewayOrigin: () => string;
  /** How long the 3DS Method page takes to answer (it must within the gateway's 10 s). */
  methodDelayMs?: number | undefined;
  /** Who the challenge says is paid: the merchant's name at the gateway. */
  merchantName?: string | undefined;
}

/** The bank's pages may be framed by any page (the checkout's dialog), as a bank's challenge is. */
const PAGE_HEADERS = { 'Referrer-Policy': 'no-referrer' };

export function bankHandler(gateway: Gateway, options: BankOptions): SurfaceHandler {
  const methodDelayMs = options.methodDelayMs ?? 400;

  async function formOf(request: Request): Promise<URLSearchParams> {
    const type = request.headers.get('content-type') ?? '';
    if (!type.startsWith('application/x-www-form-urlencoded'))
      throw new Refusal(html(415, messagePage('Not a form', 'The bank takes form posts only.')));
    return new URLSearchParams(await readText(request));
  }

  return async (request, { url }) => {
    const path = url.pathname.replace(/\/?$/, '/');
    if (path === '/')
      return html(200, messagePage('Sandbox Bank', 'The card issuer of the sandbox’s test cards.'));
    if (!['/method/', '/acs/', '/acs/answer/'].includes(path))
      return html(404, messagePage('Not found', 'The bank has no such page.'));
    if (request.method !== 'POST') return html(405, messagePage('Not allowed', 'Use POST.'));
    const form = await formOf(request);

    if (path === '/method/') {
      const data = decode(form.get('threeDSMethodData'));
      const transId = typeof data?.threeDSServerTransID === 'string' ? data.threeDSServerTransID : '';
      const notify =
        typeof data?.threeDSMethodNotificationURL === 'string' ? data.threeDSMethodNotificationURL : '';
      if (!transId || !notify.startsWith(`${options.gatewayOrigin()}/3ds/`))
        return html(400, messagePage('Bad request', 'threeDSMethodData is not valid.'));
      const answer = encode({ threeDSServerTransID: transId });
      return html(200, methodPage(notify, answer, methodDelayMs), PAGE_HEADERS);
    }

    if (path === '/acs/') {
      const creq = decode(form.get('creq'));
      const acsTransId = typeof creq?.acsTransID === 'string' ? creq.acsTransID : '';
      const found = acsTransId ? gateway.payments.challengeAtBank(acsTransId) : undefined;
      if (
        creq?.messageType !== 'CReq' ||
        !found ||
        creq.threeDSServerTransID !== found.challenge.serverTransId
      )
        return html(400, messagePage('Bad request', 'This challenge request is not one the bank knows.'));
      // The cardholder's language reaches a bank in the authentication request (EMV's AReq carries
      // the browser's), as what is paid and with which card do: here the order's language.
      const language = await orderLanguage(found.order.request.language);
      if (!found.challenge.pending)
        return html(409, messagePage(language.page.alreadyDoneTitle, language.page.alreadyDone, language));
      const window = isChallengeWindow(creq.challengeWindowSize) ? creq.challengeWindowSize : '05';
      found.challenge.window = window;
      return html(
        200,
        bankChallengePage({
          order: found.order,
          acsTransId,
          window,
          merchant: options.merchantName ?? found.order.request.dynamic_descriptor ?? 'Sandbox merchant',
          withCancel: form.get('dialog') !== '1',
          now: gateway.clock.now(),
          language,
        }),
        PAGE_HEADERS,
      );
    }

    const choice = form.get('result');
    const found = gateway.payments.challengeAtBank(form.get('acsTransID') ?? '');
    if (!found) return html(400, messagePage('Bad request', 'This challenge is not one the bank knows.'));
    if (choice !== 'approve' && choice !== 'fail' && choice !== 'cancel')
      return html(400, messagePage('Bad request', 'result must be approve, fail or cancel.'));
    const { challenge } = found;
    // The result reaches the gateway before the browser does, as a bank's RReq does.
    gateway.payments.completeChallenge(challenge.token, choice);
    const cres: CRes = {
      threeDSServerTransID: challenge.serverTransId,
      acsTransID: challenge.acsTransId,
      messageType: 'CRes',
      messageVersion: MESSAGE_VERSION,
      transStatus: challenge.result === 'approve' ? 'Y' : 'N',
      challengeCompletionInd: 'Y',
    };
    const language = await orderLanguage(found.order.request.language);
    return html(
      200,
      autoPostPage(
        language.page.returning,
        `${options.gatewayOrigin()}/3ds/${challenge.token}/`,
        { cres: encode(cres) },
        language,
      ),
      PAGE_HEADERS,
    );
  };
}
