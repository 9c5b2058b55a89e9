/// <reference types="vite/client" />
import type { Language } from '../i18n/language-file.ts';

/**
 * Parts of the elements that only some pages need, loaded when one does: the languages other than
 * English (the page's language), the isolated fields' parent side (`fields-origin`), the 3-D
 * Secure relay of the hosted form in a frame (`presentation="iframe"`) and the billing address's
 * postal-code formats and lists of states (only a checkout with address verification shows one).
 * And one part that every page with card fields in it loads, but not before its form takes input:
 * the masks that group the digits as they are typed (imask), asked for as the fields first render.
 * Everything else, English included, is in the first load.
 *
 * Here each part is a dynamic `import()`: the ES module build splits it into a chunk of its own. The
 * script-tag bundle has no module loader: its build replaces this file with the same tables whose
 * loaders fetch sibling files of `gateway-checkout.iife.js`, each checked against a SHA-384 hash
 * built into the bundle (`sibling-script.ts`, `scripts/siblings.mjs`). One line per part of
 * `onDemand`, in this form: the build reads the table from this file.
 */
export const onDemand = {
  hosted: () => import('../checkout/hosted-challenge.ts'),
  bridge: () => import('../../fields/parent/parent-bridge.ts'),
  address: () => import('../billing-address/address-formats.ts'),
  mask: () => import('./pattern-mask.ts'),
};

export type OnDemandPart = keyof typeof onDemand;

// Every file of ../i18n/languages/ but English (always in the first load), found by the bundler, so
// adding a language is adding its file; the script-tag build and the fields page derive the same
// list from the folder (scripts/siblings.mjs).
const files = import.meta.glob<Language>(['../i18n/languages/*.ts', '!../i18n/languages/en.ts']);

/** The languages shipped beside English, by code, each loaded the first time a page needs it. */
export const languages: Readonly<Record<string, () => Promise<Language>>> = Object.fromEntries(
  Object.entries(files).map(([path, load]) => [path.slice(path.lastIndexOf('/') + 1, -3), load]),
);
