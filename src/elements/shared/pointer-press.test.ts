import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { afterPress, pressUnderWay, watchPresses } from './pointer-press.ts';

// The press tracker on its own, with the pointer sequences a mouse and a finger make. Real mouse
// presses against the checkout are in checkout/pay-press.test.ts.

const pointer = (type: string, pointerType: string, buttons = 0) =>
  new PointerEvent(type, { isPrimary: true, pointerType, buttons, bubbles: true, composed: true });

const task = () => new Promise((resolve) => setTimeout(resolve, 0));

async function target(): Promise<HTMLButtonElement> {
  const button = await fixture<HTMLButtonElement>(html`<button type="button">Pay</button>`);
  watchPresses(button);
  return button;
}

describe('afterPress', () => {
  it('runs at once when no press is under way', async () => {
    await target();
    let shown = false;
    afterPress(() => (shown = true));
    expect(shown).to.equal(true);
  });

  it('mouse: waits from pointerdown until the release and its click are over', async () => {
    const button = await target();
    const order: string[] = [];
    button.addEventListener('click', () => order.push('click'));
    button.dispatchEvent(pointer('pointerdown', 'mouse', 1));
    expect(pressUnderWay()).to.equal(true);
    afterPress(() => order.push('shown'));
    await task();
    expect(order).to.deep.equal([]);
    // A browser dispatches the release and its click in one task.
    button.dispatchEvent(pointer('pointerup', 'mouse'));
    button.click();
    expect(order).to.deep.equal(['click']);
    await task();
    expect(order).to.deep.equal(['click', 'shown']);
    expect(pressUnderWay()).to.equal(false);
  });

  it('touch: the tap moves the focus after pointerup, so it waits for the click that follows', async () => {
    const button = await target();
    const order: string[] = [];
    button.dispatchEvent(pointer('pointerdown', 'touch', 1));
    button.dispatchEvent(pointer('pointerup', 'touch'));
    await task();
    // The tap's mousedown takes the focus out of the field now, and its message waits.
    afterPress(() => order.push('shown'));
    await task();
    expect(order).to.deep.equal([]);
    button.click();
    await task();
    expect(order).to.deep.equal(['shown']);
  });

  it('touch: a press that turns into a scroll (pointercancel) lets the message show', async () => {
    const button = await target();
    let shown = false;
    button.dispatchEvent(pointer('pointerdown', 'touch', 1));
    afterPress(() => (shown = true));
    button.dispatchEvent(pointer('pointercancel', 'touch'));
    await task();
    expect(shown).to.equal(true);
  });

  it('a release the page never heard of shows as a move with no button held', async () => {
    const button = await target();
    let shown = false;
    button.dispatchEvent(pointer('pointerdown', 'mouse', 1));
    afterPress(() => (shown = true));
    button.dispatchEvent(pointer('pointermove', 'mouse', 1));
    await task();
    expect(shown).to.equal(false);
    button.dispatchEvent(pointer('pointermove', 'mouse', 0));
    await task();
    expect(shown).to.equal(true);
  });
});
