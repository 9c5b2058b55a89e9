// Replays two WooCommerce plugins of a white-label gateway on the same v0.6 API, both kept in
// jtubbenhauer/nimbus-decta:
// - the gateway's own plugin, reference/class-wc-gateway-novattipayments.php with
//   reference/novattipayments_api.php: the same curl call() as the vendor's shop modules (JSON,
//   `Content-type: application/json`, Bearer key; answers with non-empty `errors` refused), the
//   phone stripped to `+` and digits, the order with a string `number` and one line "Invoice for
//   payment #N"; the customer pays on `full_page_checkout`, or in `iframe_checkout` framed on the
//   shop; the callback validates `number` and `status` paid/withdrawn from GET /orders/{id}/.
// - a shop's own plugin built on it, nimbus-gateway.js with nimbus-decta-gateway.php: the browser
//   creates the order with the price as the text of the page's total (a string) and no quantity,
//   reads `id` and `direct_post`, then submits the whole WooCommerce checkout form there
//   (urlencoded, no key): the billing fields and nonce beside `cardholder_name`, `number`,
//   `exp_month` from a 1-12 select (one digit for January to September), `exp_year` 22-42, `csc`.
//   The repository's reference/success.json is the real gateway's answer to such a payment
//   (exp_month 1 accepted).
// Then the same through our helper.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { GatewayClient } from '../../../src/server/index.ts';
import {
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

const HOME = 'https://wp.example';

describe('the gateway’s own WooCommerce plugin, unchanged', () => {
  const plugin = vendorModule(() => sb, hasErrors);
  const call = plugin.call;
  /** transformPhone: only `+` and digits, at most 32. */
  const transformPhone = (phone: string) => phone.replace(/[^+0-9]/g, '').slice(0, 32);
  const getUser = (email: string, phone: string) => plugin.getUser(email, transformPhone(phone));
  const wasPaymentSuccessful = plugin.wasPaymentSuccessful;

  /** process_payment for WooCommerce order `n` of `total`. */
  async function processPayment(n: number, total: number): Promise<Json | null> {
    const user: Json = {
      email: 'jack@example.com.au',
      phone: '(02) 9876 5432',
      first_name: 'Jack',
      last_name: 'T',
      send_to_email: true,
    };
    let found = await getUser(user.email, user.phone);
    if (!found && (await call('POST', '/api/v0.6/clients/', { ...user, phone: transformPhone(user.phone) })))
      found = await getUser(user.email, user.phone);
    const result = await call('POST', '/api/v0.6/orders/', {
      number: String(n),
      referrer: 'woocommerce v4.x module v2.0',
      language: 'en',
      success_redirect: `${HOME}/?wc-api=wc_gateway_novattipayments&action=paid&id=${n}`,
      failure_redirect: `${HOME}/?wc-api=wc_gateway_novattipayments&action=sent&id=${n}`,
      currency: 'AUD',
      client: { ...user, original_client: found?.id },
      products: [{ price: phpFloat(total), title: `Invoice for payment #${n}`, quantity: 1 }],
    });
    return result && (result.full_page_checkout || (result.iframe_checkout && result.id)) ? result : null;
  }

  it('pays on the full page and in the framed checkout, and validates both', async () => {
    const full = await processPayment(501, 47.45);
    expect(full).toMatchObject({ number: '501', currency: 'AUD', total: 47.45, status: 'issued' });
    expect(full!.client.original_client).toBe((await getUser('jack@example.com.au', '(02) 9876 5432'))!.id);
    expect(await wasPaymentSuccessful(501, full!.id)).toBe(false);
    await payAsHostedPage(sb, full!.full_page_checkout, full!.api_do_url);
    expect(await wasPaymentSuccessful(501, full!.id)).toBe(true);

    // Iframe mode: the same order flow, the customer paying inside iframe_checkout; the callback
    // takes the payment id from its cookie.
    const framed = await processPayment(502, 20);
    expect(framed!.iframe_checkout).toMatch(/\/iframe\/$/);
    await payAsHostedPage(sb, framed!.iframe_checkout, framed!.api_do_url);
    expect(await wasPaymentSuccessful(502, framed!.id)).toBe(true);
    expect(await wasPaymentSuccessful(501, framed!.id)).toBe(false);
  });
});

describe('a shop’s WooCommerce plugin posting its checkout form to direct_post, unchanged', () => {
  /** tokenRequest: the order from the browser, the price the text of the page's total. */
  const tokenRequest = (email: string, price: string) =>
    send(
      `${sb.apiUrl}/orders/`,
      'POST',
      { Authorization: `Bearer ${sb.secretKey}`, 'Content-Type': 'application/json' },
      {
        client: { email },
        products: [{ title: 'product', price }],
        success_redirect: `${HOME}/checkout/order-received/`,
        failure_redirect: `${HOME}/checkout/order-received/?failed=1`,
      },
    );
  /** The WooCommerce checkout form as the browser submits it to `direct_post`. */
  const checkoutForm = (card: Json) =>
    new URLSearchParams({
      billing_first_name: 'Jack',
      billing_last_name: 'T',
      billing_country: 'AU',
      billing_address_1: '1 George St',
      billing_city: 'Sydney',
      billing_state: 'NSW',
      billing_postcode: '2000',
      billing_phone: '0298765432',
      billing_email: 'jack@example.com.au',
      order_comments: '',
      payment_method: 'nimbusgatway',
      'woocommerce-process-checkout-nonce': '4f1c2d3e5a',
      _wp_http_referer: '/?wc-ajax=update_order_review',
      cardholder_name: 'J T',
      exp_month: '1',
      exp_year: '39',
      csc: '123',
      ...card,
    }).toString();
  const submit = (directPost: string, card: Json) =>
    fetch(directPost, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: HOME,
        Referer: `${HOME}/checkout/`,
      },
      body: checkoutForm(card),
    });

  it('takes the string price, pays the one-digit month from the form and sends the customer back', async () => {
    const created = await tokenRequest('jack@example.com.au', '47.45');
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ total: 47.45, status: 'issued' });
    expect(created.body.direct_post).toEqual(expect.any(String));

    const answer = await submit(created.body.direct_post, { number: '4111 1111 1111 1111' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${HOME}/checkout/order-received/`);
    const order = await send(`${sb.apiUrl}/orders/${created.body.id}/`, 'GET', {
      Authorization: `Bearer ${sb.secretKey}`,
    });
    expect(order.body.status).toBe('paid');
    expect(order.body.transaction_details).toMatchObject({
      card_masked_pan: '411111******1111',
      cardholder_name: 'J T',
    });
  });

  it('sends the customer to failure_redirect on a decline', async () => {
    const created = await tokenRequest('jack@example.com.au', '9.90');
    const answer = await submit(created.body.direct_post, { number: '4000000000000002', exp_month: '9' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${HOME}/checkout/order-received/?failed=1`);
  });

  it('runs the same sequences through GatewayClient', async () => {
    const gateway = new GatewayClient({ baseUrl: sb.url, secretKey: sb.secretKey });
    const order = await gateway.orders.createOneStep({
      number: '503',
      currency: 'AUD',
      client: { email: 'helper@example.com.au', phone: '+0298765432', send_to_email: true },
      products: [{ price: 47.45, title: 'Invoice for payment #503', quantity: 1 }],
      success_redirect: `${HOME}/checkout/order-received/`,
    });
    const answer = await submit(order.direct_post!, { number: '4111111111111111' });
    expect(answer.headers.get('location')).toBe(`${HOME}/checkout/order-received/`);
    expect(await gateway.orders.get(order.id)).toMatchObject({ number: '503', status: 'paid' });
  });
});
