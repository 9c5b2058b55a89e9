import { html, noChange, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import type { CardInput } from '../../card/direct-body.ts';
import { onlyDigits } from '../../card/format.ts';
import { numberComplete } from '../../card/number.ts';
import { securityCodeLength, securityCodeSide } from '../../card/security-code.ts';
import { listConverter } from '../shared/converters.ts';
import { FormControlElement } from '../shared/form-control.ts';
import type { MaskChange } from '../shared/input-mask.ts';
import { baseStyles } from '../shared/styles.ts';
import type { FieldError } from '../shared/validity.ts';
import { AutoAdvance } from './auto-advance.ts';
import { brandMarks, codeIcon, SHOWN_BRANDS } from './brand-marks.ts';
import { BRAND_ROW_START, BrandRowController } from './brand-row.ts';
import { type CardFormState, registerCardAccess } from './card-access.ts';
import {
  type CardEntry,
  cardErrors,
  entryCard,
  entryComplete,
  entryState,
  type FieldId,
} from './card-entry.ts';
import { type CardChangeEvent, fireCardChange } from './card-events.ts';
import { cardFormStyles } from './card-form.styles.ts';
import { CardTyping } from './card-typing.ts';
import { MAX_LENGTH } from './field-masks.ts';
import { framedCard } from './framed-card.ts';
import { askRehearsal } from './rehearsal.ts';

export type { CardChangeDetail, CardChangeEvent } from './card-events.ts';

/**
 * Card number, expiry date, security code and cardholder name, masked per brand. Form-associated:
 * takes part in a host form's validity, reset and disabled state, but never submits a value, and
 * card data never appears in an attribute, event or property.
 *
 * @tag gateway-card-form
 * @summary Card entry fields for the card gateway.
 *
 * @fires gateway-card-change - On a person's input only: `detail` is `{ brand, complete, empty, valid }`. Bubbles, composed.
 * @fires input - Native, from the inner inputs (composed).
 * @fires gateway-fields-unavailable - With `fields-origin`: the fields page never answered (its origin is down or refuses this page). Bubbles, composed.
 * @fires gateway-fields-refused - With `fields-origin`: the fields refused a message of this page (a payment it asked for, an order or a mode it named). detail: `{ reason }`, one line for the page's code. Bubbles, composed.
 *
 * @cssstate invalid - Some field is not valid.
 * @cssstate user-invalid - An error message is showing (after a field was left or a submit was tried).
 *
 * @csspart field - Each field's wrapper (also `number-field`, `expiry-field`, `csc-field`, `name-field`).
 * @csspart label - Each label.
 * @csspart input - Each input (also `number-input`, `expiry-input`, `csc-input`, `name-input`).
 * @csspart error - Each field's error message region.
 * @csspart brand-icon - The mark in the card number field: the detected brand's (named, with `data-brand`), or a decorative generic card.
 * @csspart brand-row - The row of accepted brands beside the card number's label (named "Accepted cards").
 * @csspart brand-mark - Each mark in that row (has `data-brand`); the detected brand stands out, the others fade.
 * @csspart brand-more - The "+N" that stands for the brands the row has no room for (the list still names them all).
 * @csspart code-icon - The card picture in the security code field: where the code is printed (`data-side` back or front).
 * @csspart hint - Under the security code: where the code is printed ("3 digits on the back"); the error takes its place.
 * @csspart frame - With `fields-origin`: the frame that shows the fields instead.
 *
 * @cssprop --gateway-font-family - Font family.
 * @cssprop --gateway-font-size - Base font size.
 * @cssprop --gateway-color-text - Text colour.
 * @cssprop --gateway-color-muted - Secondary text colour.
 * @cssprop --gateway-color-background - Background of the element.
 * @cssprop --gateway-color-input-background - Background of the inputs.
 * @cssprop --gateway-color-border - Input border colour.
 * @cssprop --gateway-color-focus - Focus ring colour.
 * @cssprop --gateway-color-error - Error text and border colour.
 * @cssprop --gateway-radius - Input corner radius.
 * @cssprop --gateway-gap - Space between fields.
 * @cssprop --gateway-input-padding - Input padding.
 */
export class GatewayCardForm extends FormControlElement {
  static override styles = [baseStyles, cardFormStyles];

  /** Mail or telephone order: no security code field. */
  @property({ type: Boolean, reflect: true }) moto = false;

  /**
   * `off`: focus stays where the customer puts it. By default a field complete for its card moves
   * focus on to the next one (never with `moto`), which is said once, as the number is first reached.
   */
  @property({ attribute: 'auto-advance' }) autoAdvance: 'on' | 'off' = 'on';

  /** Accepted brands as credit-card-type ids (`visa mastercard`); empty accepts all. */
  @property({ attribute: 'accepted-brands', converter: listConverter }) acceptedBrands: string[] = [];

  /** Ask for the cardholder's name (default). The attribute `require-name="false"` turns it off. */
  @property({ attribute: 'require-name', converter: { fromAttribute: (v: string | null) => v !== 'false' } })
  requireName = true;

  /**
   * Isolated mode: the origin (or address) of the fields page, which then shows the fields in a
   * frame, so that no script of this page can read the card. See `createFieldsHandler`.
   */
  @property({ attribute: 'fields-origin' }) fieldsOrigin?: string;

  /**
   * Isolated mode inside `gateway-checkout` (which sets it): the merchant's session endpoint, where
   * the fields ask for the order they pay. The fields keep the one they started with.
   */
  @property({ attribute: 'session-url' }) sessionUrl?: string;

  #name = '';
  /** A person's edit waiting for its update: which field, if it may now be complete. */
  #edit: { completed: FieldId | null } | null = null;
  /** That fields move on by themselves: 1 while said (until the number is typed in), 2 once said. */
  @state() private told = 0;
  /** The accepted brands' row: its room and whether its marks came (see BrandRowController). */
  @state() private brandRow = BRAND_ROW_START;
  /** Whether this update renders the markup (see `render`). */
  #stale = true;

  readonly #marks = brandMarks();

  readonly #autoAdvance = new AutoAdvance((id) => this._field(id));

  /** The masked fields and what they hold: the number (with its brand), the expiry, the code. */
  readonly #typing = new CardTyping(this);

  readonly #framed = framedCard(
    this,
    () => this.languageTag,
    () => this.inactive,
    () => this.internals.form,
  );

  constructor() {
    super();
    new BrandRowController(
      this,
      () => this.acceptedBrands.length || SHOWN_BRANDS.length,
      (row) => (this.brandRow = row),
    );
    registerCardAccess(this, {
      read: () => (this.#framed.active ? null : this.#read()),
      frame: () => this.#framed.frame,
      isolated: () => (this.#framed.active ? this.#framed : null),
      state: () => this.#state(),
      report: (focus) => (this.#framed.active ? this.#reportFramed(focus) : this.reportValidity()),
      clearSecurityCode: (focus) => {
        if (this.#framed.active) {
          this.#framed.frame?.clear('security-code', focus);
          return;
        }
        this.#typing._empty('csc');
        // The rest was valid a moment ago; a fresh code is asked for without an error in red.
        this.resetInteraction();
        this.requestUpdate();
        if (focus) void this.updateComplete.then(() => this._field('csc')?.focus());
      },
    });
  }

  /** The detected brand's credit-card-type id (`visa`, `mastercard`, `american-express`, ...), or null. */
  get brand(): string | null {
    return this.#typing._card.brand?.type ?? null;
  }

  /** Moves focus to the card number. */
  override focus(options?: FocusOptions): void {
    if (this.#framed.active) this.#framed.frame?.focus();
    else this._field('number')?.focus(options);
  }

  override reportValidity(): boolean {
    return this.#framed.active ? this.#reportFramed(true) : super.reportValidity();
  }

  #reportFramed(focus: boolean): boolean {
    const frame = this.#framed.frame;
    // The frame's last report is current (it reports after every edit); it shows its own messages.
    if (this.isUpdatePending) this.performUpdate();
    const valid = frame?.state?.valid ?? false;
    frame?.validate(focus && !valid);
    return valid;
  }

  /** Empties every field and hides the messages. Fires no event. */
  clear(): void {
    if (this.#framed.active) {
      this.#framed.frame?.clear('all');
      return;
    }
    this.#name = '';
    this.#typing._empty('number', 'expiry', 'csc');
    // The name is no reactive property (it is card data): its input shows '' only if this renders,
    // and so does all the rest.
    this.#stale = true;
    this.resetInteraction();
    this.requestUpdate();
  }

  protected override syncState(): void {
    this.#framed.sync();
    this.#typing._sync();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Server-rendered (gateway-checkout/ssr), the name field may hold what the customer typed before
    // this script came; the first render would set it to ours, so ours takes it first (it changes
    // nothing else the first render shows). The masked fields' controllers take theirs after it.
    if (!this.hasUpdated && !this.#name) {
      const typed = this._field('name')?.value;
      if (typed) {
        this.#name = typed;
        this.#edit ??= { completed: null };
      }
    }
    super.willUpdate(changed);
    // Everything the markup reads changes as a property does (see `render`).
    if (changed.size) this.#stale = true;
  }

  protected override firstUpdated(changed: PropertyValues<this>): void {
    super.firstUpdated(changed);
    // A page whose fields are in a frame never loads the masks; its fields rehearse in the frame.
    // The rehearsal (rehearsal.ts) runs what a keystroke runs on a sample number: the masks, the
    // brand, the rules, the render. Nothing of the form changes; the results are dropped.
    if (!this.#framed.active)
      askRehearsal(this, () =>
        this.#typing._rehearse((number, brand) => {
          const entry = { ...this.#entry(), number, brand };
          cardErrors(entry, this.t);
          entryComplete(entry);
          this.#markup();
        }),
      );
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.#stale = false;
    const edit = this.#edit;
    if (!edit) return;
    this.#edit = null;
    fireCardChange(this, this.#state());
    if (edit.completed && this.#fieldDone(edit.completed)) this.#advance(edit.completed);
  }

  protected override errors(): ReadonlyMap<FieldId, FieldError> {
    if (this.#framed.active)
      return this.#framed.errors(this.t.numberInvalid, this.t.fieldsUnavailable) as Map<FieldId, FieldError>;
    return cardErrors(this.#entry(), this.t);
  }

  #entry(): CardEntry {
    const { moto, requireName, acceptedBrands } = this;
    return { ...this.#typing._card, name: this.#name, moto, requireName, acceptedBrands };
  }

  protected override render() {
    const t = this.t;
    if (this.#framed.active) {
      this.#stale = true;
      return this.#framed.render(t.cardFrameTitle, t.fieldsUnavailable);
    }
    // Most keys change nothing the markup shows (the input shows the text itself): no render then.
    // What the markup reads is a reactive property, or changes as one (`brand`, `languageTag`,
    // `inactive`, `shownErrors`): an update renders when it has changed properties. The name is
    // the one exception (card data, kept private): where it changes but not by typing, `#stale`.
    return this.#stale ? this.#markup() : noChange;
  }

  #markup() {
    const t = this.t;
    const brand = this.#typing._card.brand;
    const { room, shown } = this.brandRow;
    const [icon, row] = this.#marks(brand, this.acceptedBrands, t.acceptedCards, room, shown);
    const codeLength = securityCodeLength(brand);
    const front = securityCodeSide(brand) === 'front';
    // The masked inputs have one writer, their mask controller; only the name is bound here.
    const input = (id: FieldId, label: string, autocomplete: string, numeric: boolean) => {
      const error = this.shownError(id);
      return this.field(
        id,
        label,
        html`<input
          id=${id}
          part="input ${id}-input"
          type="text"
          dir=${numeric ? 'ltr' : 'auto'}
          inputmode=${numeric ? 'numeric' : 'text'}
          autocomplete=${autocomplete}
          spellcheck="false"
          maxlength=${MAX_LENGTH[id]}
          placeholder=${id === 'expiry' ? t.expiryPlaceholder : ''}
          required
          aria-invalid=${error ? 'true' : 'false'}
          aria-describedby=${id === 'csc' ? 'csc-hint csc-error' : `${id}-error`}
          ?disabled=${this.inactive}
          .value=${id === 'name' ? live(this.#name) : nothing}
          @input=${id === 'name' ? this.#onNameInput : nothing}
          @beforeinput=${id === 'expiry' ? this.#typing._expiryBeforeInput : nothing}
        />`,
        error,
        id === 'expiry' || id === 'csc' ? 'half' : '',
        id === 'number' ? icon : id === 'csc' ? codeIcon(front) : nothing,
        id === 'number' ? row : nothing,
        id === 'csc' ? (front ? t.codeFront(codeLength) : t.codeBack(codeLength)) : '',
      );
    };
    return html`<div
      class="fields"
      @focusout=${this.#onFocusOut}
      @focusin=${this.#onFocusIn}
      @keydown=${this.#autoAdvance.onKeydown}
    >
      ${input('number', t.cardNumber, 'cc-number', true)}
      <div class="visually-hidden" role="status">${brand ? t.brandDetected(brand.name) : this.told === 1 ? t.autoAdvance : ''}</div>
      ${input('expiry', t.expiry, 'cc-exp', true)}
      ${this.moto ? nothing : input('csc', t.securityCode, 'cc-csc', true)}
      ${this.requireName ? input('name', t.cardholderName, 'cc-name', false) : nothing}
    </div>`;
  }

  /** @internal */
  _field(id: FieldId): HTMLInputElement | null {
    return (this.renderRoot as ShadowRoot | undefined)?.getElementById?.(id) as HTMLInputElement | null;
  }

  readonly #onNameInput = (event: Event): void => {
    this.#name = (event.target as HTMLInputElement).value;
    this.#userChanged(null);
  };

  /**
   * A person's edit or undo is reported (see below), and so is what they typed before the script
   * came; the masks placing what was typed is not.
   * @internal
   */
  _typed(change: MaskChange, id: FieldId): void {
    // Said once: typing the number takes the note away (the brand's words take its place).
    if (id === 'number' && this.told) this.told = 2;
    if (change === 'placed') this.requestUpdate();
    else this.#userChanged(change === 'edit' ? id : null);
  }

  /**
   * After a person's edit: the update validates once; `updated` then reports the change and moves
   * on when the edited field just became complete and valid (not after an undo: a step back is
   * not a field finished).
   */
  #userChanged(completed: FieldId | null): void {
    this.#edit = { completed };
    this.requestUpdate();
  }

  /** What may be known of the card without any of it: for the change event and the isolated fields. */
  #state(): CardFormState {
    return entryState(this.#entry(), this.fieldErrors);
  }

  /** Whether a field is filled far enough, and valid, to move on to the next one. */
  #fieldDone(id: FieldId): boolean {
    if (this.fieldErrors.has(id)) return false;
    return id !== 'number' || numberComplete(onlyDigits(this.#typing._card.number), this.#typing._card.brand);
  }

  /**
   * Not with `moto`: an agent types from a caller's dictation and tabs by habit, and a jump would
   * send that Tab one field too far.
   */
  #advance(from: FieldId): void {
    if (!this.moto && this.autoAdvance !== 'off') this.#autoAdvance.advance(from);
  }

  /** The first time a card field is reached, a form that moves focus on by itself says so. */
  readonly #onFocusIn = (): void => {
    if (!this.told && !this.moto && this.autoAdvance !== 'off') this.told = 1;
  };

  readonly #onFocusOut = (event: FocusEvent): void => {
    this.#autoAdvance.forget();
    this.onFocusOut(event);
  };

  #read(): CardInput | null {
    return this.checkValidity() ? entryCard(this.#entry()) : null;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'gateway-card-form': GatewayCardForm;
  }
  interface HTMLElementEventMap {
    'gateway-card-change': CardChangeEvent;
    'gateway-fields-unavailable': CustomEvent<undefined>;
    'gateway-fields-refused': CustomEvent<{ readonly reason: string }>;
  }
}
