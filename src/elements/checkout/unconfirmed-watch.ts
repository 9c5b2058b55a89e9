import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** The first re-check comes soon; then each waits twice as long, up to a minute. */
const FIRST_DELAY_MS = 2000;
const MAX_DELAY_MS = 60_000;

/**
 * Keeps asking for the outcome of a payment the checkout could not confirm, so the person never has
 * to: at once when the browser comes back online, and otherwise on a backoff. `check` asks once and
 * says whether the outcome is still unconfirmed; the checkout shows the outcome itself when known.
 * A checkout out of the page asks nothing (its attempt record is picked up when it returns).
 */
export class UnconfirmedWatch implements ReactiveController {
  readonly #host: ReactiveControllerHost & { readonly isConnected: boolean };
  readonly #check: () => Promise<boolean>;
  /** The wait before the next check; 0 while not watching. */
  #delay = 0;
  #checking = false;
  #listening = false;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    host: ReactiveControllerHost & { readonly isConnected: boolean },
    check: () => Promise<boolean>,
  ) {
    this.#host = host;
    this.#check = check;
    host.addController(this);
  }

  /** Starts (or restarts) watching: the outcome of the last payment is unconfirmed. */
  start(): void {
    this.hostDisconnected();
    this.#delay = FIRST_DELAY_MS;
    this.hostConnected();
  }

  /** The outcome is known, or a person asked: no more checks of our own. */
  stop(): void {
    this.#delay = 0;
    this.hostDisconnected();
  }

  hostConnected(): void {
    if (!this.#delay) return;
    addEventListener('online', this.#now);
    this.#listening = true;
    this.#later();
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
    // Only what was added is removed: a checkout rendered on the server never watched (no window).
    if (!this.#listening) return;
    this.#listening = false;
    removeEventListener('online', this.#now);
  }

  #later(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(this.#now, this.#delay);
  }

  /** Asks now: the timer ran out, or the network is back (the likeliest moment for an answer). */
  readonly #now = async (): Promise<void> => {
    if (!this.#delay || this.#checking || !this.#host.isConnected) return;
    clearTimeout(this.#timer);
    this.#checking = true;
    const still = await this.#check().finally(() => {
      this.#checking = false;
    });
    if (!still || !this.#delay) return this.stop();
    this.#delay = Math.min(this.#delay * 2, MAX_DELAY_MS);
    if (this.#host.isConnected) this.#later();
  };
}
