// Replays a production payment-platform adapter of the v0.6 gateway (a Yii application's
// DectaAdapter; Guzzle). It creates the order with `total`, `response_type: "minimal"`,
// `terminal_processing_id` and `currency` beside the spec's fields, posts the card to api_do_url
// from its server with its Bearer key (exp_month and exp_year cast to integers) and reads
// `threed_check_url`, then calls paths without the trailing slash: `GET orders/{id}` with a body
// `[]`, `POST orders/{id}/refund` with the amount, `POST orders/{id}/cancel` with `[]`. On an error
// it reads `__all__[0].message`. Then the same through our helper.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { GatewayClient } from '../../../src/server/index.ts';
import { send, startReplaySandbox } from './replay.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startReplaySandbox();
});
afterAll(() => sb.close());

const headers = () => ({ Authorization: `Bearer ${sb.secretKey}`, 'Content-Type': 'application/json' });
const createPay = (sum: number) =>
  send(`${sb.apiUrl}/orders/`, 'POST', headers(), {
    client: { email: 'payer@example.com' },
    total: sum,
    products: [{ price: sum, title: 'Payment' }],
    response_type: 'minimal',
    success_redirect: 'https://partner.example/orderdone',
    failure_redirect: 'https://partner.example/orderfail',
    terminal_processing_id: 'T-0042',
    currency: 'EUR',
  });
const secondStep = (apiDoUrl: string, number: string) =>
  send(apiDoUrl, 'POST', headers(), {
    cardholder_name: 'IVAN PETROV',
    card_number: number,
    exp_month: 3,
    exp_year: 39,
    csc: '123',
  });
/** GET orders/{id}; its HTTP client adds a body `[]`, which fetch cannot send (src/sandbox/endpoints.test.ts sends one over node:http). */
const checkStatus = async (id: string) =>
  (await send(`${sb.apiUrl}/orders/${id}`, 'GET', headers())).body.status;

describe('production adapter, unchanged', () => {
  it('pays, reads the status, refunds and cancels as it does', async () => {
    const created = await createPay(100);
    expect(created.status).toBe(200);
    expect(created.headers.get('x-sandbox-ignored')).toBe('total, response_type, terminal_processing_id');
    const answer = await secondStep(created.body.api_do_url, '4111111111111111');
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty('threed_check_url');
    expect(await checkStatus(created.body.id)).toBe('paid');

    const refund = await send(`${sb.apiUrl}/orders/${created.body.id}/refund`, 'POST', headers(), {
      amount: 100,
    });
    expect(refund.status).toBe(200);
    expect(await checkStatus(created.body.id)).toBe('refunded');

    const challenged = await createPay(20);
    const threeDS = await secondStep(challenged.body.api_do_url, '4000000000003220');
    expect(threeDS.body.threed_check_url).toMatch(/\/3ds\//);

    const unpaid = await createPay(30);
    const cancel = await send(`${sb.apiUrl}/orders/${unpaid.body.id}/cancel`, 'POST', headers(), '[]');
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('cancelled');

    // Its error path: __all__[0].message.
    const again = await send(`${sb.apiUrl}/orders/${unpaid.body.id}/cancel`, 'POST', headers(), '[]');
    expect(again.status).toBe(400);
    expect(again.body.__all__[0].message).toMatch(/this order is cancelled/);
  });

  it('runs the same sequence through GatewayClient', async () => {
    const gateway = new GatewayClient({ baseUrl: sb.url, secretKey: sb.secretKey });
    const order = await gateway.orders.createOneStep({
      client: { email: 'payer@example.com' },
      products: [{ price: 100, title: 'Payment' }],
      success_redirect: 'https://partner.example/orderdone',
      failure_redirect: 'https://partner.example/orderfail',
      currency: 'EUR',
    });
    expect((await secondStep(order.api_do_url!, '4111111111111111')).status).toBe(200);
    expect((await gateway.orders.get(order.id)).status).toBe('paid');
    expect((await gateway.orders.refund(order.id, 100)).status).toBe('refunded');
    const unpaid = await gateway.orders.createOneStep({
      client: { email: 'payer@example.com' },
      products: [{ price: 30, title: 'Payment' }],
    });
    expect((await gateway.orders.cancel(unpaid.id)).status).toBe('cancelled');
  });
});
