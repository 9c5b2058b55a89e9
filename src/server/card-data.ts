import { luhnValid } from '../card/luhn.ts';
import { FORBIDDEN_SESSION_KEYS } from '../protocol/index.ts';

/** "card_number", "cardNumber", "card-number" all normalise to "cardnumber". */
const normalise = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');
const FORBIDDEN = new Set(FORBIDDEN_SESSION_KEYS.map(normalise));

/** Digits, optionally grouped by single spaces or dashes, as people type card numbers. */
const DIGIT_RUN = /\d(?:[ -]?\d)*/g;

const looksLikePan = (text: string): boolean => {
  for (const match of text.matchAll(DIGIT_RUN)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits)) return true;
  }
  return false;
};

/**
 * Where a value carries card data: a card field's name at any depth, or a 13 to 19 digit Luhn-valid
 * number in any key or value. Answers the path only (e.g. "billing_address.address"), never the value,
 * so that the refusal cannot echo a card number into a log or a page.
 */
export function findCardData(value: unknown, path: string[] = []): string | undefined {
  const here = () => path.join('.') || '(body)';
  if (typeof value === 'string') return looksLikePan(value) ? here() : undefined;
  if (typeof value === 'number' || typeof value === 'bigint')
    return looksLikePan(String(value)) ? here() : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findCardData(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (FORBIDDEN.has(normalise(key))) return [...path, key].join('.');
      if (looksLikePan(key)) return [...path, '(key)'].join('.');
      const found = findCardData(child, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** True when raw text holds a card number, e.g. a body that is not even JSON. */
export const textHasCardNumber = (text: string): boolean => looksLikePan(text);
