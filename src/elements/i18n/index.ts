/// <reference types="vite/client" />
import type { Catalog } from './en.ts';
import { en } from './en.ts';

export type { Catalog } from './en.ts';
export type MessageKey = keyof Catalog;

// Every language file in this folder is picked up: adding a language is adding one file.
const modules = import.meta.glob<Record<string, Catalog>>(['./*.ts', '!./index.ts', '!./*.test.ts'], {
  eager: true,
});
const catalogs: Record<string, Catalog> = {};
for (const [path, mod] of Object.entries(modules)) {
  const code = /([a-z]{2})\.ts$/.exec(path)?.[1];
  const catalog = code ? mod[code] : undefined;
  if (code && catalog) catalogs[code] = catalog;
}

/** Language codes with a catalog. */
export const LANGUAGES: readonly string[] = Object.keys(catalogs);

/** The catalog for a two-letter language (a longer tag is cut to its language), English when none. */
export function catalogFor(language: string | undefined): Catalog {
  return catalogs[(language ?? '').slice(0, 2).toLowerCase()] ?? en;
}

/** Fills `{name}` placeholders. */
export function format(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => String(values[key] ?? match));
}
