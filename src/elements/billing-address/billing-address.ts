import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import { postalTermOf } from '../../card/postal-term.ts';
import { BILLING_LIMITS } from '../../protocol/billing-limits.ts';
import type { BillingAddress } from '../../protocol/session.ts';
import type { TextKey } from '../i18n/index.ts';
import { FormControlElement } from '../shared/form-control.ts';
import { regionOf } from '../shared/language.ts';
import { onDemand } from '../shared/on-demand.ts';
import { baseStyles } from '../shared/styles.ts';
import type { FieldError } from '../shared/validity.ts';
import type { Region } from './address-formats.ts';
import { billingAddressStyles } from './billing-address.styles.ts';
import { countryCodes, STATE_COUNTRIES } from './countries.ts';

/**
 * Countries whose state is chosen from a list. The lists, and the postal-code formats, load on
 * demand (`address-formats.ts`): a checkout without address verification never carries them.
 */
const REGION_COUNTRIES: readonly string[] = ['US', 'CA', 'AU'];

let formats: typeof import('./address-formats.ts') | null = null;
let formatsLoading: Promise<void> | null = null;

/**
 * Loads the formats once for every element; a failed load is tried again by the next element.
 * Until they are here a postal code is taken as typed (its length still limited) and a state is
 * free text.
 */
function loadFormats(): Promise<void> {
  formatsLoading ??= onDemand.address().then(
    (module) => {
      formats = module;
    },
    (error: unknown) => {
      formatsLoading = null;
      // The loader's error names the file and why; until a load succeeds, codes are taken as typed.
      console.warn(error);
    },
  );
  return formatsLoading;
}

const regionsOf = (country: string): readonly Region[] | null => formats?.regionsOf(country) ?? null;

/** Which fields show and which are required. */
export type BillingAddressMode = 'avs' | 'account-funding' | 'full';

type Key = keyof BillingAddress;

// The country comes first: it decides what the rest asks (the postal code's name and form, a state).
const FIELDS: readonly (readonly [Key, TextKey, string])[] = [
  ['country', 'country', 'country'],
  ['first_name', 'firstName', 'given-name'],
  ['last_name', 'lastName', 'family-name'],
  ['address', 'address', 'street-address'],
  ['city', 'city', 'address-level2'],
  ['zip_code', 'postalCode', 'postal-code'],
  ['state', 'state', 'address-level1'],
];

const POSTAL_LABEL = { zip: 'zipCode', postcode: 'postcode', postal: 'postalCode' } as const;

/** A field's count of characters left shows in the last tenth of its limit. */
const nearLimit = (limit: number, length: number): boolean => limit - length <= Math.ceil(limit / 10);

const limitOf = (key: Key): number | undefined => (key === 'country' ? undefined : BILLING_LIMITS[key]);

/**
 * The billing address for AVS or account funding. Form-associated with named values: the host form
 * receives `first_name`, `last_name`, `address`, `city`, `zip_code`, `country`, `state` (prefixed
 * `<name>.` when the element has a `name`).
 *
 * The country comes first and starts on `default-country` (the merchant's), else the region of the
 * language. The postal code is named as the country names it ("ZIP code" in the US, "Postcode" in
 * the UK, "Postal code" elsewhere) with an example of its form beside the label, and is written in
 * that form once left (`1010` in Latvia becomes `LV-1010`). Each field takes no more characters than
 * the checkout's session accepts, and says how many are left as the limit nears. Nothing typed is
 * lost when the country changes: a state chosen for one country comes back with it.
 *
 * @tag gateway-billing-address
 * @summary Billing address fields, checked per country.
 *
 * @fires input - Native, from the inner fields (composed).
 * @fires change - When a person changes a field (bubbles).
 *
 * @cssstate invalid - Some field is not valid.
 * @cssstate user-invalid - An error message is showing (after a field was left or a submit was tried).
 *
 * @csspart field - Each field's wrapper (also `<key>-field`, e.g. `zip_code-field`).
 * @csspart label - Each label.
 * @csspart input - Each input and the country select (also `<key>-input`).
 * @csspart error - Each field's error message region.
 *
 * @cssprop --gateway-font-family - Font family.
 * @cssprop --gateway-font-size - Base font size.
 * @cssprop --gateway-color-text - Text colour.
 * @cssprop --gateway-color-background - Background of the element.
 * @cssprop --gateway-color-input-background - Background of the inputs.
 * @cssprop --gateway-color-border - Input border colour.
 * @cssprop --gateway-color-focus - Focus ring colour.
 * @cssprop --gateway-color-error - Error text and border colour.
 * @cssprop --gateway-radius - Input corner radius.
 * @cssprop --gateway-gap - Space between fields.
 * @cssprop --gateway-input-padding - Input padding.
 */
export class GatewayBillingAddress extends FormControlElement {
  static override styles = [baseStyles, billingAddressStyles];

  /** `avs`: address and postal code; `account-funding`: name, address, city, country (state for US/CA); `full`: every field, AVS requirements. */
  @property({ reflect: true }) mode: BillingAddressMode = 'avs';

  /** The selected country (ISO 3166-1 alpha-2). Defaults to `default-country`, else the region of the language. */
  @property({ reflect: true }) country = '';

  /** The country to start on (ISO 3166-1 alpha-2): where the merchant sells. */
  @property({ attribute: 'default-country' }) defaultCountry = '';

  #values: Partial<Record<Key, string>> = {};
  #countryTouched = false;
  /** The country shown is the default's (the merchant's or the language's), not a choice. */
  #countryDefaulted = false;
  /** The state last given for each country, so going back to a country brings it back. */
  #statesByCountry = new Map<string, string>();

  /** The address as the checkout sends it; empty fields are left out. */
  get value(): BillingAddress {
    const out: Partial<Record<Key, string>> = {};
    for (const key of this.#visible()) {
      const v = (key === 'country' ? this.country : (this.#values[key] ?? '')).trim();
      if (v) out[key] = key === 'country' ? v.toUpperCase() : v;
    }
    return { ...out, address: out.address ?? '', zip_code: out.zip_code ?? '' };
  }

  set value(address: BillingAddress) {
    const { country, ...rest } = address;
    if (country) {
      this.country = country;
      this.#countryTouched = true;
    }
    this.#values = { ...rest, state: rest.state && this.#stateFor(rest.state) };
    this.requestUpdate();
  }

  /** Empties every field (the country returns to its default). */
  clear(): void {
    this.#values = {};
    this.#statesByCountry.clear();
    this.#countryTouched = false;
    this.#countryDefaulted = false;
    this.country = '';
    this.resetInteraction();
    this.requestUpdate();
  }

  /** The address formats on their way. */
  #formatsPending: Promise<void> | null = null;

  /** Also waits for the address formats on their way: once it resolves, postal codes are checked and states listed. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    while (this.#formatsPending) {
      await this.#formatsPending;
      done = await super.getUpdateComplete();
    }
    return done;
  }

  protected override syncState(changed: PropertyValues<this>): void {
    if (!formats && !this.#formatsPending) {
      const pending = loadFormats().then(() => {
        if (this.#formatsPending !== pending) return;
        this.#formatsPending = null;
        // A state given while the lists were on their way is taken as its code now.
        const state = this.#values.state;
        if (state) this.#values = { ...this.#values, state: this.#stateFor(state) };
        this.requestUpdate();
      });
      this.#formatsPending = pending;
    }
    // The merchant's country may arrive after the language's region was taken (a configuration
    // loads): it wins until the customer picks a country.
    if (changed.has('defaultCountry') && this.#countryDefaulted && !this.#countryTouched) this.country = '';
    if (!this.country && !this.#countryTouched) {
      const candidates = [
        this.defaultCountry.toUpperCase(),
        regionOf(this.languageTag),
        regionOf(globalThis.navigator?.language ?? ''),
      ];
      const known = candidates.find((code) => code && countryCodes().includes(code));
      if (known) {
        this.country = known;
        this.#countryDefaulted = true;
      }
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const data = new FormData();
    const prefix = this.name ? `${this.name}.` : '';
    for (const [key, v] of Object.entries(this.value)) if (v) data.append(prefix + key, v);
    this.internals.setFormValue(data);
  }

  #visible(): Key[] {
    // A list where the country has one; in full mode a free-text state for every other country.
    const hasState = REGION_COUNTRIES.includes(this.country) || this.mode === 'full';
    const keys: Key[] =
      this.mode === 'avs'
        ? ['address', 'zip_code', 'country']
        : ['first_name', 'last_name', 'address', 'city', 'zip_code', 'country'];
    if (this.mode !== 'avs' && hasState) keys.push('state');
    return keys;
  }

  #required(): Set<Key> {
    if (this.mode === 'account-funding') {
      const keys: Key[] = ['first_name', 'last_name', 'address', 'city', 'country'];
      if (STATE_COUNTRIES.includes(this.country)) keys.push('state');
      return new Set(keys);
    }
    return new Set<Key>(['address', 'zip_code']);
  }

  protected override errors(): ReadonlyMap<Key, FieldError> {
    const errors = new Map<Key, FieldError>();
    const required = this.#required();
    for (const key of this.#visible()) {
      const v = (key === 'country' ? this.country : (this.#values[key] ?? '')).trim();
      const limit = limitOf(key);
      if (!v && required.has(key)) errors.set(key, { kind: 'missing', message: this.t.required });
      // Only a value the page set can be this long: the field itself takes no more.
      else if (limit && v.length > limit)
        errors.set(key, { kind: 'pattern', message: this.t.tooLong(limit) });
      else if (key === 'zip_code' && v && formats && !formats.isValidPostalCode(this.country, v)) {
        errors.set(key, { kind: 'pattern', message: this.t.postalInvalid, prefix: true });
      }
    }
    return errors;
  }

  protected override render() {
    const required = this.#required();
    const visible = new Set(this.#visible());
    const fields = FIELDS.filter(([key]) => visible.has(key)).map(([key, labelKey, autocomplete]) => {
      const error = this.shownError(key);
      const label = key === 'zip_code' ? this.t[POSTAL_LABEL[postalTermOf(this.country)]] : this.t[labelKey];
      const hint = this.#hintOf(key);
      const describedBy = hint ? `${key}-hint ${key}-error` : `${key}-error`;
      const limit = limitOf(key);
      const common = {
        id: key,
        required: required.has(key),
        invalid: error ? 'true' : 'false',
      };
      const regions = key === 'state' ? regionsOf(this.country) : null;
      // One list template for both lists: the state's (where the country has states) and the country's.
      const list = (onChange: (event: Event) => void, chosen: string, options: unknown) =>
        html`<select
          id=${key}
          part="input ${key}-input"
          autocomplete=${autocomplete}
          ?required=${common.required}
          aria-invalid=${common.invalid}
          aria-describedby=${describedBy}
          ?disabled=${this.inactive}
          @change=${onChange}
        >
          <option value="" ?selected=${!chosen}>${this.t.choose}</option>
          ${options}
        </select>`;
      const control: TemplateResult = regions
        ? list(
            this.#onInput,
            this.#values.state ?? '',
            regions.map(
              ([code, name]) =>
                html`<option value=${code} ?selected=${code === this.#values.state}>${name}</option>`,
            ),
          )
        : key === 'country'
          ? list(this.#onCountry, this.country, this.#countryOptions())
          : html`<input
              id=${key}
              part="input ${key}-input"
              type="text"
              autocomplete=${autocomplete}
              ?required=${common.required}
              aria-invalid=${common.invalid}
              aria-describedby=${describedBy}
              maxlength=${limit ?? nothing}
              ?disabled=${this.inactive}
              .value=${live(this.#values[key] ?? '')}
              @input=${this.#onInput}
              @change=${this.#onChange}
            />`;
      const half = key === 'first_name' || key === 'last_name' || key === 'zip_code' || key === 'city';
      const aside = hint ? html`<span class="hint" part="hint" id="${key}-hint">${hint}</span>` : nothing;
      return this.field(key, label, control, error, half ? 'half' : '', nothing, aside);
    });
    return html`<div class="fields" @focusout=${this.onFocusOut}>${fields}</div>`;
  }

  /**
   * What the field says before anything is wrong: the postal code's form where the country has one,
   * and for any field near its limit how many characters are left (at the limit, the limit itself).
   */
  #hintOf(key: Key): string {
    const limit = limitOf(key);
    const length = (this.#values[key] ?? '').length;
    if (limit && nearLimit(limit, length)) {
      return length >= limit ? this.t.lengthLimit(limit) : this.t.charactersLeft(limit - length);
    }
    if (key !== 'zip_code') return '';
    const example = formats?.postalExampleOf(this.country);
    return example ? this.t.postalExample(example) : '';
  }

  #countryOptions(): TemplateResult[] {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([this.languageTag, 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    return countryCodes()
      .map((code) => [code, names?.of(code) ?? code] as const)
      .sort((a, b) => a[1].localeCompare(b[1], this.languageTag))
      .map(([code, name]) => html`<option value=${code} ?selected=${code === this.country}>${name}</option>`);
  }

  readonly #onInput = (event: Event): void => {
    const input = event.target as HTMLInputElement | HTMLSelectElement;
    this.#values = { ...this.#values, [input.id]: input.value };
    if (input instanceof HTMLSelectElement) this.#forwardChange();
    this.requestUpdate();
  };

  /** A field left after a change: the postal code takes its country's written form. */
  readonly #onChange = (event: Event): void => {
    const input = event.target as HTMLInputElement;
    if (input.id === 'zip_code') {
      const formatted = formats?.formatPostalCode(this.country, input.value) ?? input.value;
      if (formatted !== input.value) {
        this.#values = { ...this.#values, zip_code: formatted };
        this.requestUpdate();
      }
    }
    this.#forwardChange();
  };

  readonly #onCountry = (event: Event): void => {
    const previous = this.country;
    this.country = (event.target as HTMLSelectElement).value;
    this.#countryTouched = true;
    // A state of the old country means nothing in the new one; a name typed for a list country is
    // taken as its code ("Ontario" is ON). The old country's state is kept: going back restores it.
    const state = this.#values.state ?? '';
    if (state) this.#statesByCountry.set(previous, state);
    const kept = this.#statesByCountry.get(this.country);
    // A code picked from the old country's list is no free text for the new one.
    const carried = regionsOf(previous) && !regionsOf(this.country) ? '' : this.#stateFor(state);
    if (kept !== undefined || state) this.#values = { ...this.#values, state: kept ?? carried };
    this.#forwardChange();
  };

  /** What AVS expects for a state written for the current country: its code where it has a list. */
  #stateFor(state: string): string {
    return formats?.regionsOf(this.country) ? (formats.regionCode(this.country, state) ?? '') : state;
  }

  readonly #forwardChange = (): void => {
    this.dispatchEvent(new Event('change', { bubbles: true }));
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'gateway-billing-address': GatewayBillingAddress;
  }
}
