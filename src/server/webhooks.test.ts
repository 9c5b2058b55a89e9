import { describe, expect, it } from 'vitest';
import type { Order } from '../protocol/index.ts';
import { GatewayClient } from './client.ts';
import {
  createWebhookHandler,
  type GatewayWebhookEvent,
  normaliseIp,
  sourceAddress,
  type WebhookHandlerOptions,
} from './webhooks.ts';

const IPS = ['203.0.113.10', '203.0.113.11'];
const CARD = {
  id: 'card_1',
  transaction_type: 'DEBIT',
  client: 'cl_1',
  merchant: 'm_1',
  masked_pan: '411111******1111',
  exp_month: 12,
  exp_year: 30,
  is_default: true,
};

/** The gateway as the receiver reads it back: GET /orders/{id}/ answers from `orders`. */
function fakeGateway() {
  const orders = new Map<string, Order & Record<string, unknown>>();
  const gets: string[] = [];
  let failure: number | null = null;
  const fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    gets.push(url);
    if (failure) return new Response('down', { status: failure });
    const id = decodeURIComponent(url.split('/').at(-2)!);
    const order = orders.get(id);
    return order
      ? Response.json(order)
      : Response.json({ __all__: [{ message: 'Not found', code: 'not_found' }] }, { status: 404 });
  }) as typeof globalThis.fetch;
  const client = new GatewayClient({ baseUrl: 'http://gw.test', secretKey: 'sk_test', fetch, maxRetries: 0 });
  return {
    client,
    orders,
    gets,
    fail: (status: number | null) => {
      failure = status;
    },
  };
}

function setup(options: Partial<WebhookHandlerOptions> = {}) {
  const events: GatewayWebhookEvent[] = [];
  const errors: unknown[] = [];
  const gateway = fakeGateway();
  gateway.orders.set('ord_1', {
    id: 'ord_1',
    status: 'paid',
    total: 10,
    currency: 'EUR',
    modified: 1_700_000_000,
    from_gateway: 'yes',
  });
  const handler = createWebhookHandler({
    onEvent: (e) => {
      events.push(e);
    },
    allowedIps: IPS,
    client: gateway.client,
    onError: (e) => errors.push(e),
    ...options,
  });
  return { handler, events, errors, gateway };
}

const delivery = (event: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request('http://shop.example/webhooks/gateway', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Webhook-Event': event,
      'X-Webhook-Version': 'v0.6',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const from = (remoteAddress?: string) => ({ remoteAddress });
const orderOf = (event: GatewayWebhookEvent | undefined) =>
  event && 'order' in event ? event.order : undefined;

describe('webhook receiver: what the callback gets', () => {
  it('hands over the gateway’s view of an order, never the posted body', async () => {
    const { handler, events, gateway } = setup();
    const posted = { id: 'ord_1', status: 'paid', total: 0.01, injected: 'by the sender' };
    expect((await handler(delivery('order.payment_success', posted), from(IPS[1]))).status).toBe(200);
    expect(gateway.gets).toEqual(['http://gw.test/api/v0.6/orders/ord_1/']);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'order.payment_success', confirmed: true });
    expect(orderOf(events[0])).toMatchObject({ id: 'ord_1', status: 'paid', total: 10, from_gateway: 'yes' });
    expect(orderOf(events[0])).not.toHaveProperty('injected');
  });

  it('hands card.created over unconfirmed (v0.6 cannot read a card back), unknown kinds as unknown', async () => {
    const { handler, events, gateway } = setup();
    expect((await handler(delivery('card.created', CARD), from(IPS[0]))).status).toBe(200);
    await handler(delivery('order.chargeback_received', { id: 'ord_1', status: 'paid' }), from(IPS[0]));
    await handler(delivery('payout.created', { id: 'p1' }), from(IPS[0]));
    expect(events.map((e) => [e.type, e.confirmed])).toEqual([
      ['card.created', false],
      ['order.chargeback_received', true],
      ['unknown', false],
    ]);
    expect(events[0]).toMatchObject({ card: { id: 'card_1', masked_pan: '411111******1111' } });
    expect(events[2]).toMatchObject({ event: 'payout.created', body: { id: 'p1' } });
    expect(gateway.gets).toHaveLength(1);
  });

  it('refuses malformed deliveries with a JSON 4xx, asking the gateway nothing', async () => {
    const { handler, events, gateway } = setup();
    const cases: Array<[Request, number]> = [
      [delivery('card.created', CARD, { 'X-Webhook-Version': 'v0.5' }), 400],
      [delivery('card.created', CARD, { 'X-Webhook-Version': '' }), 400],
      [delivery('', CARD), 400],
      [delivery('__proto__', CARD), 400],
      [delivery('order', CARD), 400],
      [delivery('card.created', '{"id":'), 400],
      [delivery('card.created', { id: 'card_1' }), 400],
      [delivery('order.hold', { status: 'hold' }), 400],
      [delivery('order.hold', { id: '../../clients', status: 'hold' }), 400],
      [delivery('order.hold', { id: 'x'.repeat(200), status: 'hold' }), 400],
      [delivery('payout.created', '[1,2]'), 400],
      [delivery('order.hold', `${'['.repeat(100)}${']'.repeat(100)}`), 400],
      [delivery('order.hold', { id: 'ord_1', status: 'hold', pad: 'x'.repeat(1_100_000) }), 413],
      [new Request('http://shop.example/webhooks/gateway', { method: 'GET' }), 405],
    ];
    for (const [request, status] of cases) {
      const res = await handler(request, from(IPS[0]));
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
    }
    expect(events).toHaveLength(0);
    expect(gateway.gets).toHaveLength(0);
  });
});

describe('webhook receiver: forged events', () => {
  it('never passes a made-up status on, nor lets it make the genuine delivery a duplicate', async () => {
    const { handler, events, gateway } = setup();
    gateway.orders.set('ord_9', { id: 'ord_9', status: 'issued', total: 25, modified: 1_700_000_100 });
    // Ten forgeries, guessing at `modified`, announcing a payment that did not happen.
    for (let i = 0; i < 10; i++) {
      const forged = { id: 'ord_9', status: 'paid', total: 25, modified: 1_700_000_100 + i };
      const res = await handler(delivery('order.payment_success', forged), from(IPS[0]));
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: { type: string } }).error.type).toBe('not_confirmed');
    }
    // A forgery of another kind gets through only as the gateway's truth.
    await handler(delivery('order.in_progress', { id: 'ord_9', status: 'paid' }), from(IPS[0]));
    expect(events.map((e) => orderOf(e)?.status)).toEqual(['issued']);

    // The customer pays; the gateway's genuine delivery comes, and is handed over once.
    gateway.orders.set('ord_9', { id: 'ord_9', status: 'paid', total: 25, modified: 1_700_000_200 });
    const genuine = { id: 'ord_9', status: 'paid', total: 25, modified: 1_700_000_200 };
    const res = await handler(delivery('order.payment_success', genuine), from(IPS[1]));
    expect(await res.json()).toEqual({ received: true });
    await handler(delivery('order.payment_success', genuine), from(IPS[1]));
    const paid = events.filter((e) => e.type === 'order.payment_success');
    expect(paid).toHaveLength(1);
    expect(orderOf(paid[0])).toMatchObject({ status: 'paid', modified: 1_700_000_200 });
    expect(events.every((e) => orderOf(e)?.status !== 'paid' || e.type === 'order.payment_success')).toBe(
      true,
    );
  });

  it('refuses an order the gateway does not know, and a failed read lets the redelivery through', async () => {
    const { handler, events, gateway, errors } = setup();
    const unknown = await handler(delivery('order.hold', { id: 'ord_404', status: 'hold' }), from(IPS[0]));
    expect(unknown.status).toBe(404);
    gateway.fail(500);
    const down = await handler(
      delivery('order.payment_success', { id: 'ord_1', status: 'paid' }),
      from(IPS[0]),
    );
    expect(down.status).toBe(503);
    expect(errors).toHaveLength(1);
    expect(events).toHaveLength(0);
    gateway.fail(null);
    const again = await handler(
      delivery('order.payment_success', { id: 'ord_1', status: 'paid' }),
      from(IPS[0]),
    );
    expect(again.status).toBe(200);
    expect(events).toHaveLength(1);
  });

  it('keeps a forged card.created from hiding the genuine one', async () => {
    const { handler, events } = setup();
    await handler(delivery('card.created', { ...CARD, masked_pan: '400000******0002' }), from(IPS[0]));
    await handler(delivery('card.created', CARD), from(IPS[1]));
    await handler(
      delivery('card.created', { ...CARD, extra: 'a redelivery with more fields' }),
      from(IPS[1]),
    );
    expect(events.map((e) => ('card' in e ? e.card.masked_pan : null))).toEqual([
      '400000******0002',
      '411111******1111',
    ]);
  });

  it('with insecureSkipConfirmation, hands the posted body over unconfirmed, keyed on all of it', async () => {
    const { handler, events, gateway } = setup({ client: undefined, insecureSkipConfirmation: true });
    const body = { id: 'ord_5', status: 'hold', modified: 5 };
    await handler(delivery('order.hold', { ...body, status: 'made-up' }), from(IPS[0]));
    await handler(delivery('order.hold', body), from(IPS[0]));
    await handler(delivery('order.hold', body), from(IPS[0]));
    expect(events.map((e) => [orderOf(e)?.status, e.confirmed])).toEqual([
      ['made-up', false],
      ['hold', false],
    ]);
    expect(gateway.gets).toHaveLength(0);
  });
});

describe('webhook receiver: the delivery’s identity', () => {
  const history = (...changes: Array<[string, number]>) =>
    changes.map(([new_status, on]) => ({ new_status, on }));

  it('keeps two declines of one order within the same second apart, and catches every replay', async () => {
    const { handler, events, gateway } = setup();
    const first = history(['issued', 100], ['in_progress', 101], ['rejected', 101]);
    const second = [...first, ...history(['in_progress', 101], ['rejected', 101])];
    // Both declines happened before either delivery came: the gateway's view is the same for both.
    gateway.orders.set('ord_d', { id: 'ord_d', status: 'rejected', modified: 101, status_changes: second });
    const declined = (changes: typeof first) =>
      delivery('order.payment_failure', {
        id: 'ord_d',
        status: 'rejected',
        modified: 101,
        status_changes: changes,
      });
    for (const changes of [first, second, first, second, second])
      expect((await handler(declined(changes), from(IPS[0]))).status).toBe(200);
    expect(events.map((e) => [e.type, e.confirmed])).toEqual([
      ['order.payment_failure', true],
      ['order.payment_failure', true],
    ]);
    expect(new Set(events.map((e) => e.key)).size).toBe(2);
  });

  it('hands a forged canceled for a paid order over as unconfirmed, with the gateway’s true status', async () => {
    const { handler, events, gateway } = setup();
    const paid = history(['issued', 100], ['in_progress', 101], ['paid', 101]);
    gateway.orders.set('ord_p', { id: 'ord_p', status: 'paid', total: 10, status_changes: paid });
    const forged = {
      id: 'ord_p',
      status: 'cancelled',
      status_changes: [...paid, { new_status: 'cancelled', on: 102 }],
    };
    for (const kind of ['order.canceled', 'order.invoice_refunded', 'order.payment_failure', 'order.expired'])
      expect((await handler(delivery(kind, { ...forged, kind }), from(IPS[0]))).status).toBe(200);
    // A genuine state under a kind that does not fit it is no confirmation either.
    await handler(
      delivery('order.canceled', { id: 'ord_p', status: 'paid', status_changes: paid }),
      from(IPS[0]),
    );
    expect(events.map((e) => [e.type, e.confirmed, orderOf(e)?.status])).toEqual([
      ['order.canceled', false, 'paid'],
      ['order.invoice_refunded', false, 'paid'],
      ['order.payment_failure', false, 'paid'],
      ['order.expired', false, 'paid'],
      ['order.canceled', false, 'paid'],
    ]);
    // The forgeries took no key of the genuine event: its delivery is still handed over, once.
    const genuine = { id: 'ord_p', status: 'paid', status_changes: paid };
    await handler(delivery('order.payment_success', genuine), from(IPS[1]));
    await handler(delivery('order.payment_success', genuine), from(IPS[1]));
    expect(events.slice(5).map((e) => [e.type, e.confirmed])).toEqual([['order.payment_success', true]]);
  });

  it('refuses ids past a sane length before they reach the de-duplication store', async () => {
    const { handler, events } = setup();
    const huge = await handler(
      delivery('card.created', { ...CARD, id: 'c'.repeat(512 * 1024) }),
      from(IPS[0]),
    );
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { error: { message: string } }).error.message).toMatch(/^id: /);
    expect(events).toHaveLength(0);
  });
});

describe('webhook receiver: sources', () => {
  it('fails closed: no allow-list, no receiver (unless local development says so)', () => {
    const { gateway } = setup();
    const base = { onEvent: () => {}, client: gateway.client };
    expect(() => createWebhookHandler(base)).toThrow(/allowedIps is required/);
    expect(() => createWebhookHandler({ ...base, allowedIps: null })).toThrow(/allowedIps is required/);
    expect(() => createWebhookHandler({ ...base, allowedIps: IPS, insecureAllowAnySource: true })).toThrow(
      /not both/,
    );
    expect(() => createWebhookHandler({ ...base, allowedIps: IPS, trustProxy: -1 })).toThrow(/trustProxy/);
    expect(() => createWebhookHandler({ onEvent: () => {}, allowedIps: IPS })).toThrow(/client/);
  });

  it('restricts sources to the allow-list, IPv4-mapped IPv6 included', async () => {
    const { handler, events } = setup();
    expect((await handler(delivery('card.created', CARD), from('198.51.100.1'))).status).toBe(403);
    expect((await handler(delivery('card.created', CARD), from(undefined))).status).toBe(403);
    expect((await handler(delivery('card.created', CARD), {})).status).toBe(403);
    expect(events).toHaveLength(0);
    expect((await handler(delivery('card.created', CARD), from('::ffff:203.0.113.11'))).status).toBe(200);
    expect(events).toHaveLength(1);
    const open = setup({ allowedIps: undefined, insecureAllowAnySource: true });
    expect((await open.handler(delivery('card.created', CARD))).status).toBe(200);
    const dynamic = setup({ allowedIps: () => ['192.0.2.5'] });
    expect((await dynamic.handler(delivery('card.created', CARD), from('192.0.2.5'))).status).toBe(200);
    expect(normaliseIp('::FFFF:10.0.0.1')).toBe('10.0.0.1');
  });

  it('ignores a spoofed X-Forwarded-For without trustProxy', async () => {
    const { handler, events } = setup();
    const spoofed = (xff: string) => delivery('card.created', CARD, { 'X-Forwarded-For': xff });
    expect((await handler(spoofed(IPS[0]!), from('198.51.100.7'))).status).toBe(403);
    expect((await handler(spoofed(`${IPS[0]}, ${IPS[1]}`), from('198.51.100.7'))).status).toBe(403);
    expect(events).toHaveLength(0);
    // From an allowed socket address, a header naming someone else changes nothing either.
    expect((await handler(spoofed('198.51.100.7'), from(IPS[0]))).status).toBe(200);
  });

  it('reads X-Forwarded-For through as many proxies as trustProxy says, right to left', async () => {
    const proxy = '10.0.0.2';
    const one = setup({ trustProxy: 1 });
    const xff = (value: string) => delivery('card.created', CARD, { 'X-Forwarded-For': value });
    expect((await one.handler(xff(IPS[0]!), from(proxy))).status).toBe(200);
    // The client wrote an allowed address first; the proxy appended the real one.
    expect((await one.handler(xff(`${IPS[0]}, 198.51.100.7`), from(proxy))).status).toBe(403);
    expect((await one.handler(delivery('card.created', CARD), from(proxy))).status).toBe(403);
    expect((await one.handler(xff('not-an-ip'), from(proxy))).status).toBe(403);
    const two = setup({ trustProxy: 2 });
    expect((await two.handler(xff(`198.51.100.7, ${IPS[1]}, 10.0.0.1`), from(proxy))).status).toBe(200);
    expect((await two.handler(xff(`${IPS[1]}, 198.51.100.7, 10.0.0.1`), from(proxy))).status).toBe(403);
    expect(sourceAddress('10.0.0.2', '1.1.1.1, 2.2.2.2', 5)).toBe('1.1.1.1');
    expect(sourceAddress('10.0.0.2', '1.1.1.1', 0)).toBe('10.0.0.2');
  });
});

describe('webhook receiver: delivery', () => {
  it('hands an event over once even when it is delivered again; a new state is a new event', async () => {
    const { handler, events, gateway } = setup();
    for (let i = 0; i < 3; i++)
      expect((await handler(delivery('card.created', CARD), from(IPS[0]))).status).toBe(200);
    gateway.orders.set('ord_2', { id: 'ord_2', status: 'hold', total: 10, modified: 1 });
    await Promise.all(
      [1, 2, 3].map(() => handler(delivery('order.hold', { id: 'ord_2', status: 'hold' }), from(IPS[0]))),
    );
    expect(events.map((e) => e.type)).toEqual(['card.created', 'order.hold']);
    // Captured: another state of the same order, another event.
    gateway.orders.set('ord_2', { id: 'ord_2', status: 'paid', total: 8, modified: 2 });
    await handler(delivery('order.payment_success', { id: 'ord_2', status: 'paid' }), from(IPS[0]));
    // A partial refund leaves it paid: the refunded amount tells the states apart.
    gateway.orders.set('ord_2', { id: 'ord_2', status: 'paid', total: 8, amount_refunded: 2, modified: 2 });
    await handler(delivery('order.invoice_refunded', { id: 'ord_2', status: 'paid' }), from(IPS[0]));
    await handler(delivery('order.invoice_refunded', { id: 'ord_2', status: 'paid' }), from(IPS[0]));
    expect(events.map((e) => e.type)).toEqual([
      'card.created',
      'order.hold',
      'order.payment_success',
      'order.invoice_refunded',
    ]);
  });

  it('answers without waiting for a slow callback, and a failed callback lets a redelivery through', async () => {
    let release!: () => void;
    const slow = setup({
      ackTimeoutMs: 20,
      onEvent: () => new Promise<void>((resolve) => (release = resolve)),
    });
    const started = Date.now();
    expect((await slow.handler(delivery('card.created', CARD), from(IPS[0]))).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(500);
    release();

    let calls = 0;
    const errors: unknown[] = [];
    const flaky = setup({
      onEvent: () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
      },
      onError: (e) => errors.push(e),
    });
    expect((await flaky.handler(delivery('card.created', CARD), from(IPS[0]))).status).toBe(500);
    expect((await flaky.handler(delivery('card.created', CARD), from(IPS[0]))).status).toBe(200);
    expect((await flaky.handler(delivery('card.created', CARD), from(IPS[0]))).status).toBe(200);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
  });
});
