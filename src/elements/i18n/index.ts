import { de } from './de.ts';
import { type Catalog, en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { lv } from './lv.ts';
import { ru } from './ru.ts';

export type { Catalog } from './en.ts';

/** The keys of the plain texts (those without values), e.g. for a table of field labels. */
export type TextKey = { [K in keyof Catalog]: Catalog[K] extends string ? K : never }[keyof Catalog];

// Listed by hand rather than found by a bundler's glob, so any bundler (or none) sees the same set.
const catalogs = new Map<string, Catalog>([
  ['en', en],
  ['de', de],
  ['es', es],
  ['fr', fr],
  ['lv', lv],
  ['ru', ru],
]);

/**
 * Adds or replaces the texts of a language (two letters, e.g. "pl"). Register before the elements
 * render in that language; elements already shown pick it up on their next update.
 */
export function registerCatalog(language: string, catalog: Catalog): void {
  catalogs.set(language.slice(0, 2).toLowerCase(), catalog);
}

/** Whether a language (a longer tag is cut to its language) has its own catalog. */
export function hasCatalog(language: string): boolean {
  return catalogs.has(language.slice(0, 2).toLowerCase());
}

/** The catalog for a language (a longer tag is cut to its language), English when none. */
export function catalogFor(language: string | undefined): Catalog {
  return catalogs.get((language ?? '').slice(0, 2).toLowerCase()) ?? en;
}
