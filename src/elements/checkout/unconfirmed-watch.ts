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
  readonly #check: () => Promise<boolean>;
  #watching = false;
  #checking = false;
  #delay = FIRST_DELAY_MS;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #connected = false;

  constructor(host: ReactiveControllerHost, check: () => Promise<boolean>) {
    this.#check = check;
    host.addController(this);
  }

  /** Starts (or restarts) watching: the outcome of the last payment is unconfirmed. */
  start(): void {
    this.stop();
    this.#watching = true;
    this.#delay = FIRST_DELAY_MS;
    globalThis.addEventListener?.('online', this.#online);
    this.#schedule();
  }

  /** The outcome is known, or a person asked: no more checks of our own. */
  stop(): void {
    this.#watching = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    globalThis.removeEventListener?.('online', this.#online);
  }

  hostConnected(): void {
    this.#connected = true;
    if (this.#watching) {
      globalThis.addEventListener?.('online', this.#online);
      this.#schedule();
    }
  }

  hostDisconnected(): void {
    this.#connected = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    globalThis.removeEventListener?.('online', this.#online);
  }

  readonly #online = (): void => {
    // The network is back: the likeliest moment for the status to answer.
    this.#delay = FIRST_DELAY_MS;
    void this.#run();
  };

  #schedule(): void {
    clearTimeout(this.#timer);
    if (!this.#connected) return;
    this.#timer = setTimeout(() => void this.#run(), this.#delay);
  }

  async #run(): Promise<void> {
    if (!this.#watching || this.#checking || !this.#connected) return;
    clearTimeout(this.#timer);
    this.#checking = true;
    let still = false;
    try {
      still = await this.#check();
    } finally {
      this.#checking = false;
    }
    if (!still || !this.#watching) return this.stop();
    this.#delay = Math.min(this.#delay * 2, MAX_DELAY_MS);
    this.#schedule();
  }
}
