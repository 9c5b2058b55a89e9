import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from './index.ts';
import { api, call, createOrder, type Json, paidOrder, sandbox, setClock, waitFor } from './test-helpers.ts';

// The control page as integrators use it: filters, pages, one order's detail, the merchant's actions.
let sb: Sandbox;
let receiver: Server;
let receiverUrl = '';
beforeAll(async () => {
  sb = await sandbox();
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks, noted'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
  await api(sb).post('/webhooks/', { title: 'shop', url: receiverUrl, version: 'v0.6', all_events: true });
});
afterAll(async () => {
  sb.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const page = async (query = '') => (await fetch(`${sb.url}/_sandbox/${query}`)).text();
const ordersTable = (html: string) => html.split('id="orders"')[1]!.split('</table>')[0]!;
const detail = async (id: string) =>
  fetch(`${sb.url}/_sandbox/orders/${id}`, { headers: { accept: 'text/html,application/xhtml+xml' } });
const act = (id: string, action: string, body: Json = {}) =>
  call(`${sb.url}/_sandbox/orders/${id}/${action}`, { method: 'POST', body });

describe('/_sandbox/ lists', () => {
  it('filters orders by status and by text (number, e-mail, card, amount)', async () => {
    const paid = await paidOrder(sb, { number: 'FILTER-PAID', client: { email: 'filter-paid@example.com' } });
    const issued = await createOrder(sb, { number: 'FILTER-OPEN' });
    const byStatus = ordersTable(await page('?status=paid&q=FILTER'));
    expect(byStatus).toContain(paid.id);
    expect(byStatus).not.toContain(issued.id);
    expect(ordersTable(await page('?q=filter-paid%40example'))).toContain(paid.id);
    expect(ordersTable(await page('?q=filter-open'))).toContain(issued.id);
    expect(ordersTable(await page('?q=no-such-thing-anywhere'))).toContain('No order matches the filter.');
    // An unknown status is no filter at all, never an error.
    expect((await fetch(`${sb.url}/_sandbox/?status=__proto__`)).status).toBe(200);
  });

  it('shows twenty orders a page, newest first, with links to the older ones', async () => {
    const made: string[] = [];
    for (let i = 0; i < 25; i++) made.push((await createOrder(sb, { number: `PAGE-${i}` })).id);
    const first = ordersTable(await page('?q=PAGE-'));
    expect(first.match(/<tr data-id=/g)).toHaveLength(20);
    expect(first).toContain(made[24]);
    expect(first).not.toContain(made[0]);
    const html = await page('?q=PAGE-');
    expect(html).toContain('1–20 of 25');
    expect(html).toContain('href="/_sandbox/?q=PAGE-&amp;page=2" rel="next"');
    const second = ordersTable(await page('?q=PAGE-&page=2'));
    expect(second.match(/<tr data-id=/g)).toHaveLength(5);
    expect(second).toContain(made[0]);
  });

  it('puts the webhooks on a tab of their own, newest first', async () => {
    const html = await page('?tab=webhooks');
    expect(html).toMatch(/<a role="tab" id="tab-webhooks"[^>]*aria-selected="true"/);
    expect(html).toMatch(/id="panel-orders" role="tabpanel" aria-labelledby="tab-orders" hidden/);
    expect(html).toMatch(/id="panel-webhooks" role="tabpanel" aria-labelledby="tab-webhooks">/);
  });
});

describe('/_sandbox/orders/<id> in a browser', () => {
  it('shows the order object, its status changes and each delivery with headers, body and answer', async () => {
    const order = await paidOrder(sb, { number: 'DETAIL-1' });
    await waitFor(async () => {
      const { body } = await call(
        `${sb.url}/_sandbox/webhooks?order_id=${order.id}&event=order.payment_success`,
      );
      return body.results[0]?.state === 'delivered' ? true : undefined;
    });
    const response = await detail(order.id);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h2>Order DETAIL-1</h2>');
    for (const status of ['issued', 'in progress', 'paid']) expect(html).toContain(`>${status}</span>`);
    expect(html).toContain('order.payment_success');
    expect(html).toContain(`POST ${receiverUrl}`);
    expect(html).toContain('X-Webhook-Event: order.payment_success');
    expect(html).toContain('HTTP 200');
    expect(html).toContain('thanks, noted');
    expect(html).toContain('&quot;card_masked_pan&quot;: &quot;411111******1111&quot;');
    // The pay token is the key to paying the order: never on the page.
    expect(html).not.toContain(order.api_do_url);
    expect(html).not.toContain('4111111111111111');
    // Tools still get the JSON at the same address.
    const json = await call(`${sb.url}/_sandbox/orders/${order.id}`);
    expect(json.body.order.id).toBe(order.id);
  });

  it('lists the keys a request sent that the gateway ignored', async () => {
    const order = await createOrder(sb, { number: 'IGNORED-1', favourite_colour: 'teal' });
    const html = await (await detail(order.id)).text();
    expect(html).toContain('<code>favourite_colour</code>');
  });

  it('answers 404 as a page for an unknown order', async () => {
    const response = await detail('no-such-order');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Order not found');
  });
});

describe('POST /_sandbox/orders/<id>/<action>', () => {
  it('captures less than the hold, refunds part, then the rest, by the API’s rules', async () => {
    const order = await paidOrder(sb, { skip_capture: true, products: [{ title: 'Tea', price: 30 }] });
    expect((await act(order.id, 'capture', { total: 40 })).status).toBe(400);
    const captured = await act(order.id, 'capture', { total: 20 });
    expect(captured.body).toMatchObject({ status: 'paid', total: 20 });
    expect((await act(order.id, 'capture', { total: 5 })).body.__all__[0].message).toMatch(
      /only on an order that is hold/,
    );
    expect((await act(order.id, 'refund', { amount: 5 })).body).toMatchObject({
      status: 'paid',
      amount_refunded: 5,
    });
    expect((await act(order.id, 'refund')).body).toMatchObject({ status: 'refunded', amount_refunded: 20 });
    expect((await api(sb).get(`/orders/${order.id}/`)).body.status).toBe('refunded');
  });

  it('refuses a reversal the day after payment in words; cancels an unpaid order', async () => {
    const order = await paidOrder(sb);
    await setClock(sb, new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString());
    try {
      const reversed = await act(order.id, 'reverse');
      expect(reversed.status).toBe(400);
      expect(reversed.body.__all__[0].message).toMatch(/Reversal is allowed only on the day of payment/);
    } finally {
      await setClock(sb, null);
    }
    const open = await createOrder(sb);
    expect((await act(open.id, 'cancel')).body).toMatchObject({ status: 'cancelled' });
  });

  it('takes changes only from its own origin, as JSON', async () => {
    const order = await createOrder(sb);
    const foreign = await fetch(`${sb.url}/_sandbox/orders/${order.id}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    const form = await fetch(`${sb.url}/_sandbox/orders/${order.id}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(form.status).toBe(415);
    expect((await api(sb).get(`/orders/${order.id}/`)).body.status).toBe('issued');
  });
});
