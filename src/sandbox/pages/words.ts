/**
 * The sandbox's own pages (the hosted checkout, the bank's 3-D Secure page) speak the order's
 * language, in the words of the elements' language files: one file per language, so a language
 * added there is spoken here too, with no list to keep.
 */
import type { Language } from '../../elements/i18n/language-file.ts';
import * as english from '../../elements/i18n/languages/en.ts';

export type { Language } from '../../elements/i18n/language-file.ts';

export const ENGLISH: Language = english;

const loaded = new Map<string, Promise<Language>>();

/** The order's language ("pl", "pt-BR" → "pt"); English when we have no file for it. */
export function orderLanguage(tag: string | undefined | null): Promise<Language> {
  let code = (tag ?? '').slice(0, 2).toLowerCase();
  if (code === 'no' || code === 'nn') code = 'nb';
  if (!/^[a-z]{2}$/.test(code) || code === 'en') return Promise.resolve(ENGLISH);
  let language = loaded.get(code);
  if (!language) {
    // The bundler turns this into a table of the folder's files; under plain Node it is the file.
    language = import(`../../elements/i18n/languages/${code}.ts`).then(
      (file: Language) => file,
      () => ENGLISH,
    );
    loaded.set(code, language);
  }
  return language;
}
