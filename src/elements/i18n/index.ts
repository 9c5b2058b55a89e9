import { isServer } from 'lit';
import { onDemand } from '../shared/on-demand.ts';
import { type Catalog, en } from './en.ts';

export type { Catalog } from './en.ts';

/** The keys of the plain texts (those without values), e.g. for a table of field labels. */
export type TextKey = { [K in keyof Catalog]: Catalog[K] extends string ? K : never }[keyof Catalog];

/**
 * English is always here; the other languages we ship are loaded the first time a page needs one
 * (see `on-demand.ts`). Listed by hand rather than found by a bundler's glob, so any bundler (or
 * none) sees the same set.
 */
const catalogs = new Map<string, Catalog>([['en', en]]);
const shipped: Readonly<Record<string, () => Promise<Catalog>>> = {
  de: () => onDemand.de().then((m) => m.de),
  es: () => onDemand.es().then((m) => m.es),
  fr: () => onDemand.fr().then((m) => m.fr),
  lv: () => onDemand.lv().then((m) => m.lv),
  ru: () => onDemand.ru().then((m) => m.ru),
};
const loading = new Map<string, Promise<void>>();

const languageOf = (tag: string | undefined) => (tag ?? '').slice(0, 2).toLowerCase();

/**
 * Adds or replaces the texts of a language (two letters, e.g. "pl"). Register before the elements
 * render in that language; elements already shown pick it up on their next update. A catalog
 * registered for a language we ship is used instead of ours, and ours is then never loaded.
 */
export function registerCatalog(language: string, catalog: Catalog): void {
  catalogs.set(languageOf(language), catalog);
}

/** Whether a language (a longer tag is cut to its language) has its own catalog here now. */
export function hasCatalog(language: string): boolean {
  return catalogs.has(languageOf(language));
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
  const load = shipped[code];
  if (catalogs.has(code) || !load) return null;
  let pending = loading.get(code);
  if (!pending) {
    pending = load().then(
      (catalog) => {
        if (!catalogs.has(code)) catalogs.set(code, catalog);
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
