import { isUnconfirmed } from '../../flow/outcome.ts';
import type { AvsMode, SaveMethod } from '../../protocol/session.ts';
import type { Catalog } from '../i18n/index.ts';
import type { CheckoutConfiguration } from './checkout-config.ts';
import { statusText, type View } from './checkout-messages.ts';
import type { OrderTerms } from './checkout-press.ts';
import { isBusy, isFinished, payLabel } from './checkout-state.ts';
import type { CheckoutState } from './checkout-store.ts';
import { formatAmount } from './checkout-validation.ts';

/** The checkout's attributes that the merchant server's configuration completes. */
export interface TermsSource {
  readonly avs?: AvsMode | undefined;
  readonly moto: boolean;
  readonly saveMethod?: SaveMethod | undefined;
  readonly amount?: number | undefined;
  readonly currency?: string | undefined;
}

/**
 * What a checkout shows and charges at the moment, read from its attributes, its configuration and
 * its state: the view (loading, a payment step, an outcome), and the terms of an order.
 *
 * What it owns: nothing; every answer is derived when asked. What it does not own: the attributes
 * (the element's), the configuration (`CheckoutConfiguration`), the step and result
 * (`CheckoutState`).
 */
export class CheckoutTerms {
  readonly #source: TermsSource;
  readonly #config: CheckoutConfiguration;
  readonly #state: CheckoutState;

  constructor(source: TermsSource, config: CheckoutConfiguration, state: CheckoutState) {
    this.#source = source;
    this.#config = config;
    this.#state = state;
  }

  get _view(): View {
    const config = this.#config;
    if (config.pending) return 'loading';
    if (config.failed) return 'failed';
    const { _phase: phase, _outcome: result } = this.#state;
    if (phase !== 'idle') return phase;
    if (isUnconfirmed(result)) return 'unconfirmed';
    return result?.kind ?? 'idle';
  }

  get _busy(): boolean {
    return isBusy(this._view);
  }

  get _finished(): boolean {
    return isFinished(this._view);
  }

  get _avs(): AvsMode {
    return this.#source.avs ?? this.#config.loaded?.avs ?? 'off';
  }

  get _moto(): boolean {
    return this.#source.moto || (this.#config.loaded?.moto ?? false);
  }

  get _saveMethod(): SaveMethod | undefined {
    return this.#source.saveMethod ?? this.#config.loaded?.save?.method;
  }

  /** What is charged: null while nothing is set (a phone order before the amount is typed). */
  get _amount(): number | null {
    // While a new configuration loads (an agent's amount being typed), the last one's amount stands.
    return this.#config.current?.amount ?? this.#source.amount ?? null;
  }

  /** Its currency: the merchant server's, else the attribute's (an order created beforehand). */
  get _currency(): string | null {
    return this.#config.loaded?.currency ?? this.#source.currency ?? null;
  }

  _formatAmount(language: string): string {
    return formatAmount(language, this._amount, this._currency);
  }

  /** What an order is made with beside the customer's entries. */
  _order(): OrderTerms {
    const source = this.#source;
    return {
      asked: { avs: source.avs, saveMethod: source.saveMethod },
      avs: this._avs,
      moto: this._moto,
      saveMethod: this._saveMethod,
      amount: this._amount,
      currency: this._currency,
    };
  }

  /** The status region: how many fields need attention after a failed Pay, else the step or outcome. */
  _status(t: Catalog, attention: number): string {
    const view = this._view;
    if (view === 'idle' && attention) return t.attention(attention);
    // A new configuration loading keeps the form as it was: no "Loading" over it.
    if (view === 'loading' && this.#config._reloading) return '';
    return statusText(t, view, this.#state._outcome, this.#state._cardSaved);
  }

  /** What the Pay button says. */
  _payLabel(t: Catalog, language: string): string {
    const busy = this._busy;
    return payLabel(t, this._view, this.#state._outcome, busy, this._amount, this._formatAmount(language));
  }
}
