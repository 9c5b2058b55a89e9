import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type FetchHandler, toNodeHandler } from './node.ts';
import { createWebhookHandler, type GatewayWebhookEvent } from './webhooks.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(listener: RequestListener): Promise<string> {
  server = createServer(listener);
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
      toNodeHandler(async () => {
        throw new Error('secret internals');
      }),
    );
    const res = await fetch(`${base}/x`);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('secret internals');
  });

  it('mounts the webhook receiver with the socket address as the source address', async () => {
    const events: GatewayWebhookEvent[] = [];
    const hook = (allowedIps: string[]) =>
      toNodeHandler(createWebhookHandler({ allowedIps, onEvent: (e) => void events.push(e) }));
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
});
