// Telling the customer's mistakes from the shop's when the order for a checkout session is refused.
// The customer can only fix the fields the checkout shows them; a rule broken anywhere else (an
// e-mail the checkout does not ask for, products, the amount) is the merchant's `buildOrder`, and
// sending the customer to look for a marked field that is not there helps nobody.
import { billingAddressSchema, type CheckoutConfig, type FieldIssue } from '../protocol/index.ts';
import { GatewayError } from './errors.ts';

/**
 * The order that `buildOrder` made breaks a rule the customer cannot fix: the shop's code has to set
 * what `issues` names (e.g. `client.email` when the checkout does not collect the e-mail).
 */
export class CheckoutMisconfiguredError extends Error {
  readonly type = 'checkout_misconfigured';
  constructor(
    /** The rules the merchant's order broke, by field path. */
    readonly issues: FieldIssue[],
    options?: { cause?: unknown },
  ) {
    super(
      `the order from buildOrder breaks the gateway's rules where the customer cannot help: ${issues
        .map((issue) => `${issue.path} ${issue.message}`)
        .join('; ')}. Set ${[...new Set(issues.map((issue) => issue.path))].join(', ')} in buildOrder${
        issues.some((issue) => issue.path === 'client.email' && issue.code !== 'typed_email_saving')
          ? ' (or ask the customer: collect_email: true in the checkout config)'
          : ''
      }.`,
      options,
    );
    this.name = 'CheckoutMisconfiguredError';
  }
}

/** What the browser is told: no field to look for, nothing charged. */
export const MISCONFIGURED_MESSAGE =
  'the shop could not start this payment; nothing was charged (the shop’s server log says why)';

/** The order fields the checkout asks the customer for, with this config. */
function customerPaths(config: CheckoutConfig): Set<string> {
  const paths = new Set<string>();
  if (config.collect_email) paths.add('client.email');
  if (config.avs !== 'off')
    for (const field of Object.keys(billingAddressSchema.shape)) paths.add(`client.${field}`);
  return paths;
}

/**
 * The misconfiguration behind a refused order, or null when the refusal is about what the customer
 * typed (their fields get marked as before) or not about fields at all.
 */
export function misconfigurationOf(
  error: unknown,
  config: CheckoutConfig,
): CheckoutMisconfiguredError | null {
  if (!(error instanceof GatewayError)) return null;
  if (error.type !== 'validation' && error.type !== 'invalid_request') return null;
  const theirs = customerPaths(config);
  const shops = error.issues.filter((issue) => !theirs.has(issue.path));
  return shops.length ? new CheckoutMisconfiguredError(shops, { cause: error }) : null;
}
