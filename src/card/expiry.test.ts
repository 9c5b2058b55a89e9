import { describe, expect, it } from 'vitest';
import { checkExpiry, formatExpiryInput, parseExpiry } from './expiry.ts';

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
