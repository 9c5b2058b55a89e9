import { describe, expect, it } from 'vitest';
import { catalogFor, shownAs } from '../../elements/i18n/index.ts';
import { texts as german } from '../../elements/i18n/languages/de.ts';
import { terms as germanTerms } from './languages/de.ts';
import { FIELDS_LANGUAGE, pageLanguage, registerPageLanguage } from './page-language.ts';
import { payLabel, type Terms } from './terms.ts';

const scope = (value: unknown) => ({ [Symbol.for(FIELDS_LANGUAGE)]: value });
const TERMS: Terms = {
  amount: 5,
  currency: 'EUR',
  merchant: 'Shop',
  twoStep: false,
  save: null,
  moto: false,
};

describe('the fields page’s language', () => {
  it('takes nothing of another shape: the fields then speak English', () => {
    for (const bad of [
      undefined,
      null,
      'de',
      { code: 'de', dir: 'ltr' },
      { code: 'de', dir: 'sideways', texts: german },
      { code: '../de', dir: 'ltr', texts: german },
      { code: 'de', dir: 'ltr', texts: german, terms: 'x' },
    ])
      expect(pageLanguage(bad)).toBeNull();
    expect(registerPageLanguage(scope({ code: 'xx', dir: 'ltr' }))).toBeNull();
    expect(registerPageLanguage({})).toBeNull();
    expect(shownAs('xx')).toEqual(['en', 'ltr']);
  });

  it('registers the texts its script left, the elements’ and the terms’, at once', () => {
    expect(payLabel(TERMS, 'de')).toBe('Pay 5,00\u00a0€');
    expect(registerPageLanguage(scope({ code: 'de', dir: 'ltr', texts: german, terms: germanTerms }))).toBe(
      'de',
    );
    expect(catalogFor('de').cardNumber).toBe('Kartennummer');
    expect(shownAs('de-AT')).toEqual(['de', '']);
    expect(payLabel(TERMS, 'de')).toBe('5,00\u00a0€ bezahlen');
  });
});
