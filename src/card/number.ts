import type { CardBrand } from './brand.ts';
import { detectBrand, maxLengthFor } from './brand.ts';
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
  const lengthOk = brand ? brand.lengths.includes(digits.length) : digits.length >= 12 && digits.length <= 19;
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
