import type { ReactiveController, ReactiveElement } from 'lit';
import type { AttemptRecord } from '../../flow/payment-flow.ts';
import type { CheckoutSession } from '../../protocol/session.ts';
import { onDemand } from '../shared/on-demand.ts';

/**
 * This document. A record written by it belongs to this visit of the page (a single-page app that
 * shows its checkout again); one written by another document only to a reload of the same address.
 */
const THIS_PAGE = Math.random();

export interface Stored {
  readonly savedAt: number;
  /** The document that wrote the record. */
  readonly page: number;
  /** Which checkout the attempt belongs to: its session-url, or the api-do-url of its order. */
  readonly checkout: string;
  readonly session: CheckoutSession;
  readonly challengeUrl?: string;
  readonly cardSaved?: boolean;
}

/**
 * An attempt as kept: the flow's record, and whether the customer agreed to save the card (a
 * zero-amount result picked up after a 3-D Secure redirect says "Card saved", not "Card verified").
 */
export type KeptAttempt = AttemptRecord & { readonly cardSaved?: boolean };

/**
 * Keeps a checkout's payment attempt across a reload of its page, and asks before the page is left
 * while a payment is under way. What is kept, in this tab's sessionStorage only, is the order's
 * addresses as the merchant server gave them (order id, api_do_url, status address), a challenge's
 * address, which checkout they belong to and whether the customer agreed to save the card: never card data, which exists only in the fields and
 * the payment request.
 *
 * A record belongs to one attempt, not to the address: it is picked up only by the same checkout
 * (same session-url or order), only in the visit that wrote it or a reload (or back/forward) of
 * that same address, and it is dropped once its outcome has been shown. A shopper who comes back
 * to the checkout for a new purchase, by a link or inside a single-page app, meets a fresh form.
 * sessionStorage is per tab: another tab never sees it, and a tab opened from this one gets a copy
 * that it drops, being entered by a link (a duplicate of the tab may show that order's status).
 */
export class AttemptResume implements ReactiveController {
  readonly #host: ReactiveElement;
  readonly #busy: () => boolean;
  readonly #checkout: () => string | undefined;
  /** Our own navigation (a redirect to the bank or the gateway's page) is not a person leaving. */
  #leaving = false;
  /** Whether this checkout has looked for an attempt of its own to pick up, and what it found. */
  #looked = false;
  #found: Promise<KeptAttempt | null> | null = null;

  /**
   * @param busy whether a payment is under way (the page then asks before it is left)
   * @param checkout which checkout this is: its session-url, or the api-do-url of its order
   */
  constructor(host: ReactiveElement, busy: () => boolean, checkout: () => string | undefined) {
    this.#host = host;
    this.#busy = busy;
    this.#checkout = checkout;
    host.addController(this);
  }

  hostUpdated(): void {
    this.#guard(this.#busy());
  }

  hostDisconnected(): void {
    this.#guard(false);
  }

  /** The checkout is about to navigate the page itself. */
  navigating(): void {
    this.#leaving = true;
    // Back from the back/forward cache (its only pageshow from now on), the page lives on:
    // leaving it again is a person leaving.
    addEventListener('pageshow', () => (this.#leaving = false), { once: true });
  }

  save(record: KeptAttempt, savedAt = Date.now()): void {
    const checkout = this.#checkout();
    if (!checkout) return;
    const stored: Stored = { savedAt, page: THIS_PAGE, checkout, ...record };
    try {
      sessionStorage.setItem(this.#key(), JSON.stringify(stored));
    } catch {
      // Storage full or disabled (some private modes): the page still asks before it is left.
    }
  }

  /**
   * The attempt to pick up after a reload, looked for once, as soon as the checkout knows which
   * checkout it is (a page may set session-url later); null at once when this checkout keeps none
   * (most visits) or when `eligible` says it picks nothing up (a hosted presentation).
   */
  toPickUp(eligible: boolean): Promise<KeptAttempt | null> | null {
    if (!this.#looked && this.#checkout()) {
      this.#looked = true;
      this.#found = eligible ? this.take() : null;
    }
    return this.#found;
  }

  /**
   * The attempt this checkout had under way before a reload (or earlier in this visit) whose
   * outcome has not been shown yet; null for anything else, which is dropped. The record stays
   * until `clear()`, now as this page's, so a reload while its status is asked finds it again.
   * Null at once when nothing is kept; otherwise the record is read by the on-demand part that
   * checks it (only a page that had a payment under way loads it).
   */
  take(): Promise<KeptAttempt | null> | null {
    const checkout = this.#checkout();
    // Not configured yet: nothing can be told about the record, so it is left alone.
    if (!checkout) return null;
    let raw: string | null = null;
    try {
      raw = sessionStorage.getItem(this.#key());
    } catch {
      // Storage disabled: nothing was kept.
    }
    if (raw === null) return null;
    return onDemand.outcomes().then((part) => {
      const kept = part.keptAttempt(raw, checkout, THIS_PAGE);
      if (!kept) {
        this.clear();
        return null;
      }
      // The hour still counts from the payment: reloading again and again does not stretch it.
      this.save(kept.record, kept.savedAt);
      return kept.record;
    });
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

  /**
   * A beforeunload listener only while paying: an idle checkout must not keep the page out of the
   * back/forward cache (Firefox never caches a page that has one). Adding it twice adds it once.
   */
  #guard(on: boolean): void {
    window[on ? 'addEventListener' : 'removeEventListener']('beforeunload', this.#onBeforeUnload);
  }

  readonly #onBeforeUnload = (event: BeforeUnloadEvent): void => {
    if (this.#leaving || !this.#busy()) return;
    // Browsers show their own words; both calls are needed for every browser to ask.
    event.preventDefault();
    event.returnValue = '';
  };
}
