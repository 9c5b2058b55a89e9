import { z } from 'zod';
import { incompatibilities } from './compatibility.ts';
import { type FieldIssue, fieldIssues } from './errors.ts';
import { clientSchema, type OrderRequest, orderRequestSchema } from './order-request.ts';
import { amount, currencyCode, toMinor } from './primitives.ts';

/** What only the merchant knows, and the spec's rules depend on. */
export interface OrderRuleOptions {
  /** The merchant has AVS enabled: an order without client.address and client.zip_code fails. */
  avsEnabled?: boolean;
  /**
   * Account funding with a card of "card network A" needs more client and recipient fields. The
   * network is known only to the merchant, so it is an explicit option.
   */
  accountFunding?: { cardNetworkA: boolean; issuerCountry?: string };
}

type Ctx = { value: OrderRequest; issues: z.core.$ZodRawIssue[] };
const fail = (ctx: Ctx, path: PropertyKey[], message: string) =>
  ctx.issues.push({ code: 'custom', input: ctx.value, path, message });

function checkScenario(ctx: Ctx): void {
  const req = ctx.value;
  const products = req.products ?? [];
  if (req.payment_system === 'AUTH') {
    if (products.length > 0)
      fail(ctx, ['products'], 'must be absent for a zero-amount order (payment_system AUTH)');
    if (!req.setup_future_use && !req.force_save_method) {
      fail(ctx, ['setup_future_use'], 'a zero-amount order needs setup_future_use or force_save_method');
    }
  } else if (products.length === 0) {
    fail(
      ctx,
      ['products'],
      'must hold at least one product (only a zero-amount order, payment_system AUTH, has none)',
    );
  }
  if (req.recurring_number != null && req.setup_future_use !== 'recurring') {
    fail(ctx, ['recurring_number'], 'is allowed only with setup_future_use recurring');
  }
}

function checkAccountFunding(ctx: Ctx, options: OrderRuleOptions): void {
  const req = ctx.value;
  const networkA = options.accountFunding?.cardNetworkA ?? false;
  if (!req.recipient_client) {
    if (options.accountFunding) fail(ctx, ['recipient_client'], 'is required for an account funding order');
    return;
  }
  if (!networkA) return;
  const required = ['first_name', 'last_name', 'address', 'country', 'city'] as const;
  for (const field of required) {
    if (!req.client[field])
      fail(ctx, ['client', field], 'is required for account funding with card network A');
  }
  const issuer = options.accountFunding?.issuerCountry?.toUpperCase();
  if ((issuer === 'US' || issuer === 'CA') && !req.client.state) {
    fail(
      ctx,
      ['client', 'state'],
      'is required for account funding with card network A when the issuer is in the US or Canada',
    );
  }
  if (!req.recipient_client.recipient_address) {
    fail(
      ctx,
      ['recipient_client', 'recipient_address'],
      'is required for account funding with card network A',
    );
  }
}

function checkAvs(ctx: Ctx, options: OrderRuleOptions): void {
  if (!options.avsEnabled) return;
  for (const field of ['address', 'zip_code'] as const) {
    if (!ctx.value.client[field]?.trim())
      fail(ctx, ['client', field], 'is required when AVS is enabled for the merchant');
  }
}

function checkCompatibility(ctx: Ctx): void {
  for (const bad of incompatibilities(ctx.value)) fail(ctx, [], bad.message);
}

const buildRules = (options: OrderRuleOptions) =>
  orderRequestSchema.check((ctx) => {
    checkScenario(ctx);
    checkAccountFunding(ctx, options);
    checkAvs(ctx, options);
    checkCompatibility(ctx);
  });

// Building the schema costs about 30 validations (npm run bench), and every order is validated
// with one of a few sets of options: keep one schema per set.
const rulesByOptions = new Map<string, ReturnType<typeof buildRules>>();

/** The order-request schema with every cross-field rule of the spec that a request can show. */
export function orderRequestRules(options: OrderRuleOptions = {}): ReturnType<typeof buildRules> {
  const funding = options.accountFunding;
  const key = JSON.stringify([
    options.avsEnabled ?? false,
    funding ? [funding.cardNetworkA, funding.issuerCountry?.toUpperCase() ?? null] : null,
  ]);
  const cached = rulesByOptions.get(key);
  if (cached) return cached;
  const rules = buildRules(options);
  rulesByOptions.set(key, rules);
  return rules;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

export function validate<S extends z.ZodType>(schema: S, input: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: fieldIssues(result.error) };
}

export const validateOrderRequest = (input: unknown, options: OrderRuleOptions = {}) =>
  validate(orderRequestRules(options), input);

/** POST /orders/{id}/capture/ */
export const captureRequestSchema = z.strictObject({ total: amount('must be at least 0.01') });
/** POST /orders/{id}/refund/: no body (or no amount) is a full refund. */
export const refundRequestSchema = z.strictObject({ amount: amount('must be at least 0.01').optional() });
/**
 * POST /orders/{id}/reverse/: no body. An amount is named only to refuse it: a reversal is always
 * for the full amount.
 */
export const reverseRequestSchema = z.looseObject({ amount: z.unknown().optional() });
/** POST /clients/ */
export const clientCreateSchema = clientSchema.omit({ original_client: true, send_to_email: true });
/**
 * POST /products/ and PUT /products/{id}/ (PATCH: any part of it). The spec applies a tax "through
 * the tax field when creating or updating a product": `tax` is a tax id from POST /taxes/.
 */
export const productCreateSchema = z.looseObject({
  title: z.string().trim().min(1, { error: 'must not be empty' }),
  price: amount(),
  description: z.string().optional(),
  currency: currencyCode.optional(),
  tax: z.string().nullish(),
});
/** POST /taxes/ */
export const taxCreateSchema = z.looseObject({
  name: z.string().trim().min(1, { error: 'must not be empty' }),
  percent: z.number().min(0, { error: 'must be at least 0' }).max(100, { error: 'must be at most 100' }),
});

export type CaptureRequest = z.infer<typeof captureRequestSchema>;
export type RefundRequest = z.infer<typeof refundRequestSchema>;
export type ClientCreate = z.infer<typeof clientCreateSchema>;
export type TaxCreate = z.infer<typeof taxCreateSchema>;
export type ProductCreate = z.infer<typeof productCreateSchema>;

/** A capture total must lie between 0.01 and the held amount. */
export const captureRules = (heldTotal: number) =>
  captureRequestSchema.check((ctx) => {
    if (toMinor(ctx.value.total) > toMinor(heldTotal)) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['total'],
        message: `must not exceed the order amount ${heldTotal.toFixed(2)}`,
      });
    }
  });

/** A partial refund never exceeds what is left of the payment. */
export const refundRules = (refundable: number) =>
  refundRequestSchema.check((ctx) => {
    if (ctx.value.amount != null && toMinor(ctx.value.amount) > toMinor(refundable)) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['amount'],
        message: `must not exceed the refundable amount ${refundable.toFixed(2)}`,
      });
    }
  });

/** Sum of an order's products in major units, computed in minor units. */
export const orderTotal = (products: OrderRequest['products']): number =>
  Math.round((products ?? []).reduce((sum, p) => sum + toMinor(p.price) * (p.quantity ?? 1), 0)) / 100;
