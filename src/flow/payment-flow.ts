import { buildDirectPaymentBody } from '../card/direct-body.ts';
import { framedRequest, framedSession } from '../fields/parent/framed-payer.ts';
import type { DirectPaymentBody, DirectPaymentResponse } from '../protocol/direct-payment.ts';
import type { CheckoutConfig, CheckoutSession, CheckoutStatus } from '../protocol/session.ts';
import type { AttemptRecord, PayInput, PaymentFlowOptions } from './flow-input.ts';
import { gatewayAddressProblem, openableChallenge } from './gateway-origin.ts';
import { MerchantServer, newIdempotencyKey } from './merchant-server.ts';
import { asFlowError, cancelledError, type FlowInvalid, type FlowResult, failed } from './outcome.ts';
import {
  type DirectTransport,
  type FramedForm,
  type PayerResult,
  postDirectPayment,
} from './post-payment.ts';
import { presetSession } from './session-request.ts';

/**
 * One payment, from "Pay" to a verified result, without any DOM: the element renders what this
 * reports. Card data comes in as a `CardInput` at pay time, goes into the body for api_do_url and
 * is referenced nowhere else: not in results, errors or state.
 *
 * Exactly-once rules:
 * - One attempt has one idempotency key; the session POST may be repeated (the merchant server
 *   returns the same order for the same key), the payment POST never is.
 * - When the payment answer is lost (network, timeout, 5xx, a body that is not JSON), the payment
 *   may have gone through. The flow then asks the status URL before saying anything, and only an
 *   order that is still `issued` is paid again, on the same order, and only when the person asks.
 * - After a decline, paying again opens a new attempt (a new order), as the gateway expects.
 */

export type { AttemptRecord, ChallengeHandle, PayInput, PaymentFlowOptions } from './flow-input.ts';

interface Attempt {
  readonly key: string;
  session: CheckoutSession | null;
  /** The payment POST went out and its answer was lost: check the status before anything else. */
  uncertain: boolean;
}

export class PaymentFlow {
  readonly #options: PaymentFlowOptions;
  readonly #fetch: typeof fetch;
  readonly #server: MerchantServer;
  #attempt: Attempt | null = null;
  #running: Promise<FlowResult | FlowInvalid | null> | null = null;
  /** A challenge left unfinished while its order still waits for the bank. */
  #openChallenge: { session: CheckoutSession; url: string } | null = null;

  constructor(options: PaymentFlowOptions) {
    this.#options = options;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#server = new MerchantServer({
      ...options,
      fetch: this.#fetch,
      sleep: (ms) => options.sleep?.(ms) ?? new Promise((resolve) => setTimeout(resolve, ms)),
    });
  }

  /** Whether a payment is under way; a second `pay()` meanwhile joins it instead of paying again. */
  get busy(): boolean {
    return this.#running !== null;
  }

  /** GET the session URL: amount, currency and the fields the checkout needs. Creates nothing. */
  loadConfig(signal?: AbortSignal): Promise<CheckoutConfig> {
    return this.#server.loadConfig(signal);
  }

  /** GET the status URL of a pre-created order (amount and currency for the pay button). */
  loadStatus(signal?: AbortSignal): Promise<CheckoutStatus> {
    return this.#server.loadStatus(signal);
  }

  /** Forget the current attempt: the next payment creates a new order (MOTO "New payment"). */
  reset(): void {
    if (this.#running) return;
    this.#attempt = null;
    this.#openChallenge = null;
  }

  /** Creates the order if needed, without paying it (iframe and redirect presentations). */
  async openSession(request: PayInput['request']): Promise<CheckoutSession> {
    const attempt = this.#currentAttempt();
    attempt.session ??= await this.#server.createSession(attempt.key, request);
    return attempt.session;
  }

  /**
   * Pays once. Concurrent calls (a double click, Enter twice) share the one payment under way.
   */
  pay(input: PayInput): Promise<FlowResult | FlowInvalid> {
    return this.#run(() => this.#pay(input));
  }

  /** Shows the unfinished challenge again and waits for its end, as the first time. */
  reopenChallenge(): Promise<FlowResult> {
    const open = this.#openChallenge;
    if (!open) return Promise.reject(new Error('No 3-D Secure challenge to reopen.'));
    return this.#run(
      async () => (await this.#challengeStep(open.session, open.url)) ?? this.#verify(open.session),
    );
  }

  /**
   * Picks up an attempt a page had under way before it was reloaded: asks the order's status and
   * reports its result, or null when no payment reached the gateway (the order may be paid now).
   */
  resume(record: AttemptRecord): Promise<FlowResult | null> {
    const { session, challengeUrl } = record;
    return this.#run(async () => {
      this.#attempt = { key: newIdempotencyKey(), session, uncertain: true };
      this.#options.onPhase?.('verifying');
      const status = await this.#server.readStatus(session.status_url);
      // Unknown: the next Pay checks the status first (the attempt stays uncertain).
      if (!status) return failed(session, 'unconfirmed', false);
      this.#attempt.uncertain = false;
      if (status.status === 'issued') return null;
      if (status.outcome === 'pending' && challengeUrl) {
        this.#openChallenge = { session, url: challengeUrl };
        return this.#challengeLeft(session);
      }
      return this.#server.settleFrom(session, status);
    });
  }

  #run<T extends FlowResult | FlowInvalid | null>(work: () => Promise<T>): Promise<T> {
    if (this.#running) return this.#running as Promise<T>;
    const running = work()
      .then((result) => {
        if (!result) return result;
        // Whatever we could not confirm is checked first next time, never paid blindly.
        if (result.kind === 'failed' && result.error.type === 'unconfirmed' && this.#attempt) {
          this.#attempt.uncertain = true;
        }
        // After a decline, paying again means a new order.
        if (result.kind === 'declined') this.#attempt = null;
        return result;
      })
      .finally(() => {
        this.#running = null;
      });
    this.#running = running;
    return running;
  }

  /**
   * Asks the status of the attempt whose outcome is unconfirmed, without touching the card: its
   * result when settled; when nothing reached the card (still `issued`), a failure that may be
   * retried; `unconfirmed` again while the status cannot be read.
   */
  verify(options: { readonly quiet?: boolean } = {}): Promise<FlowResult> {
    return this.#run(() => this.#verifyAttempt(options.quiet ?? false));
  }

  /** `quiet`: a check of its own accord (a timer, the network back) reports no phase on the way. */
  async #verifyAttempt(quiet: boolean): Promise<FlowResult> {
    const session = this.#attempt?.session;
    if (!session) return { kind: 'failed', orderId: null, error: { type: 'unconfirmed' }, canRetry: true };
    if (!quiet) this.#options.onPhase?.('verifying');
    const status = await this.#server.readStatus(session.status_url);
    if (!status) return failed(session, 'unconfirmed', false);
    if (status.status === 'issued') {
      this.#attempt!.uncertain = false;
      return failed(session, 'network', true);
    }
    return this.#server.settleFrom(session, status);
  }

  /** Polls the status URL until the order settles (iframe presentation, or after a redirect). */
  async waitForResult(statusUrl: string, orderId: string): Promise<FlowResult> {
    return this.#server.settle(statusUrl, orderId);
  }

  #currentAttempt(preset?: PayInput['preset']): Attempt {
    this.#attempt ??= {
      key: newIdempotencyKey(),
      session: presetSession(this.#options, preset),
      uncertain: false,
    };
    return this.#attempt;
  }

  async #pay(input: PayInput): Promise<FlowResult | FlowInvalid> {
    const attempt = this.#currentAttempt(input.preset);
    const { onPhase } = this.#options;
    let session = attempt.session;

    if (session && attempt.uncertain) {
      // The last payment answer was lost: learn what happened before touching the card again.
      onPhase?.('verifying');
      const status = await this.#server.readStatus(session.status_url);
      if (!status) return failed(session, 'unconfirmed', true);
      if (status.status !== 'issued') return this.#server.settleFrom(session, status);
      attempt.uncertain = false;
    }

    let sent: PayerResult;
    if (input.framed) {
      onPhase?.('creating');
      const framed = await input.framed(
        framedRequest(input.request),
        (order) => {
          session = attempt.session = framedSession(order);
          onPhase?.('paying');
          this.#options.onAttempt?.({ session });
        },
        // Heard only after the order: the fields ask for the frame once they have one.
        (form) => this.#direct(session!, form),
      );
      if (
        !framed.ok &&
        (framed.error === 'session' || framed.error === 'rate_limited' || framed.error === 'verification')
      ) {
        const { error: type, message, fields, retryAfter } = framed;
        return {
          kind: 'failed',
          orderId: null,
          error: { type, message, fields, retryAfter },
          canRetry: true,
        };
      }
      // The fields would not ask for an order yet (the card, or the consent beside it, needs the customer).
      if (!framed.ok && framed.error === 'invalid') return { kind: 'invalid', orderId: null };
      // Nothing is known of an order the fields did not get: nothing was paid.
      if (!session) return { kind: 'failed', orderId: null, error: { type: 'network' }, canRetry: true };
      // The fields would not pay (their order is paid already, or they could not read it): ask.
      if (!framed.ok && framed.error === 'refused') return this.#verifyAttempt(false);
      sent = framed as PayerResult;
    } else {
      if (!session) {
        onPhase?.('creating');
        try {
          session = await this.#server.createSession(attempt.key, input.request);
        } catch (error) {
          return { kind: 'failed', orderId: null, error: asFlowError(error), canRetry: true };
        }
        attempt.session = session;
      }

      const direct = session.transport === 'direct-post';
      const refused = gatewayAddressProblem(
        direct ? session.direct_post! : session.api_do_url,
        this.#options.gatewayOrigins ?? [],
        globalThis.location?.origin,
      );
      if (refused) return failed(session, 'untrusted_gateway', false, refused);

      const options = {
        avs: session.avs,
        moto: session.moto,
        savedByMerchant: session.save?.method === 'merchant',
      };
      const timeoutMs = this.#options.paymentTimeoutMs ?? 45_000;

      onPhase?.('paying');
      this.#options.onAttempt?.({ session });
      const body = input.card && buildDirectPaymentBody(input.card, options);
      sent = input.payer
        ? await input.payer(session.api_do_url, options, timeoutMs)
        : direct
          ? await this.#direct(session, body!)
          : await postDirectPayment(session.api_do_url, body!, { fetch: this.#fetch, timeoutMs });
    }
    if (!sent.ok) {
      const { error, message } = sent;
      // The bank's check in the Direct Post frame was closed unfinished: the frame is gone with it.
      if (error === 'cancelled') return this.#challengeLeft(session, false);
      if (error === 'invalid') return { kind: 'invalid', orderId: session.order_id || null };
      if (error === 'rejected') {
        // The gateway refused the request; it may still be because the order was paid already (a
        // payment from another tab, a request the browser sent again after a dropped connection).
        // Only an order that shows nothing reached the card is a refusal; the status tells.
        onPhase?.('verifying');
        const status = await this.#server.readStatus(session.status_url);
        if (!status) {
          attempt.uncertain = true;
          return failed(session, 'unconfirmed', false);
        }
        if (status.status !== 'issued') return this.#server.settleFrom(session, status);
        return failed(session, error, false, message);
      }
      attempt.uncertain = true;
      onPhase?.('verifying');
      const status = await this.#server.readStatus(session.status_url);
      if (!status) return failed(session, 'unconfirmed', true);
      if (status.status === 'issued') {
        // Nothing reached the card: the same order may be paid again when the person asks.
        attempt.uncertain = false;
        if (error === 'network' && (await (await this.#transport())?.refused(session.api_do_url)))
          return failed(session, 'browser_refused', false);
        return failed(session, error, true, message);
      }
      return this.#server.settleFrom(session, status);
    }
    const answer: DirectPaymentResponse = sent.response;

    if (answer.threed_check_url) {
      this.#options.onAttempt?.({ session, challengeUrl: answer.threed_check_url });
      const left = await this.#challengeStep(session, answer.threed_check_url);
      if (left) return left;
    }

    return this.#verify(session);
  }

  /** The card as a Direct Post form, sent from this page or by the isolated fields, followed to its end. */
  async #direct(session: CheckoutSession, form: DirectPaymentBody | FramedForm): Promise<PayerResult> {
    // A part that cannot load sent nothing: the status then shows the order untouched.
    return (
      (await (
        await this.#transport()
      )?.post(
        session,
        form,
        this.#options.paymentTimeoutMs ?? 45_000,
        () => this.#server.readStatus(session.status_url, 1),
        this.#options.onPhase,
      )) ?? { ok: false, error: 'network' }
    );
  }

  async #transport(): Promise<DirectTransport | undefined> {
    return this.#options.transport?.().catch(() => undefined);
  }

  #verify(session: CheckoutSession): Promise<FlowResult> {
    this.#options.onPhase?.('verifying');
    return this.#server.settle(session.status_url, session.order_id);
  }

  /**
   * Shows the challenge until the bank's page says it is over (null: go on and verify), or the
   * customer closes it. Then the status says what happened; an order still waiting for the bank
   * keeps its challenge, which the customer may reopen.
   */
  async #challengeStep(session: CheckoutSession, url: string): Promise<FlowResult | null> {
    this.#openChallenge = null;
    if (!openableChallenge(url, globalThis.location?.href)) {
      // Not opened: the status says whether the order went anywhere without it.
      this.#options.onPhase?.('verifying');
      const status = await this.#server.readStatus(session.status_url);
      if (status && status.outcome !== 'pending') return this.#server.settleFrom(session, status);
      // No bank check took place, so nothing was charged: a checkout that makes its orders starts over.
      const ownOrder = Boolean(this.#options.sessionUrl);
      if (ownOrder) this.#attempt = null;
      return failed(session, 'server', ownOrder, 'threed_check_url is no web page');
    }
    this.#options.onPhase?.('challenge');
    // A bank tells the checkout nothing: the status says when the challenge is over, polled, and
    // asked again each time the challenge moves on to another page (back from the bank, say).
    let moved = () => {};
    const settledOnMove = new Promise<'completed'>((resolve) => {
      moved = () =>
        void this.#server.readStatus(session.status_url, 1).then((status) => {
          if (status && status.outcome !== 'pending') resolve('completed');
        });
    });
    const handle = this.#options.challenge(url, () => moved());
    const stopPolling = new AbortController();
    const outcome = await Promise.race([
      handle.done,
      settledOnMove,
      this.#server
        .settle(session.status_url, session.order_id, stopPolling.signal)
        .then(() => 'completed' as const),
    ]);
    stopPolling.abort();
    handle.close();
    if (outcome === 'completed') return null;
    this.#options.onPhase?.('verifying');
    const status = await this.#server.readStatus(session.status_url);
    if (status && status.outcome !== 'pending') return this.#server.settleFrom(session, status);
    this.#openChallenge = { session, url };
    return this.#challengeLeft(session);
  }

  /** The challenge was left while the order waits for the bank: it can be reopened. */
  #challengeLeft(session: CheckoutSession, reopenable = true): FlowResult {
    // A checkout that creates its orders may start over with a new one; an order created beforehand
    // can only be finished through its challenge.
    const ownOrder = Boolean(this.#options.sessionUrl);
    if (ownOrder) this.#attempt = null;
    return {
      kind: 'failed',
      orderId: session.order_id || null,
      error: cancelledError,
      canRetry: ownOrder,
      reopenable,
    };
  }
}
