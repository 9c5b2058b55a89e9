import { describe, expect, it } from 'vitest';
import { detectBrand } from './brand.ts';
import { securityCodeLength, securityCodeSide } from './security-code.ts';

describe('security code', () => {
  it('knows security code sizes', () => {
    expect(securityCodeLength(detectBrand('37'))).toBe(4);
    expect(securityCodeLength(detectBrand('41'))).toBe(3);
    expect(securityCodeLength(null)).toBe(3);
  });
  it('knows which side of the card carries it', () => {
    expect(securityCodeSide(detectBrand('37'))).toBe('front');
    expect(securityCodeSide(detectBrand('41'))).toBe('back');
    expect(securityCodeSide(detectBrand('55'))).toBe('back');
    expect(securityCodeSide(null)).toBe('back');
  });
});
