import { creditCardType, number as validateNumber } from 'card-validator';
import { describe, expect, it } from 'vitest';
import { BRAND_PREFIX_DIGITS, detectBrand, gapsFor, maxLengthFor, securityCodeLength } from './brand.ts';
import { buildDirectPaymentBody } from './direct-body.ts';
import { checkExpiry, formatExpiryInput, parseExpiry } from './expiry.ts';
import {
  cardNumberPattern,
  digitIndexToFormatted,
  formatCardNumber,
  formattedIndexToDigit,
  onlyDigits,
} from './format.ts';
import { checkCardNumber, luhnValid } from './number.ts';
import { isValidPostalCode } from './postal-code.ts';

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
  it('knows lengths and security code sizes', () => {
    expect(securityCodeLength(detectBrand('37'))).toBe(4);
    expect(securityCodeLength(detectBrand('41'))).toBe(3);
    expect(securityCodeLength(null)).toBe(3);
    expect(maxLengthFor(detectBrand('37'))).toBe(15);
    expect(maxLengthFor(null)).toBe(19);
    expect(gapsFor(detectBrand('41'))).toEqual([4, 8, 12, 16]);
  });
});

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

describe('card number', () => {
  it('checks Luhn', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('')).toBe(false);
  });
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
});

describe('expiry', () => {
  it('parses the ways people write it', () => {
    expect(parseExpiry('12/30')).toEqual({ month: 12, year: 30 });
    expect(parseExpiry('12/2030')).toEqual({ month: 12, year: 30 });
    expect(parseExpiry('1230')).toEqual({ month: 12, year: 30 });
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 30 });
    expect(parseExpiry('1/30')).toEqual({ month: 1, year: 30 });
    expect(parseExpiry('01/30')).toEqual({ month: 1, year: 30 });
    expect(parseExpiry('122030')).toEqual({ month: 12, year: 30 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('00/30')).toBeNull();
    expect(parseExpiry('12/3')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });
  it('formats input as the mask shows it', () => {
    expect(formatExpiryInput('4')).toBe('04/');
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12/');
    expect(formatExpiryInput('12/2030')).toBe('12/30');
    expect(formatExpiryInput('12 / 30')).toBe('12/30');
    expect(formatExpiryInput('1/30')).toBe('01/30');
    expect(formatExpiryInput('1230')).toBe('12/30');
  });
  it('rejects the past and the far future', () => {
    const now = new Date(2026, 10, 22);
    expect(checkExpiry('11/26', now)).toBeNull();
    expect(checkExpiry('10/26', now)).toBe('past');
    expect(checkExpiry('12/25', now)).toBe('past');
    expect(checkExpiry('12/46', now)).toBeNull();
    expect(checkExpiry('01/47', now)).toBe('tooFar');
    expect(checkExpiry('', now)).toBe('required');
    expect(checkExpiry('12/', now)).toBe('incomplete');
    expect(checkExpiry('13/30', now)).toBe('invalid');
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

describe('buildDirectPaymentBody', () => {
  const card = {
    number: '4111 1111 1111 1111',
    expMonth: 12,
    expYear: 30,
    csc: '123',
    cardholderName: ' Ann Lee ',
  };
  it('builds the wire body', () => {
    expect(buildDirectPaymentBody(card)).toEqual({
      card_number: '4111111111111111',
      exp_month: 12,
      exp_year: 30,
      csc: '123',
      cardholder_name: 'Ann Lee',
    });
  });
  it('drops the security code for MOTO and sets avs and saved_by_merchant', () => {
    const body = buildDirectPaymentBody(card, { moto: true, avs: 'custom', savedByMerchant: true });
    expect(body.csc).toBeUndefined();
    expect(body.avs).toBe(true);
    expect(body.saved_by_merchant).toBe(true);
    expect(buildDirectPaymentBody(card, { avs: 'standard' }).avs).toBeUndefined();
  });
  it('passes the protocol schema', async () => {
    const { directPaymentBodySchema } = await import('../protocol/direct-payment.ts');
    expect(directPaymentBodySchema.safeParse(buildDirectPaymentBody(card, { moto: true })).success).toBe(
      true,
    );
  });
});
