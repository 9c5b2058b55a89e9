import { describe, expect, it } from 'vitest';
import {
  createWebhookHandler,
  type GatewayWebhookEvent,
  normaliseIp,
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
const ORDER = { id: 'ord_1', status: 'paid', total: 10, modified: 1_700_000_000, extra_field: 'kept' };

function setup(options: Partial<WebhookHandlerOptions> = {}) {
  const events: GatewayWebhookEvent[] = [];
  const handler = createWebhookHandler({
    onEvent: (e) => {
      events.push(e);
    },
    allowedIps: IPS,
    onError: () => {},
    ...options,
  });
  return { handler, events };
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

describe('webhook receiver', () => {
  it('parses card.created into a Card and order.* into an order (unknown fields kept)', async () => {
    const { handler, events } = setup();
    expect((await handler(delivery('card.created', CARD), from(IPS[0]))).status).toBe(200);
    expect((await handler(delivery('order.payment_success', ORDER), from(IPS[1]))).status).toBe(200);
    expect(events[0]).toMatchObject({
      type: 'card.created',
      card: { id: 'card_1', masked_pan: '411111******1111' },
    });
    expect(events[1]).toMatchObject({
      type: 'order.payment_success',
      order: { id: 'ord_1', extra_field: 'kept' },
    });
  });

  it('hands order kinds newer than the list over as orders, other kinds as unknown', async () => {
    const { handler, events } = setup();
    await handler(delivery('order.chargeback_received', ORDER), from(IPS[0]));
    await handler(delivery('payout.created', { id: 'p1' }), from(IPS[0]));
    expect(events[0]!.type).toBe('order.chargeback_received');
    expect(events[1]).toMatchObject({ type: 'unknown', event: 'payout.created', body: { id: 'p1' } });
  });

  it('refuses another version, a missing event header, malformed JSON and bodies of the wrong shape', async () => {
    const { handler, events } = setup();
    const cases: Array<[Request, number]> = [
      [delivery('card.created', CARD, { 'X-Webhook-Version': 'v0.5' }), 400],
      [delivery('card.created', CARD, { 'X-Webhook-Version': '' }), 400],
      [delivery('', CARD), 400],
      [delivery('card.created', '{"id":'), 400],
      [delivery('card.created', { id: 'card_1' }), 400],
      [delivery('order.hold', { status: 'hold' }), 400],
      [new Request('http://shop.example/webhooks/gateway', { method: 'GET' }), 405],
    ];
    for (const [request, status] of cases) expect((await handler(request, from(IPS[0]))).status).toBe(status);
    expect(events).toHaveLength(0);
  });

  it('restricts sources to the allow-list, IPv4-mapped IPv6 included; null turns the check off', async () => {
    const { handler, events } = setup();
    expect((await handler(delivery('card.created', CARD), from('198.51.100.1'))).status).toBe(403);
    expect((await handler(delivery('card.created', CARD), from(undefined))).status).toBe(403);
    expect((await handler(delivery('card.created', CARD), {})).status).toBe(403);
    expect(events).toHaveLength(0);
    expect((await handler(delivery('card.created', CARD), from('::ffff:203.0.113.11'))).status).toBe(200);
    expect(events).toHaveLength(1);
    const open = setup({ allowedIps: null });
    expect((await open.handler(delivery('card.created', CARD))).status).toBe(200);
    const dynamic = setup({ allowedIps: () => ['192.0.2.5'] });
    expect((await dynamic.handler(delivery('card.created', CARD), from('192.0.2.5'))).status).toBe(200);
    expect(normaliseIp('::FFFF:10.0.0.1')).toBe('10.0.0.1');
  });

  it('hands an event over once even when it is delivered again', async () => {
    const { handler, events } = setup();
    for (let i = 0; i < 3; i++)
      expect((await handler(delivery('card.created', CARD), from(IPS[0]))).status).toBe(200);
    await Promise.all(
      [1, 2, 3].map(() => handler(delivery('order.hold', { ...ORDER, status: 'hold' }), from(IPS[0]))),
    );
    expect(events.map((e) => e.type)).toEqual(['card.created', 'order.hold']);
    // Another status or modification of the same order is another event.
    await handler(
      delivery('order.payment_success', { ...ORDER, modified: ORDER.modified + 5 }),
      from(IPS[0]),
    );
    await handler(delivery('order.payment_success', ORDER), from(IPS[0]));
    expect(events).toHaveLength(4);
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
