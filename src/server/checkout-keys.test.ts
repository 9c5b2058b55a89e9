import { describe, expect, it } from 'vitest';
import {
  CONFIG,
  fakeGateway,
  IDEM,
  KEY,
  post,
  read,
  setup,
  shopperAddress,
} from '../../test/support/checkout-handler.ts';
import { createCheckoutHandler } from './checkout.ts';
import { GatewayClient } from './client.ts';
import { MemorySessionStore } from './stores.ts';

// The idempotency key of a session request: one order per key however often it is sent, bound to
// its visitor, freed or kept by what the gateway answered, and blocked no longer than its claim's
// lease when the process that claimed it dies.

describe('checkout session: POST, one order per key', () => {
  it('is idempotent: the same key returns the same session, concurrent duplicates create one order', async () => {
    const { handler, calls } = setup();
    const body = { idempotency_key: IDEM, email: 'a@example.com' };
    const answers = await Promise.all([handler(post(body)), handler(post(body)), handler(post(body))]);
    const sessions = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(sessions.map((s) => JSON.stringify(s))).size).toBe(1);
    const later = await (await handler(post(body))).json();
    // The same order; the status address is signed afresh so that a late replay still answers.
    expect({ ...later, status_url: '' }).toEqual({ ...sessions[0], status_url: '' });
    expect(later.status_url).toMatch(/^\/checkout\/status\?order=ord_1&token=/);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    // A new key is a new attempt.
    const other = await (await handler(post({ ...body, idempotency_key: `${IDEM}2` }))).json();
    expect(other.order_id).toBe('ord_2');
    // The same key with another body is a mistake, not a replay.
    const mismatch = await read(await handler(post({ ...body, email: 'b@example.com' })));
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.error!.type).toBe('idempotency_mismatch');
  });

  it('maps gateway failures: 400 with fields (key freed), 5xx to 502 (key kept), timeout to 504', async () => {
    const answers: Array<() => Response | Promise<Response>> = [
      () =>
        Response.json(
          {
            __all__: [{ message: 'client.email: bad', code: 'x' }],
            'client.email': [{ message: 'bad', code: 'x' }],
          },
          { status: 400 },
        ),
      () => new Response('oops', { status: 503 }),
    ];
    const gw = fakeGateway(() => answers.shift()!());
    const handler = createCheckoutHandler({
      client: gw.client,
      config: () => CONFIG,
      buildOrder: () => ({ products: [{ title: 'Tea', price: 12.5 }] }),
      onError: () => {},
      clientAddress: shopperAddress,
    });
    const body = { idempotency_key: IDEM, email: 'a@example.com' };
    const refused = await read(await handler(post(body)));
    expect(refused.status).toBe(400);
    expect(refused.body.error!.fields!.map((f) => f.path)).toEqual(['client.email']);
    const broken = await read(await handler(post(body)));
    expect(broken.status).toBe(502);
    expect(broken.body.error!.type).toBe('gateway_error');
    expect(JSON.stringify(broken.body)).not.toContain(KEY);
    // The refusal freed the key; the 5xx may have created an order: the list was searched for it.
    expect(gw.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST http://gw.test/api/v0.6/orders/',
      'POST http://gw.test/api/v0.6/orders/',
      'GET http://gw.test/api/v0.6/orders/',
    ]);

    // A gateway that never answers: the fetch settles only when the client's timeout aborts it.
    const hang = ((_url: unknown, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(new Error('aborted'))),
      )) as typeof fetch;
    const timeoutHandler = createCheckoutHandler({
      client: new GatewayClient({ baseUrl: 'http://gw.test', secretKey: KEY, timeoutMs: 50, fetch: hang }),
      config: () => CONFIG,
      buildOrder: () => ({ products: [{ title: 'Tea', price: 12.5 }] }),
      clientAddress: shopperAddress,
    });
    const timedOut = await read(await timeoutHandler(post(body)));
    expect(timedOut.status).toBe(504);
    expect(timedOut.body.error!.type).toBe('gateway_timeout');
  });
});

describe('checkout session: a process that dies while creating', () => {
  it('blocks its key for the claim lease (10 min), not for the whole idempotency TTL', async () => {
    let clock = 0;
    const store = new MemorySessionStore({ now: () => clock });
    // The first process's gateway call never comes back, as if the process had died mid-creation.
    let release: (response: Response) => void = () => {};
    let reached = 0;
    const stuck = (async () => {
      reached += 1;
      return new Promise<Response>((resolve) => {
        release = resolve;
      });
    }) as unknown as typeof fetch;
    const make = (client: GatewayClient) =>
      createCheckoutHandler({
        client,
        store,
        inProgressWaitMs: 30,
        config: () => CONFIG,
        buildOrder: () => ({ products: [{ title: 'Tea', price: 12.5 }] }),
        onError: () => {},
        clientAddress: shopperAddress,
      });
    const dead = make(new GatewayClient({ baseUrl: 'http://gw.test', secretKey: KEY, fetch: stuck }));
    const other = fakeGateway();
    const alive = make(other.client);
    const body = { idempotency_key: IDEM, email: 'a@example.com' };

    void dead(post(body));
    while (reached === 0) await new Promise((r) => setTimeout(r, 5));
    const meanwhile = await read(await alive(post(body)));
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.body.error!.type).toBe('idempotency_in_progress');

    clock += 10 * 60 * 1000 + 1;
    const later = await alive(post(body));
    expect(later.status).toBe(200);
    expect(other.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    release(new Response('gone', { status: 400 }));
  });
});
