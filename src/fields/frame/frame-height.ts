import { RESIZE } from '../shared/message-names.ts';
import type { ParentLink } from './frame-bridge.ts';
import { INSET } from './page.styles.ts';

/**
 * When the focus leaves this frame, the field left may show its message and grow the frame; if the
 * focus went to the Pay button, the button would move from under the pointer before its "pointer
 * down" word arrives here (another frame's message, late on a busy machine). The height waits this
 * long for that word; a focus that went anywhere else costs only this delay.
 */
const LEAVE_HOLD_MS = 300;

/**
 * The frame's height, as the page sizes the frame: it follows the fields, except while the Pay
 * button is held down, and for a moment after the focus left the frame (the Pay button may be what
 * took it), so the button stays under the pointer until its press is over.
 */
export class FrameHeight {
  readonly #form: HTMLFormElement;
  readonly #link: () => ParentLink | null;
  /** Whether the page heard the fields' first word: no height before it. */
  readonly #live: () => boolean;
  #last = -1;
  /** The pointer is down on the Pay button: the frame keeps its height until it comes up. */
  #held = false;
  /** When the focus last left this frame (0: not since it came back). */
  #leftAt = 0;

  constructor(form: HTMLFormElement, link: () => ParentLink | null, live: () => boolean) {
    this.#form = form;
    this.#link = link;
    this.#live = live;
    window.addEventListener('blur', () => {
      this.#leftAt = performance.now();
      setTimeout(() => this.#live() && this.resized(), LEAVE_HOLD_MS);
    });
    window.addEventListener('focus', () => {
      this.#leftAt = 0;
    });
  }

  /** The height now, which the page is about to hear (with the fields' first word). */
  told(): number {
    this.#last = this.#measure();
    return this.#last;
  }

  /** Follows the fields' size from now on. */
  observe(): void {
    new ResizeObserver(() => this.resized()).observe(this.#form);
  }

  /** The pointer went down on the Pay button, or came up. */
  hold(down: boolean): void {
    this.#held = down;
    if (!down && this.#live()) this.resized();
  }

  resized(): void {
    const h = this.#measure();
    const leaving = this.#leftAt > 0 && performance.now() - this.#leftAt < LEAVE_HOLD_MS;
    if (this.#held || leaving || h === this.#last) return;
    this.#last = h;
    this.#link()?.send({ type: RESIZE, height: h });
  }

  #measure(): number {
    return Math.ceil(this.#form.getBoundingClientRect().height) + 2 * INSET;
  }
}
