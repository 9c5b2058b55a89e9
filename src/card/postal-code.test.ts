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

describe('postal codes', () => {
  it('checks well-known formats', () => {
    expect(isValidPostalCode('US', '90210')).toBe(true);
    expect(isValidPostalCode('US', '90210-1234')).toBe(true);
    expect(isValidPostalCode('US', '9021')).toBe(false);
    expect(isValidPostalCode('CA', 'K1A 0B1')).toBe(true);
    expect(isValidPostalCode('CA', 'k1a0b1')).toBe(true);
    expect(isValidPostalCode('CA', 'D1A 0B1')).toBe(false);
    for (const gb of [
      'SW1A 1AA',
      'EC1A 1BB',
      'W1A 0AX',
      'M1 1AE',
      'B33 8TH',
      'CR2 6XH',
      'DN55 1PT',
      'GIR 0AA',
    ]) {
      expect(isValidPostalCode('GB', gb)).toBe(true);
    }
    expect(isValidPostalCode('GB', '12345')).toBe(false);
    expect(isValidPostalCode('DE', '10115')).toBe(true);
    expect(isValidPostalCode('FR', '7500')).toBe(false);
    expect(isValidPostalCode('LV', 'LV-1050')).toBe(true);
    expect(isValidPostalCode('LV', '1050')).toBe(true);
    expect(isValidPostalCode('NL', '1012 AB')).toBe(true);
  });
  it('never rejects a non-empty code where the format is not known', () => {
    expect(isValidPostalCode('IE', 'D02 X285')).toBe(true);
    expect(isValidPostalCode('HK', '-')).toBe(true);
    expect(isValidPostalCode(undefined, 'anything')).toBe(true);
    expect(isValidPostalCode('IE', '  ')).toBe(false);
  });
});
