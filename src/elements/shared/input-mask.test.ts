import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { describe, it } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import { nextFrame, pasteInto, watchDetachedTyping, watchTyping } from '../../../test/support/elements.ts';
import { detectBrand } from '../../card/brand.ts';
import { cardNumberPattern, onlyDigits } from '../../card/format.ts';
import { InputMaskController, loadMasks, type PatternMaskOptions } from './input-mask.ts';

const NUMBER: PatternMaskOptions = {
  mask: cardNumberPattern(null),
  prepare: onlyDigits,
  patternFor: (digits) => cardNumberPattern(detectBrand(digits)),
};

/** A bare host: one input under one mask, counting the changes a person made. */
class MaskHost extends LitElement {
  options: PatternMaskOptions = NUMBER;
  accepted: string[] = [];
  readonly mask = new InputMaskController(
    this,
    () => this.renderRoot?.querySelector('input') ?? null,
    () => this.options,
    () => this.accepted.push(this.mask.value),
  );
  override render() {
    return html`<input id="field" aria-label="Field" inputmode="numeric" autocomplete="off" />`;
  }
}
customElements.define('input-mask-host', MaskHost);

async function host(options: PatternMaskOptions = NUMBER): Promise<MaskHost> {
  const el = document.createElement('input-mask-host') as MaskHost;
  el.options = options;
  await fixture(html`<div>${el}</div>`);
  await el.updateComplete;
  return el;
}

function field(el: MaskHost): HTMLInputElement {
  return el.shadowRoot!.getElementById('field') as HTMLInputElement;
}

async function type(el: MaskHost, text: string): Promise<void> {
  field(el).focus();
  await userEvent.keyboard(text);
  await nextFrame();
}

describe('InputMaskController', () => {
  it('groups digits as typed and tells the host after each change a person made', async () => {
    const el = await host();
    await type(el, '4111111a11');
    expect(field(el).value).to.equal('4111 1111 1');
    expect(el.mask.value).to.equal('4111 1111 1');
    expect(el.accepted.at(-1)).to.equal('4111 1111 1');
    // The letter was refused: no change, no call.
    expect(el.accepted.length).to.equal(9);
  });

  for (const [what, text] of [
    ['dashes', '4111-1111-1111-1111'],
    ['spaces', '4111 1111 1111 1111'],
    ['a trailing space', '4111111111111111 '],
    ['no-break spaces', '4111\u00a01111\u00a01111\u00a01111'],
  ]) {
    it(`takes a pasted number with ${what}`, async () => {
      const el = await host();
      await pasteInto(el, 'field', text as string);
      await nextFrame();
      expect(field(el).value).to.equal('4111 1111 1111 1111');
      expect(field(el).selectionStart).to.equal(19);
    });
  }

  it('replaces everything when a person selects all and types', async () => {
    const el = await host();
    await type(el, '4111111111111111');
    await userEvent.keyboard('{Control>}a{/Control}5');
    await nextFrame();
    expect(field(el).value).to.equal('5');
    expect(field(el).selectionStart).to.equal(1);
  });

  it('keeps the caret after the same digit when deleting in the middle', async () => {
    const el = await host();
    await type(el, '4111222233334444');
    await userEvent.keyboard('{ArrowLeft>12}{Backspace}');
    await nextFrame();
    expect(field(el).value).to.equal('4111 2223 3334 444');
    expect(field(el).selectionStart).to.equal(6);
  });

  it('places a longer number pasted over a shorter brand whole, in its own grouping', async () => {
    const el = await host();
    await type(el, '378282246310005');
    expect(field(el).value).to.equal('3782 822463 10005');
    field(el).select();
    await pasteInto(el, 'field', '5555 5555 5555 4444');
    await nextFrame();
    expect(field(el).value).to.equal('5555 5555 5555 4444');
    expect(field(el).selectionStart).to.equal(19);
    // One undo step back to the American Express number, grouped as before.
    await userEvent.keyboard('{Control>}z{/Control}');
    await nextFrame();
    expect(field(el).value).to.equal('3782 822463 10005');
  });

  it('regroups when an edit in the middle changes the brand, caret after the same digit', async () => {
    const el = await host();
    await type(el, '4782822463');
    await userEvent.keyboard('{Home}{Delete}3');
    await nextFrame();
    expect(field(el).value).to.equal('3782 822463');
    expect(field(el).selectionStart).to.equal(1);
  });

  it('takes composition input (IME, Android keyboards) once the composition ends', async () => {
    const el = await host();
    field(el).focus();
    const session = cdp();
    await session.send('Input.imeSetComposition', { text: '41', selectionStart: 2, selectionEnd: 2 });
    await session.send('Input.imeSetComposition', { text: '41111', selectionStart: 5, selectionEnd: 5 });
    await session.send('Input.insertText', { text: '41111' });
    await nextFrame();
    expect(field(el).value).to.equal('4111 1');
    expect(el.mask.value).to.equal('4111 1');
    expect(el.accepted.at(-1)).to.equal('4111 1');
    await userEvent.keyboard('1');
    await nextFrame();
    expect(field(el).value).to.equal('4111 11');
  });

  it("has the browser insert a group's space with the digit typed: one input event a key, the value never written by script", async () => {
    const el = await host();
    const input = field(el);
    const typing = watchTyping(input);
    try {
      await type(el, '411111111');
    } finally {
      typing.stop();
    }
    expect(input.value).to.equal('4111 1111 1');
    expect(input.selectionStart).to.equal(11);
    expect(typing.events).to.deep.equal([
      'insertText:4',
      'insertText:1',
      'insertText:1',
      'insertText:1',
      'insertText: 1',
      'insertText:1',
      'insertText:1',
      'insertText:1',
      'insertText: 1',
    ]);
    expect(typing.writes()).to.equal(0);
    expect(el.accepted.at(-1)).to.equal('4111 1111 1');
    // Undo steps back a key at a time, the space with its digit.
    await userEvent.keyboard('{Control>}z{/Control}');
    await nextFrame();
    expect(input.value).to.equal('4111 1111');
  });

  it('inserts nothing for a key the page refused before the field heard it', async () => {
    const el = await host();
    const refuse = (event: Event) => {
      if ((event as InputEvent).data === '5') event.preventDefault();
    };
    document.addEventListener('beforeinput', refuse, true);
    try {
      await type(el, '41115');
    } finally {
      document.removeEventListener('beforeinput', refuse, true);
    }
    expect(field(el).value).to.equal('4111');
    expect(el.accepted.at(-1)).to.equal('4111');
  });

  it('types as before where the browser refuses to insert the space with the digit', async () => {
    const el = await host();
    const execCommand = document.execCommand;
    document.execCommand = () => false;
    try {
      await type(el, '41111');
    } finally {
      document.execCommand = execCommand;
    }
    expect(field(el).value).to.equal('4111 1');
    expect(field(el).selectionStart).to.equal(6);
    expect(el.accepted.at(-1)).to.equal('4111 1');
    await userEvent.keyboard('1');
    await nextFrame();
    expect(field(el).value).to.equal('4111 11');
  });

  it('undoes with Ctrl+Z to a valid masked value, and redoes', async () => {
    const el = await host();
    await type(el, '41111111');
    await userEvent.keyboard('{Control>}z{/Control}');
    await nextFrame();
    expect(field(el).value).to.equal('4111 111');
    expect(el.accepted.at(-1)).to.equal('4111 111');
    for (let i = 0; i < 3; i++) {
      await userEvent.keyboard('{Control>}z{/Control}');
      await nextFrame();
    }
    expect(field(el).value).to.equal('4111');
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await nextFrame();
    expect(field(el).value).to.equal('4111 1');
  });

  it('rehearses typing on an input of no page: the field, its undo history and the host stay as they were', async () => {
    const el = await host();
    await type(el, '5555');
    await loadMasks();
    // What the rehearsal's input showed after each key: masked as a field would be.
    const shown: string[] = [];
    const stop = watchDetachedTyping((_, value) => shown.push(value));
    try {
      el.mask.rehearse('4111111111111111');
    } finally {
      stop();
    }
    expect(shown.length).to.equal(16);
    expect(shown.at(-1)).to.equal('4111 1111 1111 1111');
    expect(field(el).value).to.equal('5555');
    expect(el.mask.value).to.equal('5555');
    expect(el.accepted).to.deep.equal(['5', '55', '555', '5555']);
    await userEvent.keyboard('{Control>}z{/Control}');
    await nextFrame();
    expect(field(el).value).to.equal('555');
  });

  it('masks autofill into a field that is not focused, without taking the focus', async () => {
    const el = await host();
    const other = document.createElement('input');
    document.body.append(other);
    other.focus();
    const input = field(el);
    // What Chromium's autofill does: set the value, fire input and change, leave the focus alone.
    input.value = '4111111111111111';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await nextFrame();
    expect(input.value).to.equal('4111 1111 1111 1111');
    expect(el.accepted.at(-1)).to.equal('4111 1111 1111 1111');
    expect(document.activeElement).to.equal(other);
    other.remove();
  });

  it('writes for the host without telling it, and follows a new pattern', async () => {
    const el = await host({ mask: '0000' });
    el.mask.value = '12345';
    expect(field(el).value).to.equal('1234');
    el.options = { mask: '000' };
    el.mask.refresh();
    expect(field(el).value).to.equal('123');
    expect(el.mask.value).to.equal('123');
    expect(el.accepted).to.deep.equal([]);
  });

  it('writes a literal when due with eager, and deletes it with the digit before', async () => {
    const el = await host({ mask: '00/00', eager: true });
    await type(el, '12');
    expect(field(el).value).to.equal('12/');
    await userEvent.keyboard('{Backspace}');
    await nextFrame();
    expect(field(el).value).to.equal('1');
  });

  it('refuses what validate refuses', async () => {
    const el = await host({ mask: '0000', validate: (value) => !value.startsWith('9') });
    await type(el, '9123');
    expect(field(el).value).to.equal('123');
  });

  it('lets go of the input when the host disconnects, and takes it again on return', async () => {
    const el = await host();
    const parent = el.parentElement!;
    el.remove();
    const input = field(el);
    input.value = '41111';
    input.dispatchEvent(new Event('input'));
    expect(input.value).to.equal('41111');
    expect(el.accepted).to.deep.equal([]);
    parent.append(el);
    await el.updateComplete;
    await type(el, '1');
    expect(input.value).to.equal('4111 11');
  });

  it('keeps the value when the input is rendered anew', async () => {
    const el = await host();
    await type(el, '41111');
    field(el).remove();
    el.requestUpdate();
    // Lit keeps its own parts; a fresh input comes with a fresh render root's content.
    el.shadowRoot!.append(Object.assign(document.createElement('input'), { id: 'field' }));
    el.requestUpdate();
    await el.updateComplete;
    expect(field(el).value).to.equal('4111 1');
  });
});
