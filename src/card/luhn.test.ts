import { describe, expect, it } from 'vitest';
import { luhnValid } from './luhn.ts';

describe('Luhn', () => {
  it('checks Luhn', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('')).toBe(false);
  });
});
