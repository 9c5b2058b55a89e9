import { z } from 'zod';

/**
 * Order statuses seen in clients of the real gateway. The client keeps any other string too: the
 * gateway may add statuses, and a payment page must not break on one it has not seen.
 */
export const ORDER_STATUSES = [
  'draft',
  'issued',
  'viewed',
  'in_progress',
  'cancelled',
  'overdue',
  'expired',
  'rejected',
  'hold',
  'paid',
  'withdrawn',
  'chargeback',
  'refunded',
  'received',
] as const;
export type KnownOrderStatus = (typeof ORDER_STATUSES)[number];
export type OrderStatus = KnownOrderStatus | (string & {});

/** How a merchant should read a status: the vendor's plugins treat paid and withdrawn as success. */
export type PaymentOutcome =
  | 'pending'
  | 'succeeded'
  | 'held'
  | 'declined'
  | 'refunded'
  | 'cancelled'
  | 'unknown';

export function outcomeOf(status: OrderStatus): PaymentOutcome {
  switch (status) {
    case 'paid':
    case 'withdrawn':
    case 'received':
      return 'succeeded';
    case 'hold':
      return 'held';
    case 'draft':
    case 'issued':
    case 'viewed':
    case 'in_progress':
      return 'pending';
    case 'rejected':
    case 'expired':
    case 'overdue':
      return 'declined';
    case 'refunded':
    case 'chargeback':
      return 'refunded';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'unknown';
  }
}

/** True once an order has left the pending states for good (as far as a payment page cares). */
export const isSettled = (status: OrderStatus): boolean => outcomeOf(status) !== 'pending';

const timestamp = z.number().int().nullish();
const decimal = z.coerce.number().nullish();

export const statusChangeSchema = z.looseObject({ new_status: z.string(), on: z.number().int() });

export const transactionErrorSchema = z.looseObject({
  on: z.number().int().nullish(),
  description: z.string(),
  code: z.string().nullish(),
});

/** The issuer's country, in one shape whichever the gateway sent. */
export interface CardIssuerCountry {
  /** "US" (a plain value lands here). */
  code: string | null;
  iso_code: string | null;
  display_name: string | null;
  type: string | null;
}
/** A processing or 3-D Secure status, in one shape whichever the gateway sent. */
export interface StatusDetail {
  /** What happened, in words (a plain value lands here). */
  description: string | null;
  code: string | null;
  /** Unix seconds, when the gateway says. */
  on: number | null;
}

const text = z.union([z.string(), z.number()]).transform(String).nullish();
const unixTime = z.union([z.number(), z.string()]).nullish();
const emptyToNull = <T>(value: T | null | undefined): T | null => value ?? null;

/**
 * Sources differ on these three fields: newer clients read plain values ("US", "captured"), a
 * 2019 Go client objects (`{type, iso_code, code, display_name}`, `{description, on, code}`,
 * `{description, on, mpi_status_code}`). Either is read, and the merchant gets one shape; extra
 * keys of the object are kept.
 */
const cardIssuerCountry = z
  .union([z.string(), z.looseObject({ type: text, iso_code: text, code: text, display_name: text })])
  .nullable()
  .transform((value): (CardIssuerCountry & Record<string, unknown>) | null => {
    if (value == null) return null;
    if (typeof value === 'string') return { code: value, iso_code: null, display_name: null, type: null };
    return {
      ...value,
      code: emptyToNull(value.code),
      iso_code: emptyToNull(value.iso_code),
      display_name: emptyToNull(value.display_name),
      type: emptyToNull(value.type),
    };
  })
  .optional();

const statusDetail = (codeKey: 'code' | 'mpi_status_code') =>
  z
    .union([
      z.string(),
      z.looseObject({ description: text, on: unixTime, code: text, mpi_status_code: text }),
    ])
    .nullable()
    .transform((value): (StatusDetail & Record<string, unknown>) | null => {
      if (value == null) return null;
      if (typeof value === 'string') return { description: value, code: null, on: null };
      const on = typeof value.on === 'string' ? Date.parse(value.on) / 1000 : value.on;
      return {
        ...value,
        description: emptyToNull(value.description),
        code: emptyToNull(value[codeKey] ?? value.code),
        on: Number.isFinite(on) ? Math.trunc(on as number) : null,
      };
    })
    .optional();

/**
 * A list here; a white-label gateway on the same API answers `{}` when there are none (its
 * non-empty object is not published: a map of records reads as its records, one record as itself).
 */
const chargebacks = z
  .union([z.array(z.unknown()), z.record(z.string(), z.unknown())])
  .nullable()
  .transform((value): unknown[] | null => {
    if (value === null || Array.isArray(value)) return value;
    const entries = Object.values(value);
    if (entries.length === 0) return [];
    return entries.every((e) => e !== null && typeof e === 'object') ? entries : [value];
  })
  .optional();

export const transactionDetailsSchema = z.looseObject({
  card_masked_pan: z.string().nullish(),
  cardholder_name: z.string().nullish(),
  card_issuer_country: cardIssuerCountry,
  errors: z.array(transactionErrorSchema).nullish(),
  processing_status: statusDetail('code'),
  three_d_secure_status: statusDetail('mpi_status_code'),
  amount_refunded: decimal,
  amount_reversed: decimal,
  chargebacks,
  // AVS result: not specified in the public material; the sandbox decides the shape (see sandbox).
  avs_result: z.looseObject({ code: z.string(), description: z.string() }).nullish(),
});

export const orderProductSchema = z.looseObject({
  id: z.string().nullish(),
  title: z.string(),
  price: z.coerce.number(),
  quantity: z.coerce.number().nullish(),
  description: z.string().nullish(),
  tax: z.unknown().optional(),
  tax_percent: decimal,
  total: decimal,
  tax_amount: decimal,
  currency: z.string().nullish(),
});

/** An order as the gateway returns it. Known fields typed, every other field kept. */
export const orderSchema = z.looseObject({
  id: z.string(),
  number: z.string().nullish(),
  status: z.string() as z.ZodType<OrderStatus, OrderStatus>,
  currency: z.string().nullish(),
  language: z.string().nullish(),
  skip_capture: z.boolean().nullish(),
  is_moto: z.boolean().nullish(),
  is_test: z.boolean().nullish(),
  payment_system: z.string().nullish(),
  dynamic_descriptor: z.string().nullish(),
  sdwo_merchant_id: z.string().nullish(),
  setup_future_use: z.string().nullish(),
  force_save_method: z.boolean().nullish(),
  enable_avs: z.boolean().nullish(),
  client: z.looseObject({ email: z.string().nullish(), id: z.string().nullish() }).nullish(),
  products: z.array(orderProductSchema).nullish(),
  api_do_url: z.string().nullish(),
  full_page_checkout: z.string().nullish(),
  iframe_checkout: z.string().nullish(),
  direct_post: z.string().nullish(),
  // The order's own page at the gateway (public clients read it; its meaning beyond that is unpublished).
  link: z.string().nullish(),
  success_redirect: z.string().nullish(),
  failure_redirect: z.string().nullish(),
  cancel_redirect: z.string().nullish(),
  in_progress_redirect: z.string().nullish(),
  subtotal: decimal,
  total_tax: decimal,
  total_discount: decimal,
  total: decimal,
  amount_refunded: decimal,
  issued: timestamp,
  modified: timestamp,
  paid: timestamp,
  captured: timestamp,
  status_changes: z.array(statusChangeSchema).nullish(),
  transaction_details: transactionDetailsSchema.nullish(),
  // Read by public clients beyond the first list; the gateway's own shapes are not published.
  due: unixTime,
  viewed: z.unknown().optional(),
  permitted_actions: z.unknown().optional(),
  fraud_check_status: z.unknown().optional(),
  fee_details: z.unknown().optional(),
});

/** An order as the helper hands it to the merchant: read leniently, `transaction_details` normalised. */
export type Order = z.infer<typeof orderSchema>;
/** An order as it travels (what the gateway, and the sandbox, send). */
export type OrderWire = z.input<typeof orderSchema>;
export type StatusChange = z.infer<typeof statusChangeSchema>;
export type TransactionDetails = z.infer<typeof transactionDetailsSchema>;

/** A page of a list endpoint: `{next, previous, results}`. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.looseObject({ next: z.string().nullish(), previous: z.string().nullish(), results: z.array(item) });
export type Page<T> = { next?: string | null; previous?: string | null; results: T[] };

/** The client resource of POST /clients/ and GET /clients/{id}/. */
export const clientResourceSchema = z.looseObject({
  id: z.string(),
  email: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  phone: z.string().nullish(),
});
export type ClientResource = z.infer<typeof clientResourceSchema>;

/** The tax resource of POST /taxes/. */
export const taxSchema = z.looseObject({
  type: z.string(),
  id: z.string(),
  name: z.string(),
  percent: z.coerce.number(),
});
export type Tax = z.infer<typeof taxSchema>;

/** The product resource of /products/: a catalogue entry, with its tax's percent when it has one. */
export const productResourceSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  price: z.coerce.number(),
  description: z.string().nullish(),
  currency: z.string().nullish(),
  tax: z.string().nullish(),
  tax_percent: decimal,
  // Two public clients read `product.brand.brand_name` (a white-label shop's product page).
  brand: z.looseObject({ brand_name: z.string().nullish() }).nullish(),
  link: z.string().nullish(),
});
export type ProductResource = z.infer<typeof productResourceSchema>;

/** The reason a declined order gives: its newest transaction error, else its status. */
export const declineReason = (order: Order): string | undefined => {
  const errors = order.transaction_details?.errors ?? [];
  return errors.at(-1)?.description ?? errors[0]?.description;
};
