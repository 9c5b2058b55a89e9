/**
 * `gateway-before-pay`: the merchant's last word before a payment starts, and where a bot check
 * (Turnstile, hCaptcha, reCAPTCHA, or the merchant's own) hands over its token. Fired before each
 * order the checkout asks the merchant server for: on a press of Pay, after the fields are valid
 * (the redirect presentation too), and before the hosted form of the iframe presentation opens. Modelled on the service worker's `ExtendableEvent.waitUntil` (a promise the
 * handler gives synchronously holds the work) and Adyen's `beforeSubmit` (the handler may stop it):
 *
 * ```js
 * checkout.addEventListener('gateway-before-pay', (event) => {
 *   if (!termsAccepted()) return event.preventDefault(); // nothing is sent
 *   event.detail.waitFor(turnstile.execute('#bot-check')); // resolves to the token
 * });
 * ```
 *
 * The token reaches the merchant server as the session request's `verification` field, where
 * `createCheckoutHandler({ verify })` checks it. No card data is in the detail.
 */
export interface BeforePayDetail {
  /** What the payment charges, as the checkout shows it. */
  readonly amount: number | null;
  readonly currency: string | null;
  /** The bot-check token to send (the session request's `verification`): set it, or let `waitFor` resolve to it. */
  verification: string | undefined;
  /**
   * Holds the payment until the promise settles. A string it resolves to is the token; a rejection
   * stops the payment (nothing sent) and the customer reads that the security check did not pass.
   * Call it while the event is dispatched, as with `waitUntil`.
   */
  waitFor(promise: PromiseLike<unknown>): void;
}

export type BeforePayOutcome =
  | { readonly go: true; readonly verification?: string }
  /** `failed`: a promise given to waitFor rejected; otherwise the event was cancelled. */
  | { readonly go: false; readonly failed: boolean };

export async function beforePay(
  host: EventTarget,
  amount: number | null,
  currency: string | null,
): Promise<BeforePayOutcome> {
  const waits: PromiseLike<unknown>[] = [];
  let dispatching = true;
  const detail: BeforePayDetail = {
    amount,
    currency,
    verification: undefined,
    waitFor(promise) {
      if (!dispatching)
        throw new DOMException(
          'gateway-before-pay: call waitFor() while the event is dispatched, not after an await',
          'InvalidStateError',
        );
      waits.push(promise);
    },
  };
  const event = new CustomEvent('gateway-before-pay', {
    detail,
    bubbles: true,
    composed: true,
    cancelable: true,
  });
  const go = host.dispatchEvent(event);
  dispatching = false;
  if (!go) return { go: false, failed: false };
  let results: unknown[];
  try {
    results = await Promise.all(waits);
  } catch {
    return { go: false, failed: true };
  }
  const token = [detail.verification, ...results]
    .reverse()
    .find((value) => typeof value === 'string' && value);
  return typeof token === 'string' ? { go: true, verification: token } : { go: true };
}

// Its HTMLElementEventMap entry is beside the element class (checkout.ts): only that module's
// emitted declaration is sure to reach an app's types.
