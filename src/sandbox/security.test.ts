import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from './clock.ts';
import { Gateway } from './gateway.ts';
import type { Sandbox } from './index.ts';
import { api, call, cardBody, createOrder, orderBody, pay, sandbox } from './test-helpers.ts';
import { WebhookDispatcher } from './webhooks.ts';

let sb: Sandbox;
let port: number;
beforeAll(async () => {
  sb = await sandbox();
  port = Number(new URL(sb.url).port);
});
afterAll(() => sb.close());

/** One raw HTTP/1.1 exchange on a fresh connection: for Host headers fetch would never send. */
function raw(request: string, to = port): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const at = text.indexOf('\r\n\r\n');
      const head = text.slice(0, at);
      const rest = text.slice(at + 4);
      const body = /transfer-encoding: chunked/i.test(head) ? dechunk(rest) : rest;
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

function dechunk(text: string): string {
  let body = '';
  let at = 0;
  for (;;) {
    const end = text.indexOf('\r\n', at);
    const size = Number.parseInt(text.slice(at, end), 16);
    if (!size) return body;
    body += text.slice(end + 2, end + 2 + size);
    at = end + 2 + size + 2;
  }
}

const get = (path: string, host: string, extra = '') =>
  raw(
    `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${sb.secretKey}\r\n${extra}Connection: close\r\n\r\n`,
  );

const postOrders = (base: string, body: string) =>
  fetch(`${base}/api/v0.6/orders/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sb.secretKey}`, 'Content-Type': 'application/json' },
    body,
  });

/** One request on a keep-alive agent with a single socket; says whether that socket was reused. */
function onAgent(agent: Agent, body: string): Promise<{ status: number; body: string; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${sb.apiUrl}/orders/`,
      {
        agent,
        method: 'POST',
        headers: { Authorization: `Bearer ${sb.secretKey}`, 'Content-Type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, reused: req.reusedSocket }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('oversized bodies', () => {
  const huge = () => JSON.stringify({ ...orderBody(), description: 'x'.repeat(2 * 1024 * 1024) });

  it('answers 413 JSON to a 2 MB order, and Node fetch gets the next two answers at once', async () => {
    const first = await postOrders(sb.url, huge());
    expect(first.status).toBe(413);
    expect(first.headers.get('content-type')).toContain('application/json');
    expect((await first.json()).__all__[0].code).toBe('too_large');

    const second = await postOrders(sb.url, '{"client": {}}');
    expect(second.status).toBe(400);
    expect(Object.keys(await second.json())).toContain('client.email');

    const third = await postOrders(sb.url, JSON.stringify(orderBody()));
    expect(third.status).toBe(200);
    expect((await third.json()).status).toBe('issued');
  });

  it('keeps the connection usable: the next two requests reuse the one keep-alive socket', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await onAgent(agent, huge());
      expect(first.status).toBe(413);
      const second = await onAgent(agent, '{"client": {}}');
      expect(second).toMatchObject({ status: 400, reused: true });
      const third = await onAgent(agent, JSON.stringify(orderBody()));
      expect(third).toMatchObject({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});

describe('deeply nested bodies', () => {
  const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('refuses a deeply nested extra key with 400, creates nothing, and every list keeps working', async () => {
    const before = (await api(sb).get('/orders/')).body.results.length;
    const base = JSON.stringify(orderBody()).slice(0, -1);
    const response = await postOrders(sb.url, `${base}, "extra": ${nested(20_000)}}`);
    expect(response.status).toBe(400);
    expect((await response.json()).__all__[0].code).toBe('too_deep');

    const list = await api(sb).get('/orders/');
    expect(list.status).toBe(200);
    expect(list.body.results.length).toBe(before);
    expect((await call(`${sb.url}/_sandbox/webhooks`)).status).toBe(200);
    expect((await fetch(`${sb.url}/_sandbox/`)).status).toBe(200);
  });

  it('refuses nesting just past the limit on the payment address too', async () => {
    const order = await createOrder(sb);
    const response = await fetch(order.api_do_url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"card_number": "4111111111111111", "x": ${nested(40)}}`,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect((await api(sb).get(`/orders/${order.id}/`)).body.status).toBe('issued');
  });
});

describe('control surface: no cross-site request forgery', () => {
  const faults = () => call(`${sb.url}/_sandbox/faults`);
  const post = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${sb.url}/_sandbox/${path}`, { method: 'POST', headers, body });

  it.each([
    ['faults', '{"api_do": "reset"}'],
    ['clock', '{"now": "2040-01-01T00:00:00Z"}'],
  ])(
    '/_sandbox/%s refuses text/plain (415), another origin and a cross-site fetch (403)',
    async (path, body) => {
      const plain = await post(path, body, { 'Content-Type': 'text/plain' });
      expect(plain.status).toBe(415);
      expect((await plain.json()).__all__[0].code).toBe('unsupported_media_type');
      const form = await post(path, body, { 'Content-Type': 'application/x-www-form-urlencoded' });
      expect(form.status).toBe(415);
      const json = { 'Content-Type': 'application/json' };
      const foreign = await post(path, body, { ...json, Origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
      expect((await foreign.json()).__all__[0].code).toBe('cross_origin');
      const crossSite = await post(path, body, { ...json, 'Sec-Fetch-Site': 'cross-site' });
      expect(crossSite.status).toBe(403);
      const sameSite = await post(path, body, { ...json, 'Sec-Fetch-Site': 'same-site' });
      expect(sameSite.status).toBe(403);

      expect((await faults()).body).toEqual({ api_do: 'none', orders: 'none' });
      expect((await call(`${sb.url}/_sandbox/clock`)).body.set).toBe(false);
    },
  );

  it('accepts JSON from its own origin and from tools outside a browser', async () => {
    const own = await post('faults', '{"orders": "http_500"}', {
      'Content-Type': 'application/json; charset=utf-8',
      Origin: sb.url,
      'Sec-Fetch-Site': 'same-origin',
    });
    expect(own.status).toBe(200);
    const tool = await post('faults', '{"orders": "none"}', { 'Content-Type': 'application/json' });
    expect(tool.status).toBe(200);
    expect((await faults()).body).toEqual({ api_do: 'none', orders: 'none' });
  });
});

describe('Host header: no DNS rebinding', () => {
  it.each(['evil.example', `evil.example:${0}`, 'sandbox.localhost.evil.example', '10.0.0.1'])(
    'refuses Host %s with a 421 JSON answer on the API and the control surface',
    async (name) => {
      const host = name.replace(':0', `:${port}`);
      const onApi = await get('/api/v0.6/orders/', host);
      expect(onApi.status).toBe(421);
      expect(onApi.headers).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(onApi.body).__all__[0].code).toBe('host_not_allowed');
      const onControl = await get('/_sandbox/webhooks', host);
      expect(onControl.status).toBe(421);
    },
  );

  it.each(['localhost', '127.0.0.1', '[::1]', '127.1.2.3', 'app.localhost'])(
    'answers Host %s',
    async (name) => {
      expect((await get('/api/v0.6/orders/', `${name}:${port}`)).status).toBe(200);
    },
  );

  it('answers the names listed in allowedHosts', async () => {
    const named = await sandbox({ allowedHosts: ['sandbox.internal'] });
    try {
      const namedPort = new URL(named.url).port;
      const reply = await raw(
        `GET /_sandbox/faults HTTP/1.1\r\nHost: sandbox.internal:${namedPort}\r\nConnection: close\r\n\r\n`,
        Number(namedPort),
      );
      expect(reply.status).toBe(200);
    } finally {
      await named.close();
    }
  });

  it.each([
    ['[::1', 'an unclosed bracket'],
    ['exa mple', 'a space'],
    ['user@127.0.0.1', 'user info'],
    ['127.0.0.1/x', 'a path'],
    ['', 'nothing'],
  ])('answers a malformed Host (%s: %s) with a JSON 400, never a bare 500', async (host) => {
    const reply = await get('/api/v0.6/orders/', host);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body).__all__[0].code).toBe('bad_host');
  });
});

describe('pay tokens stay out of the control surface', () => {
  it('neither /_sandbox/webhooks nor the /_sandbox/ page shows an api_do_url token', async () => {
    await api(sb).post('/webhooks/', {
      title: 'log',
      url: 'http://127.0.0.1:9/hooks',
      version: 'v0.6',
      all_events: true,
    });
    const order = await createOrder(sb);
    await pay(order);
    const token = /\/pay\/([\w-]+)\//.exec(order.api_do_url)![1]!;
    const log = await fetch(`${sb.url}/_sandbox/webhooks?order_id=${order.id}`);
    const text = await log.text();
    expect(JSON.parse(text).results.length).toBeGreaterThan(0);
    expect(text).not.toContain(token);
    expect(JSON.parse(text).results[0].body.api_do_url).toMatch(/\/pay\/…\/$/);
    const page = await (await fetch(`${sb.url}/_sandbox/`)).text();
    expect(page).toContain(order.id);
    expect(page).not.toContain(token);
    // The API itself, with the key, still gives the merchant the address to pay.
    expect((await api(sb).get(`/orders/${order.id}/`)).body.api_do_url).toBe(order.api_do_url);
  });
});

describe('3-D Secure keeps no card data', () => {
  /** Every string reachable from a value: own properties, Map and Set entries. */
  function strings(root: unknown): string[] {
    const found: string[] = [];
    const seen = new Set<unknown>();
    const stack = [root];
    while (stack.length) {
      const value = stack.pop();
      if (typeof value === 'string') found.push(value);
      if (!value || typeof value !== 'object' || seen.has(value)) continue;
      seen.add(value);
      if (value instanceof Map) for (const [k, v] of value) stack.push(k, v);
      else if (value instanceof Set) for (const v of value) stack.push(v);
      else for (const v of Object.values(value)) stack.push(v);
    }
    return found;
  }

  it('neither a pending nor a finished challenge holds the card number or the security code', () => {
    const clock = new Clock();
    const hooks = new WebhookDispatcher({}, () => clock.now());
    const gateway = new Gateway({
      avsEnabled: false,
      merchantCountry: 'LV',
      clock,
      hooks,
      origin: () => 'http://127.0.0.1:1',
      brandName: 'Sandbox merchant',
      transactionDetails: 'plain',
    });
    const created = gateway.orders.create(orderBody({ setup_future_use: 'recurring' }));
    const order = gateway.orders.get((created.body as { id: string }).id)!;
    const number = '4000000000003220';
    const csc = '739';
    const held = () => strings(gateway).filter((s) => s.includes(number) || s === csc);

    const started = gateway.payments.pay(order.token, cardBody(number, { csc }));
    const challengeUrl = (started.result.body as { threed_check_url: string }).threed_check_url;
    expect(challengeUrl).toMatch(/\/3ds\//);
    expect(held()).toEqual([]);

    const challengeToken = /\/3ds\/([\w-]+)\//.exec(challengeUrl)![1]!;
    const done = gateway.payments.completeChallenge(challengeToken, 'approve');
    expect(done?.status).toBe('paid');
    // What the approval needed survived: the card is saved, masked.
    expect(done?.savedCardId).toBeTypeOf('string');
    expect(done?.card?.masked).toBe('400000******3220');
    expect(held()).toEqual([]);
    hooks.close();
  });
});
