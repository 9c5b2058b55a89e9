import { html, nothing, type PropertyValues } from 'lit';
import { state } from 'lit/decorators.js';
import { frameLoaded, renderedFieldsFrame } from '../../fields/parent/framed-fields.ts';
import type { GatewayBillingAddress } from '../billing-address/billing-address.ts';
import { clearSecurityCode, isolatedFields } from '../card-form/card-access.ts';
import type { GatewayCardForm } from '../card-form/card-form.ts';
import type { GatewaySaveConsent } from '../save-consent/save-consent.ts';
import { onDemand } from '../shared/on-demand.ts';
import { baseStyles } from '../shared/styles.ts';
import { AttemptResume, type KeptAttempt } from './attempt-resume.ts';
import type { BeforePayDetail } from './before-pay.ts';
import { ChallengeController } from './challenge-controller.ts';
import { styles } from './checkout.styles.ts';
import { CheckoutAttributes } from './checkout-attributes.ts';
import { CheckoutConfiguration } from './checkout-config.ts';
import {
  type CheckoutChangeDetail,
  type CheckoutDeclineDetail,
  type CheckoutErrorDetail,
  type CheckoutReadyDetail,
  type CheckoutSuccessDetail,
  emit,
} from './checkout-events.ts';
import { checkoutFlow } from './checkout-flow.ts';
import { type CheckoutFormHandlers, checkoutForm, hostedView } from './checkout-form.ts';
import { errorText, successKind } from './checkout-messages.ts';
import { type OutcomeParts, PaymentOutcome } from './checkout-outcome.ts';
import { PayPress } from './checkout-press.ts';
import { alertText, canRetry, reopenable } from './checkout-state.ts';
import { CheckoutState } from './checkout-store.ts';
import { CheckoutTerms } from './checkout-terms.ts';
import { EmailField } from './email-field.ts';
import { HostedPresentation } from './hosted-session.ts';
import { resultPanelStyles } from './result-panel.ts';

/**
 * @tag gateway-checkout
 * @summary Runs one card payment: the order is created through the merchant's server, the card
 * goes straight to the gateway's api_do_url, 3-D Secure is shown in a dialog, and the result is
 * read back from the merchant's server.
 *
 * @fires gateway-ready - The checkout knows what it charges. detail: `{ amount, currency }`.
 * @fires gateway-change - The customer edited the card. detail: `{ brand, complete, empty, valid }`.
 * @fires gateway-success - The order is paid (or held on a two-step order). detail: `{ orderId, status, amount, currency }`.
 * @fires gateway-decline - The gateway declined. detail: `{ orderId, reason, amount, currency }`.
 * @fires gateway-error - The checkout could not load (`type: "config"`), has no amount to charge (`type: "amount"`, nothing sent), the payment could not be completed, or its outcome is not confirmed yet (`type: "unconfirmed"`: never a decline; the checkout keeps asking and fires `gateway-success` or `gateway-decline` once it knows). detail: `{ type, message, fields? }`.
 * @fires gateway-new-payment - MOTO "New payment" cleared the form. Cancel it to move the focus yourself.
 * @fires gateway-before-pay - Pay was pressed and the fields are valid (presentation="iframe": the hosted form is about to be opened); nothing is sent yet. Cancelable: cancel it and nothing is sent. detail: `{ amount, currency, verification, waitFor(promise) }`: set `verification` (or resolve a promise given to `waitFor` with it) to send a bot-check token to the merchant server's `verify` hook.
 *
 * @csspart form - The form around every field; hidden once a payment succeeded.
 * @csspart result - The panel after a success: amount, order number, whether the card was saved.
 * @csspart field - The e-mail field's wrapper (also `email-field`), with `label`, `input` (`email-input`) and `error`.
 * @csspart pay-button - The button that pays ("Save card" when the amount is zero).
 * @csspart reopen-challenge - Reopens a 3-D Secure check closed before it finished.
 * @csspart status - The progress and result line.
 * @csspart message - The decline or error message.
 * @csspart new-payment - The "New payment" button of MOTO mode (in the result panel after a success).
 * @csspart challenge - The 3-D Secure dialog.
 * @csspart challenge-frame - The frame inside it.
 * @csspart hosted-frame - The gateway's hosted form with presentation="iframe".
 * @csspart try-again - presentation="iframe", after a decline or failure: a new order in a new hosted form.
 *
 * @cssprop --gateway-accent - Background of the pay button. Default: --gateway-color-focus.
 * @cssprop --gateway-accent-text - Text on the pay button.
 * @cssprop --gateway-color-success - The success message and the result panel's tick.
 * @cssprop --gateway-color-error - Decline and error messages (shared with the field elements).
 * @cssprop --gateway-font-family - Shared with the field elements, as are the other --gateway-color-*
 *   properties, --gateway-radius, --gateway-gap and --gateway-input-padding. Set on the checkout
 *   or any ancestor, each reaches the nested fields too.
 */
export class GatewayCheckout extends CheckoutAttributes {
  static override styles = [baseStyles, styles, resultPanelStyles];

  // Looked up when used, as `@query` does (without pulling its decorator into the first load).
  private get cardForm(): GatewayCardForm | undefined {
    return this.#part('gateway-card-form');
  }
  private get addressForm(): GatewayBillingAddress | undefined {
    return this.#part('gateway-billing-address');
  }
  private get consentForm(): GatewaySaveConsent | undefined {
    return this.#part('gateway-save-consent');
  }
  #part<T extends Element>(selector: string): T | undefined {
    return this.renderRoot?.querySelector<T>(selector) ?? undefined;
  }
  /** Fields a failed Pay found wrong, said in the status region; 0 once a person edits again. */
  @state() private attention = 0;

  /** The payment's flow, step, result and saved card, shared with the controllers below. */
  readonly #state = new CheckoutState(this);
  readonly #email = new EmailField(this);
  readonly #challenge = new ChallengeController(this, () => this.threeDs);
  /** presentation="redirect" and "iframe": the gateway takes the card on its own page or form. */
  readonly #hosted = new HostedPresentation(this, this.#state, {
    busy: () => this.#terms._busy,
    _emailMissing: () => !!this.#config.loaded?.collect_email && !this.#press.validate(),
    email: () => this.#email.value || undefined,
    _beforeOrder: () => this.#press._beforeOrder(),
    show: (result) => this.#outcome.show(result),
    navigating: () => this.#resume.navigating(),
    _openChallenge: (url) => this.#challenge.open(url),
  });
  /** Whether the attempt a reload left under way is being picked up. */
  #pickingUp = false;
  readonly #resume = new AttemptResume(
    this,
    () => this.#terms._busy,
    // An attempt belongs to its checkout: a new session-url (a new cart) or order never picks it up.
    () => this.sessionUrl || this.apiDoUrl,
  );

  /** What the checkout does with each payment's outcome, and its own asking after an unconfirmed one. */
  readonly #outcome = new PaymentOutcome(this, this.#state, {
    t: () => this.t,
    moto: () => this.#terms._moto,
    parts: () => this.#parts,
    _announceAttention: (count) => this.#announceAttention(count),
    _forgetAttempt: () => this.#resume.clear(),
  });

  /** The merchant server's configuration (or a pre-created order's status), and the last one while a new one loads. */
  readonly #config = new CheckoutConfiguration(this, this.#state, {
    urls: () => [this.sessionUrl, this.statusUrl],
    // For an order created beforehand, what its status does not tell comes from the attributes.
    preset: () => ({ amount: this.amount, currency: this.currency, avs: this.avs, moto: this.moto }),
    loaded: (config) => {
      emit(this, 'gateway-ready', { amount: config.amount ?? null, currency: config.currency ?? null });
      if (this.presentation === 'iframe') void this.#hosted.open();
    },
    failed: (error) =>
      emit(this, 'gateway-error', {
        type: 'config',
        message: error instanceof Error ? error.message : String(error),
      }),
  });

  /** What it shows and charges at the moment, from its attributes, configuration and state. */
  readonly #terms = new CheckoutTerms(this, this.#config, this.#state);

  /** Pay, pressed or called: the checks before anything is sent, the page's last word, the payment. */
  readonly #press: PayPress = new PayPress(
    this,
    this.#state,
    {
      view: () => this.#terms._view,
      presentation: () => this.presentation,
      parts: () => this.#parts,
      terms: () => this.#terms._order(),
      _announceAttention: (count) => this.#announceAttention(count),
    },
    { config: this.#config, hosted: this.#hosted, outcome: this.#outcome },
  );

  get #parts(): OutcomeParts {
    return { card: this.cardForm, email: this.#email, address: this.addressForm, consent: this.consentForm };
  }

  protected override get fallbackLanguage(): string | undefined {
    return this.#config.loaded?.language || undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Before the config task runs (in the same update), so it loads through the new flow.
    const state = this.#state;
    if (changed.has('sessionUrl') || changed.has('apiDoUrl') || changed.has('statusUrl') || !state._flow) {
      const flow = checkoutFlow(this, {
        challenge: (url, moved) => {
          if (this.threeDs === 'redirect') this.#resume.navigating();
          return this.#challenge.open(url, moved);
        },
        onPhase: (phase) => {
          state._phase = phase;
          void this.#outcome._prepare();
        },
        onAttempt: (attempt) => this.#resume.save({ ...attempt, cardSaved: state._cardSaved }),
        transport: () => onDemand.frames().then((m) => m.transportIn(this.renderRoot)),
      });
      state._startFlow(flow);
      this.#outcome._stopChecking();
    }
    // Here rather than after a render: a kept attempt sets the phase, which this update shows, so
    // nothing can be paid again while its record is checked (and then its status asked).
    const kept = this.#resume.toPickUp(this.presentation === 'direct');
    if (kept && !this.#pickingUp) {
      this.#pickingUp = true;
      state._begin('verifying');
      void kept.then(
        (record) => (record ? this.#pickUp(record) : state._settle()),
        // The check could not load: the form comes back and the record stays for a later reload.
        () => state._settle(),
      );
    }
    super.willUpdate(changed);
  }

  /**
   * Rendered on the server with the card fields in a frame, the checkout takes its nodes over once
   * that frame has loaded (300 ms at most): the frame is of the shop's site, so it shares this page's
   * one thread, and the customer starts with its fields, not with this element (whose Pay waits for
   * them anyway). Taking over first put the frame's fields on screen 40 to 60 ms later.
   */
  protected override async scheduleUpdate(): Promise<void> {
    if (!this.hasUpdated) await frameLoaded(renderedFieldsFrame(this.shadowRoot), 300);
    return super.scheduleUpdate();
  }

  /** Rendered on the server, the checkout showed the empty form: a payment picked up shows its status. */
  protected override matchesServerRender(): boolean {
    return this.#resume.toPickUp(this.presentation === 'direct') === null;
  }

  /** After a reload: the attempt the page had under way, shown as its result rather than a fresh form. */
  async #pickUp(record: KeptAttempt): Promise<void> {
    const state = this.#state;
    state._cardSaved = record.cardSaved === true;
    const result = await state._flow!.resume(record);
    if (result) this.#outcome.show(result);
    else {
      // Nothing reached the gateway: the form is what it was, and the same order may be paid.
      this.#resume.clear();
      state._settle();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // A checkout taken out of the page (a closed modal, a route change) keeps no security code.
    if (this.cardForm) clearSecurityCode(this.cardForm);
  }

  protected override render() {
    const t = this.t;
    const view = this.#terms._view;
    const { _outcome: result, _idle: idle, _cardSaved: cardSaved } = this.#state;
    const shared = {
      t,
      language: this.languageTag,
      theme: this.theme,
      view,
      busy: this.#terms._busy,
      status: this.#terms._status(t, this.attention),
      alert: alertText(this.t, this.#config.failed, result, idle),
    };
    const config = this.#config.loaded;
    const paid = result?.kind === 'succeeded' && idle ? result : null;
    const paidDetails = paid && {
      kind: successKind(paid.status, cardSaved),
      amount: this.#terms._formatAmount(this.languageTag),
      orderNumber: paid.status.number ?? null,
      cardSaved,
    };
    if (this.presentation === 'iframe') {
      const ended = this.#terms._finished && result?.kind !== 'succeeded';
      return html`${hostedView(shared, {
        url: this.#hosted.url,
        finished: this.#terms._finished,
        paid: paidDetails,
        retry: ended && config ? this.#hosted.retry : null,
        loaded: this.#hosted.loaded,
      })}${this.#challenge.render(t)}`;
    }
    // While a new session-url loads, the fields stay as they were: nothing typed is lost.
    const fields = this.#config.current;
    // A paid order is not paid again: the form stays locked after a success (MOTO: until "New payment").
    const locked = shared.busy || view === 'succeeded';
    const newPayment =
      this.#terms._moto && this.#terms._finished
        ? html`<button part="new-payment" class="secondary" type="button" @click=${this.#newPayment}>${t.newPayment}</button>`
        : nothing;
    return html`${checkoutForm(
      {
        ...shared,
        fields,
        config,
        direct: this.presentation === 'direct',
        moto: this.#terms._moto,
        autoAdvance: config?.auto_advance === false ? 'off' : this.autoAdvance,
        requireName: this.requireName ?? fields?.require_name ?? true,
        avs: this.#terms._avs,
        saveMethod: this.#terms._saveMethod,
        acceptedBrands: this.acceptedBrands,
        fieldsOrigin: this.fieldsOrigin,
        sessionUrl: this.sessionUrl,
        payFrame:
          this.fieldsOrigin && this.presentation === 'direct'
            ? { src: (this.cardForm && isolatedFields(this.cardForm)?.buttonSrc) || undefined }
            : null,
        locked,
        reopenable: reopenable(result, idle),
        canRetry: canRetry(result),
        payLabel: this.#terms._payLabel(this.t, this.languageTag),
        paid: paidDetails,
        newPayment,
        // Until the session answers, the e-mail field holds its place (as the README's merchant asks
        // for one), so nothing below it moves when the answer comes; a phone order asks none, nor a
        // checkout whose page says collect-email="false".
        email: (
          fields
            ? fields.collect_email
            : (this.collectEmail ?? !this.#terms._moto) && this.presentation === 'direct'
        )
          ? this.#email.render(t, locked)
          : nothing,
      },
      this.#handlers,
    )}
      ${this.#challenge.render(t)}`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.#press._showOnFieldsButton(!!this.fieldsOrigin, () => ({
      label: this.#terms._payLabel(this.t, this.languageTag),
      busy: this.#terms._busy,
      // As our own button: pressable while a new configuration loads, once there is one.
      disabled: this.#terms._busy || this.#terms._view === 'succeeded' || !this.#config.current,
    }));
  }

  readonly #handlers: CheckoutFormHandlers = {
    submit: (event) => {
      event.preventDefault();
      void this.pay();
    },
    edit: () => {
      this.attention = 0;
    },
    cardChange: (event) => emit(this, 'gateway-change', event.detail),
    fieldsUnavailable: () =>
      emit(this, 'gateway-error', { type: 'fields', message: errorText(this.t, 'fields') }),
    // What the isolated fields refused is for the page's code: the customer sees nothing of it.
    fieldsRefused: (event) => emit(this, 'gateway-error', { type: 'fields', message: event.detail.reason }),
    reopenChallenge: () => void this.#reopenChallenge(),
  };

  readonly #reopenChallenge = async (): Promise<void> => {
    const flow = this.#state._flow;
    if (!flow || this.#terms._busy) return;
    this.#state._forget();
    this.#outcome.show(await flow.reopenChallenge());
  };

  /**
   * Pays with what the customer entered. Repeated calls while paying join the payment under way.
   * With isolated fields only the customer starts a payment, by pressing Pay in the fields' origin
   * (or Enter in a field): a call without that press pays nothing. With presentation="iframe" it
   * opens the hosted form when none is up (after the page stopped it in gateway-before-pay).
   */
  async pay(): Promise<void> {
    return this.#press.press();
  }

  /** The status region says how many fields need attention (none: it says nothing). */
  #announceAttention(count: number): void {
    // Emptied first and filled after that has rendered, so the same count is announced again.
    this.attention = 0;
    if (count) void this.updateComplete.then(() => (this.attention = count));
  }

  /** Clears every field and starts over with a new order (MOTO: the next caller). */
  readonly #newPayment = (): void => {
    this.#state._flow?.reset();
    this.#resume.clear();
    this.cardForm?.clear();
    this.#email.clear();
    this.addressForm?.clear();
    this.consentForm?.clear();
    this.#state._forget();
    this.#state._settle();
    // The page may start the next entry on its own fields (an agent's amount); else the first field here.
    const next = new CustomEvent('gateway-new-payment', { bubbles: true, composed: true, cancelable: true });
    if (!this.dispatchEvent(next)) return;
    void this.updateComplete.then(() =>
      (this.renderRoot.querySelector<HTMLElement>('#email') ?? this.cardForm)?.focus(),
    );
  };
}

// Beside the class, so the declaration emitted for this module carries the events: an app that
// imports the element (or anything typed by it) gets them without reaching for another file.
declare global {
  interface HTMLElementEventMap {
    'gateway-ready': CustomEvent<CheckoutReadyDetail>;
    'gateway-change': CustomEvent<CheckoutChangeDetail>;
    'gateway-success': CustomEvent<CheckoutSuccessDetail>;
    'gateway-decline': CustomEvent<CheckoutDeclineDetail>;
    'gateway-error': CustomEvent<CheckoutErrorDetail>;
    'gateway-new-payment': CustomEvent<undefined>;
    'gateway-before-pay': CustomEvent<BeforePayDetail>;
  }
}
