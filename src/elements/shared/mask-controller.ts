import InputMask from 'imask/esm/controls/input';
import 'imask/esm/masked/pattern';
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Options for a pattern mask (imask's MaskedPattern). */
export interface PatternMaskOptions {
  readonly mask: string;
  readonly lazy?: boolean;
  readonly eager?: boolean;
  /** Rewrites inserted text; `input` is true for a person's typing, paste or autofill. */
  readonly prepare?: (
    chars: string,
    masked: { readonly value: string; readonly unmaskedValue: string },
    flags: { readonly input?: boolean },
  ) => string;
}

/**
 * Binds an imask pattern mask to an input of the host's shadow root. Attaches when the host connects
 * (or when the input first renders or is re-rendered), destroys the mask when the host disconnects.
 * `onInput` runs after imask has processed a person's input, so it sees the masked value.
 */
export class MaskController implements ReactiveController {
  #mask: InputMask<PatternMaskOptions> | null = null;
  #input: HTMLInputElement | null = null;
  #connected = false;
  readonly #host: ReactiveControllerHost;
  readonly #find: () => HTMLInputElement | null;
  readonly #options: () => PatternMaskOptions;
  readonly #onInput: () => void;

  constructor(
    host: ReactiveControllerHost,
    find: () => HTMLInputElement | null,
    options: () => PatternMaskOptions,
    onInput: () => void,
  ) {
    this.#host = host;
    this.#find = find;
    this.#options = options;
    this.#onInput = onInput;
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
    return this.#mask?.value ?? this.#input?.value ?? '';
  }

  /** Sets the text (programmatically: no input event). */
  set value(text: string) {
    if (this.#mask) this.#mask.value = text;
    else if (this.#input) this.#input.value = text;
  }

  /** Changes the pattern, keeping the caret on the same raw character. */
  setPattern(pattern: string, caretFor?: (formatted: string) => number): void {
    const mask = this.#mask;
    if (!mask || mask.masked.mask === pattern) return;
    mask.updateOptions({ mask: pattern });
    // updateCursor also replaces imask's own delayed caret move, which still points into the old pattern.
    if (caretFor) mask.updateCursor(caretFor(mask.value));
  }

  #attach(): void {
    if (!this.#connected) return;
    const input = this.#find();
    if (input === this.#input && this.#mask) return;
    this.#detach();
    if (!input) return;
    this.#input = input;
    this.#mask = new InputMask(input, { lazy: true, ...this.#options() });
    // Registered after imask's own listener, so it runs on the masked value.
    input.addEventListener('input', this.#handleInput);
  }

  #detach(): void {
    this.#input?.removeEventListener('input', this.#handleInput);
    this.#mask?.destroy();
    this.#mask = null;
    this.#input = null;
  }

  readonly #handleInput = (): void => {
    this.#onInput();
    this.#host.requestUpdate();
  };
}
