import { describe, expect, it } from 'vitest';
import type { Order } from '../protocol/index.ts';
import { createVelocityLimits, DEFAULT_VELOCITY_RULES, VelocityLimitError } from './limits.ts';
import { MemoryLimitStore } from './stores.ts';

const MINUTE = 60_000;
const request = (headers: Record<string, string> = {}) =>
  new Request('http://shop.example/checkout/session', { method: 'POST', headers });

const refusal = async (attempt: Promise<unknown>) => {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VelocityLimitError);
  return error as VelocityLimitError;
};

const declined = (
  id: string,
  index: number,
  masked = '400000******0002',
  extra: Partial<Order> = {},
): Order => ({
  id,
  status: 'rejected',
  status_changes: Array.from({ length: index }, (_, i) => ({
    new_status: i % 2 ? 'rejected' : 'in_progress',
    on: 100,
  })),
  transaction_details: { card_masked_pan: masked },
  ...extra,
});

describe('velocity limits', () => {
  it('count new orders per client in a sliding window of the injected clock, with an exact Retry-After', async () => {
    let now = 10 * 10 * MINUTE + 4 * MINUTE; // four minutes into a window
    const limits = createVelocityLimits({ now: () => now });
    const clients = await limits.clientsOf(request(), '203.0.113.9');
    expect(clients).toEqual(['ip:203.0.113.9']);
    const { max } = DEFAULT_VELOCITY_RULES.ordersPerClient;
    for (let i = 0; i < max; i++) await limits.admit(clients, false);
    const refused = await refusal(limits.admit(clients, false));
    expect(refused.rule).toBe('orders_per_client');
    // The window ends in 6 minutes; its 30 orders then weigh less as the next one slides on, and
    // one more fits once they weigh 29: a thirtieth of the window (20 s) later.
    expect(refused.retryAfterMs).toBe(6 * MINUTE + 20_000);
    // Asking again before then is refused with the same wait: a refusal is not counted as an order.
    now += 3 * MINUTE;
    expect((await refusal(limits.admit(clients, false))).retryAfterMs).toBe(3 * MINUTE + 20_000);
    // Another client is not affected; MOTO counts apart.
    await limits.admit(['ip:203.0.113.10'], false);
    await limits.admit(clients, true);
    now += 3 * MINUTE + 19_999;
    await refusal(limits.admit(clients, false));
    now += 1;
    await limits.admit(clients, false);
    expect((await refusal(limits.admit(clients, false))).rule).toBe('orders_per_client');
  });

  it('give a burst no fresh allowance at a window’s edge', async () => {
    let now = 10 * 10 * MINUTE - 1000; // a second before a window ends
    const limits = createVelocityLimits({
      now: () => now,
      ordersPerClient: { max: 10, windowMs: 10 * MINUTE },
    });
    const clients = ['ip:203.0.113.9'];
    for (let i = 0; i < 10; i++) await limits.admit(clients, false);
    now += 2000; // a second into the next
    const refused = await refusal(limits.admit(clients, false));
    // Ten orders a second ago still weigh 10 × (1 - 1/600): one more fits after a tenth of the window.
    expect(refused.retryAfterMs).toBe(MINUTE - 1000);
    now += MINUTE - 1001;
    await refusal(limits.admit(clients, false));
    now += 1;
    await limits.admit(clients, false);
  });

  it('read the client through trustProxy like the webhook receiver, and count the merchant’s own key too', async () => {
    const limits = createVelocityLimits({
      trustProxy: 1,
      clientKey: (r) => r.headers.get('x-cart'),
      ordersPerClient: { max: 2, windowMs: 10 * MINUTE },
    });
    const spoofed = request({ 'x-forwarded-for': '198.51.100.1, 203.0.113.5', 'x-cart': 'cart-1' });
    const clients = await limits.clientsOf(spoofed, '10.0.0.2');
    expect(clients[0]).toBe('ip:203.0.113.5');
    expect(clients[1]).toMatch(/^key:[\w-]{22}$/);
    // The same cart from three addresses is still one customer.
    for (const ip of ['192.0.2.1', '192.0.2.2'])
      await limits.admit(
        await limits.clientsOf(request({ 'x-forwarded-for': ip, 'x-cart': 'cart-1' }), '10.0.0.2'),
        false,
      );
    const third = await limits.clientsOf(
      request({ 'x-forwarded-for': '192.0.2.3', 'x-cart': 'cart-1' }),
      '10.0.0.2',
    );
    expect((await refusal(limits.admit(third, false))).rule).toBe('orders_per_client');
  });

  it('refuse a client after its declines, each decline counted once however often it is read', async () => {
    const limits = createVelocityLimits({ declinesPerClient: { max: 3, windowMs: 60 * MINUTE } });
    const clients = ['ip:203.0.113.9'];
    for (let i = 1; i <= 3; i++) {
      await limits.admit(clients, false);
      await limits.bind(`ord_${i}`, clients, false);
      const order = declined(`ord_${i}`, 3, `41111${i}******1111`);
      // The element reads the status, the webhook confirms it: one decline.
      await limits.record(order);
      await limits.record(order);
    }
    expect((await refusal(limits.admit(clients, false))).rule).toBe('declines_per_client');
    // Someone else still pays.
    await limits.admit(['ip:203.0.113.10'], false);
  });

  it('refuse every client that tried a card past its declines, and a client whose order was declined too often', async () => {
    const limits = createVelocityLimits();
    const one = ['ip:192.0.2.1'];
    const two = ['ip:192.0.2.2'];
    await limits.bind('ord_a', one, false);
    await limits.bind('ord_b', two, false);
    // Five declines of one card, spread over two clients and orders.
    for (let i = 1; i <= 3; i++) await limits.record(declined('ord_a', 2 * i));
    for (let i = 1; i <= 2; i++) await limits.record(declined('ord_b', 2 * i));
    expect((await refusal(limits.admit(two, false))).rule).toBe('declines_per_client');
    // Five declines on one order, five cards: the gateway lets a declined order be paid again.
    const three = ['ip:192.0.2.3'];
    await limits.bind('ord_c', three, false);
    const spent: boolean[] = [];
    for (let i = 1; i <= 4; i++)
      spent.push(await limits.record(declined('ord_c', 2 * i, `5${i}0000******000${i}`)));
    await limits.admit(three, false);
    spent.push(await limits.record(declined('ord_c', 10, '550000******0005')));
    expect((await refusal(limits.admit(three, false))).rule).toBe('declines_per_client');
    // The fifth decline is the order's last: it is to take no more cards (the handler cancels it).
    expect(spent).toEqual([false, false, false, false, true]);
    // Read again, the same decline is not news.
    expect(await limits.record(declined('ord_c', 10, '550000******0005'))).toBe(false);
  });

  it('keep MOTO under rules of their own, and refuse nonsense rules with the rule named', async () => {
    const limits = createVelocityLimits({ moto: { ordersPerClient: { max: 1, windowMs: MINUTE } } });
    await limits.admit(['ip:10.1.1.1'], true);
    expect((await refusal(limits.admit(['ip:10.1.1.1'], true))).rule).toBe('orders_per_client');
    expect(() => createVelocityLimits({ ordersPerClient: { max: 0, windowMs: MINUTE } })).toThrow(
      /ordersPerClient/,
    );
    expect(() => createVelocityLimits({ declinesPerOrder: 1.5 })).toThrow(/declinesPerOrder/);
  });

  it('keep their memory store within its byte bound under a flood of clients', async () => {
    const store = new MemoryLimitStore({ maxBytes: 256 * 1024 });
    const limits = createVelocityLimits({ store });
    for (let i = 0; i < 20_000; i++)
      await limits.admit([`ip:10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`], false);
    expect(store.bytes).toBeLessThanOrEqual(256 * 1024);
  });

  it('count every decline of a burst in full, however many reads race after it', async () => {
    const limits = createVelocityLimits({
      declinesPerClient: { max: 30, windowMs: 60 * MINUTE },
      declinesPerCard: { max: 1000, windowMs: 60 * MINUTE },
      declinesPerOrder: 100,
    });
    const bot = ['ip:198.51.100.20'];
    await limits.bind('ord_burst', bot, false);
    // Twenty declines landed before anyone read the order; ten webhooks and status reads race on
    // that one view: the twenty count, once.
    const after = declined('ord_burst', 40);
    await Promise.all(Array.from({ length: 10 }, () => limits.record(after)));
    await limits.record(after);
    // Nine more elsewhere leave it one short of thirty; the tenth refuses it.
    await limits.bind('ord_more', bot, false);
    await limits.record(declined('ord_more', 18));
    await limits.admit(bot, false);
    await limits.record(declined('ord_more', 20));
    expect((await refusal(limits.admit(bot, false))).rule).toBe('declines_per_client');
  });

  it('retire an order once a read counts it to its cap, whatever the read saw in between', async () => {
    const limits = createVelocityLimits();
    await limits.bind('ord_cap', ['ip:198.51.100.21'], false);
    // Three declines, then a burst: the reads racing on the burst's view retire it once.
    expect(await limits.record(declined('ord_cap', 6))).toBe(false);
    const burst = declined('ord_cap', 30);
    const verdicts = await Promise.all(Array.from({ length: 8 }, () => limits.record(burst)));
    expect(verdicts.filter(Boolean)).toEqual([true]);
    // Read again with nothing new: nothing to retire again.
    expect(await limits.record(burst)).toBe(false);
    // Cancelled at the gateway, its late declines still count, and retire nothing.
    expect(await limits.record(declined('ord_cap', 34, undefined, { status: 'cancelled' }))).toBe(false);
  });

  it('count a burst of declines of one card in full against the card', async () => {
    const limits = createVelocityLimits();
    await limits.bind('ord_card', ['ip:192.0.2.50'], false);
    // Three declines of the card in one read: under the per-card five, the next client is let in.
    await limits.record(declined('ord_card', 6, '400000******9995'));
    await limits.bind('ord_card2', ['ip:192.0.2.51'], false);
    await limits.admit(['ip:192.0.2.51'], false);
    // Two more elsewhere: five of that card in all, and whoever tried it is refused.
    await limits.record(declined('ord_card2', 4, '400000******9995'));
    expect((await refusal(limits.admit(['ip:192.0.2.51'], false))).rule).toBe('declines_per_client');
  });

  it('count an IPv6 client per /64, however its address is spelt, and per address at 128', async () => {
    const limits = createVelocityLimits({ ordersPerClient: { max: 8, windowMs: MINUTE } });
    const ninth = await limits.clientsOf(request(), '2001:db8:1:2:ffff::9');
    for (let i = 1; i <= 8; i++) {
      const clients = await limits.clientsOf(request(), `2001:db8:1:2::${i.toString(16)}`);
      expect(clients).toEqual(['ip:2001:db8:1:2::/64']);
      await limits.admit(clients, false);
    }
    expect(ninth).toEqual(['ip:2001:db8:1:2::/64']);
    expect((await refusal(limits.admit(ninth, false))).rule).toBe('orders_per_client');
    // The next /64 is someone else.
    await limits.admit(await limits.clientsOf(request(), '2001:db8:1:3::1'), false);
    const spellings = ['2001:db8::1', '2001:0db8:0000::1', '2001:db8:0:0:0:0:0:1', '[2001:DB8::1]'];
    const exact = createVelocityLimits({ ipv6Prefix: 128 });
    const seen = new Set<string>();
    for (const spelling of spellings) for (const c of await exact.clientsOf(request(), spelling)) seen.add(c);
    expect([...seen]).toEqual(['ip:2001:db8::1']);
    expect(() => createVelocityLimits({ ipv6Prefix: 7 })).toThrow(/ipv6Prefix/);
  });
});
