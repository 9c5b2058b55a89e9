import type { CardInput } from '../../card/direct-body.ts';
import type { GatewayCardForm } from './card-form.ts';

/**
 * The one path by which card data leaves a card form: for the `gateway-checkout` element inside
 * this package. Not exported from the package entry. Each card form registers its private reader
 * here when it is constructed; nothing on the element itself exposes the data.
 */
export interface CardAccessor {
  read(): CardInput | null;
  clearSecurityCode(): void;
}

const accessors = new WeakMap<GatewayCardForm, CardAccessor>();

/** Called by the card form's constructor only. */
export function registerCardAccess(form: GatewayCardForm, accessor: CardAccessor): void {
  if (!accessors.has(form)) accessors.set(form, accessor);
}

/**
 * The entered card (number digits, exp month, two-digit exp year, security code unless `moto`,
 * cardholder name when asked for) when the form is complete and valid; otherwise null.
 */
export function readCard(form: GatewayCardForm): CardInput | null {
  return accessors.get(form)?.read() ?? null;
}

/** Empties the security code and keeps the rest (after a decline). */
export function clearSecurityCode(form: GatewayCardForm): void {
  accessors.get(form)?.clearSecurityCode();
}
