// Replays the gateway vendor's PrestaShop 1.7 module, DECTA-Gate/prestashop
// (prestashop1.7/decta/lib/decta_api.php, controllers/front/payment.php and validation.php).
// DectaAPI::call() sends every request with `Content-type: application/json` and the Bearer key;
// a POST body is PHP's json_encode of its array, a GET carries its parameters urlencoded in the
// query and no body. An answer is refused when it is not JSON or has a non-empty `errors` key.
// The sequence: find the customer (GET /clients/?filter_email=&filter_phone=, results[0]), create
// it when missing and find it again, create the order with the cart id as an unquoted integer
// `number`, `referrer`, `issued_overried` (sic) and `due` beside the spec's fields and the client's
// `send_to_email` and `original_client`, and send the customer to `full_page_checkout`. Back on
// the shop, validation reads GET /orders/{id}/ and takes the payment only when (string) `number`
// is the cart id and `status` is `paid` or `withdrawn`. Then the same through our helper.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { GatewayClient } from '../../../src/server/index.ts';
import {
  HOSTED_PAGE_CARD,
  hasErrors,
  type Json,
  payAsHostedPage,
  phpFloat,
  send,
  startReplaySandbox,
  vendorModule,
} from './replay.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startReplaySandbox();
});
afterAll(() => sb.close());

const SHOP = 'https://shop.example/index.php?fc=module&module=decta&controller=validation';

const { call, getUser, wasPaymentSuccessful } = vendorModule(() => sb, hasErrors);

/** payment.php: the customer found or created, then the order; null when the module gives up. */
async function createPayment(cartId: number, total: number, customer: Json): Promise<Json | null> {
  const now = Math.floor(Date.now() / 1000);
  const user: Json = {
    email: customer.email,
    first_name: customer.first_name,
    last_name: customer.last_name,
    phone: customer.phone,
    send_to_email: true,
  };
  let found = await getUser(user.email, user.phone);
  if (!found && (await call('POST', '/api/v0.6/clients/', user)))
    found = await getUser(user.email, user.phone);
  const result = await call('POST', '/api/v0.6/orders/', {
    number: cartId,
    referrer: 'prestashop v1.7 module v3.0',
    language: 'lv',
    success_redirect: SHOP,
    failure_redirect: SHOP,
    currency: 'EUR',
    issued_overried: now,
    due: now + 30 * 60,
    client: { ...user, original_client: found?.id },
    products: [{ price: phpFloat(total), title: 'default', quantity: 1 }],
  });
  return result?.full_page_checkout && result.id ? result : null;
}

const CUSTOMER = {
  email: 'janis@example.lv',
  first_name: 'Jānis',
  last_name: 'Bērziņš',
  phone: '+371 2000 0000',
};

describe('vendor PrestaShop 1.7 module, unchanged', () => {
  it('creates the customer once, takes the payment on the hosted page and validates it', async () => {
    expect(await getUser(CUSTOMER.email, CUSTOMER.phone)).toBeNull();
    const payment = await createPayment(41, 30, CUSTOMER);
    expect(payment).not.toBeNull();
    // The client the module created is the one it found again and named as original_client.
    const created = await getUser(CUSTOMER.email, CUSTOMER.phone);
    expect(created).toMatchObject({ email: CUSTOMER.email, first_name: 'Jānis', phone: CUSTOMER.phone });
    expect(payment!.client.original_client).toBe(created!.id);
    // The unquoted cart id is stored as its text; the order is the cart's total, due in 30 minutes.
    expect(payment).toMatchObject({
      number: '41',
      status: 'issued',
      total: 30,
      currency: 'EUR',
      language: 'lv',
    });
    expect(payment!.due - payment!.issued).toBeGreaterThan(29 * 60);
    // The misspelt key is ignored, as the gateway's serializer ignores it, and shown to the integrator.
    const seen = await send(`${sb.url}/_sandbox/orders/${payment!.id}`, 'GET', {
      Accept: 'application/json',
    });
    expect(JSON.stringify(seen.body.ignored)).toContain('issued_overried');
    expect(payment!.success_redirect).toBe(SHOP);

    // Not paid yet: validation refuses it.
    expect(await wasPaymentSuccessful(41, payment!.id)).toBe(false);
    const paid = await payAsHostedPage(sb, payment!.full_page_checkout, payment!.api_do_url);
    expect(paid.body.status).toBe('paid');
    expect(await wasPaymentSuccessful(41, payment!.id)).toBe(true);
    // A payment of another cart is not this cart's.
    expect(await wasPaymentSuccessful(42, payment!.id)).toBe(false);

    // The next cart of the same customer finds the client and creates none.
    const again = await createPayment(43, 12.5, CUSTOMER);
    expect(again!.client.original_client).toBe(created!.id);
    const clients = await call('GET', '/api/v0.6/clients/', {
      filter_email: CUSTOMER.email,
      filter_phone: CUSTOMER.phone,
    });
    expect(clients!.results).toHaveLength(1);
  });

  it('finds a client by e-mail alone for a customer without a phone', async () => {
    // PrestaShop leaves an address without phones empty; the module still sends `filter_phone=`,
    // which a django-filter list ignores, so the client made earlier (here from the dashboard,
    // without a phone) is found and no second one is made.
    const earlier = await send(
      `${sb.apiUrl}/clients/`,
      'POST',
      { Authorization: `Bearer ${sb.secretKey}`, 'Content-Type': 'application/json' },
      { email: 'nophone@example.lv' },
    );
    const payment = await createPayment(46, 5, { ...CUSTOMER, email: 'nophone@example.lv', phone: '' });
    expect(payment!.client.original_client).toBe(earlier.body.id);
    const all = await call('GET', '/api/v0.6/clients/', { filter_email: 'nophone@example.lv' });
    expect(all!.results).toHaveLength(1);
  });

  it('does not validate a declined payment', async () => {
    const payment = await createPayment(44, 9.99, { ...CUSTOMER, email: 'declined@example.lv' });
    const declined = await payAsHostedPage(sb, payment!.full_page_checkout, payment!.api_do_url, {
      ...HOSTED_PAGE_CARD,
      card_number: '4000000000000002',
    });
    expect(declined.body.status).not.toBe('paid');
    expect(await wasPaymentSuccessful(44, payment!.id)).toBe(false);
  });

  it('runs the same sequence through GatewayClient', async () => {
    const gateway = new GatewayClient({ baseUrl: sb.url, secretKey: sb.secretKey });
    const user = { ...CUSTOMER, email: 'helper@example.lv', send_to_email: true };
    expect((await gateway.clients.find({ email: user.email, phone: user.phone })).results).toEqual([]);
    const client = await gateway.clients.create(user);
    const found = (await gateway.clients.find({ email: user.email, phone: user.phone })).results[0];
    expect(found?.id).toBe(client.id);
    const now = Math.floor(Date.now() / 1000);
    const order = await gateway.orders.createOneStep({
      number: '45',
      language: 'lv',
      success_redirect: SHOP,
      failure_redirect: SHOP,
      currency: 'EUR',
      due: now + 30 * 60,
      client: { ...user, original_client: client.id },
      products: [{ price: 30, title: 'default', quantity: 1 }],
    });
    await payAsHostedPage(sb, order.full_page_checkout!, order.api_do_url!);
    expect(await gateway.orders.get(order.id)).toMatchObject({ number: '45', status: 'paid' });
  });
});
