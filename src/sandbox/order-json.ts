/** The order object the API answers and webhooks carry, built from the sandbox's record. */
import { type OrderWire, toMajor } from '../protocol/index.ts';
import { ISSUER_COUNTRIES, type IssuerCountry } from './cards.ts';
import { unix } from './clock.ts';
import type { OrderRecord } from './records.ts';

/**
 * How `transaction_details.card_issuer_country`, `processing_status` and `three_d_secure_status`
 * are answered: `plain` values (what current PHP clients read; the default), or the `objects` the
 * 2019 Go client declares (`{type, iso_code, code, display_name}`, `{description, on, code}`,
 * `{description, on, mpi_status_code}`, `on` as text), as a white-label gateway's recorded answer
 * sends them. A client of the real gateway must read both.
 */
export const TRANSACTION_DETAILS_SHAPES = ['plain', 'objects'] as const;
export type TransactionDetailsShape = (typeof TRANSACTION_DETAILS_SHAPES)[number];

export interface OrderJsonContext {
  /** The sandbox's own origin, for api_do_url and the hosted pages. */
  origin: string;
  /** The merchant has AVS enabled for every order. */
  avsEnabled: boolean;
  transactionDetails: TransactionDetailsShape;
}

const timestamp = (d: Date | null) => (d ? unix(d) : null);

/** The card's issuing country as the Go client's object reads it. */
function issuerCountryObject(code: string) {
  const known = ISSUER_COUNTRIES[code as IssuerCountry];
  return { type: 'country', iso_code: known?.iso ?? null, code, display_name: known?.name ?? code };
}

/** When a status was last set: the newest status change, as the Go client's text `on`. */
const lastChangeOn = (o: OrderRecord): string =>
  new Date((o.statusChanges.at(-1)?.on ?? unix(o.modifiedAt)) * 1000).toISOString();

function detailValues(o: OrderRecord, shape: TransactionDetailsShape) {
  if (shape === 'plain') {
    return {
      card_issuer_country: o.card?.issuerCountry ?? null,
      processing_status: o.processingStatus,
      three_d_secure_status: o.threeDSStatus,
    };
  }
  const on = lastChangeOn(o);
  return {
    card_issuer_country: o.card ? issuerCountryObject(o.card.issuerCountry) : null,
    processing_status:
      o.processingStatus === null ? null : { description: o.processingStatus, on, code: o.processingStatus },
    three_d_secure_status:
      o.threeDSStatus === null
        ? null
        : { description: o.threeDSStatus, on, mpi_status_code: o.threeDSStatus },
  };
}

export function orderJson(
  o: OrderRecord,
  { origin, avsEnabled, transactionDetails }: OrderJsonContext,
): OrderWire {
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
    // The order's page at the gateway: here its hosted payment page, where the customer can pay it.
    link: `${origin}/checkout/${o.token}/`,
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
      ...detailValues(o, transactionDetails),
      card_type: o.card?.brand ?? null,
      errors: o.errors.map((e) => ({ ...e })),
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
    link: hide(order.link),
  } as T;
}
