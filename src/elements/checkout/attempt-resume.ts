import type { ReactiveController, ReactiveElement } from 'lit';
import type { AttemptRecord } from '../../flow/payment-flow.ts';
import type { CheckoutSession } from '../../protocol/session.ts';

/** How long a reloaded page still picks up an attempt: past it, the page is a new visit. */
const KEEP_MS = 60 * 60 * 1000;

interface Stored {
  readonly savedAt: number;
  readonly session: CheckoutSession;
  readonly challengeUrl?: string;
}

/**
 * Keeps a checkout's last payment attempt across a reload of its page, and asks before the page is
 * left while a payment is under way. What is kept, in this tab's sessionStorage only, is the
 * order's addresses as the merchant server gave them (order id, api_do_url, status address) and a
 * challenge's address: never card data, which exists only in the fields and the payment request.
 */
export class AttemptResume implements ReactiveController {
  readonly #host: ReactiveElement;
  readonly #busy: () => boolean;
  /** Our own navigation (a redirect to the bank or the gateway's page) is not a person leaving. */
  #leaving = false;

  constructor(host: ReactiveElement, busy: () => boolean) {
    this.#host = host;
    this.#busy = busy;
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('beforeunload', this.#onBeforeUnload);
  }

  hostDisconnected(): void {
    window.removeEventListener('beforeunload', this.#onBeforeUnload);
  }

  /** The checkout is about to navigate the page itself. */
  navigating(): void {
    this.#leaving = true;
  }

  save(record: AttemptRecord): void {
    const stored: Stored = { savedAt: Date.now(), ...record };
    try {
      sessionStorage.setItem(this.#key(), JSON.stringify(stored));
    } catch {
      // Storage full or disabled (some private modes): the page still asks before it is left.
    }
  }

  /** The attempt this page had under way before a reload, if it is recent. */
  load(): AttemptRecord | null {
    let stored: Partial<Stored> | null = null;
    try {
      stored = JSON.parse(sessionStorage.getItem(this.#key()) ?? 'null') as Partial<Stored> | null;
    } catch {
      stored = null;
    }
    const session = stored?.session;
    if (
      !stored ||
      typeof stored.savedAt !== 'number' ||
      Date.now() - stored.savedAt > KEEP_MS ||
      typeof session?.status_url !== 'string' ||
      typeof session.order_id !== 'string' ||
      typeof session.api_do_url !== 'string'
    ) {
      this.clear();
      return null;
    }
    return typeof stored.challengeUrl === 'string'
      ? { session, challengeUrl: stored.challengeUrl }
      : { session };
  }

  clear(): void {
    try {
      sessionStorage.removeItem(this.#key());
    } catch {
      // Nothing kept, nothing to clear.
    }
  }

  /** One record per page address and checkout (its id, when a page has several). */
  #key(): string {
    const id = (this.#host as unknown as HTMLElement).id;
    return `gateway-checkout:attempt:${location.pathname}${location.search}${id ? `#${id}` : ''}`;
  }

  readonly #onBeforeUnload = (event: BeforeUnloadEvent): void => {
    if (this.#leaving || !this.#busy()) return;
    // Browsers show their own words; both calls are needed for every browser to ask.
    event.preventDefault();
    event.returnValue = '';
  };
}
