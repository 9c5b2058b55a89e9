// The webhook receiver against the project's sandbox gateway: real deliveries, real read-backs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../protocol/index.ts';
import { type Sandbox, startSandbox } from '../sandbox/index.ts';
import { GatewayClient } from './client.ts';
import { toNodeHandler } from './node.ts';
import { createWebhookHandler, type GatewayWebhookEvent } from './webhooks.ts';

const KEY = 'sk_sandbox_webhook_identity';
let sandbox: Sandbox;
let gateway: GatewayClient;
let shop: Server;
let shopUrl: string;
const events: GatewayWebhookEvent[] = [];

const pay = (apiDoUrl: string, card_number: string) =>
  fetch(apiDoUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ card_number, exp_month: 12, exp_year: 39, csc: '123', cardholder_name: 'Ada' }),
  }).then((res) => res.json() as Promise<{ status: string }>);

const eventsOf = (orderId: string, type: string) =>
  events.filter((e) => e.type === type && 'order' in e && e.order.id === orderId);

async function until(check: () => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, secretKey: KEY });
  gateway = new GatewayClient({ baseUrl: sandbox.url, secretKey: KEY, retryBaseDelayMs: 5 });
  shop = createServer(
    toNodeHandler(
      createWebhookHandler({
        allowedIps: ['127.0.0.1', '::1'],
        client: gateway,
        onEvent: (e) => void events.push(e),
      }),
    ),
  );
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/webhooks`;
  await gateway.webhooks.create({ title: 'shop', url: shopUrl, version: 'v0.6', all_events: true });
});
afterAll(async () => {
  shop.closeAllConnections();
  await new Promise((resolve) => shop.close(resolve));
  await sandbox.close();
});

describe('webhook receiver against the sandbox', () => {
  it('hands 300 declines of one order to the callback as 300 distinct events, each once', {
    timeout: 120_000,
  }, async () => {
    const order = await gateway.orders.createOneStep({
      client: { email: 'bot@example.com' },
      products: [{ title: 'Tea', price: 10 }],
    });
    for (let i = 0; i < 300; i++)
      expect((await pay(order.api_do_url!, '4000000000000002')).status).toBe('rejected');
    await until(() => eventsOf(order.id, 'order.payment_failure').length >= 300);
    // Whatever straggles in after the 300th, including the sandbox's retries, is no new event.
    await new Promise((r) => setTimeout(r, 500));
    const failures = eventsOf(order.id, 'order.payment_failure');
    expect(failures).toHaveLength(300);
    expect(failures.every((e) => e.confirmed)).toBe(true);
    expect(new Set(failures.map((e) => e.key)).size).toBe(300);
    const control = new URL(
      `/_sandbox/webhooks?order_id=${order.id}&event=order.payment_failure`,
      sandbox.url,
    );
    const sent = ((await (await fetch(control)).json()) as { results: unknown[] }).results;
    expect(sent.length).toBeGreaterThanOrEqual(300);
  });

  it('hands a forged canceled for a paid order over as unconfirmed, with the paid status', async () => {
    const order = await gateway.orders.createOneStep({
      client: { email: 'ada@example.com' },
      products: [{ title: 'Tea', price: 10 }],
    });
    expect((await pay(order.api_do_url!, '4111111111111111')).status).toBe('paid');
    const paid: Order = await gateway.orders.get(order.id);
    const forged = {
      ...paid,
      status: 'cancelled',
      status_changes: [
        ...(paid.status_changes ?? []),
        { new_status: 'cancelled', on: (paid.modified ?? 0) + 1 },
      ],
    };
    const res = await fetch(shopUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Webhook-Event': 'order.canceled',
        'X-Webhook-Version': 'v0.6',
      },
      body: JSON.stringify(forged),
    });
    expect(res.status).toBe(200);
    const [canceled] = eventsOf(order.id, 'order.canceled');
    expect(canceled).toMatchObject({ confirmed: false, order: { id: order.id, status: 'paid' } });
    await until(() => eventsOf(order.id, 'order.payment_success').length > 0);
    expect(eventsOf(order.id, 'order.payment_success')).toMatchObject([
      { confirmed: true, order: { status: 'paid' } },
    ]);
  });

  it('confirms a refund only when the gateway shows the money refunded: a forged one arrives unconfirmed', async () => {
    const order = await gateway.orders.createOneStep({
      client: { email: 'ada@example.com' },
      products: [{ title: 'Tea', price: 10 }],
    });
    expect((await pay(order.api_do_url!, '4111111111111111')).status).toBe('paid');
    const paid: Order = await gateway.orders.get(order.id);
    const post = (kind: string, body: unknown) =>
      fetch(shopUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Webhook-Event': kind, 'X-Webhook-Version': 'v0.6' },
        body: JSON.stringify(body),
      });
    // The paid order as it is, named a refund; and one claiming 4.00 refunded.
    expect((await post('order.invoice_refunded', paid)).status).toBe(200);
    expect((await post('order.invoice_refunded', { ...paid, amount_refunded: 4 })).status).toBe(200);
    const forged = eventsOf(order.id, 'order.invoice_refunded');
    expect(forged).toHaveLength(2);
    expect(forged.every((e) => !e.confirmed)).toBe(true);
    expect(forged[0]).toMatchObject({ order: { status: 'paid', amount_refunded: 0 } });
    // The genuine partial refund: the gateway's delivery is confirmed with the amount it shows.
    await gateway.orders.refund(order.id, 4);
    await until(() => eventsOf(order.id, 'order.invoice_refunded').some((e) => e.confirmed));
    expect(eventsOf(order.id, 'order.invoice_refunded').filter((e) => e.confirmed)).toMatchObject([
      { order: { status: 'paid', amount_refunded: 4 } },
    ]);
    // Claiming more than the gateway refunded is no refund either.
    await post('order.invoice_refunded', { ...(await gateway.orders.get(order.id)), amount_refunded: 9 });
    expect(eventsOf(order.id, 'order.invoice_refunded').filter((e) => e.confirmed)).toHaveLength(1);
  });

  it('confirms a reversal only when the gateway shows it reversed', async () => {
    const order = await gateway.orders.createOneStep({
      client: { email: 'ada@example.com' },
      products: [{ title: 'Tea', price: 10 }],
    });
    expect((await pay(order.api_do_url!, '4111111111111111')).status).toBe('paid');
    const paid: Order = await gateway.orders.get(order.id);
    await fetch(shopUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Webhook-Event': 'order.invoice_reversal',
        'X-Webhook-Version': 'v0.6',
      },
      body: JSON.stringify({ ...paid, status: 'refunded' }),
    });
    expect(eventsOf(order.id, 'order.invoice_reversal')).toMatchObject([{ confirmed: false }]);
    await gateway.orders.reverse(order.id);
    await until(() => eventsOf(order.id, 'order.invoice_reversal').some((e) => e.confirmed));
    expect(eventsOf(order.id, 'order.invoice_reversal').filter((e) => e.confirmed)).toMatchObject([
      { order: { status: 'refunded' } },
    ]);
  });
});
