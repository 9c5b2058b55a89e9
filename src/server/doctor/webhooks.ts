/**
 * The webhook subscription (read from GET /webhooks/, nothing created) and the receiver at its
 * address: that it answers, and that it refuses a delivery from this machine, which is not one of
 * the gateway's webhook addresses. The probe carries a wrong X-Webhook-Version, so a receiver
 * that admits it stops at the version before any callback: nothing reaches the shop's code.
 */
import { WEBHOOK_VERSION } from '../../protocol/index.ts';
import { type DoctorContext, fail, isLoopback, pass, reason, skip } from './context.ts';
import type { CheckResult } from './types.ts';

const MONEY_EVENT = 'order.payment_success';
const ENSURE = "at boot: gateway.webhooks.ensure({ title: 'shop', url, version: 'v0.6', all_events: true })";

const sameUrl = (a: string, b: string) => {
  try {
    const x = new URL(a);
    const y = new URL(b);
    return x.href.replace(/\/$/, '') === y.href.replace(/\/$/, '');
  } catch {
    return a === b;
  }
};

export function checkSubscription(ctx: DoctorContext): CheckResult {
  const title = 'Webhook subscription';
  if (!ctx.keyAccepted) return skip('webhook-subscription', title, 'not checked: the key was not accepted');
  const url = ctx.options.webhookUrl;
  const subscriptions = ctx.subscriptions;
  if (!url) {
    if (subscriptions.length === 0)
      return fail(
        'webhook-subscription',
        title,
        'the account has no webhook subscription',
        `subscribe your receiver ${ENSURE}`,
      );
    return skip(
      'webhook-subscription',
      title,
      `${subscriptions.length} subscribed (${subscriptions.map((s) => s.url).join(', ')}); give --webhook-url to check yours`,
    );
  }
  const mine = subscriptions.filter((s) => sameUrl(s.url, url));
  if (mine.length === 0)
    return fail(
      'webhook-subscription',
      title,
      `none for ${url}${subscriptions.length ? ` (subscribed: ${subscriptions.map((s) => s.url).join(', ')})` : ''}`,
      `subscribe it ${ENSURE}`,
    );
  const covering = mine.find((s) => s.all_events || s.events?.includes(MONEY_EVENT));
  if (!covering)
    return fail(
      'webhook-subscription',
      title,
      `${url} is subscribed without ${MONEY_EVENT}: a payment would not reach you`,
      `give it all_events: true (or the order.* events you handle) ${ENSURE.replace('at boot: ', 'with ')}`,
    );
  if (covering.version !== WEBHOOK_VERSION)
    return fail(
      'webhook-subscription',
      title,
      `${url} is subscribed for version ${covering.version}`,
      `subscribe it for ${WEBHOOK_VERSION}, the version the receiver reads`,
    );
  return pass(
    'webhook-subscription',
    title,
    `${url} subscribed (${covering.all_events ? 'all events' : `${covering.events?.length} events`}, ${covering.version})`,
  );
}

export async function checkReceiver(ctx: DoctorContext): Promise<CheckResult> {
  const title = 'Webhook receiver';
  const url = ctx.options.webhookUrl;
  if (!url) return skip('webhook-receiver', title, 'not checked: give --webhook-url');
  let status: number;
  let code = '';
  try {
    const { response, body } = await ctx.request(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Webhook-Event': MONEY_EVENT,
        // Not the gateway's version: a receiver that admits this source stops here.
        'X-Webhook-Version': 'doctor-probe',
      },
      body: '{}',
    });
    status = response.status;
    try {
      const parsed = JSON.parse(new TextDecoder().decode(body)) as {
        error?: { type?: string };
        type?: string;
      };
      code = parsed.error?.type ?? parsed.type ?? '';
    } catch {
      // not our receiver's JSON; the status alone tells
    }
  } catch (error) {
    return fail(
      'webhook-receiver',
      title,
      `${url} did not answer: ${reason(error)}`,
      'publish the receiver at that address (TLS, DNS, a route for POST): the gateway cannot deliver there',
    );
  }
  if (status === 403)
    return pass(
      'webhook-receiver',
      title,
      `${url} answers and refuses a delivery from this machine (allowedIps in force)`,
    );
  if (status === 404 || status === 405)
    return fail(
      'webhook-receiver',
      title,
      `${url} answered ${status}: no receiver at that address`,
      'mount createWebhookHandler at the address the subscription names',
    );
  if (status === 400 && /version/.test(code)) {
    if (isLoopback(url))
      return pass(
        'webhook-receiver',
        title,
        `${url} answers and admits this machine (loopback: the sandbox delivers from here); it checked the version`,
      );
    return fail(
      'webhook-receiver',
      title,
      `${url} admitted a delivery from this machine, which is not the gateway`,
      "set allowedIps to the gateway's two webhook addresses only, and trustProxy (or clientAddress) to " +
        'how your host tells the client address',
    );
  }
  return fail(
    'webhook-receiver',
    title,
    `${url} answered ${status}${code ? ` ${code}` : ''} to a delivery with a wrong version`,
    'mount createWebhookHandler there: it refuses an unknown source (403) before reading anything',
  );
}
