import type { Language } from '../i18n/language-file.ts';

/**
 * Parts of the elements that only some pages need, loaded when one does: the languages other than
 * English (the page's language), the isolated fields' parent side (`fields-origin`), the gateway's
 * pages in the checkout's frames (the 3-D Secure relay of the hosted form in a frame,
 * `presentation="iframe"`, and the Direct Post transport) and the billing address's
 * postal-code formats and lists of states (only a checkout with address verification shows one).
 * And one part that every page with card fields in it loads, but not before its form takes input:
 * the masks that group the digits as they are typed (imask), asked for as the fields first render.
 * And what a checkout does only in its rarer moments (`outcomes`): its own asking after an outcome
 * it could not confirm, the merchant server's word on fields it named, the check of an attempt a
 * reload left under way; loaded with the first such. Everything else, English included, is in the first load.
 *
 * Here each part is a dynamic `import()`: the ES module build splits it into a chunk of its own. The
 * script-tag bundle has no module loader: its build replaces this file with the same tables whose
 * loaders fetch sibling files of `gateway-checkout.iife.js`, each checked against a SHA-384 hash
 * built into the bundle (`sibling-script.ts`, `scripts/siblings.mjs`). The build reads the table
 * from this file's syntax tree: each part is `name: () => import('path')`.
 */
export const onDemand = {
  frames: () => import('../checkout/gateway-frames.ts'),
  bridge: () => import('../../fields/parent/parent-bridge.ts'),
  address: () => import('../billing-address/address-formats.ts'),
  mask: () => import('./pattern-mask.ts'),
  outcomes: () => import('../checkout/rare-outcomes.ts'),
};

export type OnDemandPart = keyof typeof onDemand;

/** The codes of the files of ../i18n/languages/ but English, listed by the build from the folder. */
declare const __GATEWAY_LANGUAGES__: string;

/**
 * Loads a language shipped beside English (undefined for one we do not ship): their table first
 * (one chunk, whichever language), then the language's own chunk. Adding a language is adding its
 * file; the script-tag build and the fields page derive the same list (scripts/siblings.mjs).
 */
export const loadLanguage = (code: string): Promise<Language> | undefined =>
  __GATEWAY_LANGUAGES__.split(' ').includes(code)
    ? import('../i18n/language-files.ts').then((files) => files.load(code))
    : undefined;
