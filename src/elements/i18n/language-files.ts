/// <reference types="vite/client" />
import type { Language } from './language-file.ts';

// Every language file but English (always in the first load), found by the bundler: a chunk of
// dynamic imports that only a page in another language loads (see `languages` in on-demand.ts).
const files = import.meta.glob<Language>(['./languages/*.ts', '!./languages/en.ts']);

/** Loads the file of a language we ship. */
export function load(code: string): Promise<Language> {
  const file = files[`./languages/${code}.ts`];
  return file ? file() : Promise.reject(new Error(`gateway-checkout: no file for the language ${code}`));
}
