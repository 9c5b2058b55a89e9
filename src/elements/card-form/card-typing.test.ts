import { expect, fixture, html } from '@open-wc/testing';
import { LitElement, type PropertyValues } from 'lit';
import { beforeAll, describe, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { nextFrame } from '../../../test/support/elements.ts';
import { loadMasks, type MaskChange } from '../shared/input-mask.ts';
import type { FieldId } from './card-entry.ts';
import { CardTyping, type TypingForm } from './card-typing.ts';

/** A bare form: the three masked inputs, and a record of what the typing told it. */
class TypingHost extends LitElement implements TypingForm {
  readonly typing = new CardTyping(this);
  told: Array<[MaskChange, FieldId]> = [];
  /** Each update's old value of `brand`, when the update was asked for by a brand change. */
  brandWas: Array<string | null | undefined> = [];
  _field(id: FieldId): HTMLInputElement | null {
    return (this.renderRoot as ShadowRoot | undefined)?.getElementById?.(id) as HTMLInputElement | null;
  }
  _typed(change: MaskChange, id: FieldId): void {
    this.told.push([change, id]);
  }
  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('brand' as never)) this.brandWas.push(changed.get('brand' as never));
  }
  override updated(): void {
    this.typing._sync();
  }
  override render() {
    return html`<input id="number" aria-label="Number" inputmode="numeric" /><input
        id="expiry"
        aria-label="Expiry"
        @beforeinput=${this.typing._expiryBeforeInput}
      /><input id="csc" aria-label="Code" inputmode="numeric" />`;
  }
}
customElements.define('card-typing-host', TypingHost);

async function host(): Promise<TypingHost> {
  const el = await fixture<TypingHost>(html`<card-typing-host></card-typing-host>`);
  await el.updateComplete;
  return el;
}

async function type(el: TypingHost, id: FieldId, text: string): Promise<void> {
  el._field(id)!.focus();
  await userEvent.keyboard(text);
  await nextFrame();
  await el.updateComplete;
}

describe('CardTyping', () => {
  beforeAll(() => loadMasks());

  it('takes the number as its mask groups it, finds the brand and asks the form to update for it', async () => {
    const el = await host();
    await type(el, 'number', '4111111111111111');
    expect(el.typing._card.number).to.equal('4111 1111 1111 1111');
    expect(el.typing._card.brand?.type).to.equal('visa');
    // The first digit found the brand (none before); every digit was a person's edit of the number.
    expect(el.brandWas[0]).to.equal(null);
    expect(el.told.length).to.equal(16);
    expect(el.told.every(([change, id]) => change === 'edit' && id === 'number')).to.equal(true);
  });

  it('turns a year typed out in full into two digits, and "1/" into January', async () => {
    const el = await host();
    await type(el, 'expiry', '12/2030');
    expect(el.typing._card.expiry).to.equal('12/30');
    expect(el._field('expiry')!.value).to.equal('12/30');

    const other = await host();
    await type(other, 'expiry', '1/');
    expect(other.typing._card.expiry).to.equal('01/');
    expect(other.told.at(-1)).to.deep.equal(['edit', 'expiry']);
  });

  it("keeps the code as long as the brand's: a four-digit code is cut when the card becomes a Visa", async () => {
    const el = await host();
    await type(el, 'number', '3782');
    await type(el, 'csc', '1234');
    expect(el.typing._card.csc).to.equal('1234');
    el._field('number')!.select();
    await type(el, 'number', '4111');
    expect(el.typing._card.brand?.type).to.equal('visa');
    expect(el.typing._card.csc).to.equal('123');
  });

  it('empties the fields it is told to, and tells the form nothing of it', async () => {
    const el = await host();
    await type(el, 'number', '4111111111111111');
    await type(el, 'expiry', '1230');
    await type(el, 'csc', '123');
    const told = el.told.length;
    el.typing._empty('csc');
    expect(el.typing._card).to.deep.include({ number: '4111 1111 1111 1111', expiry: '12/30', csc: '' });
    expect(el._field('csc')!.value).to.equal('');
    el.typing._empty('number', 'expiry', 'csc');
    expect(el.typing._card).to.deep.equal({ number: '', expiry: '', csc: '', brand: null });
    expect(el._field('number')!.value).to.equal('');
    expect(el.told.length).to.equal(told);
  });
});
