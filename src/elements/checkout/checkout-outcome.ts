import type { ReactiveElement } from 'lit';
import type { FlowResult } from '../../flow/outcome.ts';
import type { GatewayBillingAddress } from '../billing-address/billing-address.ts';
import type { Catalog } from '../i18n/index.ts';
import type { GatewaySaveConsent } from '../save-consent/save-consent.ts';
import { emit } from './checkout-events.ts';
import { resultText } from './checkout-messages.ts';
import type { EmailField } from './email-field.ts';
import { placeFieldErrors } from './field-errors.ts';

type FailedResult = Extract<FlowResult, { kind: 'failed' }>;
export type ServerFieldIssues = NonNullable<FailedResult['error']['fields']>;

/** Once the result has rendered, the focus goes to what a person does next. */
function focusAfterRender(host: ReactiveElement, selector: string): void {
  void host.updateComplete.then(() => host.renderRoot.querySelector<HTMLElement>(selector)?.focus());
}

/**
 * Tells the page a payment's outcome through its event, and moves the focus to the way on from
 * it. `fieldErrors` places the merchant server's word on fields it named.
 */
export function announceOutcome(
  host: ReactiveElement,
  result: FlowResult,
  t: Catalog,
  moto: boolean,
  fieldErrors: (fields: ServerFieldIssues) => Promise<void>,
): void {
  const newPayment = 'button[part="new-payment"]';
  if (result.kind === 'succeeded') {
    const { amount, currency } = result.status;
    emit(host, 'gateway-success', {
      orderId: result.orderId,
      status: result.status.status,
      amount,
      currency,
    });
    focusAfterRender(host, moto ? newPayment : '.result');
  } else if (result.kind === 'declined') {
    // An agent tells the caller and goes on from "New payment", as after a success.
    if (moto) focusAfterRender(host, newPayment);
    const { amount, currency } = result.status;
    emit(host, 'gateway-decline', { orderId: result.orderId, reason: result.reason, amount, currency });
  } else {
    // The way on after a check left unfinished is to reopen it: the focus waits there.
    if (result.reopenable) focusAfterRender(host, 'button[part="reopen-challenge"]');
    // An integration mistake, not the customer's: the developer's console names the address and the rule.
    if (result.error.type === 'untrusted_gateway') console.error(`gateway-checkout: ${result.error.message}`);
    const fields = result.error.fields;
    if (fields?.length) void fieldErrors(fields);
    emit(host, 'gateway-error', {
      type: result.error.type,
      message: resultText(t, result),
      ...(fields?.length ? { fields } : {}),
    });
  }
}

/** The parts of the checkout that can show a server's word on a field. */
export interface FieldErrorTargets {
  readonly email: EmailField;
  readonly address?: GatewayBillingAddress;
  readonly consent?: GatewaySaveConsent;
}

/** The merchant server's word on fields it named, beside each field, and the focus on the first. */
export async function showServerFieldErrors(
  host: ReactiveElement,
  t: Catalog,
  fields: ServerFieldIssues,
  parts: FieldErrorTargets,
): Promise<void> {
  const placed = placeFieldErrors(t, fields);
  if (placed.email) parts.email.showServerError(placed.email);
  const address = parts.address?.showServerErrors(placed.address) ?? false;
  const consent = parts.consent?.showServerErrors(placed.consent) ?? false;
  await host.updateComplete;
  if (placed.email) host.renderRoot.querySelector<HTMLElement>('#email')?.focus();
  else if (address) parts.address?.reportValidity();
  else if (consent) parts.consent?.reportValidity();
}
