// What public clients of the real gateway do that the sandbox must take as the gateway does (round
// two): cancel of an order waiting on 3-D Secure, a JSON `null` body on a body-less action,
// products with a brand and a link, orders with a link, minimal webhook subscriptions, and
// transaction details in the object shapes of the 2019 Go client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../server/index.ts';
import type { Sandbox } from './server.ts';
import {
  actionOf,
  answerChallenge,
  api,
  call,
  cardBody,
  createOrder,
  fieldOf,
  type Json,
  openBankChallenge,
  paidOrder,
  pay,
  sandbox,
  waitFor,
} from './test-helpers.ts';

const THREE_DS = '4000000000003220';

let sb: Sandbox;
beforeAll(async () => {
  sb = await sandbox({ merchantName: 'Baltic Pantry' });
});
afterAll(() => sb.close());

const events = async (orderId: string) =>
  ((await call(`${sb.url}/_sandbox/webhooks?order_id=${orderId}`)).body.results as Json[]).map(
    (d) => d.event,
  );

describe('cancel of an order waiting on 3-D Secure', () => {
  it('cancels it (unpaid), ends the challenge, and refuses an answer to it afterwards', async () => {
    // A receiver, so the event log records deliveries for this order.
    await api(sb).post('/webhooks/', { url: 'http://127.0.0.1:9/hook', all_events: true });
    const order = await createOrder(sb);
    const started = await pay(order, cardBody(THREE_DS));
    expect(started.body).toMatchObject({ status: 'in_progress' });
    const challenge: string = started.body.threed_check_url;
    // The customer is at the bank's page when the shop cancels.
    const bank = await openBankChallenge(challenge);
    expect(bank.html).toContain('value="approve"');

    const cancelled = await api(sb).post(`/orders/${order.id}/cancel/`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paid: null });
    expect(cancelled.body.status_changes.map((c: Json) => c.new_status)).toEqual([
      'issued',
      'in_progress',
      'cancelled',
    ]);
    await waitFor(async () => (await events(order.id)).includes('order.canceled'));

    // The gateway's page no longer hands on to the bank: it says the check is over, with the status.
    const page = await (await fetch(challenge)).text();
    expect(page).toContain('3-D Secure check complete');
    expect(page).toContain('cancelled');
    expect(page).not.toContain('name="creq"');
    // Approve at the bank's page still open comes too late: the browser it sends back to the
    // gateway is shown the cancelled order, nothing charged; Cancel from the checkout is refused.
    const back = await (
      await fetch(new URL('/acs/answer/', bank.acs), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ acsTransID: fieldOf(bank.html, 'acsTransID'), result: 'approve' }),
      })
    ).text();
    const late = await fetch(actionOf(back, 'next'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cres: fieldOf(back, 'cres') }),
      redirect: 'manual',
    });
    expect(late.status).toBe(200);
    const shown = await late.text();
    expect(shown).toContain('3-D Secure check complete');
    expect(shown).toContain('cancelled');
    expect((await answerChallenge(challenge, 'cancel')).status).toBe(409);
    const after = await api(sb).get(`/orders/${order.id}/`);
    expect(after.body).toMatchObject({ status: 'cancelled', paid: null });
    // Nor can it be paid again: cancelled is final.
    expect((await pay(order)).status).toBe(400);
  });

  it('through GatewayClient too', async () => {
    const gateway = new GatewayClient({ baseUrl: sb.url, secretKey: sb.secretKey });
    const order = await createOrder(sb);
    await pay(order, cardBody(THREE_DS));
    expect((await gateway.orders.cancel(order.id)).status).toBe('cancelled');
  });

  it('still refuses to cancel a paid order, naming the statuses that may be cancelled', async () => {
    const paid = await paidOrder(sb);
    const refused = await api(sb).post(`/orders/${paid.id}/cancel/`);
    expect(refused.status).toBe(400);
    expect(refused.body.__all__[0].message).toBe(
      'Cancelling is allowed only on an order that is issued, rejected, in_progress or hold; this order is paid',
    );
  });
});

describe('a JSON null body on a body-less action', () => {
  it('cancel and reverse read `null` as no body; capture and refund, which read a body, refuse it', async () => {
    const order = await createOrder(sb);
    const cancelled = await api(sb).post(`/orders/${order.id}/cancel/`, null);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');

    const paid = await paidOrder(sb);
    const reversed = await api(sb).post(`/orders/${paid.id}/reverse/`, null);
    expect(reversed.status).toBe(200);
    expect(reversed.body.status).toBe('refunded');

    const held = await paidOrder(sb, { skip_capture: true });
    const capture = await api(sb).post(`/orders/${held.id}/capture/`, null);
    expect(capture.status).toBe(400);
    expect(capture.body.__all__).toEqual([{ message: 'No data provided', code: 'null' }]);
    const refund = await api(sb).post(`/orders/${(await paidOrder(sb)).id}/refund/`, null);
    expect(refund.body.__all__).toEqual([{ message: 'No data provided', code: 'null' }]);
  });

  it('an empty body, `{}`, `[]` and a Go nil-body POST (no Content-Type) all cancel', async () => {
    for (const body of ['', '{}', '[]', 'null']) {
      const order = await createOrder(sb);
      const response = await fetch(`${sb.apiUrl}/orders/${order.id}/cancel/`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${sb.secretKey}`,
          ...(body ? { 'Content-Type': 'application/json; charset=UTF-8' } : {}),
        },
        body,
      });
      expect(response.status, body).toBe(200);
      expect(((await response.json()) as Json).status).toBe('cancelled');
    }
  });
});

describe('products and orders carry a brand and a link', () => {
  it('a product has a brand object naming the merchant, and a link to its page', async () => {
    const created = await api(sb).post('/products/', { title: 'Gift card', price: 10, currency: 'EUR' });
    expect(created.status).toBe(200);
    expect(created.body.brand).toEqual({ id: expect.any(String), brand_name: 'Baltic Pantry' });
    expect(created.body.link).toBe(`${sb.url}/products/${created.body.id}/`);
    // What a white-label shop's product page reads, from the list and from one product.
    const listed = (await api(sb).get('/products/')).body.results.find((p: Json) => p.id === created.body.id);
    expect(listed.brand.brand_name).toBe('Baltic Pantry');
    expect((await api(sb).get(`/products/${created.body.id}/`)).body.brand.brand_name).toBe('Baltic Pantry');
    const page = await fetch(created.body.link);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('Gift card');
    expect(text).toContain('Baltic Pantry');
    expect((await fetch(`${sb.url}/products/00000000-0000-4000-8000-000000000000/`)).status).toBe(404);
  });

  it('GatewayClient reads them', async () => {
    const gateway = new GatewayClient({ baseUrl: sb.url, secretKey: sb.secretKey });
    const product = await gateway.products.create({ title: 'Tea', price: 4 });
    expect(product.brand?.brand_name).toBe('Baltic Pantry');
    expect(product.link).toMatch(/\/products\/[\w-]+\/$/);
  });

  it('an order has a link: its page at the gateway, which the control surface shows without the token', async () => {
    const order = await createOrder(sb);
    expect(order.link).toBe(order.full_page_checkout);
    expect((await fetch(order.link)).status).toBe(200);
    const control = await call(`${sb.url}/_sandbox/orders/${order.id}`, {
      headers: { Accept: 'application/json' },
    });
    expect(control.body.order.link).toMatch(/\/checkout\/…\/$/);
  });
});

describe('webhook subscriptions as the operator SDK creates them', () => {
  it('takes {url, events, is_active}: title defaults to the address, version to v0.6', async () => {
    const url = 'http://127.0.0.1:9/minimal';
    const created = await api(sb).post('/webhooks/', {
      url,
      events: ['order.payment_success'],
      is_active: true,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      url,
      title: url,
      version: 'v0.6',
      events: ['order.payment_success'],
    });
    expect(created.headers.get('x-sandbox-ignored')).toBe('is_active');
    const listed = (await api(sb).get('/webhooks/')).body.results.find((w: Json) => w.id === created.body.id);
    expect(listed).toMatchObject({ title: url, version: 'v0.6' });
  });

  it('still refuses a version other than v0.6 and a missing url', async () => {
    const wrong = await api(sb).post('/webhooks/', {
      url: 'http://127.0.0.1:9/x',
      version: 'v1',
      all_events: true,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.version).toBeDefined();
    const noUrl = await api(sb).post('/webhooks/', { events: ['order.issued'] });
    expect(noUrl.body.url).toEqual([{ message: 'This field is required.', code: 'required' }]);
  });
});

describe('transaction details in the 2019 Go client object shapes', () => {
  let objects: Sandbox;
  beforeAll(async () => {
    objects = await sandbox({ transactionDetails: 'objects' });
  });
  afterAll(() => objects.close());

  it('answers plain values by default', async () => {
    const paid = await paidOrder(sb);
    expect(paid.transaction_details).toMatchObject({
      card_issuer_country: 'US',
      processing_status: expect.any(String),
    });
  });

  it('answers objects when asked: country, processing status and 3-D Secure status', async () => {
    const order = await createOrder(objects);
    const started = await pay(order, cardBody(THREE_DS));
    await answerChallenge(started.body.threed_check_url, 'approve');
    const paid = (await api(objects).get(`/orders/${order.id}/`)).body;
    expect(paid.status).toBe('paid');
    const details = paid.transaction_details;
    expect(details.card_issuer_country).toEqual({
      type: 'country',
      iso_code: 840,
      code: 'US',
      display_name: 'United States',
    });
    expect(details.processing_status).toEqual({
      description: expect.any(String),
      on: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      code: expect.any(String),
    });
    expect(details.three_d_secure_status).toEqual({
      description: 'authenticated',
      on: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      mpi_status_code: 'authenticated',
    });
    // An order nobody paid has nulls, in either shape.
    const fresh = await createOrder(objects);
    expect(fresh.transaction_details).toMatchObject({
      card_issuer_country: null,
      processing_status: null,
      three_d_secure_status: null,
    });
  });

  it('GatewayClient reads the objects into the same shape as the plain values', async () => {
    const gateway = new GatewayClient({ baseUrl: objects.url, secretKey: objects.secretKey });
    const paid = await paidOrder(objects);
    const read = await gateway.orders.get(paid.id);
    expect(read.transaction_details?.card_issuer_country).toMatchObject({ code: 'US', iso_code: '840' });
    expect(read.transaction_details?.processing_status?.code).toBe(
      paid.transaction_details.processing_status.code,
    );
    expect(read.transaction_details?.processing_status?.on).toEqual(expect.any(Number));
  });
});
