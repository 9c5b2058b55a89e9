// Replays the gateway vendor's Magento 2 module, DECTA-Gate/magento2 at commit 97c451e
// (Model/DectaApi.php with Controller/Request/Redirect.php and Controller/Response/Success.php of
// the same commit). DectaApi::call() sends `Content-type: application/json` and the Bearer key; a
// POST body is PHP's json_encode of its array, a GET carries its parameters urlencoded in the query
// and no body; a non-JSON answer or a 4xx is null. The sequence: find the customer by e-mail and
// phone (results[0]), create it when missing and find it again, create the order with `number` cast
// to a string, `referrer`, one product line per cart item (`quantity` an integer, `tax_percent` and
// `discount_amount` when the item has them) and the shipping as a line, then send the customer to
// `full_page_checkout`. The success callback reads GET /orders/{id}/ and completes the order only
// when (string) `number` is the Magento order's id and `status` is `paid` or `withdrawn`.
// Then the same through our helper.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { GatewayClient } from '../../../src/server/index.ts';
import { type Json, payAsHostedPage, phpFloat, send, startReplaySandbox, vendorModule } from './replay.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startReplaySandbox();
});
afterAll(() => sb.close());

const SUCCESS = 'https://magento.example/decta/response/success/';
const FAILURE = 'https://magento.example/decta/response/failure/';

/** Its copy of the library refuses a 4xx. */
const { call, getUser, wasPaymentSuccessful } = vendorModule(
  () => sb,
  (answer) => answer.status >= 400 && answer.status < 500,
);

interface CartItem {
  name: string;
  catalogPrice: number;
  price: number;
  qty: number;
  taxPercent: number;
}

/** DectaApi::createPayment(): customer, product lines, shipping line, then POST /orders/. */
async function createPayment(entityId: number, items: CartItem[], shipping: number): Promise<Json | null> {
  const user: Json = {
    email: 'anna@example.de',
    first_name: 'Anna',
    last_name: 'Müller',
    phone: '+49 30 1234567',
    send_to_email: true,
  };
  let found = await getUser(user.email, user.phone);
  if (!found && (await call('POST', '/api/v0.6/clients/', user)))
    found = await getUser(user.email, user.phone);
  const products = items.map((item) => {
    const discount = item.catalogPrice - item.price;
    const line: Json = {
      price: phpFloat(discount > 0 ? item.catalogPrice : item.price),
      title: item.name,
      quantity: item.qty,
    };
    if (item.taxPercent > 0) line.tax_percent = phpFloat(item.taxPercent);
    if (discount > 0) line.discount_amount = phpFloat(Math.round(discount * item.qty * 100) / 100);
    return line;
  });
  if (shipping > 0) products.push({ price: phpFloat(shipping), title: 'Flat Rate - Fixed', quantity: 1 });
  const result = await call('POST', '/api/v0.6/orders/', {
    number: String(entityId),
    referrer: 'Magento v2.x module v3.0',
    language: 'en',
    success_redirect: SUCCESS,
    failure_redirect: FAILURE,
    currency: 'EUR',
    client: { ...user, original_client: found?.id },
    products,
  });
  return result?.full_page_checkout && result.id ? result : null;
}

const CART: CartItem[] = [
  { name: 'Kaffeebecher', catalogPrice: 12, price: 12, qty: 2, taxPercent: 19 },
  { name: 'Teekanne', catalogPrice: 30, price: 25, qty: 1, taxPercent: 0 },
];

describe('vendor Magento 2 module, unchanged', () => {
  it('creates the order with its lines, sends the customer to the hosted page and verifies the payment', async () => {
    const payment = await createPayment(1007, CART, 5);
    expect(payment).not.toBeNull();
    expect(payment).toMatchObject({ number: '1007', status: 'issued', success_redirect: SUCCESS });
    expect(payment!.client.original_client).toBe((await getUser('anna@example.de', '+49 30 1234567'))!.id);
    // Quantities and prices as sent; tax_percent and discount_amount are the gateway's to compute,
    // so its serializer ignores them, and the sandbox says so.
    expect(payment!.products.map((p: Json) => [p.title, p.price, p.quantity])).toEqual([
      ['Kaffeebecher', 12, 2],
      ['Teekanne', 30, 1],
      ['Flat Rate - Fixed', 5, 1],
    ]);
    const seen = await send(`${sb.url}/_sandbox/orders/${payment!.id}`, 'GET', {
      Accept: 'application/json',
    });
    const ignored = JSON.stringify(seen.body.ignored);
    expect(ignored).toContain('products.0.tax_percent');
    expect(ignored).toContain('products.1.discount_amount');

    expect(await wasPaymentSuccessful(1007, payment!.id)).toBe(false);
    expect((await payAsHostedPage(sb, payment!.full_page_checkout, payment!.api_do_url)).body.status).toBe(
      'paid',
    );
    expect(await wasPaymentSuccessful(1007, payment!.id)).toBe(true);
    expect(await wasPaymentSuccessful(1008, payment!.id)).toBe(false);
  });

  it('treats an unknown payment id as not paid', async () => {
    expect(await wasPaymentSuccessful(1009, '00000000-0000-4000-8000-000000000000')).toBe(false);
  });

  it('runs the same sequence through GatewayClient', async () => {
    const gateway = new GatewayClient({ baseUrl: sb.url, secretKey: sb.secretKey });
    const client = await gateway.clients.create({ email: 'helper@example.de', phone: '+49 30 7654321' });
    expect(
      (await gateway.clients.find({ email: 'helper@example.de', phone: '+49 30 7654321' })).results[0]?.id,
    ).toBe(client.id);
    const order = await gateway.orders.createOneStep({
      number: '1010',
      language: 'en',
      success_redirect: SUCCESS,
      failure_redirect: FAILURE,
      currency: 'EUR',
      client: { email: 'helper@example.de', original_client: client.id },
      products: [
        { price: 12, title: 'Kaffeebecher', quantity: 2 },
        { price: 5, title: 'Flat Rate - Fixed', quantity: 1 },
      ],
    });
    await payAsHostedPage(sb, order.full_page_checkout!, order.api_do_url!);
    expect(await gateway.orders.get(order.id)).toMatchObject({ number: '1010', status: 'paid', total: 29 });
  });
});
