import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from './index.ts';
import {
  api,
  call,
  cardBody,
  createOrder,
  type Json,
  orderBody,
  pay,
  sandbox,
  setClock,
} from './test-helpers.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await sandbox();
});
afterAll(() => sb.close());
afterEach(async () => {
  await call(`${sb.url}/_sandbox/faults`, { method: 'POST', body: { api_do: 'none', orders: 'none' } });
  await setClock(sb, null);
});

const fault = (api_do: string) => call(`${sb.url}/_sandbox/faults`, { method: 'POST', body: { api_do } });
const statusOf = async (order: Json) => (await api(sb).get(`/orders/${order.id}/`)).body.status;

describe('/_sandbox/ page', () => {
  const rowOf = (html: string, id: string) => html.split('<tr ').find((r) => r.startsWith(`data-id="${id}"`));

  it('lists orders with status, amount, currency and times, and webhook deliveries', async () => {
    const order = await createOrder(sb, { currency: 'USD', products: [{ title: 'Pen', price: 3.5 }] });
    await pay(order);
    const response = await fetch(`${sb.url}/_sandbox/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    const row = rowOf(html, order.id);
    expect(row).toContain('data-status="paid"');
    expect(row).toContain('data-amount="3.50" data-currency="USD">$3.50</td>');
    expect(row).toMatch(/<time datetime="\d{4}-\d{2}-\d{2}T[^"]+"/);
    expect(row).toContain('411111******1111');
    expect(html).toContain('Webhook deliveries');
    expect(html).not.toContain('4111111111111111');
  });

  it('shows ids shortened and linked to the order, the full id on hover and on the copy button', async () => {
    const order = await createOrder(sb);
    const html = await (await fetch(`${sb.url}/_sandbox/`)).text();
    const row = rowOf(html, order.id)!;
    expect(row).toContain(
      `<a class="id" href="/_sandbox/orders/${order.id}" title="${order.id}">${order.id.slice(0, 8)}</a>`,
    );
    expect(row).toContain(`data-copy="${order.id}" aria-label="Copy order id ${order.id}"`);
  });

  it('lists orders and webhook deliveries newest first', async () => {
    const receiver = 'http://127.0.0.1:9/hooks';
    await api(sb).post('/webhooks/', {
      title: 'log',
      url: receiver,
      version: 'v0.6',
      events: ['order.issued'],
    });
    const first = await createOrder(sb);
    const second = await createOrder(sb);
    const html = await (await fetch(`${sb.url}/_sandbox/`)).text();
    const [orders, deliveries] = html.split('id="deliveries"');
    expect(orders!.indexOf(second.id)).toBeLessThan(orders!.indexOf(first.id));
    expect(orders!.indexOf(second.id)).toBeGreaterThan(-1);
    expect(deliveries!.indexOf(second.id)).toBeLessThan(deliveries!.indexOf(first.id));
    expect(deliveries!.indexOf(second.id)).toBeGreaterThan(-1);
  });
});

describe('POST /_sandbox/clock', () => {
  it('moves the clock, keeps it ticking, and returns to real time with null', async () => {
    const set = await setClock(sb, '2031-02-03T04:05:06Z');
    expect(set.status).toBe(200);
    expect(Date.parse(set.body.now)).toBeGreaterThanOrEqual(Date.parse('2031-02-03T04:05:06Z'));
    expect(Date.parse(set.body.now) - Date.parse('2031-02-03T04:05:06Z')).toBeLessThan(1000);
    const order = await createOrder(sb);
    expect(order.issued).toBe(Date.parse('2031-02-03T04:05:06Z') / 1000);
    const back = await setClock(sb, null);
    expect(Math.abs(Date.parse(back.body.now) - Date.now())).toBeLessThan(1000);
    expect((await call(`${sb.url}/_sandbox/clock`)).body.set).toBe(false);
  });

  it('refuses a body that is not an ISO 8601 time or null', async () => {
    const reply = await setClock(sb, 'tomorrow');
    expect(reply.status).toBe(400);
    expect(reply.body.now).toBeDefined();
  });
});

describe('POST /_sandbox/faults (one-shot, on the next direct payment)', () => {
  it('http_500: answers 500 and charges nothing; the next payment works', async () => {
    expect((await fault('http_500')).body).toEqual({ api_do: 'http_500', orders: 'none' });
    const order = await createOrder(sb);
    const answer = await pay(order);
    expect(answer.status).toBe(500);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(await statusOf(order)).toBe('issued');
    expect((await call(`${sb.url}/_sandbox/faults`)).body.api_do).toBe('none');
    expect((await pay(order)).body.status).toBe('paid');
  });

  it('malformed_json: answers a body that does not parse and charges nothing', async () => {
    await fault('malformed_json');
    const order = await createOrder(sb);
    const response = await fetch(order.api_do_url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(cardBody()),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(await statusOf(order)).toBe('issued');
  });

  it('reset: the payment is processed, the connection is reset without an answer', async () => {
    await fault('reset');
    const order = await createOrder(sb);
    await expect(pay(order)).rejects.toThrow();
    expect(await statusOf(order)).toBe('paid');
  });

  it('timeout: the payment is processed, the answer never comes, and close() is still prompt', async () => {
    const own = await sandbox({ faultTimeoutMs: 60_000 });
    await call(`${own.url}/_sandbox/faults`, { method: 'POST', body: { api_do: 'timeout' } });
    const order = await createOrder(own);
    const pending = call(order.api_do_url, { method: 'POST', body: cardBody() });
    const settled = pending.then(
      () => 'answered',
      () => 'failed',
    );
    const raced = await Promise.race([settled, new Promise((r) => setTimeout(() => r('waiting'), 300))]);
    expect(raced).toBe('waiting');
    expect((await api(own).get(`/orders/${order.id}/`)).body.status).toBe('paid');
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await settled).toBe('failed');
  });

  it('timeout: drops the connection after the configured time', async () => {
    const own = await sandbox({ faultTimeoutMs: 100 });
    try {
      await call(`${own.url}/_sandbox/faults`, { method: 'POST', body: { api_do: 'timeout' } });
      const order = await createOrder(own);
      const started = Date.now();
      await expect(pay(order)).rejects.toThrow();
      expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    } finally {
      await own.close();
    }
  });

  it('refuses an unknown fault', async () => {
    const reply = await fault('slow');
    expect(reply.status).toBe(400);
    expect(reply.body.api_do).toBeDefined();
  });
});

describe('POST /_sandbox/faults with orders (one-shot, on the next order creation)', () => {
  const orderFault = (orders: string) =>
    call(`${sb.url}/_sandbox/faults`, { method: 'POST', body: { orders } });
  const orderCount = async () => (await api(sb).get('/orders/')).body.results.length as number;

  it('sets the orders fault alone, leaving the payment fault as it was', async () => {
    await fault('reset');
    expect((await orderFault('timeout')).body).toEqual({ api_do: 'reset', orders: 'timeout' });
  });

  it('http_500: answers 500, creates nothing, and the next creation works', async () => {
    const before = await orderCount();
    await orderFault('http_500');
    const reply = await api(sb).post('/orders/', orderBody());
    expect(reply.status).toBe(500);
    expect(await orderCount()).toBe(before);
    expect((await api(sb).post('/orders/', orderBody())).status).toBe(200);
  });

  it('malformed_json: an answer that does not parse, and no order', async () => {
    const before = await orderCount();
    await orderFault('malformed_json');
    const response = await fetch(`${sb.apiUrl}/orders/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sb.secretKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(orderBody()),
    });
    const text = await response.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(await orderCount()).toBe(before);
  });

  it('reset: the order is created, the answer is lost', async () => {
    const before = await orderCount();
    await orderFault('reset');
    await expect(api(sb).post('/orders/', orderBody({ number: 'lost-1' }))).rejects.toThrow();
    const newest = (await api(sb).get('/orders/')).body.results[0];
    expect(await orderCount()).toBe(before + 1);
    expect(newest.number).toBe('lost-1');
    expect(newest.status).toBe('issued');
  });

  it('timeout: the order is created and the answer never comes', async () => {
    const own = await sandbox({ faultTimeoutMs: 100 });
    try {
      await call(`${own.url}/_sandbox/faults`, { method: 'POST', body: { orders: 'timeout' } });
      await expect(api(own).post('/orders/', orderBody())).rejects.toThrow();
      expect((await api(own).get('/orders/')).body.results).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('applies to creation only: reading and paying orders are untouched', async () => {
    const order = await createOrder(sb);
    await orderFault('http_500');
    expect((await api(sb).get(`/orders/${order.id}/`)).status).toBe(200);
    expect((await pay(order)).body.status).toBe('paid');
    expect((await call(`${sb.url}/_sandbox/faults`)).body.orders).toBe('http_500');
  });

  it('refuses a body naming no fault', async () => {
    expect((await call(`${sb.url}/_sandbox/faults`, { method: 'POST', body: {} })).status).toBe(400);
  });
});

describe('assets', () => {
  it('answers the browser bundle path (404 with a hint until it is built)', async () => {
    const response = await fetch(`${sb.url}/assets/gateway-checkout.iife.js`);
    const { existsSync } = await import('node:fs');
    const built = existsSync(new URL('../../dist/gateway-checkout.iife.js', import.meta.url));
    expect(response.status).toBe(built ? 200 : 404);
    if (!built) expect(await response.text()).toMatch(/npm run build/);
  });
});

describe('npm run sandbox (cli.ts)', () => {
  it('prints the address, key and test cards, and exits cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts'], {
      env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_SECRET_KEY: 'sk_cli_test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const until = Date.now() + 8000;
    while (!out.includes('sk_cli_test') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(out).toContain(`http://127.0.0.1:${port}`);
    expect(out).toContain('4000 0000 0000 3220');
    const reply = await call(`http://127.0.0.1:${port}/api/v0.6/orders/`, { key: 'sk_cli_test' });
    expect(reply.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 15_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
