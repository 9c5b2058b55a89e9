// The fields page's language. The page is built once per language we ship (index.<lang>.html, see
// scripts/build.mjs): English is inside its one module script, and a page in another language
// carries that language's texts (the elements' and the terms') in a classic script of their own
// just before it, which leaves them under FIELDS_LANGUAGE. The page registers them first thing
// (takePageLanguage), before anything renders: the fields are taken over in the language they were
// rendered in, with no request and no moment in another language. Texts that are absent or not of
// their shape register nothing: the fields then speak English (rendered anew) and still work.
import { registerCatalog } from '../../elements/i18n/index.ts';
import type { Catalog } from '../../elements/i18n/language-file.ts';
import { registerTermsWords, type TermsWords } from './terms.ts';

/** The global name (a registered symbol) the language's script leaves its texts under. */
export const FIELDS_LANGUAGE = 'gateway-checkout.fields-language';

/** What a fields page's language script leaves. */
export interface FieldsLanguage {
  readonly code: string;
  readonly dir: 'ltr' | 'rtl';
  readonly texts: Catalog;
  /** Absent for a language whose terms are not written yet: they read English. */
  readonly terms?: TermsWords;
}

/** The texts a language script left, or null for none or another shape. */
export function pageLanguage(found: unknown): FieldsLanguage | null {
  const l = found as Partial<FieldsLanguage> | null | undefined;
  if (
    typeof l !== 'object' ||
    l === null ||
    typeof l.code !== 'string' ||
    !/^[a-z]{2}$/.test(l.code) ||
    (l.dir !== 'ltr' && l.dir !== 'rtl') ||
    typeof l.texts !== 'object' ||
    l.texts === null ||
    !(l.terms === undefined || (typeof l.terms === 'object' && l.terms !== null))
  )
    return null;
  return l as FieldsLanguage;
}

/** Registers the page's language, if it carries one; returns its code (null: English only). */
export function registerPageLanguage(scope: object = globalThis): string | null {
  const language = pageLanguage((scope as Record<symbol, unknown>)[Symbol.for(FIELDS_LANGUAGE)]);
  if (!language) return null;
  registerCatalog(language.code, language.texts, language.dir);
  if (language.terms) registerTermsWords(language.code, language.terms);
  return language.code;
}

/**
 * Registers the page's language, before anything renders. The form was rendered into the page in
 * the page's language when it was built: without that language's texts here, taking it over would
 * leave its words on screen marked English (and read with an English voice), so it is removed, to
 * be made anew in English.
 */
export function takePageLanguage(): void {
  const registered = registerPageLanguage();
  const rendered = document.documentElement.lang;
  if (rendered && rendered !== 'en' && rendered !== registered)
    document.querySelector('form > gateway-card-form')?.remove();
}
