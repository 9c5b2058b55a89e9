import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/server/index.ts';
import { actionSentence, actionsFor, amountFor, matches, statusWords, viewOf, whyNot } from './orders.ts';

const order = (extra: Partial<Order> = {}): Order =>
  ({
    id: 'ord_1',
    number: 'BP-1042',
    status: 'paid',
    currency: 'eur',
    total: 32.25,
    client: { email: 'anna@example.com' },
    transaction_details: { card_masked_pan: '411111******1111', cardholder_name: 'Anna Berzina' },
    ...extra,
  }) as Order;

describe('the back office says an order’s status in an operator’s words', () => {
  it.each([
    [{ status: 'paid' }, 'Paid'],
    [{ status: 'hold', skip_capture: true }, 'Held'],
    [{ status: 'paid', skip_capture: true }, 'Captured'],
    [{ status: 'paid', amount_refunded: 5 }, 'Partly refunded'],
    [{ status: 'refunded', amount_refunded: 32.25 }, 'Refunded'],
    [{ status: 'refunded', transaction_details: { amount_reversed: 32.25 } }, 'Reversed'],
    [{ status: 'cancelled' }, 'Cancelled'],
    [
      {
        status: 'rejected',
        transaction_details: { errors: [{ description: 'Decline, not sufficient funds' }] },
      },
      'Declined: Decline, not sufficient funds',
    ],
    [{ status: 'expired', skip_capture: true }, 'Hold expired'],
    [{ status: 'issued' }, 'Unpaid'],
  ] as Array<[Partial<Order>, string]>)('%o is "%s"', (extra, words) => {
    expect(statusWords(viewOf(order(extra)))).toBe(words);
  });
});

describe('each status offers each action once, under one name', () => {
  it('a hold is captured or released, nothing else', () => {
    const held = viewOf(order({ status: 'hold', skip_capture: true }));
    expect(actionsFor(held)).toEqual(['capture', 'release']);
    expect(whyNot('reverse', held)).toMatch(/Only a paid order can be reversed/);
    expect(whyNot('cancel', held)).toMatch(/Only an unpaid order can be cancelled; order BP-1042 is held/);
  });

  it('a paid order is refunded or reversed; a declined one cancelled', () => {
    expect(actionsFor(viewOf(order()))).toEqual(['refund', 'reverse']);
    expect(actionsFor(viewOf(order({ status: 'rejected' })))).toEqual(['cancel']);
    expect(actionsFor(viewOf(order({ status: 'refunded', amount_refunded: 32.25 })))).toEqual([]);
  });
});

describe('amounts: a rule in words for each wrong one', () => {
  const paid = viewOf(order({ amount_refunded: 2 }));
  it.each(['0', '0.00', 'abc', '-1', '1.234'])('refuses %s', (typed) => {
    expect(amountFor('refund', paid, typed)).toEqual({ rule: expect.stringMatching(/^Amount: /) });
  });

  it('refuses more than is left, naming what is left', () => {
    expect(amountFor('refund', paid, '30.26')).toEqual({
      rule: 'Amount: must be at most €30.25, what is left to refund.',
    });
    expect(amountFor('refund', paid, '9999999')).toEqual({ rule: expect.stringContaining('€30.25') });
    expect(amountFor('refund', paid, '30.25')).toBe(30.25);
    expect(amountFor('refund', paid, '')).toBe(30.25);
  });
});

it('a money action names the order, the customer and the amount', () => {
  expect(actionSentence('refund', viewOf(order()), 5)).toBe(
    'Refund €5.00 of €32.25 to Anna Berzina, order BP-1042',
  );
  expect(actionSentence('release', viewOf(order({ status: 'hold' })), 32.25)).toBe(
    'Release the hold of €32.25 for Anna Berzina, order BP-1042',
  );
  // No cardholder name (a phone order may take none): the e-mail names the customer.
  const nameless = order({ transaction_details: { card_masked_pan: '555555******4444' } });
  expect(actionSentence('reverse', viewOf(nameless), 32.25)).toContain('by anna@example.com');
});

it('a search finds an order by e-mail, number, phone-order reference or last four digits', () => {
  const phone = viewOf(
    order({ is_moto: true, products: [{ title: 'Phone order PHONE-1005', price: 32.25 }] }),
  );
  for (const query of ['ANNA@example', 'bp-1042', 'PHONE-1005', '1111'])
    expect(matches(phone, query)).toBe(true);
  expect(matches(phone, '4444')).toBe(false);
  expect(matches(phone, 'someone@else')).toBe(false);
});
