import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { failure, scriptedGateway, send } from '../../test/support/scripted-gateway.ts';
import { errorBody, type OrderRequest } from '../protocol/index.ts';
import { GatewayClient, type GatewayClientOptions } from './client.ts';

/** A scripted fake gateway on a real port: records every request and answers what the test says. */
const fake = scriptedGateway();

const KEY = 'sk_test_very_secret_value';
const client = (options: Partial<GatewayClientOptions> = {}) =>
  new GatewayClient({ baseUrl: fake.base, secretKey: KEY, retryBaseDelayMs: 5, timeoutMs: 2000, ...options });

const ORDER = { id: 'ord_1', status: 'issued', total: 10, currency: 'EUR', api_do_url: 'http://gw/do/ord_1' };
const oneStep: OrderRequest = { client: { email: 'a@example.com' }, products: [{ title: 'Tea', price: 10 }] };

describe('GatewayClient requests', () => {
  it('sends the bearer key, JSON headers and paths under /api/v0.6/', async () => {
    fake.script = (_req, res) => send(res, 201, { ...ORDER, unknown_extra: 1 });
    const order = await client().orders.create(oneStep);
    expect(order.id).toBe('ord_1');
    expect(order.unknown_extra).toBe(1); // unknown fields kept
    const [req] = fake.requests;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/api/v0.6/orders/');
    expect(req!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req!.headers.accept).toBe('application/json');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req!.body)).toEqual(oneStep);
  });

  it('accepts a fake.base URL that already ends in /api/v0.6', async () => {
    fake.script = (_req, res) => send(res, 200, ORDER);
    await client({ baseUrl: `${fake.base}/api/v0.6/` }).orders.get('ord 1');
    expect(fake.requests[0]!.url).toBe('/api/v0.6/orders/ord%201/');
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('covers every endpoint with its method, path and body', async () => {
    fake.script = (req, res) => {
      if (req.url.startsWith('/api/v0.6/orders/?') || req.url === '/api/v0.6/orders/')
        return send(res, 200, {
          next: `${fake.base}/api/v0.6/orders/?page=2`,
          previous: null,
          results: [ORDER],
        });
      if (req.url.startsWith('/api/v0.6/clients/?'))
        return send(res, 200, {
          next: null,
          previous: null,
          results: [{ id: 'cl_1', email: 'a@example.com' }],
        });
      if (req.url === '/api/v0.6/clients/') return send(res, 201, { id: 'cl_2', email: 'b@example.com' });
      if (req.url === '/api/v0.6/taxes/')
        return send(res, 201, { type: 'tax', id: 't1', name: 'VAT', percent: 20 });
      if (req.url === '/api/v0.6/webhooks/') return send(res, 201, { ...JSON.parse(req.body), id: 'wh1' });
      if (req.method === 'GET') return send(res, 200, { ...ORDER, status: 'hold' });
      // Capture, refund and reverse answer the order.
      return send(res, 200, ORDER);
    };
    const gw = client();
    const page = await gw.orders.list();
    expect(page.results[0]!.id).toBe('ord_1');
    await gw.orders.list({ url: page.next! });
    await gw.orders.list({ page: 3 });
    await gw.orders.capture('ord_1', 5, { heldAmount: 10 });
    await gw.orders.refund('ord_1');
    await gw.orders.refund('ord_1', 2.5);
    await gw.orders.reverse('ord_1');
    expect((await gw.clients.findByEmail('a@example.com'))[0]!.id).toBe('cl_1');
    expect((await gw.clients.create({ email: 'b@example.com' })).id).toBe('cl_2');
    expect((await gw.taxes.create({ name: 'VAT', percent: 20 })).percent).toBe(20);
    const hook = await gw.webhooks.create({
      title: 'shop',
      url: 'https://shop.example/hooks',
      version: 'v0.6',
      events: ['order.payment_success', 'card.created'],
    });
    expect(hook.id).toBe('wh1');
    expect(fake.requests.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      'GET /api/v0.6/orders/ ',
      'GET /api/v0.6/orders/?page=2 ',
      'GET /api/v0.6/orders/?page=3 ',
      'POST /api/v0.6/orders/ord_1/capture/ {"total":5}',
      'POST /api/v0.6/orders/ord_1/refund/ ',
      'POST /api/v0.6/orders/ord_1/refund/ {"amount":2.5}',
      'POST /api/v0.6/orders/ord_1/reverse/ ',
      'GET /api/v0.6/clients/?filter_email=a%40example.com ',
      'POST /api/v0.6/clients/ {"email":"b@example.com"}',
      'POST /api/v0.6/taxes/ {"name":"VAT","percent":20}',
      expect.stringMatching(/^POST \/api\/v0\.6\/webhooks\/ \{"title":"shop"/),
    ]);
  });

  it('capture without a known amount reads the order first and checks the total against it', async () => {
    fake.script = (req, res) =>
      send(
        res,
        200,
        req.method === 'GET' ? { ...ORDER, status: 'hold', total: 10 } : { ...ORDER, status: 'paid' },
      );
    const err = await failure(client().orders.capture('ord_1', 10.01));
    expect(err.type).toBe('validation');
    expect(err.issues[0]).toMatchObject({ path: 'total', message: 'must not exceed the order amount 10.00' });
    expect(fake.requests.map((r) => r.method)).toEqual(['GET']);
    await client().orders.capture('ord_1', 10);
    expect(fake.requests.map((r) => r.method)).toEqual(['GET', 'GET', 'POST']);
  });

  it('save-method flow on the gateway side finds or creates the client and sends original_client', async () => {
    fake.script = (req, res) => {
      if (req.url.startsWith('/api/v0.6/clients/?'))
        return send(res, 200, { next: null, previous: null, results: [] });
      if (req.url === '/api/v0.6/clients/') return send(res, 201, { id: 'cl_9' });
      return send(res, 201, ORDER);
    };
    await client().orders.createSavingMethod(oneStep, {
      setupFutureUse: 'recurring',
      recurringNumber: 'R1',
      gatewayClient: true,
    });
    const sent = JSON.parse(fake.requests.at(-1)!.body);
    expect(sent.client.original_client).toBe('cl_9');
    expect(sent.setup_future_use).toBe('recurring');
    expect(sent.recurring_number).toBe('R1');
  });

  it('scenario helpers build the scenario body', async () => {
    fake.script = (_req, res) => send(res, 201, ORDER);
    const gw = client();
    await gw.orders.createTwoStep(oneStep);
    await gw.orders.createZeroAmount({ client: { email: 'a@example.com' }, setup_future_use: 'one-click' });
    await gw.orders.createMoto(oneStep);
    await gw.orders.createSdwoPurchase(oneStep, 'm-1');
    await gw.orders.createWithTravelData(oneStep, { lodging: { checkin_date: '20261201' } });
    await gw.orders.createOneStep(oneStep);
    const bodies = fake.requests.map((r) => JSON.parse(r.body));
    expect(bodies[0].skip_capture).toBe(true);
    expect(bodies[1]).toMatchObject({ payment_system: 'AUTH', setup_future_use: 'one-click' });
    expect(bodies[1].products).toBeUndefined();
    expect(bodies[2].is_moto).toBe(true);
    expect(bodies[3].sdwo_merchant_id).toBe('m-1');
    expect(bodies[4].travel_data.lodging.checkin_date).toBe('20261201');
    expect(bodies[5].skip_capture).toBe(false);
  });
});

describe('GatewayClient errors', () => {
  it('maps a 400 error body to invalid_request with field issues', async () => {
    fake.script = (_req, res) =>
      send(
        res,
        400,
        errorBody([{ path: 'products.0.price', message: 'must be at least 0.01', code: 'min' }]),
      );
    const err = await failure(client().orders.create(oneStep));
    expect(err.type).toBe('invalid_request');
    expect(err.status).toBe(400);
    expect(err.issues).toEqual([{ path: 'products.0.price', message: 'must be at least 0.01', code: 'min' }]);
    expect(err.message).toContain('products.0.price: must be at least 0.01');
  });

  it.each([
    [403, 'authentication'],
    [404, 'not_found'],
    [409, 'conflict'],
    [422, 'api_error'],
    [500, 'server_error'],
  ])('maps %i to %s', async (status, type) => {
    fake.script = (_req, res) => send(res, status, { __all__: [{ message: 'no', code: 'x' }] });
    const err = await failure(client({ maxRetries: 0 }).orders.get('ord_1'));
    expect(err.type).toBe(type);
    expect(err.status).toBe(status);
  });

  it('reports an unparseable or misshapen answer as invalid_response', async () => {
    fake.script = (_req, res) => send(res, 200, '<html>');
    expect((await failure(client().orders.get('ord_1'))).type).toBe('invalid_response');
    fake.script = (_req, res) => send(res, 200, { status: 'paid' });
    const err = await failure(client().orders.get('ord_1'));
    expect(err.type).toBe('invalid_response');
    expect(err.issues[0]!.path).toBe('id');
  });

  it('times out when the gateway never answers', async () => {
    fake.script = () => {};
    const started = Date.now();
    const err = await failure(client({ timeoutMs: 150 }).orders.create(oneStep));
    expect(err.type).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('times out when the gateway sends headers and stalls the body', async () => {
    fake.script = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"id":');
    };
    const started = Date.now();
    const err = await failure(client({ timeoutMs: 150 }).orders.create(oneStep));
    expect(err.type).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('times out even with an injected fetch that ignores the abort signal', async () => {
    const deaf = (() => new Promise<Response>(() => {})) as typeof fetch;
    const err = await failure(client({ fetch: deaf, timeoutMs: 50, maxRetries: 0 }).orders.get('o'));
    expect(err.type).toBe('timeout');
  });

  it('reports a closed port as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await failure(client({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 }).orders.get('o'));
    expect(err.type).toBe('network');
    expect(err.message).toMatch(/ECONNREFUSED/);
  });

  it('retries a GET with backoff on 5xx and 429, then succeeds', async () => {
    const answers = [503, 429];
    fake.script = (_req, res) => {
      const status = answers.shift();
      if (status) send(res, status, {});
      else send(res, 200, ORDER);
    };
    expect((await client().orders.get('ord_1')).id).toBe('ord_1');
    expect(fake.requests).toHaveLength(3);
  });

  it('waits as long as Retry-After says on 503 and 429, in seconds or as an HTTP-date', async () => {
    const answers: Array<[number, () => string]> = [
      [503, () => '1'],
      // Made when answering: an HTTP-date has whole seconds, so this asks for one to two seconds.
      [429, () => new Date(Date.now() + 2000).toUTCString()],
    ];
    const times: number[] = [];
    fake.script = (_req, res) => {
      times.push(performance.now());
      const next = answers.shift();
      if (!next) return send(res, 200, ORDER);
      res.writeHead(next[0], { 'Content-Type': 'application/json', 'Retry-After': next[1]() });
      res.end('{}');
    };
    // The backoff alone would retry after a few milliseconds (retryBaseDelayMs 5).
    expect((await client().orders.get('ord_1')).id).toBe('ord_1');
    expect(fake.requests).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(990);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(900);
  });

  it('gives up at once when Retry-After is beyond maxRetryAfterMs, and never repeats a POST for it', async () => {
    fake.script = (_req, res) => {
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '3600' });
      res.end('{}');
    };
    const started = performance.now();
    const err = await failure(client({ maxRetries: 3 }).orders.get('o'));
    expect(performance.now() - started).toBeLessThan(500);
    expect(err.status).toBe(429);
    expect(err.retryAfterMs).toBe(3_600_000);
    expect(fake.requests).toHaveLength(1);

    fake.requests = [];
    fake.script = (_req, res) => {
      res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '0' });
      res.end('{}');
    };
    await failure(client({ maxRetries: 3 }).orders.create(oneStep));
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up on a GET after maxRetries and does not retry a 404', async () => {
    fake.script = (_req, res) => send(res, 502, {});
    expect((await failure(client({ maxRetries: 2 }).orders.get('o'))).type).toBe('server_error');
    expect(fake.requests).toHaveLength(3);
    fake.requests = [];
    fake.script = (_req, res) => send(res, 404, {});
    await failure(client().orders.get('o'));
    expect(fake.requests).toHaveLength(1);
  });

  it('never repeats a POST: not on 5xx, not on timeout', async () => {
    fake.script = (_req, res) => send(res, 503, {});
    expect((await failure(client({ maxRetries: 5 }).orders.create(oneStep))).type).toBe('server_error');
    expect(fake.requests).toHaveLength(1);
    fake.script = () => {};
    expect(
      (await failure(client({ maxRetries: 5, timeoutMs: 100 }).orders.capture('o', 1, { heldAmount: 5 })))
        .type,
    ).toBe('timeout');
    expect(fake.requests).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 150));
    expect(fake.requests).toHaveLength(2);
  });

  it('never shows the secret key in an error or in the client', async () => {
    fake.script = (_req, res) => send(res, 403, { detail: 'bad token' });
    const gw = client();
    const err = await failure(gw.orders.get('o'));
    expect(err.type).toBe('authentication');
    for (const text of [
      err.message,
      JSON.stringify(err),
      inspect(err, { depth: 9 }),
      inspect(gw, { depth: 9 }),
    ])
      expect(text).not.toContain(KEY);
  });
});
