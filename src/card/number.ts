import type { CardBrand } from './brand.ts';
import { detectBrand, MAX_CARD_DIGITS, maxLengthFor } from './brand.ts';
import { onlyDigits } from './format.ts';
import { luhnValid } from './luhn.ts';

export { luhnValid } from './luhn.ts';

/** Message keys a card number can fail with; the elements translate them. */
export type CardNumberError = 'required' | 'incomplete' | 'invalid' | 'brandNotAccepted';

export interface CardNumberCheck {
  readonly digits: string;
  readonly brand: CardBrand | null;
  /** No digit can be added: the brand's longest length (19 when unknown) is reached. */
  readonly full: boolean;
  /** Still a possible prefix of a valid number: no error should show while typing. */
  readonly potentiallyValid: boolean;
  readonly error: CardNumberError | null;
}

/** The fewest digits a card number of a brand we do not know may have. */
export const MIN_CARD_DIGITS = 12;

/** A length the brand issues numbers of (12 to 19 digits for a brand we do not know). */
export function lengthAllowed(length: number, brand: CardBrand | null): boolean {
  return brand ? brand.lengths.includes(length) : length >= MIN_CARD_DIGITS && length <= MAX_CARD_DIGITS;
}

/**
 * The number's length is complete for its brand: no digit can follow. That is the brand's longest
 * length, or a shorter one the brand allows whose next length it does not (a Visa of 16 digits:
 * no Visa has 17); a UnionPay number of 16 may have 17, 18 or 19 digits, so it is complete at 19
 * only. For a brand we do not know: 16 digits, the length nearly every card has, or 19. Whether the
 * digits are right (Luhn, an accepted brand) is `checkCardNumber`'s to say.
 */
export function numberComplete(digits: string, brand: CardBrand | null): boolean {
  const n = digits.length;
  if (n >= maxLengthFor(brand)) return n > 0;
  if (!brand) return n === 16;
  return brand.lengths.includes(n) && !brand.lengths.includes(n + 1);
}

/**
 * Digits found in free text that may be a card number of any brand: 13 to 19 of them, not starting
 * with 0 (that major industry identifier is unused), passing Luhn. No brand is asked for: a number
 * of a brand we do not know is card data all the same.
 */
export const CARD_NUMBER_IN_TEXT = { min: 13, max: MAX_CARD_DIGITS } as const;

export function mayBeCardNumber(digits: string): boolean {
  return (
    digits.length >= CARD_NUMBER_IN_TEXT.min &&
    digits.length <= CARD_NUMBER_IN_TEXT.max &&
    digits[0] !== '0' &&
    luhnValid(digits)
  );
}

/**
 * Checks a card number: length for the brand, Luhn, and `accepted` brand ids (credit-card-type's
 * `type`, empty = all). Unknown brands pass when 12 to 19 digits and Luhn-valid and nothing limits brands.
 */
export function checkCardNumber(value: string, accepted: readonly string[] = []): CardNumberCheck {
  const digits = onlyDigits(value);
  const brand = detectBrand(digits);
  const max = maxLengthFor(brand);
  const full = digits.length >= max;
  const notAccepted = accepted.length > 0 && brand !== null && !accepted.includes(brand.type);
  const lengthOk = lengthAllowed(digits.length, brand);
  const luhn = luhnValid(digits);
  let error: CardNumberError | null = null;
  if (!digits) error = 'required';
  else if (notAccepted || (accepted.length > 0 && !brand && digits.length >= 4)) error = 'brandNotAccepted';
  else if (lengthOk && luhn) error = null;
  else if (full || (lengthOk && !luhn)) error = 'invalid';
  else error = 'incomplete';
  // A valid prefix: shorter than the longest length, no brand problem. Complete but failing
  // Luhn at a length that can still grow (Visa 16 of 19) also still counts as a prefix.
  const potentiallyValid =
    error === null || (error === 'incomplete' && !full) || (error === 'invalid' && !full);
  return { digits, brand, full, potentiallyValid, error };
}
