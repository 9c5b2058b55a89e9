import { type CardBrand, maxLengthFor } from '../../card/brand.ts';
import type { CardInput } from '../../card/direct-body.ts';
import { checkExpiry, parseExpiry } from '../../card/expiry.ts';
import { onlyDigits } from '../../card/format.ts';
import { type CardNumberError, checkCardNumber, lengthAllowed } from '../../card/number.ts';
import { securityCodeLength } from '../../card/security-code.ts';
import type { Catalog } from '../i18n/index.ts';
import type { FieldError } from '../shared/validity.ts';
import type { CardFormState } from './card-access.ts';

export type FieldId = 'number' | 'expiry' | 'csc' | 'name';

const NUMBER_ERRORS = {
  required: ['missing', 'numberInvalid'],
  incomplete: ['short', 'numberInvalid'],
  invalid: ['pattern', 'numberInvalid'],
  brandNotAccepted: ['type', 'brandNotAccepted'],
} as const satisfies Record<CardNumberError, readonly [FieldError['kind'], string]>;

const EXPIRY_ERRORS = {
  required: ['missing', 'expiryInvalid'],
  incomplete: ['short', 'expiryInvalid'],
  invalid: ['pattern', 'expiryInvalid'],
  past: ['underflow', 'expiryPast'],
  tooFar: ['overflow', 'expiryInvalid'],
} as const;

/** What the card form holds and asks for, as its fields' errors are judged from. */
export interface CardEntry {
  readonly number: string;
  readonly expiry: string;
  readonly csc: string;
  readonly name: string;
  readonly brand: CardBrand | null;
  readonly moto: boolean;
  readonly requireName: boolean;
  readonly acceptedBrands: readonly string[];
}

/** Each invalid field's error, in the catalog's words; `prefix` marks what may still be typed on. */
export function cardErrors(card: CardEntry, t: Catalog): Map<FieldId, FieldError> {
  const errors = new Map<FieldId, FieldError>();
  const number = checkCardNumber(card.number, card.acceptedBrands);
  if (number.error) {
    const [kind, key] = NUMBER_ERRORS[number.error];
    errors.set('number', { kind, message: t[key], prefix: number.potentiallyValid });
  }
  const expiry = checkExpiry(card.expiry);
  if (expiry) {
    const [kind, key] = EXPIRY_ERRORS[expiry];
    // "12/20" may be the start of "12/2030": no "expired" while it is typed.
    const prefix = expiry === 'incomplete' || (expiry === 'past' && /\/20$/.test(card.expiry));
    errors.set('expiry', { kind, message: t[key], prefix });
  }
  const length = securityCodeLength(card.brand);
  if (!card.moto && card.csc.length !== length) {
    const message = t.codeInvalid(length);
    errors.set('csc', {
      kind: card.csc ? 'short' : 'missing',
      message,
      prefix: card.csc.length < length,
    });
  }
  if (card.requireName && !card.name.trim()) {
    errors.set('name', { kind: 'missing', message: t.required, prefix: true });
  }
  return errors;
}

/** Every field is filled to its full length (valid or not): for the change event's `complete`. */
export function entryComplete(card: CardEntry): boolean {
  const digits = onlyDigits(card.number).length;
  const brand = card.brand;
  const numberComplete = digits > 0 && (lengthAllowed(digits, brand) || digits >= maxLengthFor(brand));
  return (
    numberComplete &&
    parseExpiry(card.expiry) !== null &&
    (card.moto || card.csc.length === securityCodeLength(brand)) &&
    (!card.requireName || !!card.name.trim())
  );
}

/** What may be known of the card without any of it: for the change event and the isolated fields. */
export function entryState(card: CardEntry, errors: ReadonlyMap<string, FieldError>): CardFormState {
  return {
    brand: card.brand?.type ?? null,
    complete: entryComplete(card),
    empty: !card.number && !card.expiry && !card.csc && !card.name,
    valid: errors.size === 0,
    errors: [...errors].map(([field, { kind, message }]) => ({ field: field as FieldId, kind, message })),
  };
}

/** The card as it goes to the gateway, from fields found valid: no code with `moto`, no name unasked. */
export function entryCard(card: CardEntry): CardInput | null {
  const expiry = parseExpiry(card.expiry);
  if (!expiry) return null;
  const input: { -readonly [K in keyof CardInput]: CardInput[K] } = {
    number: onlyDigits(card.number),
    expMonth: expiry.month,
    expYear: expiry.year,
  };
  if (!card.moto) input.csc = card.csc;
  if (card.requireName) input.cardholderName = card.name.trim();
  return input;
}
