import { randomBytes } from 'node:crypto';
import { cookieValue, type Signer, setCookie } from '../http/cookies.ts';
import type { ScenarioName } from '../scenarios.ts';
import type { CartLine } from './catalog.ts';

/** One visitor of the shop: the cart, and the orders its checkouts created. */
export interface ShopVisit {
  lines: CartLine[];
  version: number;
  /** Gateway order ids this visit's checkouts created, with the shop's order number; only these can be looked up. */
  orders: Map<string, string>;
  /**
   * How the checkout page's cart is paid (demo/scenarios.ts), as the page's picker set it on the
   * server: the session endpoint reads it here, never from the page or its addresses.
   */
  scenario: ScenarioName;
}

export const COOKIE = 'bp_visit';
/** Visits that came back with their cookie at least once. */
const MAX_RETURNING = 10_000;
/** Visits seen once: a request without a cookie can only ever push out another of these. */
const MAX_NEW = 2_000;
/** Orders remembered per visit, newest kept. */
const MAX_ORDERS_PER_VISIT = 50;

/** What a new visitor finds in the cart, so the demo has something to pay for. */
const starterCart = (): CartLine[] => [
  { sku: 'balsam-05', quantity: 1 },
  { sku: 'rye-loaf', quantity: 2 },
];

/**
 * Visits kept on the server, keyed by a signed cookie, as a shop keeps carts: the browser holds only
 * the key, and cannot make one up. In memory, bounded twice over: a request without a cookie lands
 * among the new visits, whose oldest it may push out, while visits that came back with their
 * cookie (real customers) live in their own least-recently-used list that cookie-less floods never
 * reach. One process is enough for the demo.
 */
export class VisitStore {
  readonly #returning = new Map<string, ShopVisit>();
  readonly #new = new Map<string, ShopVisit>();
  readonly #signer: Signer;
  readonly #secure: boolean;

  constructor(signer: Signer, options: { secureCookie?: boolean } = {}) {
    this.#signer = signer;
    this.#secure = options.secureCookie ?? false;
  }

  get size(): { returning: number; new: number } {
    return { returning: this.#returning.size, new: this.#new.size };
  }

  /** The visit of a request's cookie, or a new one (then `cookie` is the Set-Cookie to send). */
  visitOf(request: Request): { visit: ShopVisit; cookie?: string } {
    const id = this.#signer.verify('visit', cookieValue(request.headers.get('cookie'), COOKIE));
    if (id) {
      const known = this.#returning.get(id) ?? this.#new.get(id);
      // A signed id the shop no longer holds (restart, or dropped) starts afresh under the same key.
      const visit = known ?? newVisit();
      this.#new.delete(id);
      // Refresh its place, so the returning visits dropped are the least recently used.
      this.#returning.delete(id);
      this.#returning.set(id, visit);
      if (this.#returning.size > MAX_RETURNING) this.#returning.delete(this.#returning.keys().next().value!);
      return { visit };
    }
    const fresh = randomBytes(18).toString('base64url');
    const visit = newVisit();
    this.#new.set(fresh, visit);
    if (this.#new.size > MAX_NEW) this.#new.delete(this.#new.keys().next().value!);
    return {
      visit,
      cookie: setCookie(COOKIE, this.#signer.sign('visit', fresh), { sameSite: 'Lax', secure: this.#secure }),
    };
  }

  /** Remembers an order of this visit (the newest few). */
  static addOrder(visit: ShopVisit, orderId: string, number: string): void {
    visit.orders.delete(orderId);
    visit.orders.set(orderId, number);
    if (visit.orders.size > MAX_ORDERS_PER_VISIT) visit.orders.delete(visit.orders.keys().next().value!);
  }

  static chooseScenario(visit: ShopVisit, scenario: ScenarioName): void {
    visit.scenario = scenario;
  }

  /** The id of this visit's order with that shop number, if it is one of this visit's. */
  static orderByNumber(visit: ShopVisit, number: string): string | undefined {
    for (const [id, n] of visit.orders) if (n === number) return id;
    return undefined;
  }
}

const newVisit = (): ShopVisit => ({
  lines: starterCart(),
  version: 1,
  orders: new Map(),
  scenario: 'one-step',
});
