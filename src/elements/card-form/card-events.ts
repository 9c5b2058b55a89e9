// What the card form tells the page, as events: never any card data.

/** What `gateway-card-change` reports: never any card data. */
export interface CardChangeDetail {
  /** credit-card-type's id of the detected brand (`visa`, `american-express`, ...), or null. */
  readonly brand: string | null;
  /** Every field is filled to its full length. */
  readonly complete: boolean;
  /** Every field is empty. */
  readonly empty: boolean;
  /** Every field is valid: the form could be paid with. */
  readonly valid: boolean;
}

export type CardChangeEvent = CustomEvent<CardChangeDetail>;

const fire = (form: HTMLElement, type: string, detail?: object) =>
  form.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));

/** A person changed the card: its brand, completeness, emptiness and validity, and nothing else of `state`. */
export function fireCardChange(form: HTMLElement, state: CardChangeDetail): void {
  const { brand, complete, empty, valid } = state;
  fire(form, 'gateway-card-change', Object.freeze({ brand, complete, empty, valid }));
}

/** With `fields-origin`: the fields refused a message of the page, in one line for the page's code. */
export function fireFieldsRefused(form: HTMLElement, reason: string): void {
  fire(form, 'gateway-fields-refused', Object.freeze({ reason }));
}

/** With `fields-origin`: the fields page never answered. */
export function fireFieldsUnavailable(form: HTMLElement): void {
  fire(form, 'gateway-fields-unavailable');
}
