import { html, type ReactiveController, type ReactiveElement, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { Catalog } from '../i18n/index.ts';
import { afterPress, watchPresses } from '../shared/pointer-press.ts';

/**
 * The rule the merchant server checks an e-mail address against (zod's `z.email()`), so an address
 * the browser's own check lets through ("a@b") is caught here, beside the field, before Pay.
 */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Whether the text is an e-mail address the merchant server accepts. */
export function isEmail(text: string): boolean {
  return EMAIL.test(text.trim());
}

/**
 * The checkout's e-mail field, behaving as the card fields do: its own message under the field in
 * the page's language (never the browser's bubble), shown once a Pay was tried or the field was
 * left with a wrong address in it (left empty it is no mistake until Pay), and not while a person
 * is still typing an address.
 */
export class EmailField implements ReactiveController {
  #value = '';
  /** A Pay was tried: every problem shows. */
  #tried = false;
  /** The field was left: a wrong address shows. */
  #left = false;
  /** Typed since the field was last left or a Pay tried: an address on its way is not wrong yet. */
  #typing = false;
  /** What the merchant server said of the address, in the page's language, until it is edited. */
  #server = '';
  readonly #host: ReactiveElement;

  constructor(host: ReactiveElement) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    watchPresses(this.#host);
  }

  /** The address as typed, trimmed. */
  get value(): string {
    return this.#value.trim();
  }

  /** The message key for what is wrong, or null. */
  #problem(): 'emailRequired' | 'emailInvalid' | null {
    if (!this.value) return 'emailRequired';
    return isEmail(this.value) ? null : 'emailInvalid';
  }

  /** Shows the message, if any, and says whether the address is good. */
  reportValidity(): boolean {
    this.#tried = true;
    this.#typing = false;
    this.#host.requestUpdate();
    return this.#problem() === null;
  }

  /** Shows the merchant server's refusal of the address beside the field, until it is edited. */
  showServerError(message: string): void {
    this.#server = message;
    this.#host.requestUpdate();
  }

  clear(): void {
    this.#value = '';
    this.#server = '';
    this.#tried = this.#left = this.#typing = false;
    this.#host.requestUpdate();
  }

  render(t: Catalog, disabled: boolean): TemplateResult {
    const problem = this.#problem();
    const due = problem === 'emailRequired' ? this.#tried : this.#tried || this.#left;
    const own = problem && due && !(this.#typing && problem === 'emailInvalid') ? t[problem] : '';
    const message = own || this.#server;
    return html`<div class="field" part="field email-field">
      <label part="label" for="email">${t.email}</label>
      <input
        id="email"
        part="input email-input"
        type="email"
        name="email"
        autocomplete="email"
        inputmode="email"
        spellcheck="false"
        maxlength="254"
        required
        aria-invalid=${message ? 'true' : 'false'}
        aria-describedby="email-error"
        ?disabled=${disabled}
        .value=${live(this.#value)}
        @input=${this.#onInput}
        @blur=${this.#onBlur}
      />
      <div class="error" part="error" id="email-error">${message}</div>
    </div>`;
  }

  readonly #onInput = (event: Event): void => {
    this.#value = (event.target as HTMLInputElement).value;
    this.#typing = true;
    this.#server = '';
    this.#host.requestUpdate();
  };

  /** Its message waits for the end of a press under way, so the control pressed stays put (pointer-press.ts). */
  readonly #onBlur = (): void => {
    afterPress(() => {
      this.#left = true;
      this.#typing = false;
      this.#host.requestUpdate();
    });
  };
}
