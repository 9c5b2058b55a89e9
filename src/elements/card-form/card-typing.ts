import type { ReactiveElement } from 'lit';
import { type CardBrand, detectBrand } from '../../card/brand.ts';
import { onlyDigits } from '../../card/format.ts';
import { InputMaskController, type MaskChange, type PatternMaskOptions } from '../shared/input-mask.ts';
import type { FieldId } from './card-entry.ts';
import { cscMask, EXPIRY_MASK, numberMask } from './field-masks.ts';
import { REHEARSAL } from './rehearsal.ts';

type Masked = 'number' | 'expiry' | 'csc';
const MASKED: readonly Masked[] = ['number', 'expiry', 'csc'];
/** Each masked field's mask, for the brand the number shows. */
const MASKS: Record<Masked, (brand: CardBrand | null) => PatternMaskOptions> = {
  number: numberMask,
  expiry: () => EXPIRY_MASK,
  csc: cscMask,
};

/** What the typing needs of its form. */
export interface TypingForm extends ReactiveElement {
  /** A field's input, once rendered. */
  _field(id: FieldId): HTMLInputElement | null;
  /**
   * A field changed (a person's edit, an undo, or the masks placing what was typed before they
   * came), and this has taken the change.
   */
  _typed(change: MaskChange, id: FieldId): void;
}

/**
 * What the customer typed into the card form's masked fields, and the masks that group it: the
 * number with the brand it shows, the expiry, the security code. It owns those three values and
 * their one writer each (the field's mask); it does not own the name (a plain input the form binds),
 * the messages, the render or when focus moves on: it tells the form of each change and the form
 * decides. The card data it holds is reachable only through the form's private field that keeps it.
 */
export class CardTyping {
  /**
   * What the masked fields hold, and the brand the number shows so far: read by the form only,
   * which keeps this controller in a private field of its own.
   */
  readonly _card: { number: string; expiry: string; csc: string; brand: CardBrand | null } = {
    number: '',
    expiry: '',
    csc: '',
    brand: null,
  };
  readonly #form: TypingForm;
  readonly #masks = {} as Record<Masked, InputMaskController>;

  constructor(form: TypingForm) {
    this.#form = form;
    for (const id of MASKED)
      this.#masks[id] = new InputMaskController(
        form,
        () => form._field(id),
        () => MASKS[id](this._card.brand),
        (change) => this.#took(id, change),
      );
  }

  /** The fields emptied, and the brand with the number; no change is told. */
  _empty(...ids: Masked[]): void {
    for (const id of ids) {
      this._card[id] = '';
      this.#masks[id].value = '';
    }
    if (!this._card.number) this._card.brand = null;
  }

  /** After each update: a shorter code for a new brand cuts the typed one, and ours follows the mask. */
  _sync(): void {
    const csc = this.#masks.csc;
    csc.refresh();
    if (csc.attached) this._card.csc = csc.value;
  }

  /**
   * The code a keystroke runs, run on a sample number (see rehearsal.ts): the masks on inputs of no
   * page, then `key` for the number as each of its digits is typed. Nothing here changes. Not once
   * the customer has typed: the code is warm by then.
   */
  _rehearse(key: (number: string, brand: CardBrand | null) => void): void {
    if (this._card.number || this._card.expiry) return;
    this.#masks.number.rehearse(REHEARSAL);
    this.#masks.expiry.rehearse('1230');
    for (let i = 1; i <= REHEARSAL.length; i++) {
      const number = REHEARSAL.slice(0, i);
      key(number, detectBrand(number));
    }
  }

  /** "1/" means January: a separator typed after one digit closes the month. */
  readonly _expiryBeforeInput = (event: InputEvent): void => {
    const input = event.target as HTMLInputElement;
    const expiry = this.#masks.expiry;
    const month = expiry.value;
    if (
      event.inputType === 'insertText' &&
      /^[/\-. ]$/.test(event.data ?? '') &&
      /^[1-9]$/.test(month) &&
      input.selectionStart === 1
    ) {
      event.preventDefault();
      expiry.value = `0${month}/`;
      this.#took('expiry', 'edit');
    }
  };

  /** A field's mask changed it: taken, with the rules that follow, then told to the form. */
  #took(id: Masked, change: MaskChange): void {
    const mask = this.#masks[id];
    // A four-digit year typed out in full ("12/2030") is the same date as "12/30".
    if (id === 'expiry' && /^\d\d\/20\d\d$/.test(mask.value))
      mask.value = mask.value.slice(0, 3) + mask.value.slice(5);
    this._card[id] = mask.value;
    if (id === 'number') {
      // The brand changes as the form's property does: `brand`, its type, stands for its name and code.
      const was = this._card.brand?.type ?? null;
      this._card.brand = detectBrand(onlyDigits(mask.value));
      this.#form.requestUpdate('brand', was);
    }
    this.#form._typed(change, id);
  }
}
