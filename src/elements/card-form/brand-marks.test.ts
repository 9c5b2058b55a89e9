import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { brandMark, hasMark, markName, SHOWN_BRANDS } from './brand-marks.ts';

describe('brand marks', () => {
  it('has a mark for every brand the card form groups, each with its accessible name', async () => {
    expect([...SHOWN_BRANDS]).to.deep.equal([
      'visa',
      'mastercard',
      'american-express',
      'discover',
      'diners-club',
      'jcb',
      'unionpay',
      'maestro',
    ]);
    const row = await fixture<HTMLElement>(
      html`<div>${SHOWN_BRANDS.map((brand) => brandMark(brand, markName(brand)))}</div>`,
    );
    const names = [...row.querySelectorAll('svg')].map((svg) => [
      svg.getAttribute('role'),
      svg.getAttribute('aria-label'),
    ]);
    expect(names).to.deep.equal([
      ['img', 'Visa'],
      ['img', 'Mastercard'],
      ['img', 'American Express'],
      ['img', 'Discover'],
      ['img', 'Diners Club'],
      ['img', 'JCB'],
      ['img', 'UnionPay'],
      ['img', 'Maestro'],
    ]);
    await expect(row).to.be.accessible();
  });

  it('draws a generic card for a brand without a mark, hidden when it has no name', async () => {
    expect(hasMark('mir')).to.equal(false);
    const row = await fixture<HTMLElement>(html`<div>${brandMark('mir', 'Mir')}${brandMark(null, '')}</div>`);
    const [named, decorative] = row.querySelectorAll('svg');
    expect(named!.getAttribute('data-brand')).to.equal('mir');
    // The generic card: an outline, no brand tile.
    expect(named!.querySelector('rect')!.getAttribute('fill')).to.equal('none');
    expect(named!.getAttribute('aria-label')).to.equal('Mir');
    expect(decorative!.getAttribute('aria-hidden')).to.equal('true');
    expect(decorative!.hasAttribute('aria-label')).to.equal(false);
    await expect(row).to.be.accessible();
  });

  it('keeps each tile apart from the page in light and dark', async () => {
    for (const [page, text] of [
      ['#ffffff', '#1b1b1f'],
      ['#1b1b1f', '#ececf1'],
    ]) {
      const row = await fixture<HTMLElement>(
        html`<div style="background:${page};color:${text}">${brandMark('diners-club', 'Diners Club')}</div>`,
      );
      const tile = row.querySelector('rect')!;
      // The outline is drawn in the text colour, which always stands against the page.
      expect(getComputedStyle(tile).stroke).to.equal(getComputedStyle(row).color);
      expect(Number(tile.getAttribute('stroke-opacity'))).to.be.greaterThan(0);
    }
  });
});
