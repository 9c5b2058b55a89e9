/**
 * The status secret: it signs the status addresses the checkout hands the browser. Every server
 * process must hold the same one, and it must outlive a restart, or a customer's status address
 * answers 403 on another process or after a deploy. The doctor reads it where the server's
 * environment is (CHECKOUT_STATUS_SECRET), never from the network.
 */
import { type DoctorContext, fail, pass } from './context.ts';
import type { CheckResult } from './types.ts';

const TITLE = 'Status secret';
/** As long as a 192-bit random value in base64: shorter ones are guessable or typed by hand. */
const MIN_LENGTH = 32;
const MAKE = "e.g. node -e \"console.log(require('node:crypto').randomBytes(32).toString('base64url'))\"";

export function checkStatusSecret(ctx: DoctorContext): CheckResult {
  const secret = ctx.options.statusSecret;
  if (!secret)
    return fail(
      'status-secret',
      TITLE,
      'CHECKOUT_STATUS_SECRET is not set here: each process would sign with a secret of its own, lost on restart',
      `set CHECKOUT_STATUS_SECRET to one random value for every server process (${MAKE}) and pass it as createCheckoutHandler({ secret })`,
    );
  if (secret.length < MIN_LENGTH)
    return fail(
      'status-secret',
      TITLE,
      `CHECKOUT_STATUS_SECRET has ${secret.length} characters`,
      `make it random and at least ${MIN_LENGTH} characters (${MAKE})`,
    );
  return pass(
    'status-secret',
    TITLE,
    `CHECKOUT_STATUS_SECRET is set (${secret.length} characters); give every process the same, with shared stores (createRedisStores)`,
  );
}
