import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/server/index.ts';
import { renderReturnPage } from './return-page.ts';

const order = (status: string, extra: Partial<Order> = {}): Order =>
  ({
    id: '3f1c9a52-8a8e-4c1e-9d65-1c3f3b2a7e10',
    number: 'BP-1042',
    status,
    total: 32.25,
    ...extra,
  }) as Order;

const heading = (html: string) => /<h1>(.*?)<\/h1>/.exec(html)?.[1];

describe('the return page', () => {
  it("names the shop's order number, never the gateway's id or its raw status", () => {
    const html = renderReturnPage(order('paid'));
    expect(heading(html)).toBe('Thank you, your payment went through');
    expect(html).toContain('BP-1042');
    expect(html).toContain('€32.25');
    expect(html).not.toContain('3f1c9a52');
    expect(html).not.toMatch(/>paid</);
  });

  it('words a decline as the checkout does, not as the gateway wrote it', () => {
    const html = renderReturnPage(
      order('rejected', {
        transaction_details: { errors: [{ description: 'Decline, not sufficient funds', code: '51' }] },
      } as Partial<Order>),
    );
    expect(heading(html)).toBe('The payment did not go through');
    expect(html).toContain('The payment was declined: the card has insufficient funds. Try another card.');
    expect(html).not.toContain('Decline, not sufficient funds');
    expect(html).not.toContain('rejected');
  });

  it('never calls an order still being confirmed a failure, and looks again by itself', () => {
    const html = renderReturnPage(order('in_progress'));
    expect(heading(html)).toBe('We are confirming your payment');
    expect(html).toContain('Do not pay again');
    expect(html).toContain('http-equiv="refresh"');
  });

  it('says a zero-amount order saved the card, and a hold reserved the amount', () => {
    expect(heading(renderReturnPage(order('paid', { total: 0 })))).toBe('Your card is saved');
    expect(renderReturnPage(order('hold'))).toContain('€32.25 is reserved on your card');
    expect(heading(renderReturnPage(null))).toBe('We could not find this order');
  });
});
