import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { inDisabledFieldset } from './dom.ts';
import { GatewayElement } from './gateway-element.ts';
import { afterPress, watchPresses } from './pointer-press.ts';
import { type FieldError, validityFlags } from './validity.ts';

/**
 * Base of our form-associated elements: ElementInternals, disabled state (own or from a
 * fieldset/form), and when errors may show: after a submit was tried, or after a field was left
 * with something wrong in it (an empty field is no error until a submit: leaving it is no
 * mistake), never while a valid beginning is being typed.
 */
export abstract class FormControlElement extends GatewayElement {
  static formAssociated = true;
  static override shadowRootOptions: ShadowRootInit = {
    ...LitElement.shadowRootOptions,
    delegatesFocus: true,
  };

  protected readonly internals: ElementInternals = this.attachInternals();

  /** Disables every field. */
  @property({ type: Boolean, reflect: true }) disabled = false;

  /** The host form's field name. */
  @property({ reflect: true }) name = '';

  #inactive = false;
  /** The messages showing (see `shownErrors`). */
  #shown = '';
  #touched = new Set<string>();
  /** The field typed in since it was last left or a submit tried: its valid beginning is no error yet. */
  #editing: string | null = null;
  #submitted = false;
  #errors: ReadonlyMap<string, FieldError> = new Map();
  /** Messages the merchant's server gave for fields, by field id; each lasts until its field is edited. */
  #serverErrors = new Map<string, string>();

  constructor() {
    super();
    // Captured on the way in: the field's own handler updates the element, and that update must
    // already know the field is being typed in.
    this.addEventListener(
      'input',
      (event) => {
        const target = event.composedPath()[0];
        if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement) || !target.id)
          return;
        // Typing, not a tick, a choice from a list or an autofill of fields the person is not in.
        if (target.type === 'text' && target === this.shadowRoot?.activeElement) this.#editing = target.id;
        // Editing a field the server named answers the server's message: it goes, the field's own
        // rules stay. A checkbox updates the element at its `change`: a render before that would
        // put back the box's old state and undo the person's tick.
        if (this.#serverErrors.delete(target.id) && target.type !== 'checkbox') this.requestUpdate();
      },
      { capture: true },
    );
    // A failed submit of the host form (its `invalid` event) shows every error.
    this.addEventListener('invalid', () => this.showAllErrors());
    // Inputs in a shadow root have no form owner, so the browser's implicit submission (Enter in a
    // text field) never reaches the host form: do it ourselves, as a native input would.
    this.addEventListener('keydown', (event) => {
      const target = event.composedPath()[0];
      if (
        event.key === 'Enter' &&
        !event.defaultPrevented &&
        !event.isComposing &&
        !(event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) &&
        target instanceof HTMLInputElement &&
        target.type !== 'checkbox'
      ) {
        event.preventDefault();
        this.internals.form?.requestSubmit();
      }
    });
  }

  /** The host form, if any. */
  get form(): HTMLFormElement | null {
    return this.internals.form;
  }

  get validity(): ValidityState {
    return this.internals.validity;
  }

  get validationMessage(): string {
    return this.internals.validationMessage;
  }

  get willValidate(): boolean {
    return this.internals.willValidate;
  }

  /** True when every field is valid; shows nothing. */
  checkValidity(): boolean {
    this.#settle();
    return this.internals.checkValidity();
  }

  /** Shows every error, moves focus to the first invalid field and returns whether all are valid. */
  reportValidity(): boolean {
    this.showAllErrors();
    this.#settle();
    const first = this.firstInvalid();
    first?.focus();
    return !first;
  }

  /**
   * Shows what the merchant's server said about fields it named (by field id, already in the
   * page's language), at once and beside each field, until that field is edited. Fields this
   * element does not have are ignored. Returns whether any was shown.
   */
  showServerErrors(errors: ReadonlyMap<string, string>): boolean {
    const root = this.renderRoot as ShadowRoot | undefined;
    this.#serverErrors = new Map([...errors].filter(([id]) => root?.getElementById?.(id)));
    if (!this.#serverErrors.size) return false;
    this.#submitted = true;
    this.requestUpdate();
    return true;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    watchPresses(this);
  }

  /**
   * The browser's word mixes our own `disabled` attribute with the fieldset's, and comes while an
   * update reflects that attribute, after render read the state: so it only asks for an update,
   * and `inactive` works the fieldset's part out from the tree.
   */
  formDisabledCallback(): void {
    this.requestUpdate();
  }

  /** Empties every field and hides the messages. Fires no event. */
  abstract clear(): void;

  /** The host form was reset: start over, as a native control would. */
  formResetCallback(): void {
    this.clear();
  }

  /**
   * Own or inherited disabled state: the `disabled` property, or a disabled fieldset around it.
   * Worked out in `willUpdate`, so render and the controllers after it read the same answer.
   */
  protected get inactive(): boolean {
    return this.#inactive;
  }

  /**
   * Every message showing in this update, each after its field's id ('' when none shows). It changes as a property does: an update that shows another message has
   * `shownErrors` among its changed properties, as `inactive` is when the disabled state changed.
   */
  protected get shownErrors(): string {
    return this.#shown;
  }

  /** The errors of this update, computed once in `willUpdate`: render and readers use these. */
  protected get fieldErrors(): ReadonlyMap<string, FieldError> {
    return this.#errors;
  }

  /**
   * Derived state the errors depend on (a default country, a code cut to the brand's length),
   * brought in step before the errors are computed. Runs in every `willUpdate`.
   */
  protected syncState(_changed: PropertyValues<this>): void {}

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const inactive = this.#inactive;
    this.#inactive = this.disabled || inDisabledFieldset(this);
    this.requestUpdate('inactive', inactive);
    this.syncState(changed);
    const own = this.errors();
    // A field's own rule wins over the server's word about it: it is the one the person can act on.
    const merged = new Map(own);
    for (const [id, message] of this.#serverErrors)
      if (!merged.has(id)) merged.set(id, { kind: 'type', message });
    this.#errors = merged;
    const shown = this.#shown;
    this.#shown = [...merged.keys()].map((id) => this.shownError(id) && id + this.shownError(id)).join('');
    this.requestUpdate('shownErrors', shown);
    this.#applyValidity();
  }

  protected override firstUpdated(changed: PropertyValues<this>): void {
    super.firstUpdated(changed);
    // The inputs exist now: anchor the validity message to the first invalid one.
    this.#applyValidity();
  }

  /** Errors per field id, in display order; empty when all are valid. Called once per update. */
  protected abstract errors(): ReadonlyMap<string, FieldError>;

  /** Runs a pending update now, so validity reflects every change made so far. */
  #settle(): void {
    if (this.isUpdatePending) this.performUpdate();
  }

  #applyValidity(): void {
    const errors = this.#errors;
    const root = this.renderRoot as ShadowRoot | undefined;
    const [first] = errors;
    if (first) {
      const [id, error] = first;
      this.internals.setValidity(
        validityFlags(error.kind),
        error.message,
        root?.getElementById?.(id) ?? undefined,
      );
    } else {
      this.internals.setValidity({});
    }
    // Custom states for page styles: :state(invalid), and :state(user-invalid) once a message shows.
    this.#state('invalid', errors.size > 0);
    this.#state('user-invalid', this.#shown !== '');
  }

  #state(name: string, on: boolean): void {
    if (on) this.internals.states.add(name);
    else this.internals.states.delete(name);
  }

  protected firstInvalid(): HTMLElement | null {
    const [id] = this.#errors.keys();
    return id ? ((this.renderRoot as ShadowRoot).getElementById(id) as HTMLElement | null) : null;
  }

  protected showAllErrors(): void {
    this.#submitted = true;
    this.#editing = null;
    this.requestUpdate();
  }

  /** Forgets that fields were left or a submit tried, so errors wait for the next blur or submit. */
  protected resetInteraction(): void {
    this.#touched.clear();
    this.#serverErrors.clear();
    this.#submitted = false;
    this.#editing = null;
    this.requestUpdate();
  }

  /**
   * The message to show for a field now, or '': errors wait for a submit, or for the field to be
   * left with something in it, and hide while a valid beginning is typed.
   */
  protected shownError(id: string): string {
    const error = this.#errors.get(id);
    if (!error) return '';
    if (!this.#submitted && !(this.#touched.has(id) && error.kind !== 'missing')) return '';
    if (error.prefix && this.#editing === id) return '';
    return error.message;
  }

  /**
   * A field was left. Its message, if one is due now, waits for the end of a press under way, so
   * the control pressed stays under the pointer until its click (see pointer-press.ts). Only a
   * change on screen asks for an update: leaving a valid field (as the card form's auto-advance
   * does, from inside an update) changes nothing.
   */
  protected readonly onFocusOut = (event: FocusEvent): void => {
    const id = (event.target as HTMLElement).id;
    if (!id) return;
    afterPress(() => {
      const shown = this.shownError(id);
      if (this.#editing === id) this.#editing = null;
      this.#touched.add(id);
      if (this.shownError(id) !== shown) this.requestUpdate();
    });
  };

  /**
   * A label, a control and an error region that exists from the first paint. `after` follows the
   * control inside its box (an icon in the field); `aside` shares the label's line; `hint` is a
   * line under the control that the control's `aria-describedby` should name (`<id>-hint`).
   */
  protected field(
    id: string,
    label: string,
    control: TemplateResult,
    error: string,
    extraClass = '',
    after: TemplateResult | typeof nothing = nothing,
    aside: TemplateResult | typeof nothing = nothing,
    hint = '',
  ): TemplateResult {
    return html`<div class="field ${extraClass}" part="field ${id}-field">
      ${
        aside === nothing
          ? html`<label part="label" for=${id}>${label}</label>`
          : html`<div class="head"><label part="label" for=${id}>${label}</label>${aside}</div>`
      }
      <div class="control">${control}${after}</div>
      ${
        // A hint under the field gives its place to the error while one shows: the field keeps its height.
        // The hint's direction is its text's (English on a right-to-left page reads "4 digits…"), its place the page's.
        hint
          ? html`<div class="hint" part="hint" id="${id}-hint">${error ? '' : html`<bdi>${hint}</bdi>`}</div>`
          : nothing
      }
      <div class="error" part="error" id="${id}-error">${error}</div>
    </div>`;
  }
}
