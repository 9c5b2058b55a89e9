/**
 * Which transport the checkout must use. A browser posts the card JSON to `api_do_url` only when
 * the gateway answers its CORS preflight for the page that posts it; where it does not (a
 * host-to-host address), the card must go as a form to the order's `direct_post` instead. The
 * doctor sends exactly the preflight a browser would, from the origin that posts the card: the
 * isolated fields' origin when the page uses them, else the page's.
 */
import { type DoctorContext, fail, origin, pass, reason, skip } from './context.ts';
import type { CheckResult } from './types.ts';

const TITLE = 'Card transport';

/** The origin whose scripts post the card, or null when the doctor was told of none. */
export function postingOrigin(ctx: DoctorContext): string | null {
  const fields = ctx.options.fieldsOrigin ?? ctx.page?.fieldsOrigins[0];
  if (fields) return new URL(fields).origin;
  return ctx.options.page ? new URL(ctx.options.page).origin : null;
}

const listed = (header: string | null, wanted: string) =>
  (header ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .some((v) => v === '*' || v === wanted);

export async function checkTransport(ctx: DoctorContext): Promise<CheckResult> {
  const order = ctx.order;
  if (!order?.api_do_url) return skip('transport', TITLE, 'not known: no probe order');
  const from = postingOrigin(ctx);
  if (!from)
    return skip('transport', TITLE, 'not checked: give --page (and --fields-origin if you use them)');
  const configured = ctx.options.transport ?? 'api-do';
  let open: boolean;
  let why: string;
  try {
    const { response } = await ctx.request(order.api_do_url, {
      method: 'OPTIONS',
      headers: {
        Origin: from,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    const allowOrigin = response.headers.get('access-control-allow-origin');
    const originOk = allowOrigin === '*' || allowOrigin === from;
    const methodOk =
      !response.headers.has('access-control-allow-methods') ||
      listed(response.headers.get('access-control-allow-methods'), 'post');
    const headersOk = listed(response.headers.get('access-control-allow-headers'), 'content-type');
    open = response.ok && originOk && methodOk && headersOk;
    why = open
      ? `api_do_url (${origin(order.api_do_url)}) answers a browser's preflight from ${from}`
      : `api_do_url (${origin(order.api_do_url)}) answers no browser from ${from} (preflight ${response.status}, ` +
        `Access-Control-Allow-Origin ${allowOrigin ?? 'absent'})`;
  } catch (error) {
    open = false;
    why = `api_do_url (${origin(order.api_do_url)}) gave no preflight answer: ${reason(error)}`;
  }
  if (open)
    return pass(
      'transport',
      TITLE,
      configured === 'api-do'
        ? `${why}: transport 'api-do' (the default) works`
        : `${why}; 'direct-post' as configured works too`,
    );
  if (!order.direct_post)
    return fail(
      'transport',
      TITLE,
      `${why}, and the order has no direct_post address`,
      'ask the gateway to enable Direct Post (or CORS on api_do_url) for your key set: no browser can pay otherwise',
    );
  if (configured === 'direct-post')
    return pass('transport', TITLE, `${why}: 'direct-post' as configured is right`);
  return fail(
    'transport',
    TITLE,
    why,
    "configure createCheckoutHandler({ transport: 'direct-post' }): the card then goes as a form to the " +
      "order's direct_post; run the doctor with --transport direct-post",
  );
}
