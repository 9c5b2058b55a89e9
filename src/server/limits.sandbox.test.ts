// The session endpoint's defences against the project's sandbox gateway, over HTTP from one client:
// the default velocity limits, declines read back from real payments, and MOTO without agents.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnValid } from '../card/luhn.ts';
import type { CheckoutConfig, CheckoutSession } from '../protocol/index.ts';
import { type Sandbox, startSandbox } from '../sandbox/index.ts';
import { type CheckoutHandlerOptions, createCheckoutHandler } from './checkout.ts';
import { GatewayClient } from './client.ts';
import { createVelocityLimits, DEFAULT_VELOCITY_RULES } from './limits.ts';
import { toNodeHandler } from './node.ts';
import { MemoryLimitStore } from './stores.ts';
import { createWebhookHandler } from './webhooks.ts';

const KEY = 'sk_sandbox_limits';
let sandbox: Sandbox;
let gateway: GatewayClient;
const servers: Server[] = [];
/** Both clocks, the sandbox's and the handler's, moved together. */
let offset = 0;
const now = () => Date.now() + offset;
async function moveClocks(ms: number) {
  offset += ms;
  const res = await fetch(`${sandbox.url}/_sandbox/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ now: new Date(now()).toISOString() }),
  });
  expect(res.ok).toBe(true);
}

const CONFIG: CheckoutConfig = {
  amount: 10,
  currency: 'EUR',
  language: 'en',
  merchant_name: 'Tea Shop',
  avs: 'off',
  save: null,
  moto: false,
  collect_email: true,
};

/** A merchant server on loopback: every request comes from 127.0.0.1, as a bot's would from its one address. */
async function shop(options: Partial<CheckoutHandlerOptions> = {}, config: Partial<CheckoutConfig> = {}) {
  const handler = createCheckoutHandler({
    client: gateway,
    config: () => ({ ...CONFIG, ...config }),
    buildOrder: () => ({ products: [{ title: 'Tea', price: 10 }] }),
    now,
    onError: () => {},
    ...options,
  });
  const server = createServer(toNodeHandler(handler));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/checkout`;
  let n = 0;
  return {
    base,
    session: (extra: Record<string, unknown> = {}) =>
      fetch(`${base}/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          idempotency_key: `limits_${Date.now()}_${n++}_abcdef`,
          email: 'bot@example.com',
          ...extra,
        }),
      }),
  };
}

const pay = (apiDoUrl: string, card_number: string, exp_year = 39) =>
  fetch(apiDoUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ card_number, exp_month: 12, exp_year, csc: '123', cardholder_name: 'Bot' }),
  }).then((res) => res.json() as Promise<{ status: string }>);

/** A Luhn-valid Visa number ending in `tail`: a different card each time. */
function cardEnding(tail: number): string {
  const body = `411111${String(tail).padStart(9, '0')}`;
  const check = [...'0123456789'].find((digit) => luhnValid(`${body}${digit}`))!;
  return `${body}${check}`;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, secretKey: KEY });
  gateway = new GatewayClient({ baseUrl: sandbox.url, secretKey: KEY, retryBaseDelayMs: 5 });
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await sandbox.close();
});

describe('session endpoint defences against the sandbox', () => {
  it('answers the first session over the default limit with 429 and Retry-After, and again after it', {
    timeout: 60_000,
  }, async () => {
    const { session } = await shop();
    const { max, windowMs } = DEFAULT_VELOCITY_RULES.ordersPerClient;
    // The burst starts two seconds into a window (windows are counted from the epoch).
    await moveClocks(windowMs - (now() % windowMs) + 2_000);
    for (let i = 0; i < max; i++) expect((await session()).status).toBe(200);
    const over = await session();
    expect(over.status).toBe(429);
    const wait = Number(over.headers.get('retry-after'));
    // The window slides: the max orders of this window still weigh max * (1 - u / W) a time u into
    // the next, and one more goes through once that is max - 1: W / max into the next window. The
    // wait is the rest of this window plus that, longer than a window when the burst came early.
    const windowS = windowMs / 1000;
    expect(wait).toBeGreaterThan(windowS);
    expect(wait).toBeLessThanOrEqual(windowS - 2 + windowS / max);
    expect(await over.json()).toMatchObject({
      error: { type: 'rate_limited', message: expect.stringMatching(/try again in \d+ minute/) },
    });
    const orders = (await gateway.orders.list()).results.length;
    expect((await session()).status).toBe(429);
    expect((await gateway.orders.list()).results.length).toBe(orders);
    await moveClocks(wait * 1000);
    const again = await session();
    expect(again.status).toBe(200);
    const order = await gateway.orders.get(((await again.json()) as CheckoutSession).order_id);
    // The sandbox's clock moved with the handler's: the new order is dated after the wait.
    expect((order.issued ?? 0) * 1000).toBeGreaterThanOrEqual(now() - 60_000);
  });

  it('refuses further sessions for a client after N declines read back from the gateway', {
    timeout: 60_000,
  }, async () => {
    const { session, base } = await shop();
    const max = DEFAULT_VELOCITY_RULES.declinesPerClient.max;
    for (let i = 0; i < max; i++) {
      const res = await session();
      expect(res.status).toBe(200);
      const created = (await res.json()) as CheckoutSession;
      // Each a different card, expired: declined by the gateway.
      expect((await pay(created.api_do_url, cardEnding(i), 20)).status).toBe('rejected');
      const status = await (await fetch(new URL(created.status_url, base))).json();
      expect(status).toMatchObject({ outcome: 'declined' });
    }
    const refused = await session();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a bot trying cards on one order, reading its status: the last allowed decline cancels the order at the gateway, and no card is taken after it', {
    timeout: 60_000,
  }, async () => {
    const { session, base } = await shop();
    const created = (await (await session()).json()) as CheckoutSession;
    const max = DEFAULT_VELOCITY_RULES.declinesPerOrder;
    for (let i = 0; i < max; i++) {
      expect((await pay(created.api_do_url, cardEnding(100 + i), 20)).status).toBe('rejected');
      await fetch(new URL(created.status_url, base));
    }
    expect((await gateway.orders.get(created.order_id)).status).toBe('cancelled');
    // A good card now: the gateway refuses to take it for this order.
    const res = await fetch(created.api_do_url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        card_number: '4111111111111111',
        exp_month: 12,
        exp_year: 39,
        csc: '123',
        cardholder_name: 'Bot',
      }),
    });
    expect(res.status).toBe(400);
    expect((await gateway.orders.get(created.order_id)).status).toBe('cancelled');
  });

  it('a bot that never reads statuses: the webhook receiver sees the declines and cancels the order', {
    timeout: 60_000,
  }, async () => {
    const limits = createVelocityLimits({ now });
    const receiver = createServer(
      toNodeHandler(
        createWebhookHandler({
          allowedIps: ['127.0.0.1', '::1'],
          client: gateway,
          limits,
          onEvent: () => {},
        }),
      ),
    );
    servers.push(receiver);
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hook = await gateway.webhooks.create({
      title: 'limits',
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`,
      version: 'v0.6',
      all_events: true,
    });
    try {
      const { session } = await shop({ limits });
      const created = (await (await session()).json()) as CheckoutSession;
      const max = DEFAULT_VELOCITY_RULES.declinesPerOrder;
      for (let i = 0; i < max; i++)
        expect((await pay(created.api_do_url, cardEnding(200 + i), 20)).status).toBe('rejected');
      const deadline = Date.now() + 20_000;
      while ((await gateway.orders.get(created.order_id)).status !== 'cancelled' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect((await gateway.orders.get(created.order_id)).status).toBe('cancelled');
    } finally {
      await gateway.webhooks.delete(hook.id);
    }
  });

  it('50 declines sent at once straight at one order: each counted once, the order cancelled at its cap, the client refused', {
    timeout: 90_000,
  }, async () => {
    const store = new MemoryLimitStore();
    const limits = createVelocityLimits({ now, store });
    const receiver = createServer(
      toNodeHandler(
        createWebhookHandler({
          allowedIps: ['127.0.0.1', '::1'],
          client: gateway,
          limits,
          onEvent: () => {},
        }),
      ),
    );
    servers.push(receiver);
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hook = await gateway.webhooks.create({
      title: 'burst',
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`,
      version: 'v0.6',
      all_events: true,
    });
    try {
      const { session } = await shop({ limits });
      const created = (await (await session()).json()) as CheckoutSession;
      // The bot never reads a status: it fires fifty cards at the order's payment address at once.
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          fetch(created.api_do_url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              card_number: cardEnding(300 + i),
              exp_month: 12,
              exp_year: 20,
              csc: '123',
              cardholder_name: 'Bot',
            }),
          }).then((res) => res.status),
        ),
      );
      expect(answers.filter((status) => status === 200).length).toBeGreaterThanOrEqual(
        DEFAULT_VELOCITY_RULES.declinesPerOrder,
      );
      const deadline = Date.now() + 30_000;
      while ((await gateway.orders.get(created.order_id)).status !== 'cancelled' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      const order = await gateway.orders.get(created.order_id);
      expect(order.status).toBe('cancelled');
      const declines = (order.status_changes ?? []).filter((c) => c.new_status === 'rejected').length;
      expect(declines).toBeGreaterThanOrEqual(DEFAULT_VELOCITY_RULES.declinesPerOrder);
      // Every decline the gateway recorded was counted, once: not one per burst, not one per webhook.
      const counted = async () => store.count(`declined:${created.order_id}`);
      const settled = Date.now() + 20_000;
      while ((await counted()) < declines && Date.now() < settled)
        await new Promise((r) => setTimeout(r, 50));
      expect(await counted()).toBe(declines);
      // A good card now: the gateway refuses to take it for this order.
      const late = await fetch(created.api_do_url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          card_number: '4111111111111111',
          exp_month: 12,
          exp_year: 39,
          csc: '123',
          cardholder_name: 'Bot',
        }),
      });
      expect(late.status).toBe(400);
      expect((await gateway.orders.get(created.order_id)).status).toBe('cancelled');
      // And the client gets no new order to try cards on.
      const next = await session();
      expect(next.status).toBe(429);
      expect(await next.json()).toMatchObject({ error: { type: 'rate_limited' } });
    } finally {
      await gateway.webhooks.delete(hook.id);
    }
  });

  it('refuses a MOTO session without authorizeMoto, saying how to allow it', async () => {
    const { session } = await shop({}, { moto: true });
    const res = await session();
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: { type: 'moto_not_allowed', message: expect.stringMatching(/authorizeMoto/) },
    });
  });
});
