// The deep import keeps card-validator's expiry, CVV and postal-code modules out of the bundle.
import { cardNumber } from 'card-validator/dist/card-number.js';

/** What the card logic knows of a brand; the tables themselves are credit-card-type's. */
export interface CardBrand {
  /** credit-card-type's id: `visa`, `mastercard`, `american-express`, `diners-club`, ... */
  readonly type: string;
  /** Display name, e.g. "American Express". */
  readonly name: string;
  /** Digit indexes before which a space goes, e.g. [4, 10] for 4-6-5. */
  readonly gaps: readonly number[];
  readonly lengths: readonly number[];
  readonly codeLength: number;
  readonly codeName: string;
}

export const MAX_CARD_DIGITS = 19;
const DEFAULT_GAPS = [4, 8, 12, 16] as const;

/**
 * credit-card-type tells brands apart by at most this many leading digits (its longest pattern,
 * e.g. Elo's 8-digit ranges), so a longer number has the brand of its first eight.
 */
export const BRAND_PREFIX_DIGITS = 8;

/** The last answer: every digit typed asks again, and past eight digits the answer cannot change. */
let last: { prefix: string; brand: CardBrand | null } = { prefix: '', brand: null };

/** The brand a digit string belongs to, once credit-card-type can tell a single one; else null. */
export function detectBrand(digits: string): CardBrand | null {
  const prefix = digits.slice(0, BRAND_PREFIX_DIGITS);
  if (prefix !== last.prefix) last = { prefix, brand: brandOf(prefix) };
  return last.brand;
}

function brandOf(digits: string): CardBrand | null {
  if (!digits) return null;
  const card = cardNumber(digits).card;
  if (!card) return null;
  return {
    type: card.type,
    name: card.niceType,
    gaps: card.gaps,
    lengths: card.lengths,
    codeLength: card.code.size,
    codeName: card.code.name,
  };
}

/**
 * Gap positions for a brand. Brands grouped in fours (Visa, Mastercard, ...) keep grouping in fours
 * up to 19 digits, which credit-card-type's tables stop at 12.
 */
export function gapsFor(brand: CardBrand | null): readonly number[] {
  if (!brand || brand.gaps.length === 0) return DEFAULT_GAPS;
  const everyFour = brand.gaps.every((gap, i) => gap === (i + 1) * 4);
  return everyFour ? DEFAULT_GAPS : brand.gaps;
}

/** The longest number the brand allows (19 when unknown). */
export function maxLengthFor(brand: CardBrand | null): number {
  return brand && brand.lengths.length > 0 ? Math.max(...brand.lengths) : MAX_CARD_DIGITS;
}
