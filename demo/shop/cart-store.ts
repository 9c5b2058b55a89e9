import { randomBytes } from 'node:crypto';
import type { CartLine } from './catalog.ts';

/** One visitor of the framework apps: the cart and the orders created from it. */
export interface ShopVisit {
  lines: CartLine[];
  version: number;
  /** Gateway order ids this visitor's checkouts created; only these can be looked up. */
  orders: Set<string>;
}

export const COOKIE = 'bp_shop';
const MAX_VISITS = 10_000;

/** What a new visitor finds in the cart, so the demo has something to pay for. */
const starterCart = (): CartLine[] => [
  { sku: 'balsam-05', quantity: 1 },
  { sku: 'rye-loaf', quantity: 2 },
];

/**
 * Carts kept on the server, keyed by a random cookie, as a shop keeps them: the browser holds
 * only the key. In memory, oldest visits dropped first; one process is enough for the demo.
 */
export class CartStore {
  readonly #visits = new Map<string, ShopVisit>();

  /** The visit of a request's cookie, or a new one (then `cookie` is the Set-Cookie to send). */
  visitOf(request: Request): { visit: ShopVisit; cookie?: string } {
    const id = cookieValue(request.headers.get('cookie'), COOKIE);
    const known = id ? this.#visits.get(id) : undefined;
    if (known && id) {
      // Refresh its place, so the visits dropped are the least recently used.
      this.#visits.delete(id);
      this.#visits.set(id, known);
      return { visit: known };
    }
    const fresh = randomBytes(18).toString('base64url');
    const visit: ShopVisit = { lines: starterCart(), version: 1, orders: new Set() };
    this.#visits.set(fresh, visit);
    if (this.#visits.size > MAX_VISITS) this.#visits.delete(this.#visits.keys().next().value!);
    return { visit, cookie: `${COOKIE}=${fresh}; Path=/; HttpOnly; SameSite=Lax` };
  }
}

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
