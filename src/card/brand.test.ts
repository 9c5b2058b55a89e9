import { creditCardType, number as validateNumber } from 'card-validator';
import { describe, expect, it } from 'vitest';
import { BRAND_PREFIX_DIGITS, detectBrand, gapsFor, maxLengthFor } from './brand.ts';

describe('brand', () => {
  it('detects brands from the first digits with credit-card-type', () => {
    expect(detectBrand('41')?.type).toBe('visa');
    expect(detectBrand('55')?.type).toBe('mastercard');
    expect(detectBrand('37')?.type).toBe('american-express');
    expect(detectBrand('36')?.type).toBe('diners-club');
    expect(detectBrand('')).toBeNull();
    expect(detectBrand('3')).toBeNull();
  });
  it('tells a long number by its first eight digits, as credit-card-type can tell no more', () => {
    // If a credit-card-type update brings a longer pattern, remembering by prefix would be wrong.
    const longest = Object.values(creditCardType.types)
      .flatMap((type) => creditCardType.getTypeInfo(type).patterns)
      .map((pattern) => String(Array.isArray(pattern) ? pattern[1] : pattern).length);
    expect(Math.max(...longest)).toBeLessThanOrEqual(BRAND_PREFIX_DIGITS);
    // Numbers that share a brand's longest prefixes with others (Elo, Hiper, Mir, UnionPay, Maestro).
    for (const digits of [
      '5067310000000000',
      '6362970000000000',
      '6370950000000000',
      '2200000000000000',
      '6221260000000000',
      '6304000000000000',
      '4011780000000000',
      '4111111111111111',
      '3782822463100050',
      '6011000000000000000',
    ]) {
      for (let length = 1; length <= digits.length; length++) {
        const typed = digits.slice(0, length);
        expect(detectBrand(typed)?.type ?? null, typed).toBe(validateNumber(typed).card?.type ?? null);
      }
    }
  });
  it('knows lengths and gaps', () => {
    expect(maxLengthFor(detectBrand('37'))).toBe(15);
    expect(maxLengthFor(null)).toBe(19);
    expect(gapsFor(detectBrand('41'))).toEqual([4, 8, 12, 16]);
  });
});
