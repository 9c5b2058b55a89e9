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
 * Digits found in free text that may be a card number of a real brand: 13 to 19 of them whose
 * leading digits name a brand and whose length is one that brand issues (`cardLengthsFor`), passing
 * Luhn. A run whose prefix is no brand's (a millisecond timestamp, 13 digits starting with 1, in an
 * e-mail address) is not a card number, however its Luhn sum falls: one such run in ten passes it.
 */
export const CARD_NUMBER_IN_TEXT = { min: 13, max: MAX_CARD_DIGITS } as const;

/**
 * Visa issued 13-digit numbers for decades and its test numbers (4222222222222) still have them,
 * though credit-card-type, which describes what a form should accept today, no longer lists them.
 * Text holding one is card data all the same.
 */
const FORMER_LENGTHS: Readonly<Record<string, readonly number[]>> = { visa: [13] };

const NO_LENGTHS: readonly number[] = [];
const lengthsByBrand = new Map<string, readonly number[]>();

/**
 * The lengths a card number starting with these digits (its first eight decide) may have: the
 * lengths its brand issues and has issued, within 13 to 19; none when no brand starts so (MII 0,
 * 1, 7, 8, 9 outside the brands' ranges).
 */
export function cardLengthsFor(digits: string): readonly number[] {
  if (digits[0] === '0') return NO_LENGTHS;
  const brand = detectBrand(digits);
  if (!brand) return NO_LENGTHS;
  let lengths = lengthsByBrand.get(brand.type);
  if (!lengths) {
    lengths = [...new Set([...brand.lengths, ...(FORMER_LENGTHS[brand.type] ?? [])])]
      .filter((n) => n >= CARD_NUMBER_IN_TEXT.min && n <= CARD_NUMBER_IN_TEXT.max)
      .sort((a, b) => a - b);
    lengthsByBrand.set(brand.type, lengths);
  }
  return lengths;
}

export function mayBeCardNumber(digits: string): boolean {
  return cardLengthsFor(digits).includes(digits.length) && luhnValid(digits);
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
