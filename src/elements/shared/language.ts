import { isServer } from 'lit';

/**
 * The element's language: its `language` attribute, else the nearest `lang` up the tree (crossing
 * shadow roots), else the fallback, else the browser's. Returns a BCP 47 tag as written.
 */
export function resolveLanguageTag(el: Element, explicit?: string | null, fallback?: string): string {
  if (explicit) return explicit;
  // Rendered on the server, the element stands in no document yet: its page's language is the
  // one it was rendered in (given as `language`), else English.
  if (isServer) return fallback || 'en';
  let node: Element | null = el;
  while (node) {
    const tag = node.closest('[lang]')?.getAttribute('lang');
    if (tag) return tag;
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return fallback || (globalThis.navigator?.language ?? 'en');
}

/** The region a language tag implies, e.g. "en-US" → "US", "lv" → "LV"; empty when none is sensible. */
export function regionOf(tag: string): string {
  const parts = tag.split(/[-_]/);
  const region = parts.slice(1).find((p) => /^[A-Za-z]{2}$/.test(p));
  if (region) return region.toUpperCase();
  const language = (parts[0] ?? '').toLowerCase();
  // Languages spoken mainly in one country whose code matches the language's.
  return ['lv', 'lt', 'et', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'fi'].includes(language)
    ? language === 'et'
      ? 'EE'
      : language.toUpperCase()
    : '';
}
