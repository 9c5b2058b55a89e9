import type { FieldId } from './card-entry.ts';

const ORDER: readonly FieldId[] = ['number', 'expiry', 'csc', 'name'];

/**
 * Moves focus on from a field just completed at its end, and swallows the Tab a person presses
 * by habit right after such a jump, which was meant to reach the field the jump already reached.
 */
export class AutoAdvance {
  /** The field focus jumped to when the one before was complete, until the next key. */
  #jumpedTo: FieldId | null = null;

  constructor(private readonly input: (id: FieldId) => HTMLInputElement | null) {}

  /** From `from`, complete and valid: focus the next field shown, if the caret is at its end. */
  advance(from: FieldId): void {
    const el = this.input(from);
    if (!el || el.selectionStart !== el.value.length) return;
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
    const jumpedTo = this.#jumpedTo;
    this.#jumpedTo = null;
    if (
      jumpedTo &&
      event.key === 'Tab' &&
      !(event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) &&
      (event.target as HTMLElement).id === jumpedTo
    ) {
      event.preventDefault();
    }
  };

  /** Focus left the fields: the next Tab is meant as pressed. */
  forget(): void {
    this.#jumpedTo = null;
  }
}
