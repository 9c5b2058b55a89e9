import type { ServerResponse } from 'node:http';

/** What the staff pages hear when the gateway tells the shop something happened to an order. */
export interface LiveEvent {
  type: string;
  order_id: string | null;
  status: string | null;
}

/** At most this many open pages listen at once; more get 503 and fall back to reloading. */
const MAX_LISTENERS = 100;
/** A comment now and then keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events to the signed-in staff pages: each webhook the shop accepted is passed on, so
 * the back office and the phone-order list change without a reload. Only the event's type, order
 * id and status travel; the page reads the rest from the shop.
 */
export class LiveHub {
  readonly #listeners = new Set<ServerResponse>();
  readonly #heartbeat: NodeJS.Timeout;

  constructor() {
    this.#heartbeat = setInterval(() => {
      for (const res of this.#listeners) res.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  get size(): number {
    return this.#listeners.size;
  }

  listen(res: ServerResponse): void {
    if (this.#listeners.size >= MAX_LISTENERS) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '30' });
      res.end('Too many open pages are listening; reload later.');
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    // Reconnect quickly after a restart of the shop.
    res.write('retry: 2000\n\n');
    this.#listeners.add(res);
    res.on('close', () => this.#listeners.delete(res));
  }

  publish(event: LiveEvent): void {
    const frame = `event: order\ndata: ${JSON.stringify(event)}\n\n`;
    for (const res of this.#listeners) res.write(frame);
  }

  close(): void {
    clearInterval(this.#heartbeat);
    for (const res of this.#listeners) res.end();
    this.#listeners.clear();
  }
}
