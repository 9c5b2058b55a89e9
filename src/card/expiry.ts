/** A card expiry: month 1 to 12, year as two digits (0 to 99). */
export interface Expiry {
  readonly month: number;
  readonly year: number;
}

export type ExpiryError = 'required' | 'incomplete' | 'invalid' | 'past' | 'tooFar';

/** The furthest ahead an expiry may be: cards are not issued for longer. */
export const MAX_YEARS_AHEAD = 20;

/**
 * Parses what a person types, pastes or autofills: "12/30", "12/2030", "1230", "122030",
 * "12 / 30", "1/30", "1-30". Returns null when it is not a whole month and year.
 */
export function parseExpiry(value: string): Expiry | null {
  const text = value.trim();
  let month: string | undefined;
  let year: string | undefined;
  const split = /^(\d{1,2})\s*[/\-.\s]\s*(\d{2}|\d{4})$/.exec(text);
  if (split) {
    [, month, year] = split;
  } else {
    const digits = /^\d+$/.test(text) ? text : '';
    if (digits.length === 4) [month, year] = [digits.slice(0, 2), digits.slice(2)];
    else if (digits.length === 6) [month, year] = [digits.slice(0, 2), digits.slice(2)];
    else if (digits.length === 3 && digits[0] !== '0' && digits[0] !== '1')
      [month, year] = [digits.slice(0, 1), digits.slice(1)];
  }
  if (month === undefined || year === undefined) return null;
  const m = Number(month);
  if (m < 1 || m > 12) return null;
  return { month: m, year: Number(year.slice(-2)) };
}

/**
 * The text for the masked expiry input from anything typed or pasted: "4" → "04/", "1" → "1",
 * "12" → "12/", "12/2030" → "12/30". Whole dates are normalised; otherwise digits are placed.
 */
export function formatExpiryInput(value: string): string {
  const parsed = /\d\D+\d|^\d{6}$/.test(value.trim()) ? parseExpiry(value) : null;
  if (parsed) return `${pad(parsed.month)}/${pad(parsed.year)}`;
  // "1/" means January: the separator closes the month.
  const month = /^\s*(\d)\s*[/\-.\s]\s*(\d?)\s*$/.exec(value);
  if (month && month[1] !== '0') return `0${month[1]}/${month[2]}`;
  let digits = value.replace(/\D+/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Checks an expiry against `now`: not in the past (the card is valid through its month), not absurdly far. */
export function checkExpiry(value: string, now: Date = new Date()): ExpiryError | null {
  if (!value.trim()) return 'required';
  const parsed = parseExpiry(value);
  if (!parsed) return /^\s*(0?[1-9]|1[0-2])?\s*\/?\s*\d?\s*$/.test(value) ? 'incomplete' : 'invalid';
  const year = 2000 + parsed.year;
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (year < thisYear || (year === thisYear && parsed.month < thisMonth)) return 'past';
  if (year > thisYear + MAX_YEARS_AHEAD) return 'tooFar';
  return null;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
