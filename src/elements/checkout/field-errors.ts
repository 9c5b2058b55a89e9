/** A field the merchant's server named in a refused session request (`{ path, message, code }`). */
export interface ServerFieldIssue {
  readonly path: string;
  readonly message: string;
  readonly code?: string | undefined;
}

/**
 * The server's field errors placed onto the checkout's fields, each worded in the page's language
 * from its path and code. The server's own words are for developers and never reach the shopper.
 */
export interface PlacedFieldErrors {
  readonly email: string | null;
  /** By the billing address element's field ids (the protocol's keys: zip_code, address, …). */
  readonly address: ReadonlyMap<string, string>;
  /** By the consent element's field id. */
  readonly consent: ReadonlyMap<string, string>;
  /** Paths no field of the checkout shows (a page's own field, such as an agent's amount). */
  readonly unplaced: readonly ServerFieldIssue[];
}

const ADDRESS_KEYS = new Set(['first_name', 'last_name', 'address', 'city', 'zip_code', 'country', 'state']);
/** A field of the checkout: the e-mail, one of the billing address's (by its key), the consent. */
export type FieldTarget = ['email'] | ['address', string] | ['consent'];

/** Where a path lands: the session request's own paths, or the order's (`client.*`) as the gateway names them. */
export function fieldTarget(path: string): FieldTarget | null {
  const [head, key] = path.split('.');
  if (path === 'email' || path === 'client.email') return ['email'];
  if (head === 'save_consent') return ['consent'];
  if (head === 'billing_address') return ['address', key && ADDRESS_KEYS.has(key) ? key : 'address'];
  if (head === 'client' && key && ADDRESS_KEYS.has(key)) return ['address', key];
  return null;
}

/** Whether a path names a field the checkout shows. */
export const isPlaceable = (path: string): boolean => fieldTarget(path) !== null;
