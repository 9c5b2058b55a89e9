import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How many tiles the brand row has room for, and whether it shows its marks yet. */
export interface BrandRowState {
  readonly room: number;
  readonly shown: boolean;
}

/** Before the first measure, and before the marks come. */
export const BRAND_ROW_START: BrandRowState = { room: Number.POSITIVE_INFINITY, shown: false };

type Host = ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment };

/**
 * When a card form's brand row shows its marks, and how many tiles it has room for.
 *
 * Owns: that state, the row's size observer and the timers that bring the marks. Does not own: the
 * row's markup (`brandRow` in brand-marks.ts) nor the host's render; each new state goes to
 * `change` (a new object), for the host to keep as a reactive property, so that it renders again
 * when what shows changes.
 *
 * The marks come in the frame after the form's first paint. They are half of the card form's first
 * update (eight marks of a dozen SVG templates: measured in Chromium on two slow cores, the update
 * took 21 ms with them and 11 to 13 without) and they only decorate: the fields take input that
 * much sooner without them. Their place is there from the start (the list, under its name; the
 * label's line is as high with them as without), so nothing moves when they come.
 *
 * Room: measured whenever the row's width changes or its marks come (the row takes what the label
 * leaves; a tile is a mark or the "+N"), unbounded while all `tiles()` fit or before the first
 * measure: nothing collapses on a guess.
 */
export class BrandRowController implements ReactiveController {
  readonly #host: Host;
  readonly #tiles: () => number;
  readonly #change: (state: BrandRowState) => void;
  #state = BRAND_ROW_START;
  #row: HTMLElement | null = null;
  /** Whether the row was measured with its marks in it. */
  #measuredShown = false;
  #scheduled = false;
  readonly #observer =
    typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => this.#measure());

  constructor(host: Host, tiles: () => number, change: (state: BrandRowState) => void) {
    this.#host = host;
    this.#tiles = tiles;
    this.#change = change;
    host.addController(this);
  }

  hostUpdated(): void {
    if (!this.#scheduled) {
      this.#scheduled = true;
      // After the first paint: a frame, and the task after it (a frame's own callbacks run before
      // it paints). A hidden page has no frames: it shows them a moment later all the same.
      const show = () => this.#show();
      requestAnimationFrame(() => setTimeout(show));
      setTimeout(show, 100);
    }
    const next = this.#host.renderRoot.querySelector<HTMLElement>('.brands');
    if (next !== this.#row || this.#measuredShown !== this.#state.shown) {
      // A new row, or its marks just came: measured afresh (observing calls back at once).
      if (this.#row) this.#observer?.unobserve(this.#row);
      this.#row = next;
      this.#measuredShown = this.#state.shown;
      if (next) this.#observer?.observe(next);
    }
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.#row = null;
  }

  #measure(): void {
    const row = this.#row;
    const tile = row?.querySelector<HTMLElement>('li:not(.visually-hidden)');
    if (!row || !tile?.offsetWidth) return;
    const gap = Number.parseFloat(getComputedStyle(row).columnGap) || 0;
    const fit = Math.floor((row.clientWidth + gap) / (tile.offsetWidth + gap));
    const room = fit >= this.#tiles() ? Number.POSITIVE_INFINITY : fit;
    if (room !== this.#state.room) this.#set({ ...this.#state, room });
  }

  #show(): void {
    if (!this.#state.shown) this.#set({ ...this.#state, shown: true });
  }

  #set(state: BrandRowState): void {
    this.#state = state;
    this.#change(state);
  }
}
