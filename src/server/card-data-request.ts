import { CARD_FIELDS } from '../protocol/index.ts';
import { findCardData, textHasCardNumber } from './card-data.ts';

/**
 * Card data beyond the session body: in the address the browser asked (path and query), in the
 * headers the merchant names, and in the order the merchant's `buildOrder` made. Each answers where
 * (`query.ref`, `path`, `headers.x-cart`, `order.products.0.title`), never the value, so a refusal
 * cannot echo a card number into a log or a page.
 */

/** "card_number", "cardNumber", "card-number" all normalise to "cardnumber". */
const normaliseKey = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Names that are card fields in a query whatever the shop: the direct payment body's card fields.
 * Not the body's wider set (`number`, `expiry`, `exp`): in an address those are a shop's own
 * parameters (an order number on a return page), read by value like any other.
 */
const CARD_QUERY_NAMES = new Set([...CARD_FIELDS, 'cardnumber'].map(normaliseKey));

/**
 * The query as one object per name (repeated names as arrays), each name prefixed with `query.` so
 * the body's card-field names are not applied to it and every path found names the query.
 */
function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[`query.${key}`] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape is read as it stands: its digits are still digits.
    return segment;
  }
};

/**
 * Where the request's address or a named header carries card data, or undefined. The query is read
 * as a body is (every value, every name, a number split across two parameters); the path one
 * segment at a time, decoded; each named header as text.
 */
export function findCardDataInRequest(
  request: Request,
  headerNames: readonly string[] = [],
): string | undefined {
  const url = new URL(request.url);
  if (url.pathname.split('/').some((segment) => textHasCardNumber(decoded(segment)))) return 'path';
  if (url.search) {
    for (const key of url.searchParams.keys())
      if (CARD_QUERY_NAMES.has(normaliseKey(key))) return `query.${key}`;
    const where = findCardData(queryObject(url.searchParams));
    if (where) return where === '(key)' ? 'query.(key)' : where;
  }
  for (const name of headerNames) {
    const value = request.headers.get(name);
    if (value && textHasCardNumber(value)) return `headers.${name.toLowerCase()}`;
  }
  return undefined;
}

const CARD_KEYS = new Set<string>(CARD_FIELDS);

/**
 * Where the order the merchant built carries card data: a card field's name, or a card number in
 * any value (a product title made from a reference the browser sent, a client field, a redirect
 * address). Each value is read on its own: the order is the merchant's, not a form a person split
 * a number across.
 */
export function findCardDataInOrder(order: unknown): string | undefined {
  const stack: Array<{ value: unknown; path: string }> = [{ value: order, path: 'order' }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
      if (textHasCardNumber(String(value))) return path;
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (!Array.isArray(value) && CARD_KEYS.has(key)) return `${path}.${key}`;
      stack.push({ value: child, path: `${path}.${key}` });
    }
  }
  return undefined;
}

/** The order `buildOrder` made carries card data: refused before it is sent (a 400 naming where). */
export class CardDataInOrderError extends Error {
  override readonly name = 'CardDataInOrderError';
  constructor(readonly where: string) {
    super(
      `the order built for this session carries card data (refused: ${where}); nothing was sent to the gateway. ` +
        'Card data goes to the order’s api_do_url only: never put it in an order, a title or a reference',
    );
  }
}
