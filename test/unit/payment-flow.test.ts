import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DemoMerchant, startDemoMerchant } from '../../demo/merchant.ts';
import { buildDirectPaymentBody, type CardInput } from '../../src/card/direct-body.ts';
import { type ChallengeHandle, PaymentFlow, type PaymentFlowOptions } from '../../src/flow/payment-flow.ts';
import { type DirectPayer, postDirectPayment } from '../../src/flow/post-payment.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.ts';
import { answerChallenge } from '../../src/sandbox/test-helpers.ts';
import { GatewayClient, type Order } from '../../src/server/index.ts';
import { botToken } from '../support/bot-check.ts';

// The checkout's payment flow without a browser, against the real sandbox over HTTP and the demo
// shop's server (built on the server helper) over HTTP: every request really travels.

let sandbox: Sandbox;
let shop: DemoMerchant;
let gateway: GatewayClient;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, faultTimeoutMs: 300 });
  gateway = new GatewayClient({ baseUrl: sandbox.url, secretKey: sandbox.secretKey, maxRetries: 0 });
  shop = await startDemoMerchant({
    gatewayUrl: sandbox.url,
    secretKey: sandbox.secretKey,
    port: 0,
    distDir: '/nonexistent',
  });
});
afterAll(async () => {
  await shop?.close();
  await sandbox?.close();
});
beforeEach(() => setFault('none'));

async function setFault(fault: string): Promise<void> {
  await fetch(`${sandbox.url}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ api_do: fault }),
  });
}

const visa: CardInput = {
  number: '4111111111111111',
  expMonth: 12,
  expYear: 34,
  csc: '123',
  cardholderName: 'Anna Berzina',
};
const request = { email: 'anna@example.com' };

interface Sent {
  method: string;
  url: string;
  body: string;
}

/** A flow whose every request is recorded on its way to the real servers. */
/**
 * The shop's checkout for a visit whose cart is paid as `scenario`: chosen as the page's picker
 * does (a form post to the shop), and the visit's cookie goes with each request to the shop, as a
 * browser's would.
 */
async function visitCookie(scenario: string): Promise<string> {
  const res = await fetch(`${shop.url}/scenario`, {
    method: 'POST',
    body: new URLSearchParams({ scenario }),
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`the shop refused scenario ${scenario}: ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

function flowFor(scenario = 'one-step', options: Partial<PaymentFlowOptions> = {}) {
  const sent: Sent[] = [];
  const cookie = visitCookie(scenario);
  const flow = new PaymentFlow({
    sessionUrl: `${shop.url}/checkout/session`,
    challenge: () => ({ done: new Promise(() => {}), close: () => {} }),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))),
    ...options,
    fetch: async (input, init) => {
      // The page's bot-check script attaches a solved challenge's token to each new session, as
      // gateway-before-pay does on the demo's pages.
      if (init?.method === 'POST' && String(input).includes('/checkout/session')) {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        init = { ...init, body: JSON.stringify({ ...body, verification: await botToken(shop.url) }) };
      }
      sent.push({ method: init?.method ?? 'GET', url: String(input), body: String(init?.body ?? '') });
      const toShop = String(input).startsWith(shop.url);
      const headers = new Headers(init?.headers);
      if (toShop) headers.set('cookie', await cookie);
      // A test's own fetch stands for the network between the browser and the servers.
      return (options.fetch ?? fetch)(input, { ...init, headers });
    },
  });
  return { flow, sent };
}

const payments = (sent: Sent[]) => sent.filter((r) => r.method === 'POST' && r.url.includes('/pay/'));
const sessions = (sent: Sent[]) =>
  sent.filter((r) => r.method === 'POST' && r.url.includes('/checkout/session'));
const attempts = (order: Order) =>
  (order.status_changes ?? []).filter((c) => c.new_status === 'in_progress').length;

describe('PaymentFlow against the sandbox', () => {
  it('pays once however often pay() is called meanwhile, and card data goes only to api_do_url', async () => {
    const { flow, sent } = flowFor();
    const results = await Promise.all([
      flow.pay({ card: visa, request }),
      flow.pay({ card: visa, request }),
      flow.pay({ card: visa, request }),
    ]);
    expect(new Set(results).size).toBe(1);
    const [result] = results;
    expect(result?.kind).toBe('succeeded');
    expect(sessions(sent)).toHaveLength(1);
    expect(payments(sent)).toHaveLength(1);
    const order = await gateway.orders.get(result!.kind === 'succeeded' ? result!.orderId : '');
    expect(order.status).toBe('paid');
    expect(attempts(order)).toBe(1);
    for (const r of sent.filter((r) => !r.url.includes('/pay/'))) {
      expect(`${r.url} ${r.body}`).not.toContain('4111111111111111');
      expect(r.body).not.toContain('"csc"');
    }
    expect(JSON.parse(payments(sent)[0]!.body)).toEqual({
      card_number: '4111111111111111',
      exp_month: 12,
      exp_year: 34,
      csc: '123',
      cardholder_name: 'Anna Berzina',
    });
  });

  it('after a 500 nothing was charged; trying again pays the same order once', async () => {
    const { flow, sent } = flowFor();
    await setFault('http_500');
    const first = await flow.pay({ card: visa, request });
    expect(first).toMatchObject({ kind: 'failed', canRetry: true, error: { type: 'server' } });
    const orderId = first.orderId!;
    expect((await gateway.orders.get(orderId)).status).toBe('issued');
    const second = await flow.pay({ card: visa, request });
    expect(second).toMatchObject({ kind: 'succeeded', orderId });
    expect(sessions(sent)).toHaveLength(1);
    expect(payments(sent)).toHaveLength(2);
    expect(attempts(await gateway.orders.get(orderId))).toBe(1);
  });

  it.each(['reset', 'timeout'])(
    'after a %s the charge is learned from the status, never paid twice',
    async (fault) => {
      const { flow, sent } = flowFor();
      await setFault(fault);
      const result = await flow.pay({ card: visa, request });
      expect(result.kind).toBe('succeeded');
      expect(payments(sent)).toHaveLength(1);
      const order = await gateway.orders.get(result.orderId!);
      expect(order.status).toBe('paid');
      expect(attempts(order)).toBe(1);
    },
  );

  it('a decline gives the reason, and paying again makes a new order', async () => {
    const { flow, sent } = flowFor();
    const declined = await flow.pay({ card: { ...visa, number: '4000000000009995' }, request });
    expect(declined).toMatchObject({ kind: 'declined', reason: 'Decline, not sufficient funds' });
    const paid = await flow.pay({ card: visa, request });
    expect(paid.kind).toBe('succeeded');
    expect(paid.orderId).not.toBe(declined.orderId);
    const keys = sessions(sent).map((r) => JSON.parse(r.body).idempotency_key);
    expect(new Set(keys).size).toBe(2);
  });

  const challenger =
    (choice: 'approve' | 'fail' | 'close') =>
    (url: string): ChallengeHandle => ({
      // The customer answers the bank's page: the same form posts a person's click makes.
      done:
        choice === 'close' ? Promise.resolve('closed') : answerChallenge(url, choice).then(() => 'completed'),
      close: () => {},
    });

  it('3-D Secure approved pays the order; failed declines it', async () => {
    const approved = await flowFor('one-step', { challenge: challenger('approve') }).flow.pay({
      card: { ...visa, number: '4000000000003220' },
      request,
    });
    expect(approved.kind).toBe('succeeded');
    expect((await gateway.orders.get(approved.orderId!)).status).toBe('paid');
    const failed = await flowFor('one-step', { challenge: challenger('fail') }).flow.pay({
      card: { ...visa, number: '4000000000003220' },
      request,
    });
    expect(failed.kind).toBe('declined');
    expect((await gateway.orders.get(failed.orderId!)).status).toBe('rejected');
  });

  it('a challenge the customer closes is reported as cancelled, and nothing is paid', async () => {
    const result = await flowFor('one-step', { challenge: challenger('close') }).flow.pay({
      card: { ...visa, number: '4000000000003220' },
      request,
    });
    expect(result).toMatchObject({ kind: 'failed', error: { type: 'cancelled' } });
    const order = await gateway.orders.get(result.orderId!);
    expect(order.status).toBe('in_progress');
    expect(order.paid ?? null).toBeNull();
  });

  it('a closed challenge can be reopened while the order waits for the bank, and then pays that order', async () => {
    const ends = ['close', 'approve'] as const;
    let opened = 0;
    const records: unknown[] = [];
    const { flow, sent } = flowFor('one-step', {
      challenge: (url) => challenger(ends[opened++]!)(url),
      onAttempt: (record) => records.push(record),
    });
    const left = await flow.pay({ card: { ...visa, number: '4000000000003220' }, request });
    expect(left).toMatchObject({
      kind: 'failed',
      error: { type: 'cancelled' },
      reopenable: true,
      canRetry: true,
    });
    const paid = await flow.reopenChallenge();
    expect(paid).toMatchObject({ kind: 'succeeded', orderId: left.orderId });
    expect(payments(sent)).toHaveLength(1);
    expect(attempts(await gateway.orders.get(left.orderId!))).toBe(1);
    // What a reload would keep: the order's addresses and the challenge's, never the card.
    expect(JSON.stringify(records)).toContain(left.orderId!);
    expect(JSON.stringify(records)).toContain('"challengeUrl"');
    expect(JSON.stringify(records)).not.toContain('4000000000003220');
    expect(JSON.stringify(records)).not.toContain('"123"');
  });

  it('resume() after a reload reports a paid order, and null for an order nothing reached', async () => {
    const kept: Array<Parameters<NonNullable<PaymentFlowOptions['onAttempt']>>[0]> = [];
    const { flow } = flowFor('one-step', { onAttempt: (record) => kept.push(record) });
    await setFault('timeout');
    const first = await flow.pay({ card: visa, request });
    expect(first.kind).toBe('succeeded');
    const after = await flowFor().flow.resume(kept[0]!);
    expect(after).toMatchObject({ kind: 'succeeded', orderId: first.orderId });

    const { flow: other } = flowFor();
    const session = await other.openSession(request);
    expect(await flowFor().flow.resume({ session })).toBeNull();
  });

  it('a session the merchant refuses names the field, and nothing reaches the gateway', async () => {
    const { flow, sent } = flowFor('zero-amount');
    const before = (await gateway.orders.list()).results.length;
    const result = await flow.pay({ card: visa, request });
    expect(result).toMatchObject({ kind: 'failed', error: { type: 'session' } });
    if (result.kind === 'failed') expect(result.error.fields?.map((f) => f.path)).toContain('save_consent');
    expect(payments(sent)).toHaveLength(0);
    expect((await gateway.orders.list()).results.length).toBe(before);
  });

  it('a payment the gateway took, answered 4xx while the status cannot be read, is unconfirmed, never rejected', async () => {
    // The card reaches the gateway and is charged; the answer the browser gets is a refusal (a
    // request sent again after a dropped connection finds the order paid), and the network is gone.
    let offline = false;
    const { flow, sent } = flowFor('one-step', {
      fetch: async (input, init) => {
        if (offline) throw new TypeError('Failed to fetch');
        const res = await fetch(input, init);
        if (init?.method !== 'POST' || !String(input).includes('/pay/')) return res;
        offline = true;
        return new Response(
          JSON.stringify({ __all__: [{ message: 'Order is already paid', code: 'invalid' }] }),
          {
            status: 400,
            headers: { 'content-type': 'application/json' },
          },
        );
      },
    });
    const result = await flow.pay({ card: visa, request });
    expect(result).toMatchObject({ kind: 'failed', error: { type: 'unconfirmed' } });
    const orderId = result.orderId!;
    expect((await gateway.orders.get(orderId)).status).toBe('paid');
    // Still offline: asking again says the same, and touches no card.
    expect(await flow.verify({ quiet: true })).toMatchObject({
      kind: 'failed',
      error: { type: 'unconfirmed' },
    });
    offline = false;
    const known = await flow.verify({ quiet: true });
    expect(known).toMatchObject({ kind: 'succeeded', orderId });
    expect(attempts(await gateway.orders.get(orderId))).toBe(1);
    expect(sent.filter((r) => r.method === 'POST' && r.url.includes('/pay/'))).toHaveLength(1);
  });

  it('a 4xx for an order that shows nothing charged is the gateway refusing: rejected', async () => {
    const { flow } = flowFor('one-step', {
      fetch: async (input, init) =>
        init?.method === 'POST' && String(input).includes('/pay/')
          ? new Response(JSON.stringify({ __all__: [{ message: 'Invalid card data', code: 'invalid' }] }), {
              status: 400,
              headers: { 'content-type': 'application/json' },
            })
          : fetch(input, init),
    });
    const result = await flow.pay({ card: visa, request });
    expect(result).toMatchObject({
      kind: 'failed',
      error: { type: 'rejected', message: 'Invalid card data' },
    });
    expect((await gateway.orders.get(result.orderId!)).status).toBe('issued');
  });

  it('a two-step order ends held and is captured by the server helper', async () => {
    const result = await flowFor('two-step').flow.pay({ card: visa, request });
    expect(result.kind).toBe('succeeded');
    if (result.kind === 'succeeded') expect(result.status.outcome).toBe('held');
    const captured = await gateway.orders.capture(result.orderId!, 10);
    expect(captured.status).toBe('paid');
  });
});

describe('PaymentFlow with a payer (the isolated fields hold the card)', () => {
  /** A payer as the frame is one: builds the body from its own card and POSTs it, counting each call. */
  function framePayer(card: CardInput) {
    const calls: Array<{ apiDoUrl: string; options: object }> = [];
    const payer: DirectPayer = (apiDoUrl, options, timeoutMs) => {
      calls.push({ apiDoUrl, options });
      return postDirectPayment(apiDoUrl, buildDirectPaymentBody(card, options), { timeoutMs });
    };
    return { payer, calls };
  }

  it('asks the payer once, and this side never sends or sees a card field', async () => {
    const { flow, sent } = flowFor('avs-custom');
    const { payer, calls } = framePayer(visa);
    const results = await Promise.all([
      flow.pay({
        payer,
        request: { ...request, billing_address: { address: '1 Main St', zip_code: '10001' } },
      }),
      flow.pay({ payer, request }),
    ]);
    expect(results[0]).toBe(results[1]);
    expect(results[0]?.kind).toBe('succeeded');
    expect(calls).toHaveLength(1);
    // The body options travel to the payer, as the in-page flow would use them itself.
    expect(calls[0]!.options).toEqual({ avs: 'custom', moto: false, savedByMerchant: false });
    expect(payments(sent)).toHaveLength(0);
    for (const r of sent) expect(`${r.url} ${r.body}`).not.toMatch(/4111111111111111|"csc"|card_number/);
  });

  it('a lost answer is settled by the status, and the payer is not asked again', async () => {
    const { flow } = flowFor();
    const { payer, calls } = framePayer(visa);
    await setFault('reset');
    const result = await flow.pay({ payer, request });
    expect(result.kind).toBe('succeeded');
    expect(calls).toHaveLength(1);
    expect(attempts(await gateway.orders.get(result.orderId!))).toBe(1);
  });

  it('a card the fields refuse sends nothing, and the next try pays the same order', async () => {
    const { flow } = flowFor();
    const refused = await flow.pay({ payer: async () => ({ ok: false, error: 'invalid' }), request });
    expect(refused.kind).toBe('invalid');
    const orderId = refused.orderId!;
    expect((await gateway.orders.get(orderId)).status).toBe('issued');
    const { payer } = framePayer(visa);
    const paid = await flow.pay({ payer, request });
    expect(paid).toMatchObject({ kind: 'succeeded', orderId });
  });
});
