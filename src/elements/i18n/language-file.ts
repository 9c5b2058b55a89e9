import type { Catalog, PageWords } from './languages/en.ts';

export type { Catalog, PageWords } from './languages/en.ts';

/**
 * What one language file of `languages/` exports: it describes itself, and every list of languages
 * (the on-demand parts, the isolated fields' pages, the sandbox's pages) is derived from the files.
 */
export interface Language {
  /** Its code, the file's name: two letters (ISO 639-1). */
  readonly code: string;
  /** Its name in itself ("Polski"). */
  readonly name: string;
  /** How its script runs: `rtl` lays the elements out right to left (card digits stay left to right). */
  readonly dir: 'ltr' | 'rtl';
  /** The elements' texts. */
  readonly texts: Catalog;
  /** The words of the sandbox's hosted checkout and bank pages. */
  readonly page: PageWords;
}
