import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pressAgain, pressAgainLanguages } from './pay-words.ts';

const elementsLanguages = readdirSync(new URL('../../elements/i18n/languages/', import.meta.url))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => name.slice(0, -3));

describe('the isolated Pay button’s request for another press', () => {
  it('has a line in every language of the elements, and no other', () => {
    expect(pressAgainLanguages().sort()).toEqual(elementsLanguages.sort());
  });

  it('is read from a tag’s first subtag, English for a language it lacks', () => {
    expect(pressAgain('de-AT')).toBe('Zum Bezahlen erneut drücken');
    expect(pressAgain('PT-br')).toBe('Clique novamente para pagar');
    expect(pressAgain('ja')).toBe('Press again to pay');
    expect(pressAgain('')).toBe('Press again to pay');
  });

  it('differs from English in every other language', () => {
    for (const code of elementsLanguages.filter((c) => c !== 'en'))
      expect(pressAgain(code), code).not.toBe(pressAgain('en'));
  });
});
