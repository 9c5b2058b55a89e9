import { describe, expect, it } from 'vitest';
import {
  CHECKED_POSTAL_COUNTRIES,
  formatPostalCode,
  isValidPostalCode,
  postalExampleOf,
  postalTermOf,
} from './postal-code.ts';

describe('postal codes per country', () => {
  it('has an example of every checked form, and each example fits its own form', () => {
    for (const country of CHECKED_POSTAL_COUNTRIES) {
      const example = postalExampleOf(country);
      expect(example, country).toBeDefined();
      expect(isValidPostalCode(country, example ?? ''), `${country} ${example}`).toBe(true);
      // The example is already as the country writes it.
      expect(formatPostalCode(country, example ?? ''), country).toBe(example);
    }
    expect(postalExampleOf('IE')).toBeUndefined();
  });

  it('names the code as the country does', () => {
    expect(postalTermOf('US')).toBe('zip');
    expect(postalTermOf('pr')).toBe('zip');
    expect(postalTermOf('GB')).toBe('postcode');
    expect(postalTermOf('LV')).toBe('postal');
    expect(postalTermOf(undefined)).toBe('postal');
  });

  it('writes a fitting code in the country form, and leaves one that does not fit as typed', () => {
    expect(formatPostalCode('LV', '1010')).toBe('LV-1010');
    expect(formatPostalCode('LV', 'lv 1010')).toBe('LV-1010');
    expect(formatPostalCode('LV', 'LV1010')).toBe('LV-1010');
    expect(formatPostalCode('LT', '01100')).toBe('LT-01100');
    expect(formatPostalCode('GB', 'sw1a1aa')).toBe('SW1A 1AA');
    expect(formatPostalCode('CA', 'k1a0b1')).toBe('K1A 0B1');
    expect(formatPostalCode('NL', '1012ab')).toBe('1012 AB');
    expect(formatPostalCode('US', ' 10001-1234 ')).toBe('10001-1234');
    expect(formatPostalCode('LV', 'LV-10100')).toBe('LV-10100');
    expect(formatPostalCode('XK', ' anything ')).toBe('anything');
  });
});
