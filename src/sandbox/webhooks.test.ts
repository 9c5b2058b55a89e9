import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../protocol/index.ts';
import type { Sandbox, WebhookDelivery } from './index.ts';
import {
  api,
  call,
  cardBody,
  createOrder,
  type Json,
  pay,
  sandbox,
  setClock,
  waitFor,
} from './test-helpers.ts';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Json;
}

/** A real local receiver; `answer` decides the status per request. */
class Receiver {
  readonly received: Received[] = [];
  answer: (r: Received, n: number) => number | 'hang' = () => 200;
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r: Received = {
          path: req.url ?? '',
          headers: req.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        };
        this.received.push(r);
        const status = this.answer(r, this.received.length);
        if (status === 'hang') return;
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let sb: Sandbox;
let receiver: Receiver;
beforeAll(async () => {
  sb = await sandbox();
  receiver = new Receiver();
  await receiver.start();
});
afterAll(async () => {
  await sb.close();
  await receiver.stop();
});
afterEach(async () => {
  receiver.answer = () => 200;
  await setClock(sb, null);
});

const subscribe = async (path: string, extra: Json = { all_events: true }) => {
  const reply = await api(sb).post('/webhooks/', {
    title: path,
    url: `${receiver.url}${path}`,
    version: 'v0.6',
    ...extra,
  });
  expect(reply.status).toBe(200);
};
const at = (path: string) => receiver.received.filter((r) => r.path === path);
const deliveries = async (query = ''): Promise<WebhookDelivery[]> =>
  (await call(`${sb.url}/_sandbox/webhooks${query}`)).body.results;

describe('webhook deliveries to a real receiver', () => {
  it('posts order.* events on every status change with the order object as body', async () => {
    await subscribe('/all');
    const order = await createOrder(sb, { skip_capture: true });
    await pay(order);
    await api(sb).post(`/orders/${order.id}/capture/`, { total: 5 });
    await api(sb).post(`/orders/${order.id}/refund/`, { amount: 1 });
    await api(sb).post(`/orders/${order.id}/refund/`);
    const mine = () => at('/all').filter((r) => r.body.id === order.id);
    await waitFor(() => mine().length >= 6);
    const events = mine().map((r) => `${r.headers['x-webhook-event']}:${r.body.status}`);
    expect(events.sort()).toEqual(
      [
        'order.issued:issued',
        'order.in_progress:in_progress',
        'order.hold:hold',
        'order.payment_success:paid',
        'order.invoice_refunded:paid',
        'order.invoice_refunded:refunded',
      ].sort(),
    );
    const first = mine()[0]!;
    expect(first.headers['x-webhook-version']).toBe('v0.6');
    expect(first.headers['content-type']).toBe('application/json');
    expect(orderSchema.safeParse(first.body).success).toBe(true);
    const recorded = await deliveries(`?order_id=${order.id}`);
    expect(
      recorded.filter((d) => d.url === `${receiver.url}/all`).every((d) => d.state === 'delivered'),
    ).toBe(true);
  });

  it('sends card.created with the Card body', async () => {
    await subscribe('/cards', { events: ['card.created'] });
    const order = await createOrder(sb, { setup_future_use: 'recurring', recurring_number: 'R-1' });
    await pay(order, cardBody('4111111111111111', { saved_by_merchant: true }));
    const [hit] = await waitFor(() => (at('/cards').length ? at('/cards') : undefined));
    expect(hit!.headers['x-webhook-event']).toBe('card.created');
    expect(hit!.body).toMatchObject({
      transaction_type: 'DEBIT',
      masked_pan: '411111******1111',
      exp_month: 12,
      exp_year: 39,
      is_default: true,
      cardholder_name: 'Ada Lovelace',
    });
    // Only the subscribed event reached this URL.
    await new Promise((r) => setTimeout(r, 50));
    expect(at('/cards').every((r) => r.headers['x-webhook-event'] === 'card.created')).toBe(true);
  });

  it('sends declines, reversals, refund failures and hold expiry', async () => {
    await subscribe('/more');
    const declined = await createOrder(sb);
    await pay(declined, cardBody('4000000000009995'));
    const reversed = await createOrder(sb);
    await pay(reversed);
    await api(sb).post(`/orders/${reversed.id}/reverse/`);
    const chargeback = await createOrder(sb);
    await pay(chargeback, cardBody('4000000000000259'));
    await api(sb).post(`/orders/${chargeback.id}/refund/`);
    await setClock(sb, '2030-01-01T00:00:00Z');
    const hold = await createOrder(sb, { skip_capture: true });
    await pay(hold);
    await setClock(sb, '2030-03-01T00:00:00Z');
    await api(sb).get(`/orders/${hold.id}/`);
    const eventOf = (id: string, event: string) => () =>
      at('/more').find((r) => r.body.id === id && r.headers['x-webhook-event'] === event);
    expect((await waitFor(eventOf(declined.id, 'order.payment_failure'))).body.status).toBe('rejected');
    expect((await waitFor(eventOf(reversed.id, 'order.invoice_reversal'))).body.status).toBe('refunded');
    expect((await waitFor(eventOf(chargeback.id, 'order.refund_failure'))).body.status).toBe('paid');
    expect((await waitFor(eventOf(hold.id, 'order.expired'))).body.status).toBe('expired');
  });

  it('retries a non-2xx answer with backoff and records every attempt', async () => {
    await subscribe('/flaky');
    let failures = 0;
    receiver.answer = (r) => (r.path === '/flaky' && failures++ < 2 ? 503 : 200);
    const order = await createOrder(sb);
    const hit = await waitFor(async () =>
      (await deliveries(`?order_id=${order.id}`)).find(
        (d) => d.url.endsWith('/flaky') && d.state !== 'pending',
      ),
    );
    expect(hit.state).toBe('delivered');
    expect(hit.attempts.map((a) => a.status)).toEqual([503, 503, 200]);
    expect(hit.attempts[0]!.error).toBe('HTTP 503');
    // Backoff: the attempts are spaced (20 ms, then 40 ms in the test configuration).
    const times = hit.attempts.map((a) => Date.parse(a.at));
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(18);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(38);
  });

  it('gives up after the configured number of attempts, also on network errors', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/dead`;
    await new Promise((resolve) => closed.close(resolve));
    await api(sb).post('/webhooks/', {
      title: 'dead',
      url: deadUrl,
      version: 'v0.6',
      events: ['order.issued'],
    });
    const order = await createOrder(sb);
    const hit = await waitFor(async () =>
      (await deliveries(`?order_id=${order.id}`)).find((d) => d.url === deadUrl && d.state === 'failed'),
    );
    expect(hit.attempts).toHaveLength(3);
    expect(hit.attempts.every((a) => a.status === null && a.error)).toBe(true);
    expect(hit.event).toBe('order.issued');
  });

  it('does not make the API wait for a slow receiver', async () => {
    await subscribe('/slow', { events: ['order.issued'] });
    receiver.answer = (r) => (r.path === '/slow' ? 'hang' : 200);
    const started = Date.now();
    const order = await createOrder(sb);
    // A blocking delivery would take the full 1 s attempt timeout of the test configuration.
    expect(Date.now() - started).toBeLessThan(800);
    await waitFor(() => at('/slow').find((r) => r.body.id === order.id));
  });
});
