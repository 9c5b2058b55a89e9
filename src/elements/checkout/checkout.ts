import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { AvsMode, CheckoutConfig, Presentation, SaveMethod } from '../../protocol/session.ts';
import type { GatewayBillingAddress } from '../billing-address/billing-address.ts';
import { clearSecurityCode, readCard } from '../card-form/card-access.ts';
import type { GatewayCardForm } from '../card-form/card-form.ts';
import { type Catalog, catalogFor, format } from '../i18n/index.ts';
import type { GatewaySaveConsent } from '../save-consent/save-consent.ts';
import { baseStyles } from '../shared/styles.ts';
import { styles } from './checkout.styles.ts';
import {
  type ChallengeHandle,
  type FlowErrorType,
  type FlowPhase,
  type FlowResult,
  PaymentFlow,
} from './payment-flow.ts';

type View = 'loading' | 'idle' | FlowPhase | 'succeeded' | 'declined' | 'failed';

const ERROR_TEXT = {
  session: 'errorSession',
  network: 'errorRetry',
  timeout: 'errorRetry',
  server: 'errorRetry',
  rejected: 'errorRejected',
  status_unknown: 'errorStatusUnknown',
  cancelled: 'errorCancelled',
} as const satisfies Record<FlowErrorType, keyof Catalog>;

export interface CheckoutChangeDetail {
  readonly brand: string | null;
  readonly complete: boolean;
  readonly empty: boolean;
  readonly valid: boolean;
}
export interface CheckoutReadyDetail {
  readonly amount: number | null;
  readonly currency: string | null;
}
export interface CheckoutSuccessDetail {
  readonly orderId: string;
  readonly status: string;
}
export interface CheckoutDeclineDetail {
  readonly orderId: string;
  readonly reason: string;
}
export interface CheckoutErrorDetail {
  readonly type: string;
  readonly message: string;
}

interface CheckoutEventDetail {
  'gateway-ready': CheckoutReadyDetail;
  'gateway-change': CheckoutChangeDetail;
  'gateway-success': CheckoutSuccessDetail;
  'gateway-decline': CheckoutDeclineDetail;
  'gateway-error': CheckoutErrorDetail;
}
type CheckoutEvent = keyof CheckoutEventDetail;

declare global {
  interface HTMLElementEventMap {
    'gateway-ready': CustomEvent<CheckoutReadyDetail>;
    'gateway-change': CustomEvent<CheckoutChangeDetail>;
    'gateway-success': CustomEvent<CheckoutSuccessDetail>;
    'gateway-decline': CustomEvent<CheckoutDeclineDetail>;
    'gateway-error': CustomEvent<CheckoutErrorDetail>;
    'gateway-new-payment': CustomEvent<undefined>;
  }
}

/**
 * @tag gateway-checkout
 * @summary Runs one card payment: the order is created through the merchant's server, the card
 * goes straight to the gateway's api_do_url, 3-D Secure is shown in a dialog, and the result is
 * read back from the merchant's server.
 *
 * @fires gateway-ready - The checkout knows what it charges. detail: `{ amount, currency }`.
 * @fires gateway-change - The customer edited the card. detail: `{ brand, complete, empty, valid }`.
 * @fires gateway-success - The order is paid (or held on a two-step order). detail: `{ orderId, status }`.
 * @fires gateway-decline - The gateway declined. detail: `{ orderId, reason }`.
 * @fires gateway-error - The payment could not be completed or confirmed. detail: `{ type, message }`.
 * @fires gateway-new-payment - MOTO "New payment" cleared the form. Cancel it to move the focus yourself.
 *
 * @csspart form - The form around every field.
 * @csspart pay-button - The button that pays.
 * @csspart status - The progress and result line.
 * @csspart message - The decline or error message.
 * @csspart new-payment - The "New payment" button of MOTO mode.
 * @csspart challenge - The 3-D Secure dialog.
 * @csspart challenge-frame - The frame inside it.
 * @csspart hosted-frame - The gateway's hosted form with presentation="iframe".
 *
 * @cssprop --gateway-accent - Background of the pay button. Default: --gateway-color-focus.
 * @cssprop --gateway-accent-text - Text on the pay button.
 * @cssprop --gateway-color-success - The success message.
 * @cssprop --gateway-color-error - Decline and error messages (shared with the field elements).
 * @cssprop --gateway-font-family - Shared with the field elements, as are the other --gateway-color-*
 *   properties, --gateway-radius, --gateway-gap and --gateway-input-padding.
 */
export class GatewayCheckout extends LitElement {
  static override styles = [baseStyles, styles];

  /** Where the merchant's server answers GET (configuration) and POST (create the order). */
  @property({ attribute: 'session-url' }) sessionUrl?: string;
  /** api_do_url of an order the merchant created beforehand (with `status-url`). */
  @property({ attribute: 'api-do-url' }) apiDoUrl?: string;
  /** Where the merchant's server answers the status of that order. */
  @property({ attribute: 'status-url' }) statusUrl?: string;
  /** Two-letter language; defaults to the order's language, then the nearest `lang`. */
  @property() language?: string;
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
  /** light or dark; unset follows prefers-color-scheme. Passed on to the fields. */
  @property({ reflect: true }) theme?: 'light' | 'dark';
  /** Card brands accepted, comma-separated (e.g. "visa,mastercard"). All when empty. */
  @property({ attribute: 'accepted-brands' }) acceptedBrands?: string;

  @state() private view: View = 'loading';
  @state() private config: CheckoutConfig | null = null;
  @state() private message = '';
  @state() private canRetry = true;
  @state() private hostedUrl: string | null = null;
  @state() private challengeUrl: string | null = null;

  @query('gateway-card-form') private cardForm?: GatewayCardForm;
  @query('gateway-billing-address') private addressForm?: GatewayBillingAddress;
  @query('gateway-save-consent') private consentForm?: GatewaySaveConsent;
  @query('dialog') private dialog?: HTMLDialogElement;
  @query('input[type="email"]') private emailInput?: HTMLInputElement;

  #flow: PaymentFlow | null = null;
  #t: Catalog = catalogFor('en');
  #lang = 'en';
  #closeChallenge: ((end: 'completed' | 'closed') => void) | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('message', this.#onMessage);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('message', this.#onMessage);
    this.#closeChallenge?.('closed');
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('sessionUrl') || changed.has('apiDoUrl') || changed.has('statusUrl') || !this.#flow) {
      this.#flow = new PaymentFlow({
        sessionUrl: this.sessionUrl,
        apiDoUrl: this.apiDoUrl,
        statusUrl: this.statusUrl,
        challenge: (url) => this.#openChallenge(url),
        onPhase: (phase) => {
          this.view = phase;
        },
      });
      if (this.sessionUrl || this.statusUrl) void this.#load();
      // Not configured yet (a page that sets session-url later): nothing to load, nothing to pay.
      else this.view = 'idle';
    }
    const lang =
      this.language ?? this.config?.language ?? this.closest('[lang]')?.getAttribute('lang') ?? 'en';
    this.#lang = lang.slice(0, 2).toLowerCase();
    this.#t = catalogFor(this.#lang);
  }

  async #load(): Promise<void> {
    const flow = this.#flow!;
    this.view = 'loading';
    try {
      if (this.sessionUrl) {
        this.config = await flow.loadConfig();
      } else if (this.statusUrl) {
        const status = await flow.loadStatus();
        this.config = {
          amount: this.amount ?? status.amount,
          currency: this.currency ?? status.currency,
          language: this.language ?? 'en',
          merchant_name: '',
          avs: this.avs ?? 'off',
          save: null,
          moto: this.moto,
          collect_email: false,
        };
      }
      this.view = 'idle';
      this.#emit('gateway-ready', {
        amount: this.config?.amount ?? null,
        currency: this.config?.currency ?? null,
      });
      if (this.presentation === 'iframe') void this.#openHosted();
    } catch (error) {
      this.view = 'failed';
      this.message = this.#t.errorSession;
      this.canRetry = false;
      this.#emit('gateway-error', {
        type: 'config',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }

  get #avs(): AvsMode {
    return this.avs ?? this.config?.avs ?? 'off';
  }
  get #moto(): boolean {
    return this.moto || (this.config?.moto ?? false);
  }
  get #saveMethod(): SaveMethod | undefined {
    return this.saveMethod ?? this.config?.save?.method;
  }
  get #busy(): boolean {
    return (
      this.view === 'creating' ||
      this.view === 'paying' ||
      this.view === 'challenge' ||
      this.view === 'verifying'
    );
  }
  get #finished(): boolean {
    return this.view === 'succeeded' || this.view === 'declined' || this.view === 'failed';
  }

  #formatAmount(): string {
    const { amount, currency } = {
      amount: this.config?.amount ?? this.amount,
      currency: this.config?.currency ?? this.currency,
    };
    if (amount == null || !currency) return '';
    try {
      return new Intl.NumberFormat(this.#lang, { style: 'currency', currency }).format(amount);
    } catch {
      return `${amount.toFixed(2)} ${currency}`;
    }
  }

  protected override render() {
    const t = this.#t;
    if (this.presentation === 'iframe') return this.#renderHosted();
    const amount = this.#formatAmount();
    const showAddress = this.#avs !== 'off';
    const saveMethod = this.#saveMethod;
    const showConsent = saveMethod != null && saveMethod !== 'merchant';
    const busy = this.#busy;
    // A paid order is not paid again: the form stays locked after a success (MOTO: until "New payment").
    const locked = busy || this.view === 'succeeded';
    return html`
      <form part="form" novalidate @submit=${this.#onSubmit} aria-busy=${busy ? 'true' : 'false'}>
        ${
          this.config?.collect_email
            ? html`<div class="field">
                <label for="email">${t.email}</label>
                <input id="email" type="email" name="email" autocomplete="email" required ?disabled=${locked} />
              </div>`
            : nothing
        }
        ${
          this.presentation === 'direct'
            ? html`<gateway-card-form
                .moto=${this.#moto}
                .language=${this.#lang}
                accepted-brands=${this.acceptedBrands ?? ''}
                .theme=${this.theme}
                ?disabled=${locked}
                @gateway-card-change=${this.#onCardChange}
              ></gateway-card-form>`
            : nothing
        }
        ${
          showAddress && this.presentation === 'direct'
            ? html`<gateway-billing-address
                mode="avs"
                .language=${this.#lang}
                .theme=${this.theme}
                ?disabled=${locked}
              ></gateway-billing-address>`
            : nothing
        }
        ${
          showConsent && this.presentation === 'direct'
            ? html`<gateway-save-consent
                scenario=${saveMethod}
                merchant-name=${this.config?.merchant_name ?? ''}
                .language=${this.#lang}
                ?required=${this.config?.save?.consent_required ?? true}
                .theme=${this.theme}
                ?disabled=${locked}
              ></gateway-save-consent>`
            : nothing
        }
        <button part="pay-button" class="pay" type="submit" ?disabled=${busy || this.view === 'loading' || locked || !this.config}>
          ${this.#payLabel(amount)}
        </button>
        <div
          id="status"
          part="status"
          class="status ${this.view} ${busy ? 'visually-hidden' : ''}"
          role="status"
          aria-live="polite"
        >${this.#statusText()}</div>
        <div id="error" part="message" class="error" role="alert">${this.view === 'declined' || this.view === 'failed' ? this.message : ''}</div>
        ${
          this.#moto && this.#finished
            ? html`<button part="new-payment" class="secondary" type="button" @click=${this.#newPayment}>${t.newPayment}</button>`
            : nothing
        }
      </form>
      ${this.#renderChallenge()}
    `;
  }

  #payLabel(amount: string) {
    const t = this.#t;
    if (this.view === 'failed' && this.canRetry === false) return t.checkStatus;
    if (this.#busy) return t.processing;
    return amount ? format(t.payAmount, { amount }) : t.pay;
  }

  #statusText(): string {
    const t = this.#t;
    switch (this.view) {
      case 'loading':
        return t.loading;
      case 'creating':
      case 'paying':
        return t.processing;
      case 'challenge':
        return t.challenge;
      case 'verifying':
        return t.verifying;
      case 'succeeded':
        return this.message;
      default:
        return '';
    }
  }

  #renderChallenge() {
    const t = this.#t;
    return html`<dialog part="challenge" aria-label=${t.challengeTitle} @cancel=${this.#onDialogCancel}>
      <div class="challenge-head">
        <h2>${t.challengeTitle}</h2>
        <button type="button" class="secondary" @click=${() => this.#closeChallenge?.('closed')}>${t.cancel}</button>
      </div>
      ${this.challengeUrl ? html`<iframe part="challenge-frame" title=${t.challengeTitle} src=${this.challengeUrl}></iframe>` : nothing}
    </dialog>`;
  }

  #renderHosted() {
    const t = this.#t;
    return html`${
      this.hostedUrl && !this.#finished
        ? html`<iframe part="hosted-frame" class="hosted" title=${t.hostedTitle} src=${this.hostedUrl}></iframe>`
        : nothing
    }
      <div part="status" class="status ${this.view}" role="status" aria-live="polite">${this.view === 'succeeded' ? this.message : this.view === 'loading' ? t.loading : ''}</div>
      <div part="message" class="error" role="alert">${this.view === 'declined' || this.view === 'failed' ? this.message : ''}</div>`;
  }

  #onCardChange = (event: CustomEvent<CheckoutChangeDetail>) => {
    const { brand, complete, empty, valid } = event.detail;
    this.#emit('gateway-change', { brand, complete, empty, valid });
  };

  #onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void this.pay();
  };

  /** Pays with what the customer entered. Repeated calls while paying join the payment under way. */
  async pay(): Promise<void> {
    const flow = this.#flow;
    if (!flow || this.#busy || this.view === 'loading' || this.view === 'succeeded') return;
    if (this.presentation === 'redirect') return this.#redirectToHosted();
    if (!this.#validate()) return;
    const card = readCard(this.cardForm!);
    if (!card) return;
    const request = {
      email: this.emailInput?.value.trim() || undefined,
      billing_address: this.addressForm ? this.addressForm.value : undefined,
      save_consent: this.consentForm?.checked ? (this.consentForm.value ?? undefined) : undefined,
      options: {
        moto: this.#moto || undefined,
        avs: this.avs,
        save_method: this.saveMethod,
        presentation: this.presentation,
      },
    };
    this.message = '';
    this.view = 'creating';
    const preset = { avs: this.#avs, moto: this.#moto, saveMethod: this.#saveMethod };
    const result = await flow.pay({ card, request, preset });
    this.#show(result);
  }

  #validate(): boolean {
    // Every part shows its messages; the focus goes to the first invalid field of the first invalid
    // part, not to whichever part reported last.
    let first: HTMLElement | null = null;
    for (const part of [this.emailInput, this.cardForm, this.addressForm, this.consentForm]) {
      if (part && !part.reportValidity()) first ??= deepActiveElement();
    }
    first?.focus();
    return first === null;
  }

  #show(result: FlowResult): void {
    const t = this.#t;
    if (result.kind === 'succeeded') {
      this.view = 'succeeded';
      this.message = result.status.outcome === 'held' ? t.authorized : t.paid;
      this.#emit('gateway-success', { orderId: result.orderId, status: result.status.status });
      if (this.#moto) void this.updateComplete.then(() => this.#newPaymentButton()?.focus());
      return;
    }
    if (result.kind === 'declined') {
      this.view = 'declined';
      this.message = this.#declineText(result.reason);
      this.canRetry = true;
      // Keep the card except its security code: the customer may try the same card again.
      if (this.cardForm) clearSecurityCode(this.cardForm);
      this.#emit('gateway-decline', { orderId: result.orderId, reason: result.reason });
      return;
    }
    this.view = 'failed';
    this.canRetry = result.canRetry;
    this.message = t[ERROR_TEXT[result.error.type]];
    if (result.error.fields?.length) {
      this.message += ` ${result.error.fields.map((f) => `${f.path}: ${f.message}`).join('; ')}`;
    }
    this.#emit('gateway-error', { type: result.error.type, message: this.message });
  }

  /** The gateway's reason in plain words; an unknown reason is shown as the gateway gave it. */
  #declineText(reason: string): string {
    const t = this.#t;
    if (/insufficient|not sufficient/i.test(reason)) return t.declineFunds;
    if (/expired/i.test(reason)) return t.declineExpired;
    if (/3-?d|authenticat/i.test(reason)) return t.declineAuthentication;
    if (/refer to card issuer|do not honou?r/i.test(reason)) return t.declineIssuer;
    return format(t.declineOther, { reason });
  }

  #newPaymentButton(): HTMLButtonElement | null {
    return this.renderRoot.querySelector('button[part="new-payment"]');
  }

  /** Clears every field and starts over with a new order (MOTO: the next caller). */
  #newPayment = () => {
    this.#flow?.reset();
    this.cardForm?.clear();
    if (this.emailInput) this.emailInput.value = '';
    this.addressForm?.clear();
    this.consentForm?.clear();
    this.message = '';
    this.view = 'idle';
    // The page may start the next entry on its own fields (an agent's amount); else the first field here.
    const next = new CustomEvent('gateway-new-payment', { bubbles: true, composed: true, cancelable: true });
    if (!this.dispatchEvent(next)) return;
    void this.updateComplete.then(() => (this.emailInput ?? this.cardForm)?.focus());
  };

  async #redirectToHosted(): Promise<void> {
    const flow = this.#flow!;
    if (this.emailInput && !this.emailInput.reportValidity()) return;
    this.view = 'creating';
    try {
      const email = this.emailInput?.value.trim() || undefined;
      const session = await flow.openSession({ email, options: { presentation: 'redirect' } });
      if (!session.full_page_checkout) throw new Error('The order has no full-page checkout.');
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

  #openChallenge(url: string): ChallengeHandle {
    if (this.threeDs === 'redirect') {
      window.location.assign(url);
      return { done: new Promise(() => {}), close: () => {} };
    }
    this.challengeUrl = url;
    const done = new Promise<'completed' | 'closed'>((resolve) => {
      this.#closeChallenge = resolve;
    });
    void this.updateComplete.then(() => {
      if (this.dialog && !this.dialog.open) this.dialog.showModal();
    });
    return {
      done,
      close: () => {
        this.#closeChallenge = null;
        this.dialog?.close();
        this.challengeUrl = null;
      },
    };
  }

  #onDialogCancel = (event: Event) => {
    // Escape: close through our own path so the flow learns the challenge was left.
    event.preventDefault();
    this.#closeChallenge?.('closed');
  };

  #onMessage = (event: MessageEvent) => {
    const frame = this.renderRoot?.querySelector?.(
      'iframe[part="challenge-frame"]',
    ) as HTMLIFrameElement | null;
    if (!frame || event.source !== frame.contentWindow) return;
    const data = event.data as { type?: unknown } | null;
    if (data && data.type === 'gateway-3ds-complete') this.#closeChallenge?.('completed');
  };

  /** Typed domain events: bubbling, composed, with a frozen detail that never holds card data. */
  #emit<K extends CheckoutEvent>(type: K, detail: CheckoutEventDetail[K]): void {
    this.dispatchEvent(
      new CustomEvent(type, { detail: Object.freeze({ ...detail }), bubbles: true, composed: true }),
    );
  }
}

/** The focused element, looking inside shadow roots. */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active as HTMLElement | null;
}
