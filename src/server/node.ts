import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/** Any of the handlers: a Fetch Request (plus the caller's address) to a Response. */
export type FetchHandler = (request: Request, info: { remoteAddress?: string }) => Promise<Response>;

type ExpressLike = IncomingMessage & { originalUrl?: string; body?: unknown };

/** Builds the Fetch Request of a node request; the body streams (the handler enforces its limit). */
export function toRequest(req: ExpressLike): Request {
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  const host = req.headers.host ?? 'localhost';
  // Express strips the mount path from req.url and keeps the full one in originalUrl.
  const url = new URL(req.originalUrl ?? req.url ?? '/', `${encrypted ? 'https' : 'http'}://${host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (method !== 'GET' && method !== 'HEAD') {
    if (req.body !== undefined && req.readableEnded) {
      // A body parser ran first (express.json()): hand on what it read.
      init.body =
        typeof req.body === 'string'
          ? req.body
          : req.body instanceof Uint8Array
            ? new Uint8Array(req.body)
            : JSON.stringify(req.body);
      headers.delete('content-length');
    } else {
      init.body = Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>;
      init.duplex = 'half';
    }
  }
  return new Request(url, init);
}

/** Writes a Fetch Response to a node response, streaming its body. */
export async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
  await new Promise<void>((resolve, reject) => {
    body.on('error', reject);
    res.on('close', resolve);
    res.on('finish', resolve);
    body.pipe(res);
  });
}

/**
 * Mounts a handler on node:http (`createServer(toNodeHandler(h))`) or Express (`app.use('/checkout',
 * toNodeHandler(h))`). Errors go to Express's `next` when there is one, else become a bare 500.
 */
export function toNodeHandler(handler: FetchHandler) {
  return (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void => {
    const run = async () => {
      const response = await handler(toRequest(req), { remoteAddress: req.socket.remoteAddress });
      await writeResponse(response, res);
    };
    run().catch((error: unknown) => {
      if (next) return next(error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end('{"error":{"type":"server_error","message":"internal error"}}');
    });
  };
}
