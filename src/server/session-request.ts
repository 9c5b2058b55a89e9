import {
  type CheckoutConfig,
  type CheckoutSessionRequest,
  describeIssues,
  type FieldIssue,
  type OrderRequest,
} from '../protocol/index.ts';
import type { OrderDraft } from './checkout.ts';

/**
 * The session request as the checkout handler reads it: what is scanned for card data, the rules
 * that depend on what the merchant offers, and how the browser's data joins the merchant's order.
 */

/**
 * What of the body is read for card data: not the idempotency key (the element makes it up at
 * random, or the merchant does; a timestamp in it, `order-1795526786649`, may pass the Luhn check),
 * and the bot-check token alone, not joined to the fields a customer typed (it is a provider's
 * opaque string). Every other value is read one field at a time and all together.
 */
export function withoutOwnFields(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const { idempotency_key: key, verification: token, ...rest } = raw as Record<string, unknown>;
  return [
    ...(typeof key === 'string' ? [] : [key]),
    rest,
    // Its own array: the split-number chain never runs from a typed field into the token.
    ...(token === undefined ? [] : [[token]]),
  ];
}

export const describeFields = (lead: string, fields: FieldIssue[]) => `${lead}: ${describeIssues(fields)}`;

/** The rules that depend on what the merchant offers: consent, AVS address, e-mail. */
export function checkAgainstConfig(body: CheckoutSessionRequest, config: CheckoutConfig): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const save = config.save;
  if (body.save_consent && !save)
    issues.push({
      path: 'save_consent',
      message: 'no saving of the payment method is offered',
      code: 'not_offered',
    });
  if (save?.consent_required && !body.save_consent)
    issues.push({
      path: 'save_consent',
      message: 'is required: the customer must agree to saving the payment method',
      code: 'required',
    });
  if (save && body.save_consent && save.method !== 'merchant' && body.save_consent.scenario !== save.method)
    issues.push({
      path: 'save_consent.scenario',
      message: `must be ${save.method}, as offered`,
      code: 'invalid',
    });
  if (config.avs !== 'off' && !body.billing_address)
    issues.push({
      path: 'billing_address',
      message: 'is required: address verification (AVS) needs it',
      code: 'required',
    });
  if (config.collect_email && !body.email)
    issues.push({ path: 'email', message: 'is required', code: 'required' });
  return issues;
}

/**
 * Why this order may not be made as it stands: it saves the card (for the customer's use or the
 * merchant's) to a client the merchant's server did not name, only an e-mail typed in the page.
 * A script of the page could type its own, and the card would be saved to its client.
 */
export function typedEmailSaving(
  draft: OrderDraft,
  order: OrderRequest,
  config: CheckoutConfig,
): FieldIssue | null {
  const saves = !!order.setup_future_use || config.save?.method === 'merchant';
  if (!saves || draft.client?.email) return null;
  return {
    path: 'client.email',
    message:
      'must be set by buildOrder when the card is saved (the signed-in customer): an e-mail typed in the page is the page’s word; saveToTypedEmail: true opts in to guest saving',
    code: 'typed_email_saving',
  };
}

/**
 * The order holds the amount only (`skip_capture`) while the config, what the checkout shows the
 * customer, says nothing of it: the customer would read "Pay" for a reservation.
 */
export function unshownHold(order: OrderRequest, config: CheckoutConfig): FieldIssue | null {
  return order.skip_capture && !config.two_step
    ? {
        path: 'skip_capture',
        message:
          'is set by buildOrder while the checkout config does not say two_step: true, which the checkout shows',
        code: 'not_shown',
      }
    : null;
}

/** Merges what the browser sent into the merchant's order; the merchant's cart decides the money. */
export function mergeOrder(
  draft: OrderDraft,
  body: CheckoutSessionRequest,
  config: CheckoutConfig,
): OrderRequest {
  const billing = Object.fromEntries(
    Object.entries(body.billing_address ?? {}).filter(([, value]) => value !== undefined && value !== ''),
  );
  // The client e-mail the merchant's server set is its customer's: a typed one (the page's word, which
  // any script of the page can rewrite) only fills in where the server set none.
  const email = draft.client?.email || body.email;
  const order: OrderRequest = {
    ...draft,
    client: { ...draft.client, ...billing, email: email ?? '' },
    currency: draft.currency ?? config.currency,
    language: draft.language ?? config.language,
  };
  if (body.save_consent) order.setup_future_use = body.save_consent.scenario;
  // What the customer was shown (a reservation) is what the order does.
  if (config.two_step) order.skip_capture = true;
  if (config.moto) order.is_moto = true;
  return order;
}
