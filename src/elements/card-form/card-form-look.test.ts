import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { describe, it } from 'vitest';
import '../../define.ts';
import { fillCardForm, inner, mountCardForm, nextFrame, typeInto } from '../../../test/support/elements.ts';
import type { GatewayCardForm } from './card-form.ts';

// The card form's languages, and how it follows the page's direction, colours and themes.

describe('gateway-card-form', () => {
  describe('languages', () => {
    it('uses the language attribute', async () => {
      const el = await mountCardForm(html`<gateway-card-form language="lv"></gateway-card-form>`);
      expect(el.shadowRoot!.querySelector('label[for=number]')?.textContent).to.equal('Kartes numurs');
      await expect(el).to.be.accessible();
    });

    it('follows the nearest lang of the page', async () => {
      const wrap = await fixture<HTMLElement>(
        html`<div lang="de-AT"><gateway-card-form></gateway-card-form></div>`,
      );
      const el = wrap.querySelector('gateway-card-form')!;
      // The fixture waits for the wrapper only; the form waits for its German texts to arrive.
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('label[for=expiry]')?.textContent).to.equal('Ablaufdatum');
      el.language = 'ru';
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('label[for=csc]')?.textContent).to.equal('Код безопасности');
      el.language = 'xx';
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('label[for=csc]')?.textContent).to.equal('Security code');
    });

    for (const [language, label] of [
      ['fr', 'Numéro de carte'],
      ['es', 'Número de tarjeta'],
    ]) {
      it(`speaks ${language}`, async () => {
        const el = await mountCardForm(html`<gateway-card-form language=${language!}></gateway-card-form>`);
        expect(el.shadowRoot!.querySelector('label[for=number]')?.textContent).to.equal(label);
      });
    }
  });

  describe('following the page', () => {
    it('re-renders in the language of a lang set on an ancestor after it rendered', async () => {
      const wrap = await fixture<HTMLElement>(html`<div><gateway-card-form></gateway-card-form></div>`);
      const el = wrap.querySelector('gateway-card-form')!;
      const label = () => el.shadowRoot!.querySelector('label[for=number]')?.textContent;
      wrap.setAttribute('lang', 'de');
      await waitUntil(() => label() === 'Kartennummer', 'no German after lang="de"');
      wrap.setAttribute('lang', 'fr');
      await waitUntil(() => label() === 'Numéro de carte', 'no French after lang="fr"');
      // A language set on the element wins over the page.
      el.language = 'lv';
      await el.updateComplete;
      wrap.setAttribute('lang', 'es');
      await nextFrame();
      expect(label()).to.equal('Kartes numurs');
    });

    it('takes theme tokens set on the page body', async () => {
      const style = document.createElement('style');
      style.textContent = 'body { --gateway-color-border: rgb(7, 8, 9); --gateway-radius: 13px; }';
      document.head.append(style);
      try {
        const el = await mountCardForm();
        for (const id of ['number', 'expiry', 'csc', 'name']) {
          expect(getComputedStyle(inner(el, id)).borderTopColor, id).to.equal('rgb(7, 8, 9)');
          expect(getComputedStyle(inner(el, id)).borderTopLeftRadius, id).to.equal('13px');
        }
      } finally {
        style.remove();
      }
    });
  });

  describe('themes', () => {
    it('is accessible filled, in the dark scheme, on the page’s own background', async () => {
      const page = await fixture<HTMLElement>(
        html`<div style="background: #101114; padding: 8px"><gateway-card-form theme="dark"></gateway-card-form></div>`,
      );
      const el = page.querySelector('gateway-card-form') as GatewayCardForm;
      await el.updateComplete;
      await fillCardForm(el);
      expect(getComputedStyle(el).colorScheme).to.equal('dark');
      // No panel of its own: the page shows through, and the inputs take the dark palette.
      expect(getComputedStyle(el).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
      expect(getComputedStyle(inner(el, 'number')).backgroundColor).to.equal('rgb(38, 39, 44)');
      await expect(el).to.be.accessible();
    });

    it('is accessible right to left, with the brand badge at the inline end', async () => {
      const wrap = await fixture<HTMLElement>(
        html`<div dir="rtl" lang="en"><gateway-card-form></gateway-card-form></div>`,
      );
      const el = wrap.querySelector('gateway-card-form')!;
      await typeInto(el, 'number', '41');
      await el.updateComplete;
      const icon = el.shadowRoot!.querySelector('[part~="brand-icon"]')!.getBoundingClientRect();
      const input = inner(el, 'number').getBoundingClientRect();
      expect(icon.left - input.left).to.be.lessThan(input.right - icon.right);
      // The digits keep their left-to-right order: "4111 1111" must not read as "1111 4111".
      expect(getComputedStyle(inner(el, 'number')).direction).to.equal('ltr');
      expect(getComputedStyle(inner(el, 'number')).textAlign).to.equal('right');
      await expect(el).to.be.accessible();
    });
  });
});
