import { Task, TaskStatus } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import {
  type AttemptRecord,
  type FlowInvalid,
  type FlowPhase,
  type FlowResult,
  PaymentFlow,
} from '../../flow/payment-flow.ts';
import type { AvsMode, CheckoutConfig, Presentation, SaveMethod } from '../../protocol/session.ts';
import type { GatewayBillingAddress } from '../billing-address/billing-address.ts';
import { cardPayer, clearSecurityCode, readCard, reportCard } from '../card-form/card-access.ts';
import type { CardChangeEvent, GatewayCardForm } from '../card-form/card-form.ts';
import type { GatewaySaveConsent } from '../save-consent/save-consent.ts';
import { listConverter } from '../shared/converters.ts';
import { GatewayElement } from '../shared/gateway-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { AttemptResume } from './attempt-resume.ts';
import { ChallengeController } from './challenge-controller.ts';
import { styles } from './checkout.styles.ts';
import { loadCheckoutConfig, type PresetConfig } from './checkout-config.ts';
import { emit } from './checkout-events.ts';
import { errorText, resultText, statusText, type View } from './checkout-messages.ts';
import { formatAmount, reportParts } from './checkout-validation.ts';
import { EmailField } from './email-field.ts';
import { placeFieldErrors } from './field-errors.ts';
import { resultPanel, resultPanelStyles } from './result-panel.ts';

const BUSY: ReadonlySet<View> = new Set(['creating', 'paying', 'challenge', 'verifying']);

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
 * @fires gateway-error - The checkout could not load (`type: "config"`), has no amount to charge (`type: "amount"`, nothing sent), or the payment could not be completed or confirmed. detail: `{ type, message, fields? }`.
 * @fires gateway-new-payment - MOTO "New payment" cleared the form. Cancel it to move the focus yourself.
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
 *
 * @cssprop --gateway-accent - Background of the pay button. Default: --gateway-color-focus.
 * @cssprop --gateway-accent-text - Text on the pay button.
 * @cssprop --gateway-color-success - The success message and the result panel's tick.
 * @cssprop --gateway-color-error - Decline and error messages (shared with the field elements).
 * @cssprop --gateway-font-family - Shared with the field elements, as are the other --gateway-color-*
 *   properties, --gateway-radius, --gateway-gap and --gateway-input-padding. Set on the checkout
 *   or any ancestor, each reaches the nested fields too.
 */
export class GatewayCheckout extends GatewayElement {
  static override styles = [baseStyles, styles, resultPanelStyles];

  /** Where the merchant's server answers GET (configuration) and POST (create the order). */
  @property({ attribute: 'session-url' }) sessionUrl?: string;
  /** api_do_url of an order the merchant created beforehand (with `status-url`). */
  @property({ attribute: 'api-do-url' }) apiDoUrl?: string;
  /**
   * The gateway origins card data may be sent to (`https://gw.example`, space-separated). Empty:
   * any https origin (or loopback, for the sandbox) other than the page's own.
   */
  @property({ attribute: 'gateway-origins', converter: listConverter }) gatewayOrigins: string[] = [];
  /** Where the merchant's server answers the status of that order. */
  @property({ attribute: 'status-url' }) statusUrl?: string;
  /** Mail or telephone order: no security code, and "New payment" after each result. */
  @property({ type: Boolean, reflect: true }) moto = false;
  /** off, standard or custom address verification. Defaults to what the merchant's server says. */
  @property({ reflect: true }) avs?: AvsMode;
  /** one-click, automatic, recurring (with customer consent) or merchant (saved_by_merchant). */
  @property({ attribute: 'save-method', reflect: true }) saveMethod?: SaveMethod;
  /** direct (card fields here), iframe (the gateway's hosted form) or redirect (its full page). */
  @property({ reflect: true }) presentation: Presentation = 'direct';
  /** How 3-D Secure is shown: modal (a dialog over the page) or redirect (the whole page goes). */
  @property({ attribute: 'three-ds', reflect: true }) threeDs: 'modal' | 'redirect' = 'modal';
  /** Amount for a pre-created order, when its status URL does not tell. */
  @property({ type: Number }) amount?: number;
  /** Currency for a pre-created order. */
  @property() currency?: string;
  /** Accepted brands as credit-card-type ids (`visa mastercard`); empty accepts all. */
  @property({ attribute: 'accepted-brands', converter: listConverter }) acceptedBrands: string[] = [];
  /**
   * Isolated card fields: the origin serving the fields page (`createFieldsHandler`). The card is
   * then typed in a frame from that origin and sent from there, out of reach of this page's scripts.
   */
  @property({ attribute: 'fields-origin' }) fieldsOrigin?: string;

  /** The step of a payment under way; `idle` when none is. */
  @state() private phase: 'idle' | FlowPhase = 'idle';
  /** The last payment's result; its words are derived in `render`, in the language of the moment. */
  @state() private result: FlowResult | null = null;
  @state() private hostedUrl: string | null = null;

  @query('gateway-card-form') private cardForm?: GatewayCardForm;
  @query('gateway-billing-address') private addressForm?: GatewayBillingAddress;
  @query('gateway-save-consent') private consentForm?: GatewaySaveConsent;
  /** Fields a failed Pay found wrong, said in the status region; 0 once a person edits again. */
  @state() private attention = 0;

  #flow: PaymentFlow | null = null;
  readonly #email = new EmailField(this);
  /** The customer agreed to save the card for the payment under way. */
  #cardSaved = false;
  readonly #challenge = new ChallengeController(this, () => this.threeDs === 'redirect');
  readonly #resume = new AttemptResume(this, () => this.#busy);

  /**
   * The configuration, keyed on the URLs it comes from: a new URL aborts the load under way, so an
   * answer for an old URL can never land last.
   */
  readonly #config = new Task(this, {
    args: () => [this.sessionUrl, this.statusUrl] as const,
    task: ([sessionUrl, statusUrl], { signal }) =>
      loadCheckoutConfig(this.#flow!, { sessionUrl, statusUrl }, this.#presetConfig(), signal),
    onComplete: (config) => {
      emit(this, 'gateway-ready', { amount: config.amount ?? null, currency: config.currency ?? null });
      if (this.presentation === 'iframe') void this.#openHosted();
    },
    onError: (error) => {
      emit(this, 'gateway-error', {
        type: 'config',
        message: error instanceof Error ? error.message : String(error),
      });
    },
  });

  /** For an order created beforehand, what its status does not tell comes from the attributes. */
  #presetConfig(): PresetConfig {
    return { amount: this.amount, currency: this.currency, avs: this.avs, moto: this.moto };
  }

  /** The loaded configuration, or null while loading, after a failure, or with nothing to load. */
  get #loaded(): CheckoutConfig | null {
    return this.#config.status === TaskStatus.COMPLETE ? (this.#config.value ?? null) : null;
  }

  protected override get fallbackLanguage(): string | undefined {
    return this.#loaded?.language || undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Before the config task runs (in the same update), so it loads through the new flow.
    if (changed.has('sessionUrl') || changed.has('apiDoUrl') || changed.has('statusUrl') || !this.#flow) {
      const host = this;
      this.#flow = new PaymentFlow({
        sessionUrl: this.sessionUrl,
        apiDoUrl: this.apiDoUrl,
        statusUrl: this.statusUrl,
        // Read at pay time, so a list set after the element connected still applies.
        get gatewayOrigins() {
          return host.gatewayOrigins;
        },
        challenge: (url) => {
          if (this.threeDs === 'redirect') this.#resume.navigating();
          return this.#challenge.open(url);
        },
        onPhase: (phase) => {
          this.phase = phase;
        },
        onAttempt: (attempt) => this.#resume.save(attempt),
      });
      this.phase = 'idle';
      this.result = null;
    }
    super.willUpdate(changed);
  }

  protected override firstUpdated(changed: PropertyValues<this>): void {
    super.firstUpdated(changed);
    const record = this.presentation === 'direct' ? this.#resume.load() : null;
    if (record) void this.#pickUp(record);
  }

  /** After a reload: the attempt the page had under way, shown as its result rather than a fresh form. */
  async #pickUp(record: AttemptRecord): Promise<void> {
    const result = await this.#flow!.resume(record);
    if (result) this.#show(result);
    else {
      // Nothing reached the gateway: the form is what it was, and the same order may be paid.
      this.#resume.clear();
      this.phase = 'idle';
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // A checkout taken out of the page (a closed modal, a route change) keeps no security code.
    if (this.cardForm) clearSecurityCode(this.cardForm);
  }

  get #view(): View {
    if (this.#config.status === TaskStatus.PENDING) return 'loading';
    if (this.#config.status === TaskStatus.ERROR) return 'failed';
    if (this.phase !== 'idle') return this.phase;
    return this.result?.kind ?? 'idle';
  }

  get #avs(): AvsMode {
    return this.avs ?? this.#loaded?.avs ?? 'off';
  }
  get #moto(): boolean {
    return this.moto || (this.#loaded?.moto ?? false);
  }
  get #saveMethod(): SaveMethod | undefined {
    return this.saveMethod ?? this.#loaded?.save?.method;
  }
  get #busy(): boolean {
    return BUSY.has(this.#view);
  }
  get #finished(): boolean {
    const view = this.#view;
    return view === 'succeeded' || view === 'declined' || view === 'failed';
  }

  /** What this checkout charges: null while nothing is set (a phone order before the amount is typed). */
  get #amount(): number | null {
    return this.#loaded?.amount ?? this.amount ?? null;
  }

  #formatAmount(): string {
    return formatAmount(this.languageTag, this.#amount, this.#loaded?.currency ?? this.currency);
  }

  /** The message of a decline or failure (the alert region), in the language of the moment. */
  #alertText(): string {
    if (this.#config.status === TaskStatus.ERROR) return errorText(this.t, 'config');
    const result = this.result;
    return result && result.kind !== 'succeeded' && this.phase === 'idle' ? resultText(this.t, result) : '';
  }

  protected override render() {
    const t = this.t;
    if (this.presentation === 'iframe') return this.#renderHosted();
    const config = this.#loaded;
    // While a new session-url loads, the fields stay as they were: nothing typed is lost.
    const fields = config ?? (this.#config.status === TaskStatus.PENDING ? this.#config.value : null) ?? null;
    const view = this.#view;
    const saveMethod = this.#saveMethod;
    const direct = this.presentation === 'direct';
    const busy = this.#busy;
    // A paid order is not paid again: the form stays locked after a success (MOTO: until "New payment").
    const locked = busy || view === 'succeeded';
    const paid = this.result?.kind === 'succeeded' && this.phase === 'idle' ? this.result : null;
    const newPayment =
      this.#moto && this.#finished
        ? html`<button part="new-payment" class="secondary" type="button" @click=${this.#newPayment}>${t.newPayment}</button>`
        : nothing;
    return html`
      <form
        part="form"
        novalidate
        ?hidden=${!!paid}
        @submit=${this.#onSubmit}
        @input=${this.#onEdit}
        aria-busy=${busy ? 'true' : 'false'}
      >
        ${fields?.collect_email ? this.#email.render(t, locked) : nothing}
        ${
          direct
            ? html`<gateway-card-form
                .moto=${this.#moto}
                .language=${this.languageTag}
                .acceptedBrands=${this.acceptedBrands}
                .fieldsOrigin=${this.fieldsOrigin}
                .theme=${this.theme}
                ?disabled=${locked}
                @gateway-card-change=${this.#onCardChange}
                @gateway-fields-unavailable=${this.#onFieldsUnavailable}
              ></gateway-card-form>`
            : nothing
        }
        ${
          direct && this.#avs !== 'off'
            ? html`<gateway-billing-address
                mode="avs"
                .language=${this.languageTag}
                .theme=${this.theme}
                ?disabled=${locked}
              ></gateway-billing-address>`
            : nothing
        }
        ${
          direct && saveMethod != null && saveMethod !== 'merchant'
            ? html`<gateway-save-consent
                scenario=${saveMethod}
                merchant-name=${config?.merchant_name ?? ''}
                .language=${this.languageTag}
                ?required=${config?.save?.consent_required ?? true}
                .theme=${this.theme}
                ?disabled=${locked}
              ></gateway-save-consent>`
            : nothing
        }
        ${
          this.#reopenable
            ? html`<button part="reopen-challenge" class="pay" type="button" @click=${this.#reopenChallenge}>
                ${t.reopenChallenge}
              </button>`
            : nothing
        }
        <button
          part="pay-button"
          class=${this.#reopenable ? 'secondary' : 'pay'}
          type="submit"
          ?hidden=${this.#reopenable && !this.#canRetry}
          ?disabled=${locked || view === 'loading' || !config}
        >
          ${this.#payLabel()}
        </button>
      </form>
      ${
        paid
          ? resultPanel(
              t,
              {
                held: paid.status.outcome === 'held',
                amount: this.#formatAmount(),
                orderId: paid.orderId,
                cardSaved: this.#cardSaved,
              },
              newPayment,
            )
          : nothing
      }
        <div
          id="status"
          part="status"
          class="status ${view} ${busy || paid ? 'visually-hidden' : ''}"
          role="status"
          aria-live="polite"
        >${this.#statusText()}</div>
        <div id="error" part="message" class="error" role="alert">${this.#alertText()}</div>
        ${paid ? nothing : newPayment}
      ${this.#challenge.render(t)}
    `;
  }

  /** The last payment's outcome is unknown: the button asks the status before anything is paid. */
  get #mustCheckStatus(): boolean {
    const result = this.result;
    return result?.kind === 'failed' && (!result.canRetry || result.error.type === 'status_unknown');
  }

  #payLabel(): string {
    const t = this.t;
    if (this.#view === 'failed' && this.#mustCheckStatus) return t.checkStatus;
    if (this.#busy) return t.processing;
    // Nothing is charged: the card is verified and saved, and the button says so.
    if (this.#amount === 0) return t.saveCard;
    const amount = this.#formatAmount();
    return amount ? t.payAmount(amount) : t.pay;
  }

  get #reopenable(): boolean {
    const result = this.result;
    return this.phase === 'idle' && result?.kind === 'failed' && result.reopenable === true;
  }

  get #canRetry(): boolean {
    const result = this.result;
    return result?.kind !== 'failed' || result.canRetry;
  }

  readonly #reopenChallenge = async (): Promise<void> => {
    const flow = this.#flow;
    if (!flow || this.#busy) return;
    this.result = null;
    this.#show(await flow.reopenChallenge());
  };

  #statusText(): string {
    const view = this.#view;
    return view === 'idle' && this.attention
      ? this.t.attention(this.attention)
      : statusText(this.t, view, this.result);
  }

  #renderHosted() {
    const t = this.t;
    const view = this.#view;
    const status = view === 'succeeded' ? this.#statusText() : view === 'loading' ? t.loading : '';
    return html`${
      this.hostedUrl && !this.#finished
        ? html`<iframe part="hosted-frame" class="hosted" title=${t.hostedTitle} src=${this.hostedUrl}></iframe>`
        : nothing
    }
      <div part="status" class="status ${view}" role="status" aria-live="polite">${status}</div>
      <div part="message" class="error" role="alert">${this.#alertText()}</div>`;
  }

  readonly #onFieldsUnavailable = (): void => {
    emit(this, 'gateway-error', { type: 'fields', message: errorText(this.t, 'fields') });
  };

  readonly #onCardChange = (event: CardChangeEvent): void => {
    emit(this, 'gateway-change', event.detail);
  };

  readonly #onEdit = (): void => {
    this.attention = 0;
  };

  readonly #onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    void this.pay();
  };

  /** Pays with what the customer entered. Repeated calls while paying join the payment under way. */
  async pay(): Promise<void> {
    const flow = this.#flow;
    const view = this.#view;
    if (!flow || this.#busy || view === 'loading' || view === 'succeeded') return;
    if (this.presentation === 'redirect') return this.#redirectToHosted();
    // "Check payment status": the outcome of the last payment is unknown; ask before anything else.
    // The security code is gone by then, and is not needed to ask.
    if (this.#mustCheckStatus) {
      this.result = null;
      this.phase = 'verifying';
      return this.#show(await flow.verify());
    }
    if (!this.#validate()) return;
    // Nothing to charge yet: nothing is sent, and the page hears it (to point at its amount field).
    if (this.#loaded && this.#amount === null) {
      this.#show({ kind: 'failed', orderId: null, error: { type: 'amount' }, canRetry: true });
      return;
    }
    // With isolated fields the card is out of reach here: the frame pays.
    const payer = cardPayer(this.cardForm!);
    const card = payer ? null : readCard(this.cardForm!);
    if (!payer && !card) return;
    this.#cardSaved = !!this.consentForm?.checked;
    const request = {
      email: this.#email.value || undefined,
      billing_address: this.addressForm ? this.addressForm.value : undefined,
      save_consent: this.consentForm?.checked ? (this.consentForm.value ?? undefined) : undefined,
      options: {
        moto: this.#moto || undefined,
        avs: this.avs,
        save_method: this.saveMethod,
        presentation: this.presentation,
      },
    };
    this.result = null;
    this.phase = 'creating';
    const preset = { avs: this.#avs, moto: this.#moto, saveMethod: this.#saveMethod };
    this.#show(await flow.pay(payer ? { payer, request, preset } : { card: card!, request, preset }));
  }

  /**
   * Every part shows its messages; the focus goes to the first invalid field of the first invalid
   * part, not to whichever part reported last, and the status region says how many need attention.
   */
  #validate(): boolean {
    const emailOk = !this.#loaded?.collect_email || this.#email.reportValidity();
    const email = emailOk ? null : this.renderRoot.querySelector<HTMLElement>('#email');
    const count = reportParts(email, [this.#cardPart(), this.addressForm, this.consentForm]);
    // Emptied first and filled after that has rendered, so the same count is announced again.
    this.attention = 0;
    if (count) void this.updateComplete.then(() => (this.attention = count));
    return count === 0;
  }

  /** The card form as a part to validate: isolated fields take the focus only when asked to. */
  #cardPart() {
    const form = this.cardForm;
    return form && { shadowRoot: form.shadowRoot, reportValidity: (focus = true) => reportCard(form, focus) };
  }

  #show(result: FlowResult | FlowInvalid): void {
    this.phase = 'idle';
    if (result.kind === 'invalid') {
      // The isolated fields refused to send an incomplete card and show why; nothing was paid.
      if (this.cardForm) reportCard(this.cardForm, true);
      return;
    }
    this.result = result;
    // Whatever the result, the security code is not kept: a retry asks for it again. The rest of
    // the card stays for a retry, and goes too once the order is paid.
    if (this.cardForm) clearSecurityCode(this.cardForm);
    // Nothing reached the card: a reload need not pick this attempt up.
    if (result.kind === 'failed' && result.canRetry && !result.reopenable) this.#resume.clear();
    if (result.kind === 'succeeded') {
      // The card is spent: nothing of it stays in the fields behind the result.
      this.cardForm?.clear();
      const { amount, currency } = result.status;
      emit(this, 'gateway-success', {
        orderId: result.orderId,
        status: result.status.status,
        amount,
        currency,
      });
      void this.updateComplete.then(() =>
        (this.#moto
          ? this.#newPaymentButton()
          : this.renderRoot.querySelector<HTMLElement>('.result')
        )?.focus(),
      );
    } else if (result.kind === 'declined') {
      // An agent tells the caller and goes on from "New payment", as after a success.
      if (this.#moto) void this.updateComplete.then(() => this.#newPaymentButton()?.focus());
      const { amount, currency } = result.status;
      emit(this, 'gateway-decline', { orderId: result.orderId, reason: result.reason, amount, currency });
    } else {
      // The way on after a check left unfinished is to reopen it: the focus waits there.
      if (result.reopenable)
        void this.updateComplete.then(() =>
          this.renderRoot.querySelector<HTMLElement>('button[part="reopen-challenge"]')?.focus(),
        );
      // An integration mistake, not the customer's: the developer's console names the address and the rule.
      if (result.error.type === 'untrusted_gateway')
        console.error(`gateway-checkout: ${result.error.message}`);
      const fields = result.error.fields;
      if (fields?.length) void this.#placeFieldErrors(fields);
      emit(this, 'gateway-error', {
        type: result.error.type,
        message: resultText(this.t, result),
        ...(fields?.length ? { fields } : {}),
      });
    }
  }

  /** The merchant server's word on fields it named, beside each field, and the focus on the first. */
  async #placeFieldErrors(fields: NonNullable<Extract<FlowResult, { kind: 'failed' }>['error']['fields']>) {
    const placed = placeFieldErrors(this.t, fields);
    if (placed.email) this.#email.showServerError(placed.email);
    const address = this.addressForm?.showServerErrors(placed.address) ?? false;
    const consent = this.consentForm?.showServerErrors(placed.consent) ?? false;
    await this.updateComplete;
    if (placed.email) this.renderRoot.querySelector<HTMLElement>('#email')?.focus();
    else if (address) this.addressForm?.reportValidity();
    else if (consent) this.consentForm?.reportValidity();
  }

  #newPaymentButton(): HTMLButtonElement | null {
    return this.renderRoot.querySelector('button[part="new-payment"]');
  }

  /** Clears every field and starts over with a new order (MOTO: the next caller). */
  readonly #newPayment = (): void => {
    this.#flow?.reset();
    this.#resume.clear();
    this.cardForm?.clear();
    this.#email.clear();
    this.addressForm?.clear();
    this.consentForm?.clear();
    this.result = null;
    this.phase = 'idle';
    // The page may start the next entry on its own fields (an agent's amount); else the first field here.
    const next = new CustomEvent('gateway-new-payment', { bubbles: true, composed: true, cancelable: true });
    if (!this.dispatchEvent(next)) return;
    void this.updateComplete.then(() =>
      (this.renderRoot.querySelector<HTMLElement>('#email') ?? this.cardForm)?.focus(),
    );
  };

  async #redirectToHosted(): Promise<void> {
    const flow = this.#flow!;
    if (this.#loaded?.collect_email && !this.#validate()) return;
    this.result = null;
    this.phase = 'creating';
    try {
      const email = this.#email.value || undefined;
      const session = await flow.openSession({ email, options: { presentation: 'redirect' } });
      if (!session.full_page_checkout) throw new Error('The order has no full-page checkout.');
      this.#resume.navigating();
      window.location.assign(session.full_page_checkout);
    } catch (error) {
      this.#sessionFailed(error, true);
    }
  }

  async #openHosted(): Promise<void> {
    const flow = this.#flow!;
    try {
      const session = await flow.openSession({ options: { presentation: 'iframe' } });
      if (!session.iframe_checkout) throw new Error('The order has no iframe checkout.');
      this.hostedUrl = session.iframe_checkout;
      this.#show(await flow.waitForResult(session.status_url, session.order_id));
    } catch (error) {
      this.#sessionFailed(error, false);
    }
  }

  #sessionFailed(error: unknown, canRetry: boolean): void {
    const message = error instanceof Error ? error.message : String(error);
    this.#show({ kind: 'failed', orderId: null, error: { type: 'session', message }, canRetry });
  }
}
