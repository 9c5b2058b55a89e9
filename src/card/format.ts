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

/** The mask pattern for a brand: `0` per digit, a space per gap. */
export function cardNumberPattern(brand: CardBrand | null): string {
  return formatCardNumber('0'.repeat(maxLengthFor(brand)), brand);
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

/**
 * Places digits into a pattern: `0` takes a digit, any other character is a literal written between
 * digits. With `eager`, a literal right after the last digit is written too ("12" → "12/"), so the
 * person sees the separator as soon as it is due. Digits beyond the pattern are dropped.
 */
export function fitPattern(digits: string, pattern: string, eager = false): string {
  let out = '';
  let d = 0;
  for (const ch of pattern) {
    if (ch === '0') {
      if (d >= digits.length) break;
      out += digits[d++];
    } else if (d < digits.length || (eager && d > 0)) {
      out += ch;
    } else break;
  }
  return out;
}

export interface MaskEditOptions {
  /** Write a literal as soon as it is due (not while deleting). */
  readonly eager?: boolean;
  /** The edit removed text (Backspace, Delete, cut). */
  readonly deleting?: boolean;
  /** The text before the edit. */
  readonly previous?: string;
  /** Rewrites the whole raw text before its digits are placed (e.g. "4" → "04/" for an expiry). */
  readonly prepare?: (raw: string) => string;
}

/**
 * The masked text and caret after a person's edit of `raw` (the input's value after the browser
 * applied the keystroke, paste or autofill) with the caret at `caret`. The caret stays after the
 * same digit it followed, wherever the edit happened; an edit at the end keeps the caret at the end.
 * A pattern given as a function of the digits (a card number's grouping depends on its brand) is
 * chosen from all the digits, so a pasted American Express number is not cut to a Visa's length.
 */
export function maskEdit(
  raw: string,
  caret: number,
  pattern: string | ((digits: string) => string),
  options: MaskEditOptions = {},
): { value: string; caret: number } {
  let before = onlyDigits(raw.slice(0, caret)).length;
  let digits = onlyDigits(options.prepare ? options.prepare(raw) : raw);
  // Backspace over a separator: nothing but the literal went, so take the digit before it too.
  if (
    options.deleting &&
    options.previous !== undefined &&
    onlyDigits(options.previous) === digits &&
    before > 0
  ) {
    digits = digits.slice(0, before - 1) + digits.slice(before);
    before--;
  }
  const value = fitPattern(
    digits,
    typeof pattern === 'string' ? pattern : pattern(digits),
    options.eager && !options.deleting,
  );
  const atEnd = caret >= raw.length;
  return {
    value,
    caret: atEnd ? value.length : digitIndexToFormatted(value, Math.min(before, digits.length)),
  };
}
