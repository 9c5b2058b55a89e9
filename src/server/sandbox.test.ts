// The helper against the project's sandbox gateway: the contract between the two, end to end.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutSession, CheckoutStatus, DirectPaymentBody } from '../protocol/index.ts';
import { type Sandbox, startSandbox } from '../sandbox/index.ts';
import { createCheckoutHandler } from './checkout.ts';
import { GatewayClient } from './client.ts';
import type { GatewayError } from './errors.ts';
import { toNodeHandler } from './node.ts';
import { createWebhookHandler, type GatewayWebhookEvent } from './webhooks.ts';

const KEY = 'sk_sandbox_helper_test';
let sandbox: Sandbox;
let gateway: GatewayClient;
let merchant: Server;
let shop: string;
const events: GatewayWebhookEvent[] = [];

const card = (card_number = '4111111111111111'): DirectPaymentBody => ({
  card_number,
  exp_month: 12,
  exp_year: 39,
  csc: '123',
  cardholder_name: 'Ada Lovelace',
});
const pay = async (apiDoUrl: string, body = card()) =>
  fetch(apiDoUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const tea = {
  client: { email: 'ada@example.com' },
  products: [{ title: 'Tea', price: 10 }],
  currency: 'EUR',
};

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, secretKey: KEY });
  gateway = new GatewayClient({ baseUrl: sandbox.url, secretKey: KEY, retryBaseDelayMs: 5 });
  const checkout = toNodeHandler(
    createCheckoutHandler({
      client: gateway,
      config: () => ({
        amount: 10,
        currency: 'EUR',
        language: 'en',
        merchant_name: 'Tea Shop',
        avs: 'standard',
        save: null,
        moto: false,
        collect_email: true,
      }),
      buildOrder: () => ({ products: [{ title: 'Tea', price: 10 }] }),
    }),
  );
  const hooks = toNodeHandler(
    createWebhookHandler({
      allowedIps: ['127.0.0.1', '::1'],
      client: gateway,
      onEvent: (e) => void events.push(e),
    }),
  );
  merchant = createServer((req, res) => (req.url?.startsWith('/webhooks') ? hooks : checkout)(req, res));
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  shop = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
});
afterAll(async () => {
  merchant.closeAllConnections();
  await new Promise((resolve) => merchant.close(resolve));
  await sandbox.close();
});

describe('helper against the sandbox', () => {
  it('one-step: create, pay at api_do_url, read paid, refund partly', async () => {
    const order = await gateway.orders.createOneStep(tea);
    expect(order.api_do_url).toBeTruthy();
    expect((await pay(order.api_do_url!)).ok).toBe(true);
    expect((await gateway.orders.get(order.id)).status).toBe('paid');
    await gateway.orders.refund(order.id, 2.5);
    const after = await gateway.orders.get(order.id);
    expect(after.status).toBe('paid');
    const refunded = after.amount_refunded ?? after.transaction_details?.amount_refunded;
    expect(refunded).toBe(2.5);
    const page = await gateway.orders.list();
    expect(page.results.some((o) => o.id === order.id)).toBe(true);
  });

  it('two-step: hold, capture checked against the held amount, then paid', async () => {
    const order = await gateway.orders.createTwoStep(tea);
    await pay(order.api_do_url!);
    expect((await gateway.orders.get(order.id)).status).toBe('hold');
    const tooMuch = await gateway.orders.capture(order.id, 10.5).catch((e: GatewayError) => e);
    expect((tooMuch as GatewayError).type).toBe('validation');
    await gateway.orders.capture(order.id, 8);
    expect((await gateway.orders.get(order.id)).status).toBe('paid');
  });

  it('maps the sandbox errors: wrong key, unknown order, a 400 with field issues', async () => {
    const wrong = new GatewayClient({ baseUrl: sandbox.url, secretKey: 'sk_wrong' });
    expect(((await wrong.orders.get('x').catch((e) => e)) as GatewayError).type).toBe('authentication');
    expect(((await gateway.orders.get('no_such_order').catch((e) => e)) as GatewayError).type).toBe(
      'not_found',
    );
    const strict = await startSandbox({ port: 0, secretKey: KEY, avsEnabled: true });
    try {
      const client = new GatewayClient({ baseUrl: strict.url, secretKey: KEY });
      const err = (await client.orders.create(tea).catch((e) => e)) as GatewayError;
      expect(err.type).toBe('invalid_request');
      expect(err.status).toBe(400);
      expect(err.issues.map((i) => i.path)).toContain('client.address');
    } finally {
      await strict.close();
    }
  });

  it('clients, taxes and webhook subscriptions', async () => {
    const created = await gateway.clients.create({ email: 'grace@example.com' });
    expect((await gateway.clients.findByEmail('grace@example.com')).map((c) => c.id)).toContain(created.id);
    expect((await gateway.clients.findOrCreate('grace@example.com')).id).toBe(created.id);
    const tax = await gateway.taxes.create({ name: 'VAT', percent: 21 });
    expect(tax).toMatchObject({ name: 'VAT', percent: 21 });
  });

  it('the element flow through the mounted handlers: session, payment, status and webhook', async () => {
    await gateway.webhooks.create({
      title: 'shop',
      url: `${shop}/webhooks`,
      version: 'v0.6',
      all_events: true,
    });
    const res = await fetch(`${shop}/checkout/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        idempotency_key: 'sandbox_flow_0123456789',
        email: 'ada@example.com',
        billing_address: { address: '1 Main St', zip_code: '10001', country: 'US' },
      }),
    });
    expect(res.status).toBe(200);
    const session = (await res.json()) as CheckoutSession;
    expect(session).toMatchObject({ amount: 10, currency: 'EUR', avs: 'standard' });
    expect((await pay(session.api_do_url)).ok).toBe(true);
    const status = (await (await fetch(`${shop}${session.status_url}`)).json()) as CheckoutStatus;
    expect(status).toMatchObject({ order_id: session.order_id, outcome: 'succeeded', amount: 10 });
    for (let i = 0; i < 100 && !events.some((e) => 'order' in e && e.order.id === session.order_id); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(events.some((e) => 'order' in e && e.order.id === session.order_id)).toBe(true);
  });
});
