/** The order object the API answers and webhooks carry, built from the sandbox's record. */
import { type OrderWire, toMajor } from '../protocol/index.ts';
import { unix } from './clock.ts';
import type { OrderRecord } from './records.ts';

export interface OrderJsonContext {
  /** The sandbox's own origin, for api_do_url and the hosted pages. */
  origin: string;
  /** The merchant has AVS enabled for every order. */
  avsEnabled: boolean;
}

const timestamp = (d: Date | null) => (d ? unix(d) : null);

export function orderJson(o: OrderRecord, { origin, avsEnabled }: OrderJsonContext): OrderWire {
  // Unknown request fields are kept on the order, as the gateway keeps them.
  const { client, products: _products, ...rest } = o.request;
  const currency = rest.currency ?? 'EUR';
  return {
    ...rest,
    id: o.id,
    number: o.number,
    status: o.status,
    currency,
    language: rest.language ?? 'en',
    skip_capture: rest.skip_capture ?? false,
    is_moto: rest.is_moto ?? false,
    is_test: true,
    payment_system: rest.payment_system ?? null,
    dynamic_descriptor: rest.dynamic_descriptor ?? null,
    sdwo_merchant_id: rest.sdwo_merchant_id ?? null,
    setup_future_use: rest.setup_future_use ?? null,
    force_save_method: rest.force_save_method ?? false,
    enable_avs: avsEnabled || o.avsResult !== null,
    client: { ...client, id: o.clientId },
    products: o.lines.map((l) => ({
      ...l.request,
      id: l.id,
      quantity: l.request.quantity ?? 1,
      description: l.request.description ?? null,
      tax: l.request.tax ?? null,
      tax_percent: l.taxPercent,
      total: toMajor(l.totalMinor),
      tax_amount: toMajor(l.taxMinor),
      currency,
    })),
    api_do_url: `${origin}/pay/${o.token}/`,
    full_page_checkout: `${origin}/checkout/${o.token}/`,
    iframe_checkout: `${origin}/checkout/${o.token}/iframe/`,
    direct_post: `${origin}/direct/${o.token}/`,
    success_redirect: rest.success_redirect ?? null,
    failure_redirect: rest.failure_redirect ?? null,
    cancel_redirect: rest.cancel_redirect ?? null,
    in_progress_redirect: rest.in_progress_redirect ?? null,
    subtotal: toMajor(o.subtotalMinor),
    total_tax: toMajor(o.taxMinor),
    total_discount: 0,
    total: toMajor(o.totalMinor),
    amount_refunded: toMajor(o.refundedMinor),
    issued: timestamp(o.issuedAt),
    modified: timestamp(o.modifiedAt),
    paid: timestamp(o.paidAt),
    captured: timestamp(o.capturedAt),
    status_changes: o.statusChanges.map((c) => ({ ...c })),
    transaction_details: {
      card_masked_pan: o.card?.masked ?? null,
      cardholder_name: o.card?.holder ?? null,
      card_issuer_country: o.card?.issuerCountry ?? null,
      card_type: o.card?.brand ?? null,
      errors: o.errors.map((e) => ({ ...e })),
      processing_status: o.processingStatus,
      three_d_secure_status: o.threeDSStatus,
      amount_authorized: o.authorizedMinor === null ? null : toMajor(o.authorizedMinor),
      amount_released: toMajor(o.releasedMinor),
      amount_refunded: toMajor(o.refundedMinor),
      amount_reversed: toMajor(o.reversedMinor),
      chargebacks: o.chargeback
        ? [
            {
              amount: toMajor(o.authorizedMinor ?? o.totalMinor),
              reason: 'sandbox test card',
              on: timestamp(o.paidAt),
            },
          ]
        : [],
      avs_result: o.avsResult ? { ...o.avsResult } : null,
      saved_card_id: o.savedCardId,
    },
  };
}

const PAY_TOKEN = /\/(pay|checkout|direct)\/[\w-]+\//;

/**
 * An order (or any delivery body) with the pay token cut out of its addresses: for what the control
 * surface shows, since anyone holding api_do_url can pay the order.
 */
export function withoutPayToken<T>(body: T): T {
  if (!body || typeof body !== 'object' || !('api_do_url' in body)) return body;
  const order = body as OrderWire;
  const hide = (url: string | null | undefined) => url?.replace(PAY_TOKEN, '/$1/…/');
  return {
    ...order,
    api_do_url: hide(order.api_do_url),
    full_page_checkout: hide(order.full_page_checkout),
    iframe_checkout: hide(order.iframe_checkout),
    direct_post: hide(order.direct_post),
  } as T;
}
