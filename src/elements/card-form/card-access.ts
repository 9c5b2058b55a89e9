import type { CardInput } from '../../card/direct-body.ts';
import type { FramedFields } from '../../fields/parent/framed-fields.ts';
import type { FieldsFrame } from '../../fields/parent/parent-bridge.ts';
import type { ValidityKind } from '../shared/validity.ts';
import type { GatewayCardForm } from './card-form.ts';

/**
 * The one path by which card data leaves a card form: for the `gateway-checkout` element inside
 * this package. Not exported from the package entry. Each card form registers its private reader
 * here when it is constructed; nothing on the element itself exposes the data.
 */
export interface CardAccessor {
  read(): CardInput | null;
  /** Empties the security code; with `focus`, the customer's next keys go there. */
  clearSecurityCode(focus: boolean): void;
  state(): CardFormState;
  /** In isolated mode, the fields' frame (it makes the order and pays): the card never reaches this page. */
  frame(): FieldsFrame | null;
  /** In isolated mode, the frame as this page shows it (its bridge may still be on its way); else null. */
  isolated(): Pick<FramedFields, 'buttonSrc' | 'ready'> | null;
  /** Shows every error; moves the focus to the first invalid field only when `focus`. */
  report(focus: boolean): boolean;
}

/** What may be known of a card form without any card data: for the isolated fields' parent. */
export interface CardFormState {
  readonly brand: string | null;
  readonly complete: boolean;
  readonly empty: boolean;
  readonly valid: boolean;
  /** Every invalid field, in display order, with its message in the form's language. */
  readonly errors: ReadonlyArray<{
    readonly field: 'number' | 'expiry' | 'csc' | 'name';
    readonly kind: ValidityKind;
    readonly message: string;
  }>;
}

const accessors = new WeakMap<GatewayCardForm, CardAccessor>();

/** Called by the card form's constructor only. */
export function registerCardAccess(form: GatewayCardForm, accessor: CardAccessor): void {
  if (!accessors.has(form)) accessors.set(form, accessor);
}

/**
 * The entered card (number digits, exp month, two-digit exp year, security code unless `moto`,
 * cardholder name when asked for) when the form is complete and valid; otherwise null.
 */
export function readCard(form: GatewayCardForm): CardInput | null {
  return accessors.get(form)?.read() ?? null;
}

/** The isolated fields' frame when the form shows them (then `readCard` is always null). */
export function fieldsFrame(form: GatewayCardForm): FieldsFrame | null {
  return accessors.get(form)?.frame() ?? null;
}

/**
 * In isolated mode (whether or not the fields' bridge arrived), the Pay button's page paired with
 * the fields and a promise that settles when the bridge arrived or could not; else null.
 */
export function isolatedFields(form: GatewayCardForm): Pick<FramedFields, 'buttonSrc' | 'ready'> | null {
  return accessors.get(form)?.isolated() ?? null;
}

/**
 * Shows every error and says whether the card is valid. With `focus`, the focus goes to the first
 * invalid field, as `reportValidity()` does; without it, in isolated mode, the frame keeps its hands
 * off the focus (a field before it is the first invalid one, and the frame answers late).
 */
export function reportCard(form: GatewayCardForm, focus: boolean): boolean {
  return accessors.get(form)?.report(focus) ?? form.reportValidity();
}

/**
 * Empties the security code and keeps the rest (after a decline). With `focus`, the security code
 * takes the focus: the one field the customer must fill again, whether they retry or change the card.
 */
export function clearSecurityCode(form: GatewayCardForm, focus = false): void {
  accessors.get(form)?.clearSecurityCode(focus);
}

/** The form's state: brand, completeness and each field's problem; never card data. */
export function cardState(form: GatewayCardForm): CardFormState | null {
  return accessors.get(form)?.state() ?? null;
}
