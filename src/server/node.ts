import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/** Any of the handlers: a Fetch Request (plus the caller's address) to a Response. */
export type FetchHandler = (request: Request, info: { remoteAddress?: string }) => Promise<Response>;

export interface NodeHandlerOptions {
  /**
   * How much of a body the handler left unread (it answered early: 413, 415, 403…) is read and
   * thrown away so the keep-alive connection can carry the next request. Past this, or after
   * `drainTimeoutMs`, the connection is closed instead. Default 4 MiB.
   */
  maxDrainBytes?: number;
  /** Default 10 000 ms. */
  drainTimeoutMs?: number;
  /**
   * Requests refused before they reach the handler (a malformed Host header) and handler failures
   * answered with a bare 500. Default: the handler's own `reportError` when it has one (the
   * checkout and webhook handlers do), else console.error.
   */
  onError?: (error: unknown) => void;
}

type ExpressLike = IncomingMessage & { originalUrl?: string; body?: unknown };

/** Raised when a request cannot even be turned into a Fetch Request. */
export class InvalidHostError extends Error {
  override readonly name = 'InvalidHostError';
}

// A registered name or an IP literal, and an optional port: what RFC 9110 allows in Host. Anything
// else (spaces, a path, user info) would make a different URL than the one the client asked for.
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)(?::(\d{1,5}))?$/;

function hostOf(req: IncomingMessage): string {
  const host = req.headers.host;
  // HTTP/1.0 may omit Host: the path alone still routes.
  if (host === undefined || host === '') return 'localhost';
  const match = HOST.exec(host);
  if (!match || (match[1] !== undefined && Number(match[1]) > 65535))
    throw new InvalidHostError('the Host header is malformed');
  return host;
}

/**
 * The request body as a web stream that pauses the socket when nobody reads (backpressure) and,
 * when cancelled, leaves the rest of the body to `drain` rather than destroying the request: a
 * destroyed request takes its keep-alive connection down with it.
 */
function bodyStream(req: IncomingMessage): { stream: ReadableStream<Uint8Array>; detach: () => void } {
  let detach = () => {};
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          detach();
          controller.close();
        };
        const onError = (error: Error) => {
          detach();
          controller.error(error);
        };
        detach = () => {
          req.off('data', onData);
          req.off('end', onEnd);
          req.off('error', onError);
          req.pause();
        };
        req.on('data', onData);
        req.on('end', onEnd);
        req.on('error', onError);
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        detach();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
  return { stream, detach: () => detach() };
}

/** Builds the Fetch Request of a node request; the body streams (the handler enforces its limit). */
export function toRequest(req: ExpressLike): Request {
  return toRequestAndBody(req).request;
}

function toRequestAndBody(req: ExpressLike): { request: Request; detach: () => void } {
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  // Express strips the mount path from req.url and keeps the full one in originalUrl.
  const url = new URL(req.originalUrl ?? req.url ?? '/', `${encrypted ? 'https' : 'http'}://${hostOf(req)}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  let detach = () => {};
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
      const body = bodyStream(req);
      init.body = body.stream;
      init.duplex = 'half';
      detach = body.detach;
    }
  }
  return { request: new Request(url, init), detach };
}

/**
 * Reads and discards what is left of a body the handler did not read, so that the next request
 * on a keep-alive connection is parsed from its own first byte. Bounded in bytes and time: past
 * either, the connection is closed.
 */
function drain(req: IncomingMessage, detach: () => void, maxBytes: number, timeoutMs: number): void {
  if (req.complete || req.destroyed) return;
  detach();
  let drained = 0;
  const close = () => {
    cleanup();
    req.socket.destroy();
  };
  const timer = setTimeout(close, timeoutMs);
  timer.unref();
  const onData = (chunk: Buffer) => {
    drained += chunk.byteLength;
    if (drained > maxBytes) close();
  };
  const cleanup = () => {
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', cleanup);
    req.off('close', cleanup);
  };
  req.on('data', onData);
  req.once('end', cleanup);
  req.once('close', cleanup);
  req.resume();
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

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

/**
 * Mounts a handler on node:http (`createServer(toNodeHandler(h))`) or Express (`app.use('/checkout',
 * toNodeHandler(h))`). Handler failures go to Express's `next` when there is one, else become a bare
 * JSON 500 (reported to `onError`). A body the handler answered without reading is drained (bounded)
 * so an early refusal never poisons the keep-alive connection.
 */
export function toNodeHandler(
  handler: FetchHandler & { reportError?: (error: unknown) => void },
  options: NodeHandlerOptions = {},
) {
  const maxDrain = options.maxDrainBytes ?? 4 * 1024 * 1024;
  const drainTimeout = options.drainTimeoutMs ?? 10_000;
  const report =
    options.onError ?? handler.reportError ?? ((error: unknown) => console.error('gateway-checkout:', error));

  return (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void => {
    let built: { request: Request; detach: () => void };
    try {
      built = toRequestAndBody(req);
    } catch (error) {
      report(error);
      drain(req, () => {}, maxDrain, drainTimeout);
      res.writeHead(400, JSON_HEADERS);
      res.end(JSON.stringify({ error: { type: 'invalid_host', message: 'the Host header is malformed' } }));
      return;
    }
    const run = async () => {
      const response = await handler(built.request, { remoteAddress: req.socket.remoteAddress });
      // Start draining before writing: a client may read the answer only once its upload is done.
      drain(req, built.detach, maxDrain, drainTimeout);
      await writeResponse(response, res);
    };
    run().catch((error: unknown) => {
      drain(req, built.detach, maxDrain, drainTimeout);
      if (next) return next(error);
      report(error);
      if (!res.headersSent) res.writeHead(500, JSON_HEADERS);
      res.end('{"error":{"type":"server_error","message":"internal error"}}');
    });
  };
}
