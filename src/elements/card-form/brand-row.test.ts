import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { LitElement } from 'lit';
import { describe, it } from 'vitest';
import { nextFrame } from '../../../test/support/elements.ts';
import { BRAND_ROW_START, BrandRowController, type BrandRowState } from './brand-row.ts';

/** A bare row of eight 32 px tiles, 4 px apart, as wide as `width`; what the controller told it. */
class RowHost extends LitElement {
  static override properties = { width: { type: Number } };
  width = 400;
  told: BrandRowState[] = [];
  readonly row = new BrandRowController(
    this,
    () => 8,
    (state) => this.told.push(state),
  );
  override render() {
    return html`<ul class="brands" style="display:flex;column-gap:4px;margin:0;padding:0;width:${this.width}px">
      ${Array.from({ length: 8 }, () => html`<li style="flex:none;width:32px;list-style:none">·</li>`)}
    </ul>`;
  }
}
customElements.define('brand-row-host', RowHost);

const last = (host: RowHost) => host.told.at(-1) ?? BRAND_ROW_START;

describe('BrandRowController', () => {
  it('shows the marks once, after the first paint, not in the first update', async () => {
    const host = await fixture<RowHost>(html`<brand-row-host></brand-row-host>`);
    expect(last(host).shown).to.equal(false);
    await waitUntil(() => last(host).shown, 'the marks never came');
    // Both of its timers have run by now (a frame, and 100 ms): the marks came once.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const comings = host.told.filter((s, i) => s.shown && !host.told[i - 1]?.shown);
    expect(comings).to.have.length(1);
  });

  it('counts the tiles that fit, unbounded while all of them do, and again when the row changes width', async () => {
    const host = await fixture<RowHost>(html`<brand-row-host .width=${400}></brand-row-host>`);
    await waitUntil(() => last(host).shown, 'the marks never came');
    await nextFrame();
    // Eight tiles of 32 px and seven gaps of 4 need 284 px.
    expect(last(host).room).to.equal(Number.POSITIVE_INFINITY);
    host.width = 150;
    await waitUntil(() => last(host).room === 4, `room ${last(host).room} at 150 px: (150 + 4) / 36 fit 4`);
    host.width = 284;
    await waitUntil(() => last(host).room === Number.POSITIVE_INFINITY, 'all eight fit again at 284 px');
  });

  it('stops measuring a row once the host leaves the page', async () => {
    const host = await fixture<RowHost>(html`<brand-row-host .width=${400}></brand-row-host>`);
    await waitUntil(() => last(host).shown, 'the marks never came');
    await nextFrame();
    const told = host.told.length;
    const row = host.renderRoot.querySelector<HTMLElement>('.brands');
    host.remove();
    if (row) row.style.width = '100px';
    document.body.append(row as HTMLElement);
    await nextFrame();
    await nextFrame();
    expect(host.told.length).to.equal(told);
    row?.remove();
  });
});
