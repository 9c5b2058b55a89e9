// The card fields' masks, loaded beside the bundle once a page shows a card field in it (see
// on-demand.ts): the field takes input before they are here, so they are kept off the way to an
// interactive form. Deep imports: the input control and the pattern mask only, not imask's number,
// date, range, enum and dynamic masks that `import IMask from 'imask'` would bring along.
import InputMask from 'imask/esm/controls/input';
import MaskedPattern from 'imask/esm/masked/pattern';
import { type Mask, typeAhead, typedWithLiterals } from './type-ahead.ts';

/**
 * The input control and the pattern mask it makes of a string pattern ("0000 0000"), which it finds
 * because importing the pattern module registers it. Both held here rather than re-exported: our
 * package declares this module free of side effects, and a bundler may then send a re-export
 * straight to imask and leave the pattern's registration out (Next.js did: "Masked class is not
 * found for provided mask").
 */
export const masks = Object.freeze({ InputMask, MaskedPattern, rehearse, typeAhead });

/**
 * Types `text` key by key into an input of no page under the mask `make` puts on it, then throws
 * both away: imask's code for a keystroke has run before a person's first key meets it cold (the
 * browser compiles a function when it is first called and speeds it up as it runs again). Each key
 * is inserted with the literals the mask shows with it, as a field's typing does (type-ahead.ts).
 * Here, not in the bundle: only a page that loads the masks needs it.
 */
function rehearse(make: (input: HTMLInputElement) => Mask, text: string): void {
  const input = document.createElement('input');
  const mask = make(input);
  for (const key of text) {
    input.dispatchEvent(new KeyboardEvent('keydown'));
    const data = typedWithLiterals(mask, input.value, key) ?? key;
    input.value += data;
    input.dispatchEvent(new InputEvent('input', { inputType: 'insertText', data }));
  }
  mask.destroy();
}
