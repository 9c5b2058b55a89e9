import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { terms as english } from './languages/en.ts';
import { payLabel, registerTermsWords, type Terms, type TermsWords, termsNotes } from './terms.ts';

// Every language the elements speak (one file each in src/elements/i18n/languages/) has the isolated
// fields' own texts too (one file each in ./languages/): the terms beside the card and the Pay
// button's words, each in the language, none left in English, the amount and the merchant's name
// in every text that names them.
const codes = readdirSync(new URL('../../elements/i18n/languages/', import.meta.url))
  .filter((file) => /^[a-z]{2}\.ts$/.test(file))
  .map((file) => file.slice(0, 2))
  .sort();
const own = readdirSync(new URL('./languages/', import.meta.url))
  .filter((file) => /^[a-z]{2}\.ts$/.test(file))
  .map((file) => file.slice(0, 2))
  .sort();

const AMOUNT = '1 234,56 ZZZ';
const MERCHANT = 'Baltic Pantry';
const METHODS = Object.keys(english.save) as Array<keyof TermsWords['save']>;

/** Each text of a language, by its name, with the amount or merchant it was given (if any). */
function textsOf(w: TermsWords): Array<[name: string, text: string, given: string | null]> {
  return [
    ['pay', w.pay(AMOUNT), AMOUNT],
    ['reserve', w.reserve(AMOUNT), AMOUNT],
    ['saveCard', w.saveCard, null],
    ['hold', w.hold(AMOUNT), AMOUNT],
    ...METHODS.map((m): [string, string, string] => [`save.${m}`, w.save[m](MERCHANT), MERCHANT]),
    ['nothingNow', w.nothingNow, null],
  ];
}

describe('the isolated fields’ texts in every language', () => {
  it('has a file for every language the elements speak, and no other', () => {
    expect(codes.length).toBeGreaterThanOrEqual(30);
    expect(own).toEqual(codes);
  });

  it.each(codes.filter((c) => c !== 'en'))(
    '%s: every text, in the language, naming what it is given',
    async (code) => {
      const { terms } = (await import(`./languages/${code}.ts`)) as { terms: TermsWords };
      expect(Object.keys(terms).sort()).toEqual(Object.keys(english).sort());
      expect(Object.keys(terms.save).sort()).toEqual(METHODS.slice().sort());
      const theirs = textsOf(english);
      for (const [i, [name, text, given]] of textsOf(terms).entries()) {
        expect(text.trim(), `${code} ${name}`).not.toBe('');
        expect(text, `${code} ${name} is English`).not.toBe(theirs[i]![1]);
        if (given) expect(text, `${code} ${name} names what it is given`).toContain(given);
        // No placeholder left unfilled, no stray template.
        expect(text, `${code} ${name}`).not.toMatch(/\$\{|undefined|\bnull\b/);
      }
      // Right to left: the amount and the name are isolated, so they stay whole in the sentence.
      if (code === 'ar' || code === 'he') {
        expect(terms.pay(AMOUNT)).toContain(`\u2068${AMOUNT}\u2069`);
        expect(terms.save.merchant(MERCHANT)).toContain(`\u2068${MERCHANT}\u2069`);
      }
    },
  );

  it('are what the fields say once the page registered them', async () => {
    const { terms: polish } = (await import('./languages/pl.ts')) as { terms: TermsWords };
    registerTermsWords('pl', polish);
    const order: Terms = {
      amount: 32.25,
      currency: 'PLN',
      merchant: MERCHANT,
      twoStep: true,
      save: { method: 'recurring', consent_required: true, merchant_name: MERCHANT },
      moto: false,
    };
    expect(payLabel(order, 'pl-PL')).toBe('Zarezerwuj 32,25\u00a0zł');
    expect(termsNotes(order, 'pl')).toEqual([
      'Kwota 32,25\u00a0zł zostanie teraz zablokowana na Twojej karcie i pobrana po wysłaniu zamówienia.',
      'Twoja karta zostanie zapisana w Baltic Pantry do płatności cyklicznych.',
    ]);
  });
});
