// Replays a Laravel shop's gateway service, applax-dev/applax-payment-showcase
// (app/Services/PaymentGateway/GateSDKService.php, app/Http/Controllers/Shop/CheckoutController.php,
// app/Models/Shop/Order.php and Customer.php, app/Jobs/CheckOrderStatus.php), which talks to the
// gateway through the Appla-X PHP SDK (Guzzle: Bearer key, `Accept: application/json`,
// `Content-Type: application/json; charset=UTF-8`, its User-Agent; no body for an empty array).
// Checkout: the customer becomes a gateway client (phone as "country_code-number"), the order is
// created with the shop's own `id` and `amount` beside `number`, `referrer`, three redirects and the
// client's `original_client`, and the customer is sent to `full_page_checkout`. Back on the
// success page, and in its status job, it reads GET /orders/{id}/ `status`; a webhook's order is
// found by the body's `id`. The back office refunds with `{amount, reason}` and cancels with no
// body. Then the same through our helper.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { GatewayClient } from '../../../src/server/index.ts';
import {
  type Json,
  payAsHostedPage,
  phpFloat,
  phpJson,
  Receiver,
  send,
  startReplaySandbox,
} from './replay.ts';

let sb: Sandbox;
let receiver: Receiver;
beforeAll(async () => {
  sb = await startReplaySandbox();
  receiver = await new Receiver().start();
});
afterAll(async () => {
  await sb.close();
  await receiver.stop();
});

const SHOP = 'https://laravel.example/shop/checkout';
const headers = () => ({
  Authorization: `Bearer ${sb.secretKey}`,
  Accept: 'application/json',
  'Content-Type': 'application/json; charset=UTF-8',
  'User-Agent': 'ApplaX-Gate-SDK-PHP/1.0.0',
});
/** GateSDK::makeRequest: json_encode of a non-empty array, else no body; a 4xx or 5xx throws. */
async function sdk(method: string, endpoint: string, data: Json = {}): Promise<Json> {
  const answer = await send(
    `${sb.apiUrl}${endpoint}`,
    method,
    headers(),
    Object.keys(data).length ? phpJson(data) : undefined,
  );
  if (answer.status >= 400)
    throw new Error(`${method} ${endpoint}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Customer::toGatewayFormat: nulls and empty strings filtered out, original_client once synced. */
const customerFormat = (gatewayClientId?: string): Json => ({
  email: 'ion@example.ro',
  phone: '40-749089083',
  first_name: 'Ion',
  last_name: 'Popescu',
  ...(gatewayClientId ? { original_client: gatewayClientId } : {}),
});

/** Order::toGatewayFormat for the shop's order `id` of `total`. */
const orderFormat = (id: number, total: number, items: number, gatewayClientId: string): Json => ({
  id: String(id),
  number: String(id),
  referrer: 'Laravel Module v1.0',
  language: 'en',
  currency: 'EUR',
  amount: phpFloat(total),
  client: customerFormat(gatewayClientId),
  products: [{ price: phpFloat(total), title: `Order #${id} - ${items} item(s)`, quantity: 1 }],
  success_redirect: `${SHOP}/complete?order=${id}`,
  failure_redirect: `${SHOP}/payment?error=payment_failed&order=${id}`,
  in_progress_redirect: `${SHOP}/complete?order=${id}`,
});

describe('Laravel shop service over the Appla-X SDK, unchanged', () => {
  it('checks out, pays on the hosted page, syncs, matches the webhook by id, refunds and cancels', async () => {
    // The merchant's webhook, as its back office creates it (createWebhookRaw).
    const hook = await sdk('POST', '/webhooks/', {
      title: 'Laravel shop',
      url: `${receiver.url}/webhook/payment`,
      version: 'v0.6',
      events: ['order.payment_success', 'order.canceled'],
      is_test: true,
    });
    expect(hook.id).toEqual(expect.any(String));

    // processOrder: createClient, then createOrderModel.
    const client = await sdk('POST', '/clients/', customerFormat());
    const gatewayClientId: string = client.id;
    const order = await sdk('POST', '/orders/', orderFormat(17, 25.5, 2, gatewayClientId));
    expect(order).toMatchObject({ status: 'issued', number: '17', total: 25.5 });
    // The shop's own `id` is not the gateway's: the gateway assigns its own.
    expect(order.id).not.toBe('17');
    const paymentUrls = {
      full_page_checkout: order.full_page_checkout ?? null,
      iframe_checkout: order.iframe_checkout ?? null,
      direct_post: order.direct_post ?? null,
      api_do_url: order.api_do_url ?? null,
    };
    expect(Object.values(paymentUrls).every((u) => typeof u === 'string')).toBe(true);
    expect(order.client.original_client).toBe(gatewayClientId);

    // processCardPayment: full_page_checkout first; the customer pays there.
    await payAsHostedPage(sb, paymentUrls.full_page_checkout, paymentUrls.api_do_url);

    // syncOrderStatusFromGateway on the success page, and the CheckOrderStatus job: `status`.
    expect((await sdk('GET', `/orders/${order.id}/`)).status).toBe('paid');

    // handleOrderPaidWebhook: the local order is found by the body's id.
    const paidHook = await receiver.next(
      (r) => r.headers['x-webhook-event'] === 'order.payment_success' && r.body.id === order.id,
    );
    expect(paidHook.body).toMatchObject({ id: order.id, status: 'paid', number: '17' });

    // Back office refund: amount and a reason.
    const refunded = await sdk('POST', `/orders/${order.id}/refund/`, {
      amount: 10.5,
      reason: 'Customer request',
    });
    expect(refunded).toMatchObject({ id: order.id, amount_refunded: 10.5 });

    // A second order of the same, now synced, customer; cancelled from the back office.
    const second = await sdk('POST', '/orders/', orderFormat(18, 9.99, 1, gatewayClientId));
    const cancelled = await sdk('POST', `/orders/${second.id}/cancel/`);
    expect(cancelled.status).toBe('cancelled');
    const cancelHook = await receiver.next(
      (r) => r.headers['x-webhook-event'] === 'order.canceled' && r.body.id === second.id,
    );
    expect(cancelHook.body.status).toBe('cancelled');
    expect((await sdk('GET', `/orders/${second.id}/`)).status).toBe('cancelled');
  });

  it('runs the same sequence through GatewayClient', async () => {
    const gateway = new GatewayClient({ baseUrl: sb.url, secretKey: sb.secretKey });
    const client = await gateway.clients.create({ ...customerFormat(), email: 'helper@example.ro' });
    const order = await gateway.orders.createOneStep({
      number: '19',
      language: 'en',
      currency: 'EUR',
      client: { email: 'helper@example.ro', original_client: client.id },
      products: [{ price: 25.5, title: 'Order #19 - 2 item(s)', quantity: 1 }],
      success_redirect: `${SHOP}/complete?order=19`,
      failure_redirect: `${SHOP}/payment?error=payment_failed&order=19`,
      in_progress_redirect: `${SHOP}/complete?order=19`,
    });
    await payAsHostedPage(sb, order.full_page_checkout!, order.api_do_url!);
    expect((await gateway.orders.get(order.id)).status).toBe('paid');
    expect((await gateway.orders.refund(order.id, 10.5)).amount_refunded).toBe(10.5);
    const second = await gateway.orders.createOneStep({
      client: { email: 'helper@example.ro', original_client: client.id },
      products: [{ price: 9.99, title: 'Order #20 - 1 item(s)', quantity: 1 }],
    });
    expect((await gateway.orders.cancel(second.id)).status).toBe('cancelled');
  });
});
