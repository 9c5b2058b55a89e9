import type { Catalog } from '../i18n/index.ts';

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
const MISSING = new Set(['required', 'too_small', 'invalid_type']);

/** Where a path lands: the session request's own paths, or the order's (`client.*`) as the gateway names them. */
function targetOf(path: string): ['email'] | ['address', string] | ['consent'] | null {
  const [head, key] = path.split('.');
  if (path === 'email' || path === 'client.email') return ['email'];
  if (head === 'save_consent') return ['consent'];
  if (head === 'billing_address') return ['address', key && ADDRESS_KEYS.has(key) ? key : 'address'];
  if (head === 'client' && key && ADDRESS_KEYS.has(key)) return ['address', key];
  return null;
}

/** Whether a path names a field the checkout shows. */
export const isPlaceable = (path: string): boolean => targetOf(path) !== null;

export function placeFieldErrors(t: Catalog, issues: readonly ServerFieldIssue[]): PlacedFieldErrors {
  let email: string | null = null;
  const address = new Map<string, string>();
  const consent = new Map<string, string>();
  const unplaced: ServerFieldIssue[] = [];
  for (const issue of issues) {
    const target = targetOf(issue.path);
    const missing = MISSING.has(issue.code ?? '');
    if (!target) unplaced.push(issue);
    else if (target[0] === 'email') email ??= missing ? t.required : t.emailInvalid;
    else if (target[0] === 'consent') consent.set('consent', t.required);
    else if (!address.has(target[1]))
      address.set(
        target[1],
        missing ? t.required : target[1] === 'zip_code' ? t.postalInvalid : t.fieldInvalid,
      );
  }
  return { email, address, consent, unplaced };
}
