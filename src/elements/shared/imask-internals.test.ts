import { expect } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { masks } from './pattern-mask.ts';

// The masking controller (input-mask.ts) reaches past imask's public API in two places: it reads
// and trims the undo history (`history.states`, `history.currentIndex`) to replace imask's
// placement of an edit with its own, and it sets `_historyChanging` so that its own write during
// an undo is not recorded as a new step. package.json pins imask to the version these were read
// from (test/unit/imask-pin.test.ts); these tests fail if that version's internals behave otherwise.

function masked(): { input: HTMLInputElement; mask: InstanceType<typeof masks.InputMask> } {
  const input = document.createElement('input');
  document.body.append(input);
  const mask = new masks.InputMask(input, { mask: '0000 0000' });
  return { input, mask };
}

describe("imask's internals that the masking controller uses", () => {
  it('records each change as one state of `history.states`, `currentIndex` the last', () => {
    const { input, mask } = masked();
    const before = mask.history.states.length;
    mask.value = '1234';
    mask.value = '12345';
    expect(mask.history.states.length).to.equal(before + 2);
    expect(mask.history.currentIndex).to.equal(mask.history.states.length - 1);
    expect(mask.history.currentState?.unmaskedValue).to.equal('12345');
    mask.destroy();
    input.remove();
  });

  it('trimming `history.states` and moving `currentIndex` back undoes to the state kept', () => {
    const { input, mask } = masked();
    mask.value = '1234';
    const kept = mask.history.states.length;
    mask.value = '12345678';
    mask.history.states.length = kept;
    mask.history.currentIndex = kept - 1;
    expect(mask.history.currentState?.unmaskedValue).to.equal('1234');
    mask.destroy();
    input.remove();
  });

  it('records no state while `_historyChanging` is set', () => {
    const { input, mask } = masked();
    mask.value = '1234';
    const before = mask.history.states.length;
    const internal = mask as unknown as { _historyChanging?: boolean };
    internal._historyChanging = true;
    mask.value = '12345';
    internal._historyChanging = false;
    expect(mask.history.states.length).to.equal(before);
    mask.value = '123456';
    expect(mask.history.states.length).to.equal(before + 1);
    mask.destroy();
    input.remove();
  });
});
