import { type CardBrand, detectBrand } from '../../card/brand.ts';
import { formatExpiryInput } from '../../card/expiry.ts';
import { cardNumberPattern, onlyDigits } from '../../card/format.ts';
import { securityCodeLength } from '../../card/security-code.ts';
import type { PatternMaskOptions } from '../shared/input-mask.ts';
import type { FieldId } from './card-entry.ts';

/**
 * The browser cuts a paste or autofill to these before any script sees it: room for every way a
 * card is written (separators, spaces around it), never a megabyte for the mask to chew on.
 */
export const MAX_LENGTH: Record<FieldId, number> = { number: 64, expiry: 16, csc: 16, name: 128 };

/** The card number grouped as its brand prints it. */
export function numberMask(brand: CardBrand | null): PatternMaskOptions {
  return {
    mask: cardNumberPattern(brand),
    // Separators come from the pattern only: a pasted "4111-1111 " brings its digits.
    prepare: onlyDigits,
    patternFor: (digits) => cardNumberPattern(detectBrand(digits)),
  };
}

/** The expiry as MM/YY; the card form turns a year typed out ("12/2030") into "12/30". */
export const EXPIRY_MASK: PatternMaskOptions = {
  // Room for a four-digit year as it is typed ("12/2030").
  mask: '00/00[00]',
  eager: true,
  // "4" means April; a pasted or autofilled "12/2030" or "12 / 30" becomes 12/30. One digit with
  // the slash after it is a key the field inserted with its slash (type-ahead.ts), not a date.
  prepare: (chars, value) =>
    onlyDigits(!value || onlyDigits(chars).length > 1 ? formatExpiryInput(chars) : chars),
  // No month 00 or above 12 is taken as it is typed ("13" never becomes "13/"); only a year typed
  // as 20xx grows past two digits.
  validate: (value) =>
    (value.length < 2 || /^(0[1-9]|1[0-2])/.test(value)) && (value.length <= 5 || value.slice(3, 5) === '20'),
};

/** The security code, as many digits as the brand prints. */
export const cscMask = (brand: CardBrand | null): PatternMaskOptions => ({
  mask: '0'.repeat(securityCodeLength(brand)),
});
