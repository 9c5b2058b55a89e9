/**
 * The one order the doctor makes: unpaid, the smallest price the spec allows, its e-mail never
 * written to, and cancelled at once. It is how the doctor learns the addresses a real order
 * carries (api_do_url, direct_post, the hosted pages), which the other checks need. Nothing is
 * ever posted to its payment addresses, so nothing can be charged.
 */
import { GatewayError } from '../errors.ts';
import { type DoctorContext, fail, origin, pass, reason, skip } from './context.ts';
import type { CheckResult } from './types.ts';

const TITLE = 'Probe order';

export async function checkProbeOrder(ctx: DoctorContext): Promise<CheckResult> {
  if (!ctx.keyAccepted) return skip('order', TITLE, 'not made: the key was not accepted');
  let order: NonNullable<DoctorContext['order']>;
  try {
    order = await ctx.client.orders.create({
      client: {
        email: ctx.options.email ?? 'doctor@example.com',
        send_to_email: false,
        // Accounts with AVS enabled refuse an order without them; nothing is verified unpaid.
        address: '1 Probe Street',
        zip_code: '10001',
      },
      products: [{ title: 'gateway-checkout doctor: probe, never paid', price: 0.01, quantity: 1 }],
    });
  } catch (error) {
    const issues =
      error instanceof GatewayError && error.issues.length
        ? `: ${error.issues.map((i) => `${i.path || '(order)'} ${i.message}`).join('; ')}`
        : '';
    return fail(
      'order',
      TITLE,
      `the gateway did not create an unpaid order (${reason(error)}${issues})`,
      'check that the key set has a default terminal and may create orders (dashboard, e-commerce and API)',
    );
  }
  ctx.order = order;
  const learnt = [
    `api_do_url on ${origin(order.api_do_url)}`,
    order.direct_post ? `direct_post on ${origin(order.direct_post)}` : 'no direct_post',
  ].join(', ');
  try {
    await ctx.client.orders.cancel(order.id);
  } catch (error) {
    return fail(
      'order',
      TITLE,
      `made ${order.id} (${learnt}) but could not cancel it: ${reason(error)}`,
      `cancel order ${order.id} in the dashboard; it is unpaid and nothing was charged`,
    );
  }
  return pass('order', TITLE, `made ${order.id} unpaid and cancelled it; ${learnt}`);
}
