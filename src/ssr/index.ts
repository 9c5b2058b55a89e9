// gateway-checkout/ssr: the checkout rendered on the merchant's server, into the page's HTML.
//
// A page that carries `<gateway-checkout>` as a bare tag shows its card fields only once the
// script-tag bundle has come, been evaluated and rendered: on a phone that is most of a second
// after the page itself. Rendered here instead, the element's shadow roots come inside the HTML
// (declarative shadow DOM): the card fields show, and take what the customer types, as soon as the
// page is parsed, like a plain HTML form. When the bundle comes it takes over the same nodes
// (hydration) and keeps what was typed; until then, Pay stays disabled, as it is before the
// checkout session answers.
//
// Runs in Node only, and only with the elements' classes (no secret, no card data: what is rendered
// is what the page shows before anyone types). Lit's own server renderer does the work.
import { html } from 'lit';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { GatewayCardForm } from '../elements/card-form/card-form.ts';
import { GatewayCheckout } from '../elements/checkout/checkout.ts';
import { hasCatalog, loadCatalog } from '../elements/i18n/index.ts';
import { renderingFor } from '../fields/parent/address.ts';
import { renderHtml, renderHtmlSync } from './render.ts';

export interface RenderCheckoutOptions {
  /**
   * The element's attributes, as the page would write them: `{ 'session-url': '/checkout/session',
   * 'fields-origin': ..., presentation: 'redirect' }`. `true` writes the attribute alone (`moto`);
   * `false`, `null` and `undefined` leave it out.
   */
  readonly attributes: Readonly<Record<string, string | boolean | null | undefined>>;
  /**
   * The page's language (its `<html lang>`), when not English: the texts are rendered in it. The
   * bundle renders in the page's language too, so both agree; a language we do not ship is English.
   */
  readonly language?: string;
  /**
   * The address of the page being rendered (`https://shop.example/checkout`). With `fields-origin`
   * it is needed to render the isolated fields' frame into the page (the frame names the page that
   * frames it, and the session endpoint it asks, as the browser would resolve `session-url`);
   * without it, the bare tag is given back, which the bundle renders. Render per request: the
   * frame's address carries a nonce of its own, which no two page views may share.
   */
  readonly url?: string;
}

/** Attribute names as HTML allows them unquoted: nothing that could end the tag or open another. */
const ATTRIBUTE_NAME = /^[a-z][a-z0-9-]*$/;

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function defineElements(): void {
  // On the server, registering is what lets Lit's renderer find the class behind a tag; the card
  // form is rendered inside the checkout.
  for (const [tag, element] of [
    ['gateway-card-form', GatewayCardForm],
    ['gateway-checkout', GatewayCheckout],
  ] as const) {
    if (!customElements.get(tag)) customElements.define(tag, element);
  }
}

/**
 * The `<gateway-checkout>` element with its shadow roots, as HTML to put where the bare tag would
 * go. The script-tag bundle (or `gateway-checkout/define`) then takes it over.
 */
export async function renderCheckout(options: RenderCheckoutOptions): Promise<string> {
  defineElements();
  const language = options.language?.trim();
  const attributes: string[] = [];
  for (const [name, value] of Object.entries(options.attributes)) {
    if (!ATTRIBUTE_NAME.test(name)) throw new TypeError(`renderCheckout: "${name}" is not an attribute name`);
    if (value === true) attributes.push(name);
    else if (typeof value === 'string') attributes.push(`${name}="${escapeAttribute(value)}"`);
  }
  if (language && language !== 'en') {
    await loadCatalog(language);
    // The element's own `language` attribute is what its render reads on the server; a language we
    // do not ship renders (and later shows) in English.
    if (hasCatalog(language) && !('language' in options.attributes))
      attributes.push(`language="${escapeAttribute(language)}"`);
  }
  const tag = staticHtml`<gateway-checkout ${unsafeStatic(attributes.join(' '))}></gateway-checkout>`;
  // Isolated fields: their frame, never a card input of the page's own. It names the page that
  // frames it: without the page's address, the bare tag, which the bundle renders.
  if (options.attributes['fields-origin']) {
    if (!options.url) return `<gateway-checkout ${attributes.join(' ')}></gateway-checkout>`;
    const page = new URL(options.url).href;
    return renderingFor(page, () => renderHtmlSync(html`${tag}`));
  }
  return renderHtml(html`${tag}`);
}
