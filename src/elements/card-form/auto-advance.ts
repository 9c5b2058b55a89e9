import type { FieldId } from './card-entry.ts';

const ORDER: readonly FieldId[] = ['number', 'expiry', 'csc', 'name'];

/**
 * Moves focus on from a field just completed at its end, and swallows the Tab a person presses
 * by habit right after such a jump, which was meant to reach the field the jump already reached.
 *
 * The jump is made with the next frame, not in the keystroke that completed the field: moving focus
 * makes the browser work out style and layout at once, which the frame does anyway, and the digit
 * typed shows no later for it. A key pressed before that frame makes the jump first, so it lands
 * in the next field as it would have.
 */
export class AutoAdvance {
  /** The field focus jumped to when the one before was complete, until the next key. */
  #jumpedTo: FieldId | null = null;
  /** The field completed whose jump is still to be made. */
  #pending: FieldId | null = null;

  constructor(private readonly input: (id: FieldId) => HTMLInputElement | null) {}

  /** From `from`, complete and valid: focus the next field shown, if the caret is still at its end. */
  advance(from: FieldId): void {
    this.#pending = from;
    requestAnimationFrame(() => this.#jump(from));
  }

  #jump(from: FieldId): void {
    if (this.#pending !== from) return;
    this.#pending = null;
    const el = this.input(from);
    // Left meanwhile (a click elsewhere), or the caret moved back into the number: no jump.
    if (!el || (el.getRootNode() as ShadowRoot).activeElement !== el || el.selectionStart !== el.value.length)
      return;
    for (const id of ORDER.slice(ORDER.indexOf(from) + 1)) {
      const next = this.input(id);
      if (next) {
        next.focus();
        this.#jumpedTo = id;
        return;
      }
    }
  }

  readonly onKeydown = (event: KeyboardEvent): void => {
    let target = (event.target as HTMLElement).id;
    // Before the key reaches the field: the browser gives it to the field focused by then.
    if (this.#pending && target === this.#pending) {
      this.#jump(this.#pending);
      target = this.#jumpedTo ?? target;
    }
    const jumpedTo = this.#jumpedTo;
    this.#jumpedTo = null;
    if (
      jumpedTo &&
      event.key === 'Tab' &&
      !(event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) &&
      target === jumpedTo
    ) {
      event.preventDefault();
    }
  };

  /** Focus left the fields: the next Tab is meant as pressed, and a jump not made is not made. */
  forget(): void {
    this.#jumpedTo = null;
    this.#pending = null;
  }
}
