import type { ReactiveElement } from 'lit';
import type { FramedPayer } from '../../fields/parent/framed-payer.ts';
import type { FieldsFrame } from '../../fields/parent/parent-bridge.ts';
import { sessionRequest } from '../../flow/session-request.ts';
import type { AvsMode, Presentation, SaveMethod } from '../../protocol/session.ts';
import { fieldsFrame, isolatedFields, readCard } from '../card-form/card-access.ts';
import { beforePay } from './before-pay.ts';
import type { CheckoutConfiguration } from './checkout-config.ts';
import { emit } from './checkout-events.ts';
import type { View } from './checkout-messages.ts';
import type { OutcomeParts, PaymentOutcome } from './checkout-outcome.ts';
import { isBusy, isFinished, mustCheckStatus } from './checkout-state.ts';
import type { CheckoutState } from './checkout-store.ts';
import { cardPart, reportParts } from './checkout-validation.ts';
import type { HostedPresentation } from './hosted-session.ts';

// Pay, pressed or called: what is checked before anything is sent, the page's last word, and the
// payment itself, with the card read from the fields in the page or kept by the isolated fields
// (which make the order and pay it from their own origin, and only after the customer's press).

/** Why a call of `pay()` pays nothing with isolated fields (for the page's code, in one line). */
const PRESS_ONLY = 'a payment starts only from the customer pressing Pay inside the card fields';

/** What an order is made with beside the customer's entries: the attributes, and what they resolve to. */
export interface OrderTerms {
  /** The attributes as the page set them (unset: the merchant's server decides). */
  readonly asked: { readonly avs?: AvsMode | undefined; readonly saveMethod?: SaveMethod | undefined };
  /** With the merchant server's configuration. */
  readonly avs: AvsMode;
  readonly moto: boolean;
  readonly saveMethod?: SaveMethod | undefined;
  /** What is charged: null while nothing is set (a phone order before the amount is typed). */
  readonly amount: number | null;
  readonly currency: string | null;
}

/** The isolated fields' Pay button: what it says, and whether it may be pressed. */
export interface ButtonLook {
  readonly label: string;
  readonly busy: boolean;
  readonly disabled: boolean;
}

/** What the element plugs into its Pay: what it reads of itself at the moment of a press. */
export interface PressSteps {
  view(): View;
  presentation(): Presentation;
  parts(): OutcomeParts;
  terms(): OrderTerms;
  /** The status region says how many fields need attention. */
  _announceAttention(count: number): void;
}

/**
 * A checkout's Pay: one payment at a time, in whichever presentation, and what leads up to it.
 *
 * What it owns: the checks before anything is sent (a payment under way, the fields, the amount),
 * the page's last word (`gateway-before-pay` and its bot check), the session request, and the
 * isolated fields' Pay button (what it says; only the customer's press there pays).
 * What it does not own: the payment's step and result (`CheckoutState`, which it begins and
 * settles), the outcome shown afterwards (`PaymentOutcome`), the hosted presentations
 * (`HostedPresentation`), the configuration (`CheckoutConfiguration`); the element plugs in what
 * it reads of itself (`PressSteps`).
 */
export class PayPress {
  readonly #host: ReactiveElement;
  readonly #state: CheckoutState;
  readonly #steps: PressSteps;
  readonly #config: CheckoutConfiguration;
  readonly #hosted: HostedPresentation;
  readonly #outcome: PaymentOutcome;
  /** The isolated fields' bridge this checkout waits for, to tell their Pay button what to say. */
  #bridging: Promise<void> | null = null;

  constructor(
    host: ReactiveElement,
    state: CheckoutState,
    steps: PressSteps,
    lent: { config: CheckoutConfiguration; hosted: HostedPresentation; outcome: PaymentOutcome },
  ) {
    this.#host = host;
    this.#state = state;
    this.#steps = steps;
    this.#config = lent.config;
    this.#hosted = lent.hosted;
    this.#outcome = lent.outcome;
  }

  /** Pays with what the customer entered, once: a press while a payment is under way starts nothing. */
  async press(): Promise<void> {
    const card = this.#steps.parts().card;
    const frame = card ? fieldsFrame(card) : null;
    try {
      await this.#press(frame);
    } finally {
      // A press this payment did not answer is released: the fields may take the next one.
      frame?.cancel();
    }
  }

  async #press(frame: FieldsFrame | null): Promise<void> {
    const steps = this.#steps;
    const config = this.#config;
    if (config._reloading) {
      // A press while a new configuration loads (a phone order's amount just changed) is not lost:
      // it pays, once, with the configuration it waits for.
      await config.settled();
      return config.loaded ? this.press() : undefined;
    }
    const flow = this.#state._flow;
    const view = steps.view();
    if (!flow || isBusy(view) || view === 'loading' || view === 'succeeded') return;
    const presentation = steps.presentation();
    if (presentation === 'redirect') return this.#hosted.redirect();
    // The hosted form takes the card and its own Pay. A call opens it when it is not up: after the
    // page's code stopped it in gateway-before-pay, once the page is ready for it. After an outcome
    // "Try again" starts over with a new order; a call does not reopen the old one.
    if (presentation === 'iframe')
      return this.#hosted.url || !config.loaded || isFinished(view) ? undefined : this.#hosted.open();
    // "Check payment status": the outcome of the last payment is unknown; ask before anything else.
    // The security code is gone by then, and is not needed to ask.
    if (mustCheckStatus(this.#state._outcome)) {
      this.#outcome._stopChecking();
      this.#state._begin('verifying');
      return this.#outcome.show(await flow.verify());
    }
    const parts = steps.parts();
    if ((frame || (parts.card && isolatedFields(parts.card))) && !frame?.pressed) {
      emit(this.#host, 'gateway-error', { type: 'fields', message: PRESS_ONLY });
      return;
    }
    if (!this.validate()) return;
    // With isolated fields the card is out of reach here: the fields make the order and pay it.
    const framed: FramedPayer | null =
      frame &&
      ((request, onOrder, follow) =>
        frame.answer(request, onOrder, follow) ?? Promise.resolve({ ok: false, error: 'refused' }));
    const card = framed ? null : readCard(parts.card!);
    if (!framed && !card) return;
    const terms = steps.terms();
    // Saved with the customer's consent, or by the merchant itself (no box to tick).
    this.#state._cardSaved = parts.consent
      ? parts.consent.checked
      : config.loaded?.save?.method === 'merchant';
    const asked = {
      email: parts.email.value,
      billingAddress: parts.address?.value,
      saveConsent: parts.consent?.checked ? parts.consent.value : undefined,
      moto: terms.moto,
      avs: terms.asked.avs,
      saveMethod: terms.asked.saveMethod,
      presentation,
    };
    this.#state._begin('creating');
    const gate = await this._beforeOrder();
    if (!gate) return;
    // Nothing to charge yet: nothing is sent, and the page hears it (to point at its amount field).
    // After the page's last word, which may have said what is wrong with its amount in its own terms.
    const now = steps.terms();
    if (config.loaded && now.amount === null) {
      this.#outcome.show({ kind: 'failed', orderId: null, error: { type: 'amount' }, canRetry: true });
      return;
    }
    // No token: `verification` is undefined, and a request's JSON leaves it out.
    const sent = sessionRequest({ ...asked, ...gate });
    const preset = { avs: now.avs, moto: now.moto, saveMethod: now.saveMethod };
    this.#outcome.show(
      await flow.pay(framed ? { framed, request: sent, preset } : { card: card!, request: sent, preset }),
    );
  }

  /**
   * The page's last word before an order is asked for, in every presentation: `gateway-before-pay`,
   * and its bot check's token. Null when the page stopped it (a failed check is shown, with a way to
   * try again; a cancel shows nothing: the page says why in its own terms).
   */
  async _beforeOrder(): Promise<{ verification?: string } | null> {
    const { amount, currency } = this.#steps.terms();
    const gate = await beforePay(this.#host, amount, currency);
    if (gate.go) return { verification: gate.verification };
    this.#state._settle();
    if (gate.failed)
      this.#outcome.show({ kind: 'failed', orderId: null, error: { type: 'verification' }, canRetry: true });
    return null;
  }

  /**
   * Every part shows its messages; the focus goes to the first invalid field of the first invalid
   * part, not to whichever part reported last, and the status region says how many need attention.
   */
  validate(): boolean {
    const { card, email, address, consent } = this.#steps.parts();
    const emailOk = !this.#config.loaded?.collect_email || email.reportValidity();
    const emailField = emailOk ? null : this.#host.renderRoot.querySelector<HTMLElement>('#email');
    const count = reportParts(emailField, [cardPart(card), address, consent]);
    this.#steps._announceAttention(count);
    return count === 0;
  }

  /**
   * After each update of the checkout: the isolated fields' Pay button says and does what ours
   * would. `isolated`: the checkout asks for isolated fields (its card form may not know yet).
   */
  _showOnFieldsButton(isolated: boolean, look: () => ButtonLook): void {
    const card = this.#steps.parts().card;
    const frame = card && fieldsFrame(card);
    if (frame) {
      frame.button(look());
      return;
    }
    // The card form makes its frame in its own first update, after ours: show the button then,
    // and tell the button what to say once the fields' bridge arrived.
    const bridge = card && isolatedFields(card);
    if (isolated && card && !card.hasUpdated) void card.updateComplete.then(() => this.#host.requestUpdate());
    else if (bridge && this.#bridging !== bridge.ready) {
      this.#bridging = bridge.ready;
      void bridge.ready.then(() => this.#host.requestUpdate());
    }
  }
}
