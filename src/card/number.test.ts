import { describe, expect, it } from 'vitest';
import { detectBrand } from './brand.ts';
import { checkCardNumber, lengthAllowed, mayBeCardNumber, numberComplete } from './number.ts';

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
  it('takes 13 to 19 Luhn-valid digits of any brand, never one starting with 0', () => {
    expect(mayBeCardNumber('4111111111111111')).toBe(true);
    expect(mayBeCardNumber('6200000000000005009')).toBe(true);
    expect(mayBeCardNumber('4222222222222')).toBe(true);
    expect(mayBeCardNumber('4111111111111112')).toBe(false);
    expect(mayBeCardNumber('0111111111111117')).toBe(false);
    expect(mayBeCardNumber('424242424242')).toBe(false);
    expect(mayBeCardNumber('41111111111111111113')).toBe(false);
  });
});
