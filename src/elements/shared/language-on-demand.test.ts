import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from 'vitest';
import '../../define.ts';
import { hasCatalog } from '../i18n/index.ts';
import { texts as en } from '../i18n/languages/en.ts';

// Languages other than English come on demand (see on-demand.ts). What a customer must never see:
// English first and their language a moment later, or one element in one language beside another
// in the other while the page switches. Each test uses a language no other test here loaded.

/** Every label text the element's shadow root ever showed, from its first render on. */
function labelsSeen(el: HTMLElement): string[] {
  const seen: string[] = [];
  const record = () => {
    for (const label of el.shadowRoot?.querySelectorAll('label') ?? []) seen.push(label.textContent ?? '');
  };
  new MutationObserver(record).observe(el.shadowRoot!, {
    childList: true,
    subtree: true,
    characterData: true,
  });
  return seen;
}

describe('languages loaded on demand', () => {
  it('renders first in the page’s language, never in English first', async () => {
    expect(hasCatalog('lv')).to.equal(false);
    const wrap = document.createElement('div');
    wrap.lang = 'lv';
    document.body.append(wrap);
    const el = document.createElement('gateway-card-form');
    wrap.append(el);
    const seen = labelsSeen(el);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('label[for=number]')?.textContent).to.equal('Kartes numurs');
    expect(seen).to.not.include(en.cardNumber);
    expect(hasCatalog('lv')).to.equal(true);
    wrap.remove();
  });

  it('switches every element of a page together once the new language is here', async () => {
    const wrap = await fixture<HTMLElement>(
      html`<div lang="en"><gateway-card-form></gateway-card-form><gateway-billing-address mode="full"></gateway-billing-address></div>`,
    );
    const card = wrap.querySelector('gateway-card-form')!;
    const address = wrap.querySelector('gateway-billing-address')!;
    await Promise.all([card.updateComplete, address.updateComplete]);
    const label = (el: HTMLElement, id: string) =>
      el.shadowRoot!.querySelector(`label[for=${id}]`)?.textContent;
    expect([label(card, 'number'), label(address, 'address')]).to.deep.equal(['Card number', 'Address']);

    // Until the French texts are here, both stay English; then both are French in the same frame.
    const frames: string[] = [];
    let sampling = true;
    const sample = () => {
      frames.push(`${label(card, 'number')} / ${label(address, 'address')}`);
      if (sampling) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
    wrap.lang = 'fr';
    await Promise.all([card.updateComplete, address.updateComplete]);
    await new Promise((go) => requestAnimationFrame(go));
    sampling = false;
    expect([label(card, 'number'), label(address, 'address')]).to.deep.equal(['Numéro de carte', 'Adresse']);
    for (const frame of frames)
      expect(frame, 'a frame with one element in each language').to.be.oneOf([
        'Card number / Address',
        'Numéro de carte / Adresse',
      ]);
    expect(frames.length).to.be.greaterThan(0);
  });

  it('waits for the texts in updateComplete: a language set in code shows once it resolves', async () => {
    const el = await fixture<HTMLElement & { language?: string }>(
      html`<gateway-card-form language="en"></gateway-card-form>`,
    );
    el.language = 'es';
    await (el as unknown as { updateComplete: Promise<boolean> }).updateComplete;
    expect(el.shadowRoot!.querySelector('label[for=number]')?.textContent).to.equal('Número de tarjeta');
  });

  it('shows English at once for a language it has no texts for, without waiting', async () => {
    const el = await fixture<HTMLElement>(html`<gateway-card-form language="ja"></gateway-card-form>`);
    expect(el.shadowRoot!.querySelector('label[for=number]')?.textContent).to.equal('Card number');
  });
});
