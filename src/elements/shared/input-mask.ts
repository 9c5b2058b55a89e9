// Deep imports: the input control and the pattern mask only, not imask's number, date, range,
// enum and dynamic masks that `import IMask from 'imask'` would bring along.
import InputMask from 'imask/esm/controls/input';
import 'imask/esm/masked/pattern';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { digitIndexToFormatted, formattedIndexToDigit, onlyDigits } from '../../card/format.ts';

/** Options of a pattern mask on a digit input. */
export interface PatternMaskOptions {
  /** imask pattern: `0` a digit, `[…]` optional, any other character a fixed literal ("00/00"). */
  readonly mask: string;
  /** Write a literal as soon as it is due ("12" shows "12/"), and delete it with the digit before. */
  readonly eager?: boolean;
  /** Rewrites what a person inserts (a keystroke, a paste, an autofill) before it is placed. */
  readonly prepare?: (chars: string, value: string) => string;
  /** Refuses a value: the keystroke that would make it is not taken. */
  readonly validate?: (value: string) => boolean;
  /**
   * The pattern the digits call for, when it depends on them (a card number's grouping follows its
   * brand). The edit is placed again under the new pattern from the digits the person produced,
   * so a longer number pasted over a shorter brand's is not cut to the old brand's length.
   */
  readonly patternFor?: (digits: string) => string;
}

type Mask = InputMask<{ mask: string }>;

/** What changed the value: a person's edit (typing, paste, autofill, composition) or undo/redo. */
export type MaskChange = 'edit' | 'history';

interface RawEdit {
  readonly text: string;
  readonly caret: number;
  /** Length of imask's undo history before the edit. */
  readonly history: number;
}

/**
 * Owns an imask `InputMask` on one input of the host's shadow root: attaches when the input is
 * rendered, re-attaches when it is rendered anew, destroys the mask when the host disconnects.
 * The mask is the only writer of the input's value; the host reads `value` and writes through it.
 * `onAccept` runs after each change a person made (typing, paste, autofill, composition, undo),
 * never after the host's own writes, and says whether it was an edit or a step through history.
 */
export class InputMaskController implements ReactiveController {
  #mask: Mask | null = null;
  #input: HTMLInputElement | null = null;
  #connected = false;
  #writing = false;
  #value = '';
  /** The text and caret the browser produced, read before imask takes the edit. */
  #raw: RawEdit | null = null;
  /** imask took the edit under way. */
  #pending = false;
  readonly #find: () => HTMLInputElement | null;
  readonly #options: () => PatternMaskOptions;
  readonly #onAccept: (change: MaskChange) => void;

  constructor(
    host: ReactiveControllerHost,
    find: () => HTMLInputElement | null,
    options: () => PatternMaskOptions,
    onAccept: (change: MaskChange) => void,
  ) {
    this.#find = find;
    this.#options = options;
    this.#onAccept = onAccept;
    host.addController(this);
  }

  hostConnected(): void {
    this.#connected = true;
    this.#attach();
  }

  hostUpdated(): void {
    this.#attach();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#detach();
  }

  /** True while a mask is bound to a rendered input. */
  get attached(): boolean {
    return this.#mask !== null;
  }

  /** The masked text as shown. */
  get value(): string {
    return this.#value;
  }

  /** Sets the text as the host's own write: masked, no `onAccept`. */
  set value(text: string) {
    const mask = this.#mask;
    if (!mask) {
      this.#value = text;
      return;
    }
    this.#write(() => {
      const { patternFor } = this.#options();
      if (patternFor) this.#setPattern(mask, patternFor(onlyDigits(text)));
      mask.value = text;
      // A host's write completes the text: typing goes on after it (imask moves only a focused caret).
      mask.updateCursor(mask.value.length);
    });
  }

  /** Applies the options' pattern again (a shorter security code for a new brand cuts the typed one). */
  refresh(): void {
    const mask = this.#mask;
    if (!mask) return;
    const { mask: pattern, patternFor } = this.#options();
    this.#write(() => this.#setPattern(mask, patternFor ? patternFor(mask.unmaskedValue) : pattern));
  }

  #attach(): void {
    if (!this.#connected) return;
    const input = this.#find();
    if (input === this.#input) return;
    this.#detach();
    if (!input) return;
    const { mask: pattern, eager, prepare, validate, patternFor } = this.#options();
    // A re-rendered input starts empty: it shows what the old one held.
    if (this.#value && !input.value) input.value = this.#value;
    this.#input = input;
    // Before imask's own listeners: the raw edit, which a pattern change needs.
    input.addEventListener('input', this.#capture, true);
    input.addEventListener('compositionend', this.#capture, true);
    const mask: Mask = new InputMask(input, {
      mask: patternFor ? patternFor(onlyDigits(input.value)) : pattern,
      lazy: true,
      eager,
      validate: validate ? (value: string) => validate(value) : undefined,
      prepare: prepare
        ? (chars: string, masked: { value: string }, flags: { input?: boolean }) =>
            flags.input ? prepare(chars, masked.value) : chars
        : undefined,
    } as { mask: string });
    this.#mask = mask;
    this.#value = mask.value;
    mask.on('accept', this.#accepted);
    // After imask's own listeners: the edit is placed, and a brand's pattern can be applied.
    input.addEventListener('input', this.#placed);
    input.addEventListener('compositionend', this.#placed);
  }

  #detach(): void {
    const input = this.#input;
    if (input) {
      input.removeEventListener('input', this.#capture, true);
      input.removeEventListener('compositionend', this.#capture, true);
      input.removeEventListener('input', this.#placed);
      input.removeEventListener('compositionend', this.#placed);
    }
    this.#mask?.destroy();
    this.#mask = null;
    this.#input = null;
  }

  #write(fn: () => void): void {
    this.#writing = true;
    try {
      fn();
    } finally {
      this.#writing = false;
      if (this.#mask) this.#value = this.#mask.value;
    }
  }

  #setPattern(mask: Mask, pattern: string): void {
    if (mask.masked.mask !== pattern) mask.updateOptions({ mask: pattern });
  }

  readonly #capture = (event: Event): void => {
    const input = this.#input;
    if (!input || (event as InputEvent).isComposing || !this.#mask) return;
    this.#raw = {
      text: input.value,
      caret: input.selectionEnd ?? input.value.length,
      history: this.#mask.history.states.length,
    };
  };

  /** imask took a change: a person's (typing, undo, autofill) unless it is our own write. */
  readonly #accepted = (): void => {
    const mask = this.#mask;
    if (this.#writing || !mask) return;
    this.#value = mask.value;
    // Typing, paste and autofill are finished in #placed, once imask is done with the event.
    if (this.#raw) {
      this.#pending = true;
      return;
    }
    // Undo and redo: the step's own digits, which the pattern in use may have cut.
    const digits = mask.history.currentState?.unmaskedValue ?? mask.unmaskedValue;
    // imask is applying a history step: ours must not be recorded as a new one.
    const changing = mask._historyChanging;
    mask._historyChanging = true;
    try {
      this.#reconcile(digits, null);
    } finally {
      mask._historyChanging = changing;
    }
    this.#onAccept('history');
  };

  readonly #placed = (event: Event): void => {
    const raw = this.#raw;
    if ((event as InputEvent).isComposing || !raw || !this.#mask) return;
    this.#raw = null;
    const reconciled = this.#reconcile(onlyDigits(raw.text), raw);
    if (this.#pending || reconciled) this.#onAccept('edit');
    this.#pending = false;
  };

  /**
   * Places `digits` again when they call for another pattern than the one imask used, keeping the
   * caret after the same digit, as one step of the undo history.
   */
  #reconcile(digits: string, raw: RawEdit | null): boolean {
    const mask = this.#mask;
    const { patternFor } = this.#options();
    if (!mask || !patternFor) return false;
    const pattern = patternFor(digits);
    if (pattern === mask.masked.mask) return false;
    const caretDigits = raw ? formattedIndexToDigit(raw.text, raw.caret) : digits.length;
    const history = mask.history;
    this.#write(() => {
      if (raw && history.states.length > raw.history) {
        // imask recorded its own placement of this edit: ours replaces it.
        history.states.length = raw.history;
        history.currentIndex = Math.max(0, raw.history - 1);
      }
      mask.masked.updateOptions({ mask: pattern });
      mask.masked.unmaskedValue = digits;
      mask.updateControl(raw ? digitIndexToFormatted(mask.masked.value, caretDigits) : undefined);
    });
    return true;
  }
}
