import { describe, expect, it } from 'vitest';
import { detectBrand } from './brand.ts';
import {
  cardLengthsFor,
  checkCardNumber,
  lengthAllowed,
  luhnValid,
  mayBeCardNumber,
  numberComplete,
} from './number.ts';

describe('card number', () => {
  it('accepts valid numbers', () => {
    expect(checkCardNumber('4111 1111 1111 1111').error).toBeNull();
    expect(checkCardNumber('3782 822463 10005').error).toBeNull();
    expect(checkCardNumber('5555555555554444').brand?.type).toBe('mastercard');
  });
  it('treats a valid prefix as potentially valid and a full wrong number as invalid', () => {
    const prefix = checkCardNumber('4111 11');
    expect(prefix.error).toBe('incomplete');
    expect(prefix.potentiallyValid).toBe(true);
    const wrong = checkCardNumber('378282246310006');
    expect(wrong.error).toBe('invalid');
    expect(wrong.full).toBe(true);
    expect(wrong.potentiallyValid).toBe(false);
    expect(checkCardNumber('').error).toBe('required');
  });
  it('limits brands', () => {
    expect(checkCardNumber('378282246310005', ['visa', 'mastercard']).error).toBe('brandNotAccepted');
    expect(checkCardNumber('4111111111111111', ['visa']).error).toBeNull();
  });
  it('allows the lengths the brand issues, 12 to 19 digits for a brand not known', () => {
    expect(lengthAllowed(16, detectBrand('41'))).toBe(true);
    expect(lengthAllowed(17, detectBrand('41'))).toBe(false);
    expect(lengthAllowed(15, detectBrand('37'))).toBe(true);
    expect(lengthAllowed(16, detectBrand('37'))).toBe(false);
    expect(lengthAllowed(12, null)).toBe(true);
    expect(lengthAllowed(11, null)).toBe(false);
    expect(lengthAllowed(20, null)).toBe(false);
  });
});

describe('a number complete for its brand', () => {
  const complete = (digits: string) => numberComplete(digits, detectBrand(digits));
  it("is complete at the brand's longest length", () => {
    expect(complete('378282246310005')).toBe(true);
    expect(complete('5555555555554444')).toBe(true);
    expect(complete('4111111111111111111')).toBe(true);
    expect(complete('6200000000000005009')).toBe(true);
  });
  it('is complete at a shorter length that no further digit can extend (a Visa of 16: no Visa has 17)', () => {
    expect(complete('4111111111111111')).toBe(true);
    expect(complete('6011111111111117')).toBe(true);
    expect(complete('36227206271667')).toBe(true);
  });
  it('is not complete at a length the brand may still grow from: UnionPay 14 to 19 types in whole', () => {
    const unionPay = '6200000000000005009';
    for (let n = 1; n < unionPay.length; n++)
      expect(complete(unionPay.slice(0, n)), unionPay.slice(0, n)).toBe(false);
    expect(complete('411111111111111111')).toBe(false);
    expect(complete('37828224631000')).toBe(false);
  });
  it('of a brand not known: at 16 digits or 19', () => {
    expect(numberComplete('9'.repeat(15), null)).toBe(false);
    expect(numberComplete('9'.repeat(16), null)).toBe(true);
    expect(numberComplete('9'.repeat(18), null)).toBe(false);
    expect(numberComplete('9'.repeat(19), null)).toBe(true);
    expect(numberComplete('', null)).toBe(false);
  });
});

describe('card numbers in free text', () => {
  it('takes Luhn-valid digits of a length their brand issues, never one starting with 0', () => {
    expect(mayBeCardNumber('4111111111111111')).toBe(true);
    expect(mayBeCardNumber('6200000000000005009')).toBe(true);
    expect(mayBeCardNumber('378282246310005')).toBe(true);
    expect(mayBeCardNumber('4111111111111112')).toBe(false);
    expect(mayBeCardNumber('0111111111111117')).toBe(false);
    expect(mayBeCardNumber('424242424242')).toBe(false);
    expect(mayBeCardNumber('41111111111111111113')).toBe(false);
  });

  it('takes the 13-digit Visa numbers Visa once issued and still tests with', () => {
    for (const visa of ['4222222222222', '4007000000027', '4000000000006'])
      expect(mayBeCardNumber(visa)).toBe(true);
    expect(cardLengthsFor('4111111111111111')).toEqual([13, 16, 18, 19]);
  });

  it('refuses Luhn-valid digits of a length their brand never issues, or of no brand', () => {
    // All three pass Luhn: only the brand's lengths tell them from card numbers.
    expect(mayBeCardNumber('5555555555554')).toBe(false); // Mastercard has 16 digits only
    expect(mayBeCardNumber('3782822463100003')).toBe(false); // American Express has 15
    expect(mayBeCardNumber('1764333123453')).toBe(false); // a millisecond timestamp: no brand starts with 1
    for (const digits of ['5555555555554', '3782822463100003', '1764333123453'])
      expect(luhnValid(digits)).toBe(true);
    expect(cardLengthsFor('1764333123453')).toEqual([]);
    expect(cardLengthsFor('378282246310005')).toEqual([15]);
  });
});
