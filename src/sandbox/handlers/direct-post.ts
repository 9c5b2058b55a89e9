/**
 * `direct_post`: the order's address for a plain HTML card form (Direct Post), posted by the
 * customer's browser with no key, urlencoded or multipart. It answers as the gateway does, with
 * redirects: to the 3-D Secure page when the card asks for it, else to the order's
 * success_redirect / failure_redirect, or to the sandbox's own result page (GET on the same address)
 * when the order sets none. Test cards and faults work as on api_do_url: the card runs through the
 * same payment code, the form's fields renamed to the direct payment body's.
 */
import { describeIssues, issuesOfErrorBody } from '../../protocol/index.ts';
import { type Faults, failEarly } from '../faults.ts';
import type { Gateway } from '../gateway.ts';
import { type Exchange, html, readBytes, type SurfaceHandler } from '../http.ts';
import { escapeHtml, messagePage, page } from '../pages/layout.ts';
import { resultPage } from '../pages/result.ts';
import type { OrderRecord } from '../records.ts';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

const redirect = (location: string): Response =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

/**
 * The form's fields as the direct payment body: `number` is the card number, and a four-digit
 * `exp_year` (what a person types on a form) becomes the two digits the gateway's body carries.
 * Every other field goes along as sent, so an undeclared one is reported as ignored.
 */
function bodyOfForm(form: FormData): Record<string, unknown> {
  const fields = new Map<string, unknown>();
  for (const [name, value] of form)
    if (typeof value === 'string' && !fields.has(name)) fields.set(name, value);
  const body = Object.fromEntries(fields);
  if ('number' in body) {
    body.card_number = typeof body.number === 'string' ? body.number.replace(/[\s-]/g, '') : body.number;
    delete body.number;
  }
  if (typeof body.exp_year === 'string' && /^\s*20\d\d\s*$/.test(body.exp_year)) {
    body.exp_year = body.exp_year.trim().slice(2);
  }
  return body;
}

/** A refused form: nothing was charged, and the page says which field broke which rule. */
function refusedPage(status: number, errorBody: unknown): Response {
  const issues = issuesOfErrorBody(errorBody).map((i) =>
    i.path === 'card_number' ? { ...i, path: 'number' } : i,
  );
  const items = issues
    .map((i) => `<li>${escapeHtml(i.path ? `${i.path}: ${i.message}` : i.message)}</li>`)
    .join('');
  return html(
    status,
    page(
      'Payment not sent',
      `<main><h1>Payment not sent</h1><p>Nothing was charged. Go back and correct the form:</p><ul>${items}</ul></main>`,
    ),
    { 'X-Sandbox-Refused': encodeURIComponent(describeIssues(issues)) },
  );
}

export function directPostHandler(gateway: Gateway, faults: Faults, payToken: string): SurfaceHandler {
  return async (request: Request, { loseAnswer }: Exchange) => {
    const known = gateway.orders.byPayToken(payToken);
    if (!known) return html(404, messagePage('Not found', 'This payment address does not exist.'));
    if (request.method === 'GET') return html(200, resultPage(known, gateway.orders.json(known)));
    if (request.method !== 'POST') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, POST' } });
    }
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!FORM_TYPES.includes(type)) {
      return html(415, messagePage('Not a form', 'Post the card form as urlencoded or multipart form data.'));
    }
    const bytes = await readBytes(request);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(bytes), {
        headers: { 'Content-Type': request.headers.get('content-type')! },
      }).formData();
    } catch {
      return html(400, messagePage('Not a form', 'The form data could not be read.'));
    }
    const fault = faults.take('api_do');
    if (fault === 'http_500' || fault === 'malformed_json') return failEarly(fault, {});
    const { result, order } = gateway.payments.pay(payToken, bodyOfForm(form), 'POST direct_post');
    if (fault !== 'none') return loseAnswer(fault);
    if (!order) return html(404, messagePage('Not found', 'This payment address does not exist.'));
    if (result.status !== 200) return refusedPage(result.status, result.body);
    const challenge = (result.body as { threed_check_url?: string }).threed_check_url;
    if (challenge) return redirect(challenge);
    return redirect(afterPayment(order, payToken));
  };
}

/** Where the customer goes once the card has answered. */
function afterPayment(order: OrderRecord, payToken: string): string {
  const r = order.request;
  const good = order.status === 'paid' || order.status === 'hold';
  return (good ? r.success_redirect : r.failure_redirect) ?? `/direct/${payToken}/`;
}
