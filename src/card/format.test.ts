import { describe, expect, it } from 'vitest';
import { detectBrand } from './brand.ts';
import {
  cardNumberPattern,
  digitIndexToFormatted,
  formatCardNumber,
  formattedIndexToDigit,
  onlyDigits,
} from './format.ts';

describe('formatting', () => {
  it('groups per brand', () => {
    expect(formatCardNumber('4111111111111111', detectBrand('41'))).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('4111111111111111111', detectBrand('41'))).toBe('4111 1111 1111 1111 111');
    expect(formatCardNumber('378282246310005', detectBrand('37'))).toBe('3782 822463 10005');
    expect(formatCardNumber('36227206271667', detectBrand('36'))).toBe('3622 720627 1667');
    expect(formatCardNumber('41111', null)).toBe('4111 1');
    expect(formatCardNumber('4111', null)).toBe('4111');
    expect(formatCardNumber('12345678901234567890123', null)).toHaveLength(23);
  });
  it('cuts at the brand maximum and strips separators', () => {
    expect(formatCardNumber('3782-822463-100059999', detectBrand('37'))).toBe('3782 822463 10005');
    expect(onlyDigits('4111-1111 1111 1111')).toBe('4111111111111111');
  });
  it('builds mask patterns', () => {
    expect(cardNumberPattern(detectBrand('37'))).toBe('0000 000000 00000');
    expect(cardNumberPattern(null)).toBe('0000 0000 0000 0000 000');
  });
  it('maps carets between digit and formatted positions', () => {
    const f = '4111 1111 1111 1111';
    expect(digitIndexToFormatted(f, 0)).toBe(0);
    expect(digitIndexToFormatted(f, 4)).toBe(4);
    expect(digitIndexToFormatted(f, 5)).toBe(6);
    expect(digitIndexToFormatted(f, 16)).toBe(19);
    expect(digitIndexToFormatted(f, 99)).toBe(19);
    expect(formattedIndexToDigit(f, 0)).toBe(0);
    expect(formattedIndexToDigit(f, 5)).toBe(4);
    expect(formattedIndexToDigit(f, 6)).toBe(5);
    expect(formattedIndexToDigit(f, 19)).toBe(16);
    for (let d = 0; d <= 16; d++) expect(formattedIndexToDigit(f, digitIndexToFormatted(f, d))).toBe(d);
    const amex = '3782 822463 10005';
    expect(digitIndexToFormatted(amex, 11)).toBe(13);
    expect(formattedIndexToDigit(amex, 12)).toBe(10);
  });
});
