import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { describe, it } from 'vitest';
import { texts as en } from '../i18n/languages/en.ts';
import { baseStyles } from '../shared/styles.ts';
import { resultPanel, resultPanelStyles } from './result-panel.ts';

// The result panel's rows as a phone and a desktop lay them out: a shop's order number is one word
// to read out on the phone, never cut at its hyphens.

class PanelHost extends LitElement {
  static override styles = [baseStyles, resultPanelStyles];
  override render() {
    return resultPanel(en, {
      kind: 'paid',
      amount: '€32.25',
      orderNumber: 'BP-MWV31ASE0A-35A1',
      cardSaved: false,
    });
  }
}
customElements.define('test-result-panel', PanelHost);

async function panelAt(width: number) {
  const box = await fixture<HTMLElement>(
    html`<div style="inline-size:${width}px;font:16px 'Liberation Sans',sans-serif"><test-result-panel></test-result-panel></div>`,
  );
  const host = box.querySelector<PanelHost>('test-result-panel')!;
  await host.updateComplete;
  const [amountRow, orderRow] = [...host.shadowRoot!.querySelectorAll<HTMLElement>('dl div')];
  const cells = (row: HTMLElement) => [...row.children].map((cell) => cell.getBoundingClientRect());
  return { amount: cells(amountRow!), order: cells(orderRow!) };
}

describe('result panel', () => {
  it('keeps the order number on one line: beside its label when there is room, under it on a phone', async () => {
    const wide = await panelAt(500);
    const [label, value] = wide.order;
    // One line: as tall as the amount's value.
    expect(Math.round(value!.height)).to.equal(Math.round(wide.amount[1]!.height));
    expect(Math.round(value!.top)).to.equal(Math.round(label!.top));

    const phone = await panelAt(260);
    const [phoneLabel, phoneValue] = phone.order;
    expect(Math.round(phoneValue!.height)).to.equal(Math.round(phone.amount[1]!.height));
    expect(phoneValue!.top).to.be.at.least(phoneLabel!.bottom - 1);
    // At the row's end, as the amount is.
    expect(Math.round(phoneValue!.right)).to.equal(Math.round(phone.amount[1]!.right));
  });
});
