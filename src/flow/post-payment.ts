import type { DirectPaymentBody, DirectPaymentResponse } from '../protocol/direct-payment.ts';
import type { CheckoutSession, CheckoutStatus } from '../protocol/session.ts';

/** Why a direct payment POST did not give a usable answer. */
export type PostPaymentError = 'network' | 'timeout' | 'server' | 'rejected';

export type PostPaymentResult =
  | { readonly ok: true; readonly response: DirectPaymentResponse }
  | { readonly ok: false; readonly error: PostPaymentError; readonly message?: string };

/**
 * POSTs the direct payment body to the order's api_do_url, once, and says what came back. The one
 * place that sends card data: the checkout in the merchant's page uses it, and so do the isolated
 * fields in their own frame. No retry here: a lost answer may be a charged card, and only the
 * order's status can tell.
 */
export async function postDirectPayment(
  url: string,
  body: DirectPaymentBody,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<PostPaymentResult> {
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  let res: Response;
  try {
    res = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      // The gateway is another origin; it gets no cookies of the merchant's.
      credentials: 'omit',
      // Whoever hosts the fields, the gateway learns nothing of the page the card was typed on.
      referrerPolicy: 'no-referrer',
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 45_000),
    });
  } catch (error) {
    return { ok: false, error: isTimeout(error) ? 'timeout' : 'network' };
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch (error) {
    if (isTimeout(error)) return { ok: false, error: 'timeout' };
    return { ok: false, error: res.status >= 400 && res.status < 500 ? 'rejected' : 'server' };
  }
  if (res.status >= 500) return { ok: false, error: 'server' };
  if (!res.ok) return { ok: false, error: 'rejected', message: gatewayMessage(json) };
  if (!json || typeof json !== 'object') return { ok: false, error: 'server' };
  return { ok: true, response: json as DirectPaymentResponse };
}

const isTimeout = (error: unknown) =>
  error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');

function gatewayMessage(json: unknown): string | undefined {
  const all = (json as { __all__?: Array<{ message?: string }> } | null)?.__all__;
  const message = all?.[0]?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * What a payer answers: as `postDirectPayment`, or `invalid` when the card was not complete and
 * nothing was sent, or `cancelled` when the customer closed the bank's check of a Direct Post.
 */
export type PayerResult =
  | { readonly ok: true; readonly response: DirectPaymentResponse }
  | {
      readonly ok: false;
      readonly error: PostPaymentError | 'invalid' | 'cancelled';
      readonly message?: string;
    };

/**
 * Sends one attempt's direct payment wherever the card is: the body is built from the options and
 * POSTed to `apiDoUrl` by whoever holds the card (the isolated fields' frame, for one).
 */
export type DirectPayer = (
  apiDoUrl: string,
  options: {
    readonly avs?: 'off' | 'standard' | 'custom';
    readonly moto?: boolean;
    readonly savedByMerchant?: boolean;
  },
  timeoutMs: number,
) => Promise<PayerResult>;

/** The element's part for the `direct-post` transport and for telling why a payment POST failed. */
export interface DirectTransport {
  readonly post: DirectPoster;
  /**
   * After a payment POST that failed at the network level with nothing charged: whether the
   * gateway is there but answers no browser on `api_do_url` (no CORS), rather than the network.
   */
  refused(apiDoUrl: string): Promise<boolean>;
}

/**
 * A Direct Post the isolated fields send themselves, from their frame: into the checkout's frame
 * opened on `src` (their relay page); `submit` names that frame to them once the page loaded and
 * says whether they sent the form into it.
 */
export interface FramedForm {
  readonly src: string;
  submit(name: string): Promise<boolean>;
}

/**
 * The `direct-post` transport: sends the body as an HTML form to the order's `direct_post` (or has
 * the isolated fields send theirs, `FramedForm`) and
 * waits until the gateway has sent the frame back (after the bank's check, shown meanwhile: then
 * `onPhase('challenge')` is called). `cancelled`: the customer closed the bank's check and the order still
 * waits for it. A success says only that the form came back; the status tells the rest.
 */
export type DirectPoster = (
  session: CheckoutSession,
  form: DirectPaymentBody | FramedForm,
  timeoutMs: number,
  status: () => Promise<CheckoutStatus | null>,
  onPhase?: (phase: 'challenge') => void,
) => Promise<PayerResult>;
