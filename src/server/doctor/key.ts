/**
 * The secret key: accepted by the gateway at the base address, and of the key set this
 * environment should hold (test or live). The first read is the webhook list, which the
 * subscription check uses too: one harmless GET proves address and key.
 */
import { GatewayError } from '../errors.ts';
import { type DoctorContext, fail, isLoopback, pass, reason, skip } from './context.ts';
import type { CheckResult } from './types.ts';

const TITLE = 'Secret key';
/** Pages of subscriptions read at most (100 each): an account with more is not a shop's. */
const MAX_PAGES = 5;

export async function checkKey(ctx: DoctorContext): Promise<CheckResult> {
  const base = ctx.options.baseUrl;
  // Fails closed: the key is never sent where anyone on the way could read it.
  if (new URL(base).protocol !== 'https:' && !isLoopback(base))
    return fail(
      'key',
      TITLE,
      `${base} is not https: the key would cross the network readable (not sent)`,
      "use the gateway's https:// base address in GATEWAY_BASE_URL",
    );
  try {
    let page = await ctx.client.webhooks.list();
    ctx.subscriptions.push(...page.results);
    for (let n = 1; page.next && n < MAX_PAGES; n++) {
      page = await ctx.client.webhooks.list({ url: page.next });
      ctx.subscriptions.push(...page.results);
    }
  } catch (error) {
    if (error instanceof GatewayError && error.type === 'authentication')
      return fail(
        'key',
        TITLE,
        `the gateway at ${base} refused the key (403)`,
        'copy the secret key of your key set from the merchant dashboard (e-commerce and API tab) into ' +
          'GATEWAY_SECRET_KEY; a key of another account or a revoked one is refused',
      );
    if (error instanceof GatewayError && error.type === 'not_found')
      return fail(
        'key',
        TITLE,
        `${base} has no v0.6 API (404 on /webhooks/)`,
        'set GATEWAY_BASE_URL to the base address your gateway gave you (its origin, or …/api/v0.6)',
      );
    return fail(
      'key',
      TITLE,
      `could not ask ${base}: ${reason(error)}`,
      'check GATEWAY_BASE_URL and that this machine reaches the gateway (DNS, firewall, proxy)',
    );
  }
  ctx.keyAccepted = true;
  return pass('key', TITLE, `accepted by ${base}`);
}

export function checkKeySet(ctx: DoctorContext): CheckResult {
  const title = 'Key set';
  const order = ctx.order;
  if (!order) return skip('key-set', title, 'not known: the probe order could not be made (see above)');
  const isTest = order.is_test;
  if (isTest === undefined || isTest === null)
    return skip('key-set', title, 'the gateway did not say whether the order was a test (no is_test)');
  const kind = isTest ? 'test' : 'live';
  const wanted = ctx.options.expect;
  if (wanted && wanted !== kind)
    return fail(
      'key-set',
      title,
      `a ${kind} key set (its orders have is_test: ${isTest}), where ${wanted} is expected`,
      wanted === 'live'
        ? 'create a key set without "test key set" in the dashboard and put its secret key in GATEWAY_SECRET_KEY; ' +
            'test keys take no real card'
        : 'use a key set marked "test key set" here: a live key charges real cards',
    );
  return pass(
    'key-set',
    title,
    `a ${kind} key set (orders have is_test: ${isTest})${wanted ? '' : '; pass --expect live in production'}`,
  );
}
