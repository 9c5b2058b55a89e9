import { LitElement, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { type Catalog, catalogFor } from '../i18n/index.ts';
import { resolveLanguageTag } from './language.ts';

/**
 * Base of every element: the colour scheme, and the language, which follows the page. The
 * language is the `language` property, else the nearest `lang` up the tree (crossing shadow roots),
 * else `fallbackLanguage`, else the browser's. A change of any `lang` on the way up re-renders the
 * element at once, so a page that switches language never shows a mix.
 */
export abstract class GatewayElement extends LitElement {
  /** Language of the texts (e.g. `de`, `en-GB`); unset follows the nearest `lang` of the page. */
  @property() language?: string;

  /** Colour scheme: `light`, `dark`, or unset to follow the page (its `color-scheme`). */
  @property({ reflect: true }) theme?: 'light' | 'dark';

  #tag = 'en';
  #observer: MutationObserver | null = null;

  /** The texts in the element's language. */
  protected get t(): Catalog {
    return catalogFor(this.#tag);
  }

  /** The resolved language tag as written (e.g. "lv", "en-US"). */
  protected get languageTag(): string {
    return this.#tag;
  }

  /** A language to use when neither the element nor the page names one. */
  protected get fallbackLanguage(): string | undefined {
    return undefined;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#resolve();
    this.#observe();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#observer?.disconnect();
    this.#observer = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.#resolve();
  }

  #resolve(): boolean {
    const tag = resolveLanguageTag(this, this.language, this.fallbackLanguage);
    if (tag === this.#tag) return false;
    this.#tag = tag;
    return true;
  }

  /**
   * Watches `lang` on every tree the element sits in: its own document or shadow root, and each
   * one up to the document, since the nearest `lang` may be on a host in any of them.
   */
  #observe(): void {
    this.#observer?.disconnect();
    this.#observer = new MutationObserver(() => {
      if (this.#resolve()) this.requestUpdate();
    });
    let node: Node = this;
    for (;;) {
      const root = node.getRootNode();
      this.#observer.observe(root, { attributes: true, attributeFilter: ['lang'], subtree: true });
      if (!(root instanceof ShadowRoot)) break;
      node = root.host;
    }
  }
}
