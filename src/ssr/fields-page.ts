// The isolated fields page's form, rendered when the package is built (scripts/build.mjs): the card
// form inside its `<form>`, in one of the languages we ship, for dist/fields/index.html and its
// language variants. The page's own script takes these nodes over (src/fields/frame/page.ts).
import { html } from 'lit';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { GatewayCardForm } from '../elements/card-form/card-form.ts';
import { loadCatalog } from '../elements/i18n/index.ts';
import { PAGE_CSS } from '../fields/frame/page.styles.ts';
import { renderHtml } from './render.ts';

/** The fields page's `<style>` and its `<form>` with the card form rendered in `language`. */
export async function renderFieldsPage(language: string): Promise<{ style: string; form: string }> {
  if (!customElements.get('gateway-card-form')) customElements.define('gateway-card-form', GatewayCardForm);
  await loadCatalog(language);
  // English is the page's own language (the element resolves it); another is named on the element,
  // since on the server it stands in no page.
  const attribute = language === 'en' ? '' : `language="${language}"`;
  const card = staticHtml`<gateway-card-form ${unsafeStatic(attribute)}></gateway-card-form>`;
  return {
    style: `<style>${PAGE_CSS}</style>`,
    form: `<form novalidate>${await renderHtml(html`${card}`)}</form>`,
  };
}
