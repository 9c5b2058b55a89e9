import type { CardBrand } from './brand.ts';
import { gapsFor, maxLengthFor } from './brand.ts';

/** Digits only, as typed, pasted ("4111-1111 1111 1111") or autofilled. */
export function onlyDigits(value: string): string {
  return value.replace(/\D+/g, '');
}

/** Groups a digit string per brand: 4-4-4-4(-3), American Express 4-6-5, Diners 4-6-4. */
export function formatCardNumber(digits: string, brand: CardBrand | null): string {
  const clean = onlyDigits(digits).slice(0, maxLengthFor(brand));
  const gaps = gapsFor(brand);
  let out = '';
  for (let i = 0; i < clean.length; i++) {
    if (i > 0 && gaps.includes(i)) out += ' ';
    out += clean[i];
  }
  return out;
}

/** Patterns made so far, by brand id: the mask asks for one on every keystroke. */
const patterns = new Map<string, string>();

/** The mask pattern for a brand: `0` per digit, a space per gap. */
export function cardNumberPattern(brand: CardBrand | null): string {
  const key = brand?.type ?? '';
  let pattern = patterns.get(key);
  if (pattern === undefined) {
    pattern = formatCardNumber('0'.repeat(maxLengthFor(brand)), brand);
    patterns.set(key, pattern);
  }
  return pattern;
}

/**
 * Caret position in the formatted string for a caret after `digitIndex` raw digits. A caret right
 * after a group's last digit stays before the space, so typing continues where the person looks.
 */
export function digitIndexToFormatted(formatted: string, digitIndex: number): number {
  if (digitIndex <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i] as string)) {
      seen++;
      if (seen === digitIndex) return i + 1;
    }
  }
  return formatted.length;
}

/** How many digits lie before a caret position in a formatted (or raw, pasted) string. */
export function formattedIndexToDigit(formatted: string, caret: number): number {
  return onlyDigits(formatted.slice(0, Math.max(0, caret))).length;
}
