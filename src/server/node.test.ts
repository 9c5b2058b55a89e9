import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckoutHandler } from './checkout.ts';
import { GatewayClient } from './client.ts';
import { type FetchHandler, toNodeHandler } from './node.ts';
import { createWebhookHandler, type GatewayWebhookEvent } from './webhooks.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

let connections = 0;
async function serve(listener: RequestListener): Promise<string> {
  server = createServer(listener);
  connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('toNodeHandler', () => {
  it('converts the request (method, URL from Host, headers, body, remote address) and streams the answer', async () => {
    let seen: { url: string; method: string; type: string | null; body: string; remote?: string } | undefined;
    const handler: FetchHandler = async (request, info) => {
      seen = {
        url: request.url,
        method: request.method,
        type: request.headers.get('content-type'),
        body: await request.text(),
        remote: info.remoteAddress,
      };
      const headers = new Headers({ 'Content-Type': 'text/plain', 'X-Answer': 'yes' });
      headers.append('Set-Cookie', 'a=1');
      headers.append('Set-Cookie', 'b=2');
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('part one, '));
          controller.enqueue(new TextEncoder().encode('part two'));
          controller.close();
        },
      });
      return new Response(body, { status: 201, headers });
    };
    const base = await serve(toNodeHandler(handler));
    const res = await fetch(`${base}/checkout/session?x=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"hello":"world"}',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-answer')).toBe('yes');
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await res.text()).toBe('part one, part two');
    expect(seen).toEqual({
      url: `${base}/checkout/session?x=1`,
      method: 'POST',
      type: 'application/json',
      body: '{"hello":"world"}',
      remote: '127.0.0.1',
    });
  });

  it('works as Express middleware: originalUrl, a body already parsed, errors to next()', async () => {
    let url = '';
    let body = '';
    const handler: FetchHandler = async (request) => {
      url = request.url;
      body = await request.text();
      if (body.includes('boom')) throw new Error('boom');
      return Response.json({ ok: true });
    };
    const middleware = toNodeHandler(handler);
    const errors: unknown[] = [];
    const base = await serve((req, res) => {
      // What Express does: strip the mount path, keep originalUrl, and express.json() consumes the body.
      const express = req as IncomingMessage & { originalUrl?: string; body?: unknown };
      express.originalUrl = req.url;
      req.url = req.url!.replace(/^\/checkout/, '');
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        express.body = JSON.parse(Buffer.concat(chunks).toString());
        middleware(req, res, (error) => {
          errors.push(error);
          res.writeHead(500).end('next');
        });
      });
    });
    const ok = await fetch(`${base}/checkout/session`, { method: 'POST', body: '{"a":1}' });
    expect(await ok.json()).toEqual({ ok: true });
    expect(url).toBe(`${base}/checkout/session`);
    expect(JSON.parse(body)).toEqual({ a: 1 });
    const failed = await fetch(`${base}/checkout/session`, { method: 'POST', body: '{"boom":1}' });
    expect(await failed.text()).toBe('next');
    expect(errors).toHaveLength(1);
  });

  it('answers a bare 500 when a handler throws and there is no next()', async () => {
    const base = await serve(
      toNodeHandler(
        async () => {
          throw new Error('secret internals');
        },
        { onError: () => {} },
      ),
    );
    const res = await fetch(`${base}/x`);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('secret internals');
  });

  it('mounts the webhook receiver with the socket address as the source address', async () => {
    const events: GatewayWebhookEvent[] = [];
    const hook = (allowedIps: string[]) =>
      toNodeHandler(
        createWebhookHandler({
          allowedIps,
          insecureSkipConfirmation: true,
          onEvent: (e) => void events.push(e),
        }),
      );
    const deliver = (base: string) =>
      fetch(`${base}/webhooks`, {
        method: 'POST',
        headers: {
          'X-Webhook-Event': 'order.hold',
          'X-Webhook-Version': 'v0.6',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ id: 'ord_1', status: 'hold' }),
      });
    expect((await deliver(await serve(hook(['127.0.0.1'])))).status).toBe(200);
    expect(events[0]).toMatchObject({ type: 'order.hold', order: { id: 'ord_1' } });
    await new Promise((resolve) => server!.close(resolve));
    expect((await deliver(await serve(hook(['203.0.113.10'])))).status).toBe(403);
    expect(events).toHaveLength(1);
  });

  describe('an answer given before the body is read', () => {
    const checkout = () =>
      createCheckoutHandler({
        client: new GatewayClient({ baseUrl: 'http://127.0.0.1:9', secretKey: 'sk_unused' }),
        config: () => ({
          amount: 1,
          currency: 'EUR',
          language: 'en',
          merchant_name: 'Tea Shop',
          avs: 'off',
          save: null,
          moto: false,
          collect_email: false,
        }),
        buildOrder: () => ({}),
        onError: () => {},
      });
    const post = (base: string, body: string) =>
      fetch(`${base}/checkout/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        signal: AbortSignal.timeout(3000),
      });
    const timed = async (base: string, body: string) => {
      const started = Date.now();
      const res = await post(base, body);
      const answer = (await res.json()) as { error: { type: string } };
      return { status: res.status, type: answer.error.type, ms: Date.now() - started };
    };

    it('drains a refused 2 MB body: Node fetch on keep-alive gets 413, then prompt answers', async () => {
      const base = await serve(toNodeHandler(checkout()));
      expect(await timed(base, 'x'.repeat(2_000_000))).toMatchObject({ status: 413, type: 'body_too_large' });
      for (let i = 0; i < 3; i++) {
        const next = await timed(base, '{}');
        expect(next).toMatchObject({ status: 400, type: 'invalid_request' });
        expect(next.ms).toBeLessThan(1000);
      }
    });

    // Node's fetch may open a second connection while the first still uploads; a raw socket shows
    // that the one connection itself parses the next request from its first byte.
    const twoOnOneSocket = (port: number, size: number) => {
      const first = `POST /checkout/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n${'x'.repeat(size)}`;
      const second =
        'POST /checkout/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}';
      return rawRequest(port, first + second);
    };

    it('keeps the connection usable: the request after a refused 2 MB body gets its own answer', async () => {
      const base = await serve(toNodeHandler(checkout()));
      const raw = await twoOnOneSocket(Number(new URL(base).port), 2_000_000);
      const statuses = [...raw.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => m[1]);
      expect(statuses).toEqual(['413', '400']);
      expect(raw).toContain('"body_too_large"');
      expect(raw).toContain('"invalid_request"');
      expect(connections).toBe(1);
    });

    it('closes the connection once the rest of a refused body passes maxDrainBytes', async () => {
      const base = await serve(toNodeHandler(checkout(), { maxDrainBytes: 64 * 1024 }));
      const raw = await twoOnOneSocket(Number(new URL(base).port), 2_000_000);
      const statuses = [...raw.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => m[1]);
      expect(statuses).toEqual(['413']);
      // Node's fetch recovers on a new connection at once.
      for (let i = 0; i < 2; i++) expect(await timed(base, '{}')).toMatchObject({ status: 400 });
    });

    it('drains a body the handler never looked at', async () => {
      const base = await serve(toNodeHandler(async () => Response.json({ refused: true }, { status: 403 })));
      for (let i = 0; i < 3; i++) {
        const res = await post(base, 'y'.repeat(500_000));
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ refused: true });
      }
    });
  });

  it('answers a malformed Host header with a JSON 400 that reaches onError, and the handler never runs', async () => {
    const errors: unknown[] = [];
    let ran = false;
    const base = await serve(
      toNodeHandler(
        async () => {
          ran = true;
          return Response.json({});
        },
        { onError: (error) => errors.push(error) },
      ),
    );
    const { port } = new URL(base);
    for (const host of ['exa mple.com', '[::1', 'shop.example:99999', 'a/b', 'x@y']) {
      const raw = await rawRequest(
        Number(port),
        `GET /checkout/session HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(raw).toMatch(/^HTTP\/1\.1 400 /);
      expect(raw).toMatch(/content-type: application\/json/i);
      expect(raw).toContain('"invalid_host"');
    }
    expect(ran).toBe(false);
    expect(errors).toHaveLength(5);
  });

  it('reports a malformed Host to the checkout handler’s own onError by default', async () => {
    const errors: unknown[] = [];
    const checkout = createCheckoutHandler({
      client: new GatewayClient({ baseUrl: 'http://127.0.0.1:9', secretKey: 'sk_unused' }),
      config: () => {
        throw new Error('never asked');
      },
      buildOrder: () => ({}),
      onError: (error) => errors.push(error),
    });
    const base = await serve(toNodeHandler(checkout));
    const raw = await rawRequest(
      Number(new URL(base).port),
      'GET /checkout/session HTTP/1.1\r\nHost: bad host\r\nConnection: close\r\n\r\n',
    );
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/Host header is malformed/);
  });

  it('reports a handler failure to onError as well as answering a bare JSON 500', async () => {
    const errors: unknown[] = [];
    const base = await serve(
      toNodeHandler(
        async () => {
          throw new Error('secret internals');
        },
        { onError: (error) => errors.push(error) },
      ),
    );
    const res = await fetch(`${base}/x`);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.text()).not.toContain('secret internals');
    expect(errors).toHaveLength(1);
  });
});

/** One request written by hand, for what fetch refuses to send (a malformed Host). */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer));
    // A connection closed with unread data ends in a reset: what arrived before it is the answer.
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve(answer) : reject(error),
    );
  });
}
