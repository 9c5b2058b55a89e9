import type { ReactiveElement } from 'lit';
import type { Catalog } from '../i18n/index.ts';
import type { OutcomeParts } from './checkout-outcome.ts';
import type { FieldTarget, PlacedFieldErrors, ServerFieldIssue } from './field-errors.ts';

// The merchant server's word on fields it named: only a refused session request has one, so this
// loads with the first (an on-demand part). Where each path lands is the checkout's own rule
// (`fieldTarget`, which its messages use too), handed in: this part carries no second copy of it.

const MISSING = new Set(['required', 'too_small', 'invalid_type']);

/** Where a path lands on the checkout's fields (`fieldTarget`), null for none. */
export type Target = (path: string) => FieldTarget | null;

export function placeFieldErrors(
  t: Catalog,
  issues: readonly ServerFieldIssue[],
  targetOf: Target,
): PlacedFieldErrors {
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

/** The merchant server's word on fields it named, beside each field, and the focus on the first. */
export async function showServerFieldErrors(
  host: ReactiveElement,
  t: Catalog,
  fields: readonly ServerFieldIssue[],
  parts: OutcomeParts,
  targetOf: Target,
): Promise<void> {
  const placed = placeFieldErrors(t, fields, targetOf);
  if (placed.email) parts.email.showServerError(placed.email);
  const address = parts.address?.showServerErrors(placed.address) ?? false;
  const consent = parts.consent?.showServerErrors(placed.consent) ?? false;
  await host.updateComplete;
  if (placed.email) host.renderRoot.querySelector<HTMLElement>('#email')?.focus();
  else if (address) parts.address?.reportValidity();
  else if (consent) parts.consent?.reportValidity();
}
