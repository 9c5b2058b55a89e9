import { isServer } from 'lit';
import { loadLanguage } from '../shared/on-demand.ts';
import { type Catalog, texts as en } from './languages/en.ts';

export type { Catalog } from './languages/en.ts';

/** The keys of the plain texts (those without values), e.g. for a table of field labels. */
export type TextKey = { [K in keyof Catalog]: Catalog[K] extends string ? K : never }[keyof Catalog];

/**
 * English is always here; the other languages we ship (one file each in `languages/`) are loaded
 * the first time a page needs one (see `on-demand.ts`).
 */
const catalogs = new Map<string, Catalog>([['en', en]]);
/** The languages here that run right to left. */
const rtl = new Set<string>();
const loading = new Map<string, Promise<void>>();

/** A tag's language: "pl-PL" → "pl"; Norwegian ("no") is written in our Bokmål ("nb"). */
const languageOf = (tag: string | undefined) => {
  const code = (tag ?? '').slice(0, 2).toLowerCase();
  return code === 'no' ? 'nb' : code;
};

/**
 * Adds or replaces the texts of a language (two letters, e.g. "pl"). Register before the elements
 * render in that language; elements already shown pick it up on their next update. A catalog
 * registered for a language we ship is used instead of ours, and ours is then never loaded. `dir`:
 * `rtl` for a language written right to left (the elements then lay out so); left to right unless said.
 */
export function registerCatalog(language: string, catalog: Catalog, dir?: 'ltr' | 'rtl'): void {
  const code = languageOf(language);
  catalogs.set(code, catalog);
  if (dir === 'rtl') rtl.add(code);
}

/** Whether a language (a longer tag is cut to its language) has its own catalog here now. */
export function hasCatalog(language: string): boolean {
  return catalogs.has(languageOf(language));
}

/**
 * What the elements render in for a language tag, and the direction they set: its language when
 * its texts are here (`rtl` for a right-to-left one; otherwise none, and the page's direction
 * holds, so an English form on a right-to-left page follows it), else English, left to right (the
 * content then says so, so it is read with an English voice).
 */
export function shownAs(language: string | undefined): readonly [lang: string, dir: '' | 'ltr' | 'rtl'] {
  const code = languageOf(language);
  return catalogs.has(code) ? [code, rtl.has(code) ? 'rtl' : ''] : ['en', 'ltr'];
}

/** The catalog for a language (a longer tag is cut to its language), English when none is here. */
export function catalogFor(language: string | undefined): Catalog {
  return catalogs.get(languageOf(language)) ?? en;
}

/**
 * Starts loading the catalog of a language we ship and do not have yet; null when there is nothing
 * to wait for (it is here, or we have none for it). The promise settles once the texts are here or
 * could not be had (then the language shows in English); it never rejects.
 */
export function loadCatalog(language: string | undefined): Promise<void> | null {
  const code = languageOf(language);
  if (catalogs.has(code)) return null;
  let pending = loading.get(code);
  if (!pending) {
    const load = loadLanguage(code);
    if (!load) return null;
    pending = load.then(
      (file) => {
        if (!catalogs.has(code)) registerCatalog(code, file.texts, file.dir);
      },
      (error: unknown) => {
        console.warn(`gateway-checkout: the ${code} texts could not be loaded; English is shown.`, error);
      },
    );
    loading.set(code, pending);
  }
  return pending;
}

// The page's own language is known now, before any element renders: its texts are on their way
// while the rest of the page loads.
if (!isServer && typeof document !== 'undefined') void loadCatalog(document.documentElement.lang);
