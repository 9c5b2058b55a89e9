import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EVENTS } from '../protocol/index.ts';
import type { Sandbox } from './index.ts';
import { SANDBOX_STATUSES, TRANSITIONS } from './index.ts';
import { api, cardBody, createOrder, type Json, paidOrder, sandbox, setClock } from './test-helpers.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await sandbox();
});
afterAll(() => sb.close());
afterEach(async () => {
  await setClock(sb, null);
});

const order100 = { products: [{ title: 'Lamp', price: 100 }] };
const held = () => paidOrder(sb, { ...order100, skip_capture: true });
const paid = () => paidOrder(sb, order100);
const post = (order: Json, action: string, body?: unknown) =>
  api(sb).post(`/orders/${order.id}/${action}/`, body);
const status = async (order: Json) => (await api(sb).get(`/orders/${order.id}/`)).body.status;

describe('state table', () => {
  it('uses only known statuses and events, one event per transition', () => {
    for (const t of TRANSITIONS) {
      expect(SANDBOX_STATUSES).toContain(t.to);
      expect(ORDER_EVENTS).toContain(t.event);
    }
    const keys = TRANSITIONS.map((t) => `${t.from}:${t.action}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('capture', () => {
  it('captures part of a hold once; the remainder is released', async () => {
    const order = await held();
    const captured = await post(order, 'capture', { total: 60.25 });
    expect(captured.status).toBe(200);
    expect(captured.body.status).toBe('paid');
    expect(captured.body.total).toBe(60.25);
    expect(captured.body.captured).toBeTypeOf('number');
    expect(captured.body.paid).toBe(captured.body.captured);
    expect(captured.body.transaction_details).toMatchObject({
      amount_authorized: 100,
      amount_released: 39.75,
    });
    const again = await post(order, 'capture', { total: 1 });
    expect(again.status).toBe(400);
    expect(again.body.__all__[0]).toMatchObject({ code: 'invalid_status' });
    expect((await api(sb).get(`/orders/${order.id}/`)).body.total).toBe(60.25);
  });

  it('takes 0.01 up to the held amount', async () => {
    const order = await held();
    const above = await post(order, 'capture', { total: 100.01 });
    expect(above.status).toBe(400);
    expect(above.body.total[0].message).toMatch(/100\.00/);
    const below = await post(order, 'capture', { total: 0.001 });
    expect(below.status).toBe(400);
    expect(below.body.total).toBeDefined();
    const zero = await post(order, 'capture', { total: '0' });
    expect(zero.status).toBe(400);
    expect(zero.body.total[0].message).toMatch(/0\.01/);
    expect(await status(order)).toBe('hold');
    expect((await post(order, 'capture', { total: 100 })).body.total).toBe(100);
    const small = await held();
    expect((await post(small, 'capture', { total: 0.01 })).body.total).toBe(0.01);
  });

  it('captures the whole hold when the body is absent or names no total', async () => {
    for (const body of [undefined, {}, { reason: 'ship all' }]) {
      const order = await held();
      const reply = await post(order, 'capture', body);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ status: 'paid', total: 100 });
      expect(reply.body.transaction_details.amount_released).toBe(0);
    }
  });

  it('is refused on an order that is not in hold', async () => {
    for (const order of [await paid(), await createOrder(sb)]) {
      const reply = await post(order, 'capture', { total: 1 });
      expect(reply.status).toBe(400);
      expect(reply.body.__all__[0].message).toMatch(/hold/);
    }
  });
});

describe('refund', () => {
  it('refunds partly, then the rest, never above what is left', async () => {
    const order = await paid();
    const part = await post(order, 'refund', { amount: 30.1 });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ status: 'paid', amount_refunded: 30.1 });
    expect(part.body.transaction_details.amount_refunded).toBe(30.1);
    const tooMuch = await post(order, 'refund', { amount: 69.91 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.amount[0].message).toMatch(/69\.90/);
    const rest = await post(order, 'refund');
    expect(rest.body).toMatchObject({ status: 'refunded', amount_refunded: 100 });
    const more = await post(order, 'refund', { amount: 0.01 });
    expect(more.status).toBe(400);
  });

  it('ends refunded when a partial refund takes what is left', async () => {
    const order = await paid();
    expect((await post(order, 'refund', { amount: 100 })).body.status).toBe('refunded');
  });

  it('takes a partial amount of at least 0.01', async () => {
    const order = await paid();
    const reply = await post(order, 'refund', { amount: 0.001 });
    expect(reply.status).toBe(400);
    expect(reply.body.amount).toBeDefined();
    expect((await post(order, 'refund', { amount: 0 })).status).toBe(400);
    expect(await status(order)).toBe('paid');
  });

  it('refunds only paid orders', async () => {
    for (const order of [await held(), await createOrder(sb)]) {
      const reply = await post(order, 'refund');
      expect(reply.status).toBe(400);
      expect(reply.body.__all__[0].message).toMatch(/paid/);
    }
  });

  it('refunds a captured two-step order up to the captured amount', async () => {
    const order = await held();
    await post(order, 'capture', { total: 40 });
    expect((await post(order, 'refund', { amount: 40.01 })).status).toBe(400);
    expect((await post(order, 'refund')).body).toMatchObject({ status: 'refunded', amount_refunded: 40 });
  });

  it('is allowed only within two years of payment', async () => {
    await setClock(sb, '2030-05-10T10:00:00Z');
    const order = await paid();
    await setClock(sb, '2032-05-10T09:59:00Z');
    const inTime = await post(order, 'refund', { amount: 1 });
    expect(inTime.status).toBe(200);
    await setClock(sb, '2032-05-10T10:00:01Z');
    const late = await post(order, 'refund', { amount: 1 });
    expect(late.status).toBe(400);
    expect(late.body.__all__[0]).toMatchObject({ code: 'refund_too_late' });
    expect(late.body.__all__[0].message).toMatch(/two years|2 years/);
  });

  it('is declined naming the "RDR value" on the chargeback card', async () => {
    const order = await paidOrder(sb, order100, cardBody('4000000000000259'));
    expect(order.status).toBe('paid');
    expect(order.transaction_details.chargebacks).toHaveLength(1);
    const reply = await post(order, 'refund', { amount: 5 });
    expect(reply.status).toBe(400);
    expect(reply.body.__all__[0].message).toContain('RDR value');
    const after = (await api(sb).get(`/orders/${order.id}/`)).body;
    expect(after).toMatchObject({ status: 'paid', amount_refunded: 0 });
    expect(after.transaction_details.errors.at(-1).description).toContain('RDR value');
    expect((await post(order, 'refund')).status).toBe(400);
  });

  it('has nothing to refund on a zero-amount order', async () => {
    const order = await paidOrder(sb, {
      products: undefined,
      payment_system: 'AUTH',
      force_save_method: true,
    });
    const reply = await post(order, 'refund');
    expect(reply.status).toBe(400);
    expect(reply.body.__all__[0].code).toBe('nothing_to_refund');
  });
});

describe('reversal', () => {
  it('reverses the full amount on the day of payment', async () => {
    const order = await paid();
    const reply = await post(order, 'reverse');
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('refunded');
    expect(reply.body.transaction_details.amount_reversed).toBe(100);
    expect((await post(order, 'reverse')).status).toBe(400);
  });

  it('is refused on a later calendar day (UTC, sandbox clock)', async () => {
    await setClock(sb, '2030-05-10T23:58:00Z');
    const order = await paid();
    await setClock(sb, '2030-05-10T23:59:59Z');
    const sameDay = await paid();
    await setClock(sb, '2030-05-11T00:00:01Z');
    const late = await post(order, 'reverse');
    expect(late.status).toBe(400);
    expect(late.body.__all__[0]).toMatchObject({ code: 'reversal_too_late' });
    expect(late.body.__all__[0].message).toContain('2030-05-10');
    expect(await status(order)).toBe('paid');
    // A refund is still possible the next day.
    expect((await post(sameDay, 'refund')).body.status).toBe('refunded');
  });

  it('is for the full amount only', async () => {
    const order = await paid();
    const withAmount = await post(order, 'reverse', { amount: 10 });
    expect(withAmount.status).toBe(400);
    expect(withAmount.body.amount[0].message).toMatch(/full amount/);
    await post(order, 'refund', { amount: 10 });
    const afterPartial = await post(order, 'reverse');
    expect(afterPartial.status).toBe(400);
    expect(afterPartial.body.__all__[0].code).toBe('reversal_not_full');
  });

  it('releases a hold: hold → cancelled', async () => {
    const order = await held();
    const reply = await post(order, 'reverse');
    expect(reply.body.status).toBe('cancelled');
    expect(reply.body.transaction_details.amount_released).toBe(100);
    expect((await post(order, 'capture', { total: 1 })).status).toBe(400);
  });

  it('is refused on an issued order', async () => {
    expect((await post(await createOrder(sb), 'reverse')).status).toBe(400);
  });
});

describe('hold expiry', () => {
  it('expires a hold after 28 days, then refuses capture', async () => {
    await setClock(sb, '2030-01-01T12:00:00Z');
    const order = await held();
    await setClock(sb, '2030-01-29T11:59:00Z');
    expect(await status(order)).toBe('hold');
    // The hold was placed a few milliseconds after 12:00:00, as the set clock keeps ticking.
    await setClock(sb, '2030-01-29T12:00:01Z');
    const capture = await post(order, 'capture', { total: 1 });
    expect(capture.status).toBe(400);
    const after = (await api(sb).get(`/orders/${order.id}/`)).body;
    expect(after.status).toBe('expired');
    expect(after.status_changes.map((c: Json) => c.new_status)).toEqual([
      'issued',
      'in_progress',
      'hold',
      'expired',
    ]);
    expect(after.status_changes.at(-1).on).toBe(Date.parse('2030-01-29T12:00:01Z') / 1000);
    expect(after.transaction_details.amount_released).toBe(100);
  });

  it('expires a hold found through the list', async () => {
    await setClock(sb, '2030-03-01T00:00:00Z');
    const order = await held();
    await setClock(sb, '2030-04-01T00:00:00Z');
    const list = (await api(sb).get('/orders/')).body.results as Json[];
    expect(list.find((o) => o.id === order.id)?.status).toBe('expired');
  });
});

describe('timestamps follow the sandbox clock', () => {
  it('stamps issued and paid with the set time', async () => {
    await setClock(sb, '2030-06-01T08:00:00Z');
    const order = await paid();
    expect(order.issued).toBeGreaterThanOrEqual(Date.parse('2030-06-01T08:00:00Z') / 1000);
    expect(order.issued).toBeLessThan(Date.parse('2030-06-01T08:01:00Z') / 1000);
    expect(order.paid).toBeGreaterThanOrEqual(order.issued);
  });
});
