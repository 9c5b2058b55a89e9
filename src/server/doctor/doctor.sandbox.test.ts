// The doctor against the real sandbox and a real shop over HTTP, in each state it can tell apart:
// each prints its ✘ with the fix, the report fails; all well prints ✔ throughout.
import { afterEach, describe, expect, it } from 'vitest';
import { formatDoctorReport, runDoctor } from './index.ts';
import { GOOD_POLICY, type Shop, STATUS_SECRET, startShop, subscribe } from './test-helpers.ts';
import type { CheckResult, DoctorReport } from './types.ts';

let shop: Shop | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

const check = (report: DoctorReport, id: string): CheckResult => {
  const found = report.checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id} in\n${formatDoctorReport(report)}`);
  return found;
};
const failed = (report: DoctorReport) => report.checks.filter((c) => c.status === 'fail').map((c) => c.id);

/** What the sandbox holds: orders by status. */
async function ordersAt(sb: Shop['sandbox']) {
  const answer = await fetch(`${sb.apiUrl}/orders/`, {
    headers: { Authorization: `Bearer ${sb.secretKey}` },
  });
  return ((await answer.json()) as { results: Array<{ status: string }> }).results.map((o) => o.status);
}

describe('doctor against the sandbox', () => {
  it('all well: every check passes, one unpaid order made and cancelled, nothing paid', async () => {
    shop = await startShop({ policy: GOOD_POLICY });
    await subscribe(shop);
    const report = await runDoctor(shop.doctor({ fieldsOrigin: undefined }));
    const text = formatDoctorReport(report);
    expect(failed(report), text).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.checks.filter((c) => c.status === 'skip').map((c) => c.id)).toEqual([]);
    expect(text).toMatch(/^✔ Secret key: accepted by/m);
    expect(text).toMatch(/^✔ Key set: a test key set/m);
    expect(text).toMatch(/^✔ Card transport: .*'api-do' \(the default\) works/m);
    expect(text).toMatch(/^✔ Bundle siblings: all 3 beside the bundle/m);
    expect(text).toMatch(/Every check passed/);
    expect(await ordersAt(shop.sandbox)).toEqual(['cancelled']);
  });

  it('wrong key: ✘ with where to find the key, nothing else asked of the gateway', async () => {
    shop = await startShop({ policy: GOOD_POLICY });
    const report = await runDoctor(shop.doctor({ secretKey: 'sk_not_this_one' }));
    expect(report.ok).toBe(false);
    const key = check(report, 'key');
    expect(key.status).toBe('fail');
    expect(key.detail).toMatch(/refused the key \(403\)/);
    expect(key.fix).toMatch(/dashboard/);
    expect(check(report, 'order').status).toBe('skip');
    expect(formatDoctorReport(report)).toMatch(/^✘ Secret key: .*Fix: copy the secret key/m);
    expect(await ordersAt(shop.sandbox)).toEqual([]);
  });

  it('a gateway that is not there: ✘ naming the address', async () => {
    shop = await startShop({ policy: GOOD_POLICY });
    const closed = shop.sandbox.url;
    await shop.sandbox.close();
    const report = await runDoctor({ ...shop.doctor(), baseUrl: closed, timeoutMs: 5000 });
    expect(check(report, 'key').detail).toMatch(/could not ask .*ECONNREFUSED/);
  });

  it('a base address over plain http off loopback: ✘, and the key is never sent there', async () => {
    const seen: string[] = [];
    const report = await runDoctor({
      baseUrl: 'http://gateway.example',
      secretKey: 'sk_live_secret',
      fetch: async (input) => {
        seen.push(String(input));
        return new Response('{}');
      },
    });
    expect(report.checks[0]).toMatchObject({ id: 'key', status: 'fail' });
    expect(report.checks[0]!.detail).toMatch(
      /is not https: the key would cross the network readable \(not sent\)/,
    );
    expect(seen).toEqual([]);
    await expect(runDoctor({ baseUrl: 'gateway.example', secretKey: 'k' })).rejects.toThrow(
      /baseUrl must be an absolute URL/,
    );
  });

  it('browsers closed on api_do_url: ✘ saying to configure the direct-post transport', async () => {
    shop = await startShop({ policy: GOOD_POLICY }, { apiDoFromBrowsers: 'closed' });
    await subscribe(shop);
    const report = await runDoctor(shop.doctor());
    expect(failed(report)).toEqual(['transport']);
    const transport = check(report, 'transport');
    expect(transport.detail).toMatch(/answers no browser from http:\/\/127\.0\.0\.1:\d+/);
    expect(transport.fix).toMatch(/createCheckoutHandler\(\{ transport: 'direct-post' \}\)/);
    // Told the shop uses Direct Post, the doctor agrees, and asks form-action to let the form go.
    const configured = await runDoctor(shop.doctor({ transport: 'direct-post' }));
    expect(failed(configured)).toEqual([]);
    expect(check(configured, 'transport').detail).toMatch(/'direct-post' as configured is right/);
  });

  it('api_do_url open but the shop configured direct-post: still passes, saying api-do works too', async () => {
    shop = await startShop({ policy: GOOD_POLICY });
    await subscribe(shop);
    const report = await runDoctor(shop.doctor({ transport: 'direct-post' }));
    expect(check(report, 'transport')).toMatchObject({ status: 'pass' });
    expect(check(report, 'transport').detail).toMatch(/'direct-post' as configured works too/);
  });

  it('no webhook subscription: ✘ with the ensure call to make at boot', async () => {
    shop = await startShop({ policy: GOOD_POLICY });
    const report = await runDoctor(shop.doctor());
    expect(failed(report)).toEqual(['webhook-subscription']);
    expect(check(report, 'webhook-subscription').fix).toMatch(/gateway\.webhooks\.ensure\(/);
  });

  it('a subscription for another address only: ✘ naming the one there is', async () => {
    shop = await startShop({ policy: GOOD_POLICY });
    await subscribe(shop);
    const report = await runDoctor(shop.doctor({ webhookUrl: `${shop.url}/hooks/elsewhere` }));
    const subscription = check(report, 'webhook-subscription');
    expect(subscription.status).toBe('fail');
    expect(subscription.detail).toContain(`subscribed: ${shop.webhookUrl}`);
    // …and nothing receives there.
    expect(check(report, 'webhook-receiver')).toMatchObject({ status: 'fail' });
    expect(check(report, 'webhook-receiver').detail).toMatch(/answered 404/);
  });

  it('a live key set expected, a test one given: ✘', async () => {
    shop = await startShop({ policy: GOOD_POLICY });
    await subscribe(shop);
    const report = await runDoctor(shop.doctor({ expect: 'live' }));
    expect(failed(report)).toEqual(['key-set']);
    expect(check(report, 'key-set').fix).toMatch(/without "test key set"/);
  });

  it('no status secret, or a short one: ✘ with how to make one', async () => {
    shop = await startShop({ policy: GOOD_POLICY });
    await subscribe(shop);
    const none = await runDoctor(shop.doctor({ statusSecret: undefined }));
    expect(failed(none)).toEqual(['status-secret']);
    expect(check(none, 'status-secret').fix).toMatch(/CHECKOUT_STATUS_SECRET .*randomBytes/);
    const short = await runDoctor(shop.doctor({ statusSecret: STATUS_SECRET.slice(0, 8) }));
    expect(check(short, 'status-secret').detail).toMatch(/8 characters/);
  });
});
