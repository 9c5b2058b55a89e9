import type InputMask from 'imask/esm/controls/input';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { digitIndexToFormatted, formattedIndexToDigit, onlyDigits } from '../../card/format.ts';
import { onDemand } from './on-demand.ts';
import type { Mask } from './type-ahead.ts';

// imask comes on demand (pattern-mask.ts): a field takes input before it is here, so the form is
// usable while it loads, and a page that never shows a card field in it (isolated fields) never
// loads it.
let masks: typeof import('./pattern-mask.ts')['masks'] | null = null;
let maskLoading: Promise<void> | null = null;

/** Masks that came in the page's own script (the fields page's): no load, ready at once. */
export function provideMasks(module: typeof import('./pattern-mask.ts')): void {
  ({ masks } = module);
  maskLoading = Promise.resolve();
}

/**
 * Loads the masks once for every field. Until they are here, and for good when they cannot load
 * (a refused or missing file, which the console names), a field takes what is typed as it is typed:
 * the entry rules read digits, so "4111111111111111" and "4111 1111 1111 1111" are the same card.
 */
export function loadMasks(): Promise<void> {
  maskLoading ??= onDemand.mask().then(
    (module) => {
      ({ masks } = module);
    },
    (error: unknown) => {
      // Tried again when a field is next rendered anew.
      maskLoading = null;
      console.warn(error);
    },
  );
  return maskLoading;
}

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

function createMask(
  InputMaskClass: typeof InputMask,
  input: HTMLInputElement,
  { mask, eager, prepare, validate, patternFor }: PatternMaskOptions,
): Mask {
  return new InputMaskClass(input, {
    mask: patternFor ? patternFor(onlyDigits(input.value)) : mask,
    lazy: true,
    eager,
    validate: validate ? (value: string) => validate(value) : undefined,
    prepare: prepare
      ? (chars: string, masked: { value: string }, flags: { input?: boolean }) =>
          flags.input ? prepare(chars, masked.value) : chars
      : undefined,
  } as { mask: string });
}

/**
 * What changed the value: a person's edit (typing, paste, autofill, composition), undo/redo, the
 * masks arriving and placing what was typed before them (no change of a person's), or what a person
 * typed into a server-rendered field before the script came (theirs, but no field just finished).
 */
export type MaskChange = 'edit' | 'history' | 'placed' | 'adopted';

interface RawEdit {
  readonly text: string;
  readonly caret: number;
  /** Length of imask's undo history before the edit. */
  readonly history: number;
}

/**
 * Owns an imask `InputMask` on one input of the host's shadow root: attaches when the input is
 * rendered (or, the first time, when imask has loaded), re-attaches when it is rendered anew,
 * destroys the mask when the host disconnects. The mask is the only writer of the input's value;
 * the host reads `value` and writes through it. `onAccept` runs after each change a person made
 * (typing, paste, autofill, composition, undo), never after the host's own writes, and says whether
 * it was an edit or a step through history. Before imask is here the input's text is taken as typed,
 * with an `edit` for each change; the mask then places what was typed.
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
  readonly #host: ReactiveControllerHost;
  readonly #find: () => HTMLInputElement | null;
  readonly #options: () => PatternMaskOptions;
  readonly #onAccept: (change: MaskChange) => void;

  constructor(
    host: ReactiveControllerHost,
    find: () => HTMLInputElement | null,
    options: () => PatternMaskOptions,
    onAccept: (change: MaskChange) => void,
  ) {
    this.#host = host;
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
      if (this.#input) this.#input.value = text;
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
    // The same input, masked already or still waiting for imask.
    if (input === this.#input && (this.#mask || !masks)) return;
    this.#detach();
    if (!input) return;
    // A re-rendered input starts empty: it shows what the old one held.
    if (this.#value && !input.value) input.value = this.#value;
    // An input the merchant's server rendered took what the customer typed before this script came
    // (gateway-checkout/ssr): the customer's own input, which the host has yet to hear of.
    const adopted = !this.#value && input.value !== '';
    if (adopted) this.#value = input.value;
    this.#input = input;
    const InputMaskClass = masks?.InputMask;
    if (!InputMaskClass) {
      this.#takeUnmasked(input);
      if (adopted) this.#adopted();
      void loadMasks().then(() => this.#attach());
      return;
    }
    const typed = input.value;
    input.addEventListener('beforeinput', this.#typeAhead);
    // Before imask's own listeners: the raw edit, which a pattern change needs.
    input.addEventListener('input', this.#capture, true);
    input.addEventListener('compositionend', this.#capture, true);
    let mask: Mask;
    try {
      mask = createMask(InputMaskClass, input, this.#options());
    } catch (error) {
      // A mask that cannot be made must not cost the field: it takes what is typed, as before the
      // masks came, and no field tries them again.
      console.warn('gateway-checkout: the card fields take input unmasked:', error);
      masks = null;
      input.removeEventListener('beforeinput', this.#typeAhead);
      input.removeEventListener('input', this.#capture, true);
      input.removeEventListener('compositionend', this.#capture, true);
      this.#takeUnmasked(input);
      return;
    }
    this.#mask = mask;
    this.#value = mask.value;
    mask.on('accept', this.#accepted);
    // After imask's own listeners: the edit is placed, and a brand's pattern can be applied.
    input.addEventListener('input', this.#placed);
    input.addEventListener('compositionend', this.#placed);
    // What was typed before imask came is now placed ("1230" shows "12/30"): the host reads it anew.
    if (adopted) this.#adopted();
    else if (mask.value !== typed) this.#onAccept('placed');
  }

  /**
   * The host hears of what was typed before the script came once it has taken over the server's
   * nodes: its first render must be the server's (the brand a number shows would not be), or the
   * nodes the customer typed into would be rendered anew.
   */
  /**
   * Types `text` into an input of no page under this field's options (see pattern-mask.ts): the
   * masks' code for a keystroke runs before a person's first key. Without imask, nothing.
   */
  rehearse(text: string): void {
    masks?.rehearse((input) => createMask(masks!.InputMask, input, this.#options()), text);
  }

  #adopted(): void {
    void this.#host.updateComplete.then(() => this.#onAccept('adopted'));
  }

  #takeUnmasked(input: HTMLInputElement): void {
    input.addEventListener('input', this.#unmasked);
    input.addEventListener('compositionend', this.#unmasked);
  }

  #detach(): void {
    const input = this.#input;
    if (input) {
      input.removeEventListener('input', this.#unmasked);
      input.removeEventListener('compositionend', this.#unmasked);
      input.removeEventListener('beforeinput', this.#typeAhead);
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

  readonly #typeAhead = (event: InputEvent): void => {
    if (this.#mask && this.#input) masks?.typeAhead(event, this.#input, this.#mask);
  };

  readonly #capture = (event: Event): void => {
    const input = this.#input;
    if (!input || (event as InputEvent).isComposing || !this.#mask) return;
    this.#raw = {
      text: input.value,
      caret: input.selectionEnd ?? input.value.length,
      history: this.#mask.history.states.length,
    };
  };

  /** A person's change before imask is here: the text as typed. */
  readonly #unmasked = (event: Event): void => {
    if ((event as InputEvent).isComposing || !this.#input) return;
    this.#value = this.#input.value;
    this.#onAccept('edit');
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
