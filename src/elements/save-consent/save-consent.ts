import { html, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import type { SaveConsent } from '../../protocol/session.ts';
import { hasCatalog } from '../i18n/index.ts';
import { FormControlElement } from '../shared/form-control.ts';
import { baseStyles } from '../shared/styles.ts';
import type { FieldError } from '../shared/validity.ts';
import { saveConsentStyles } from './save-consent.styles.ts';

export type ConsentScenario = SaveConsent['scenario'];

const TEXT_KEYS = {
  'one-click': 'consentOneClick',
  automatic: 'consentAutomatic',
  recurring: 'consentRecurring',
} as const satisfies Record<ConsentScenario, string>;

/**
 * Bump when a consent text changes in meaning: the version is what the merchant can prove was
 * agreed to. Ids read `<language>-<scenario>-<version>`, e.g. `en-recurring-1`.
 */
const TEXT_VERSION = 1;

/**
 * An unticked checkbox asking to save the card, with the text for the scenario and the merchant's
 * name. Form-associated: when ticked the host form receives `scenario`, `text_version` and
 * `agreed` (prefixed `<name>.` when the element has a `name`).
 *
 * @tag gateway-save-consent
 * @summary Consent to save the card for later payments.
 *
 * @fires change - When a person ticks or unticks the box (bubbles).
 *
 * @cssstate invalid - Some field is not valid.
 * @cssstate user-invalid - An error message is showing (after a field was left or a submit was tried).
 *
 * @csspart field - The wrapper.
 * @csspart checkbox - The checkbox.
 * @csspart label - The consent text.
 * @csspart error - The error message region.
 *
 * @cssprop --gateway-font-family - Font family.
 * @cssprop --gateway-font-size - Base font size.
 * @cssprop --gateway-color-text - Text colour.
 * @cssprop --gateway-color-background - Background of the element.
 * @cssprop --gateway-color-focus - Checkbox and focus ring colour.
 * @cssprop --gateway-color-error - Error text colour.
 */
export class GatewaySaveConsent extends FormControlElement {
  static override styles = [baseStyles, saveConsentStyles];

  /** Which saving the customer agrees to: `one-click`, `automatic` or `recurring`. */
  @property({ reflect: true }) scenario: ConsentScenario = 'one-click';

  /** The merchant's name, shown in the text. */
  @property({ attribute: 'merchant-name' }) merchantName = '';

  /** The box must be ticked for the host form (and the checkout) to be valid. */
  @property({ type: Boolean, reflect: true }) required = false;

  /** Whether the box is ticked. Unticked by default. */
  @property({ type: Boolean }) checked = false;

  /** The id of the text shown, e.g. `en-recurring-1`. */
  get textVersion(): string {
    const language = this.#textLanguage();
    return `${language}-${this.scenario}-${TEXT_VERSION}`;
  }

  /** What the customer agreed to when ticked, else null. */
  get value(): SaveConsent | null {
    return this.checked ? { scenario: this.scenario, text_version: this.textVersion, agreed: true } : null;
  }

  /** Unticks the box and hides the message. Fires no event. */
  clear(): void {
    this.checked = false;
    this.resetInteraction();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const value = this.value;
    if (!value) {
      this.internals.setFormValue(null);
      return;
    }
    const data = new FormData();
    const prefix = this.name ? `${this.name}.` : '';
    data.append(`${prefix}scenario`, value.scenario);
    data.append(`${prefix}text_version`, value.text_version);
    data.append(`${prefix}agreed`, 'true');
    this.internals.setFormValue(data);
  }

  protected override errors(): ReadonlyMap<string, FieldError> {
    return this.required && !this.checked
      ? new Map([['consent', { kind: 'missing', message: this.t.required }]])
      : new Map();
  }

  protected override render() {
    const t = this.t;
    const error = this.shownError('consent');
    const text = t[TEXT_KEYS[this.scenario] ?? TEXT_KEYS['one-click']](this.merchantName || '—');
    return html`<div class="field" part="field" @focusout=${this.onFocusOut}>
      <div class="consent">
        <input
          id="consent"
          part="checkbox"
          type="checkbox"
          ?required=${this.required}
          aria-invalid=${error ? 'true' : 'false'}
          aria-describedby="consent-error"
          ?disabled=${this.inactive}
          .checked=${live(this.checked)}
          @change=${this.#onChange}
        />
        <label part="label" for="consent">${text}</label>
      </div>
      <div class="error" part="error" id="consent-error">${error}</div>
    </div>`;
  }

  /** The language whose text is shown: the catalog's, English when we have none for the tag. */
  #textLanguage(): string {
    const code = this.languageTag.slice(0, 2).toLowerCase();
    return hasCatalog(code) ? code : 'en';
  }

  readonly #onChange = (event: Event): void => {
    this.checked = (event.target as HTMLInputElement).checked;
    this.dispatchEvent(new Event('change', { bubbles: true }));
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'gateway-save-consent': GatewaySaveConsent;
  }
}
