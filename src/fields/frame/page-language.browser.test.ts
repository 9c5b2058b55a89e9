import { expect } from '@open-wc/testing';
import { afterEach, describe, it } from 'vitest';
import { shownAs } from '../../elements/i18n/index.ts';
import { texts as lithuanian } from '../../elements/i18n/languages/lt.ts';
import { terms as english } from './languages/en.ts';
import { FIELDS_LANGUAGE, takePageLanguage } from './page-language.ts';

// The fields page as built in a language: <html lang> names it, the form was rendered in it, and
// its language script left the texts (or, refused or broken, did not).
function builtPage(lang: string, texts?: object): HTMLElement {
  document.documentElement.lang = lang;
  const form = document.body.appendChild(document.createElement('form'));
  form.innerHTML = '<gateway-card-form></gateway-card-form>';
  if (texts) (globalThis as Record<symbol, unknown>)[Symbol.for(FIELDS_LANGUAGE)] = texts;
  return form;
}

afterEach(() => {
  document.querySelector('form')?.remove();
  document.documentElement.lang = 'en';
  delete (globalThis as Record<symbol, unknown>)[Symbol.for(FIELDS_LANGUAGE)];
});

describe('the fields page takes its language', () => {
  it('without its language’s texts, drops the form rendered in that language: it is made anew in English', () => {
    const form = builtPage('lv');
    takePageLanguage();
    expect(form.querySelector('gateway-card-form')).to.equal(null);
    expect(shownAs('lv')).to.deep.equal(['en', 'ltr']);
  });

  it('with them, registers them and takes the rendered form over as it is', () => {
    const form = builtPage('lt', { code: 'lt', dir: 'ltr', texts: lithuanian, terms: english });
    takePageLanguage();
    expect(form.querySelector('gateway-card-form')).to.not.equal(null);
    expect(shownAs('lt')).to.deep.equal(['lt', '']);
  });

  it('keeps the English page’s form: English is always here', () => {
    const form = builtPage('en');
    takePageLanguage();
    expect(form.querySelector('gateway-card-form')).to.not.equal(null);
  });
});
