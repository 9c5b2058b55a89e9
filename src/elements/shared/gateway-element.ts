import { adoptStyles, LitElement, type PropertyValues, render } from 'lit';
import { property } from 'lit/decorators.js';
import { type Catalog, catalogFor, loadCatalog, shownAs } from '../i18n/index.ts';
import { resolveLanguageTag } from './language.ts';

/** How long a first render waits for the texts of its language before it shows English. */
const FIRST_RENDER_WAIT_MS = 3000;

/**
 * Base of every element: the colour scheme, and the language, which follows the page. The
 * language is the `language` property, else the nearest `lang` up the tree (crossing shadow roots),
 * else `fallbackLanguage`, else the browser's. A change of any `lang` on the way up re-renders the
 * element at once, so a page that switches language never shows a mix.
 *
 * A language whose texts are loaded on demand: the element keeps the language it shows until they
 * are here, then every element switches in the same turn. The first render waits for them a short
 * while (they were asked for when the bundle ran), so a page in German does not flash English.
 */
export abstract class GatewayElement extends LitElement {
  /** Language of the texts (e.g. `de`, `en-GB`); unset follows the nearest `lang` of the page. */
  @property() language?: string;

  /** Colour scheme: `light`, `dark`, or unset to follow the page (its `color-scheme`). */
  @property({ reflect: true }) theme?: 'light' | 'dark';

  /** The language shown: its texts are here (or we have none for it, and it shows in English). */
  #tag = 'en';
  /** The language resolved last, shown once its texts are here. */
  #wanted = '';
  #pending: Promise<void> | null = null;
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

  /**
   * Rendered on the merchant's server (gateway-checkout/ssr), the element takes over the nodes it
   * finds (Lit's hydration), which must be what its first render here shows: hydration matches
   * templates but writes no value the server wrote, so a value the two disagree on would stay stale.
   * An element that knows its first render differs (a payment picked up after a reload shows its
   * status, not the empty form) says so here, and renders anew instead.
   */
  protected matchesServerRender(): boolean {
    return true;
  }

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const root = this.shadowRoot;
    if (root?.hasChildNodes() && !this.matchesServerRender()) {
      GatewayElement.#clear(this, root);
      return root;
    }
    return super.createRenderRoot();
  }

  /**
   * Where the first render still does not match the server's templates, the element renders anew:
   * the server's nodes go, and it is as if it had never been rendered there.
   */
  protected override update(changed: PropertyValues<this>): void {
    // The first update finds nodes in its root only when the server rendered them.
    const hydrating = !this.hasUpdated && this.renderRoot.childNodes.length > 0;
    try {
      super.update(changed);
    } catch (error) {
      if (!hydrating) throw error;
      const root = this.renderRoot as ShadowRoot;
      GatewayElement.#clear(this, root);
      delete (root as { _$litPart$?: unknown })._$litPart$;
      render(this.render(), root, this.renderOptions);
    }
    this.#mark();
  }

  /**
   * The element's own content says what language it is in, and its direction, so a screen reader
   * reads it with the right voice and a right-to-left language lays out as it should: the language
   * shown, which is not always the page's (a German checkout on an English page; a language we have
   * no texts for, shown in English).
   */
  #mark(): void {
    const [lang, dir] = shownAs(this.#tag);
    for (const el of this.renderRoot.children as HTMLCollectionOf<HTMLElement>) {
      el.lang = lang;
      el.dir = dir;
    }
  }

  /** The server's nodes gone, the element's own styles in their place. */
  static #clear(element: GatewayElement, root: ShadowRoot): void {
    root.replaceChildren();
    adoptStyles(root, (element.constructor as typeof LitElement).elementStyles);
  }

  protected override async scheduleUpdate(): Promise<void> {
    const pending = this.#pending;
    if (pending && !this.hasUpdated) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([pending, new Promise((go) => (timer = setTimeout(go, FIRST_RENDER_WAIT_MS)))]);
      clearTimeout(timer);
    }
    super.scheduleUpdate();
  }

  /** Also waits for texts on their way: once it resolves, the element shows the language asked for. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    while (this.#pending) {
      await this.#pending;
      done = await super.getUpdateComplete();
    }
    return done;
  }

  /** Resolves the language; shows it at once, or once its texts are here. */
  #resolve(): void {
    const tag = resolveLanguageTag(this, this.language, this.fallbackLanguage);
    if (tag === this.#wanted) return;
    this.#wanted = tag;
    const pending = loadCatalog(tag);
    this.#pending = pending;
    if (pending)
      void pending.then(() => {
        if (this.#wanted !== tag) return;
        this.#pending = null;
        this.#show(tag);
      });
    else if (tag !== this.#tag) this.#show(tag);
  }

  /**
   * The language shown changes as a property does: an update that shows it has `languageTag`
   * among its changed properties (an element that skips renders relies on that).
   */
  #show(tag: string): void {
    const was = this.#tag;
    this.#tag = tag;
    this.requestUpdate('languageTag', was);
  }

  /**
   * Watches `lang` on every tree the element sits in: its own document or shadow root, and each
   * one up to the document, since the nearest `lang` may be on a host in any of them.
   */
  #observe(): void {
    this.#observer?.disconnect();
    // A language shown anew asks for its update itself (`#show`).
    this.#observer = new MutationObserver(() => this.#resolve());
    let node: Node = this;
    for (;;) {
      const root = node.getRootNode();
      this.#observer.observe(root, { attributes: true, attributeFilter: ['lang'], subtree: true });
      if (!(root instanceof ShadowRoot)) break;
      node = root.host;
    }
  }
}
