import { describe, expect, it } from 'vitest';
import type { FieldIssue } from './errors.ts';
import type { OrderRequest } from './order-request.ts';
import {
  captureRules,
  orderTotal,
  refundRequestSchema,
  refundRules,
  taxCreateSchema,
  validate,
  validateOrderRequest,
} from './rules.ts';

const base = (): OrderRequest => ({
  client: { email: 'ana@example.com' },
  products: [{ title: 'Tea', price: 4.5 }],
  currency: 'EUR',
  language: 'en',
});

const issuesOf = (input: unknown, options = {}): FieldIssue[] => {
  const result = validateOrderRequest(input, options);
  return result.ok ? [] : result.issues;
};
const expectIssue = (issues: FieldIssue[], path: string, message: RegExp) =>
  expect(issues).toContainEqual(expect.objectContaining({ path, message: expect.stringMatching(message) }));

describe('order request: field rules', () => {
  it('accepts a plain one-step order and keeps unknown fields', () => {
    const result = validateOrderRequest({ ...base(), number: 'A-1', referrer: 'shop', due: 1_796_083_200 });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toMatchObject({ referrer: 'shop', due: 1_796_083_200 });
  });

  it('rejects a price below 0.01, naming the product path', () => {
    expectIssue(
      issuesOf({ ...base(), products: [{ title: 'Tea', price: 0.001 }] }),
      'products.0.price',
      /at least 0.01/,
    );
    expectIssue(
      issuesOf({ ...base(), products: [{ title: 'Tea', price: 0 }] }),
      'products.0.price',
      /at least 0.01/,
    );
    expect(issuesOf({ ...base(), products: [{ title: 'Tea', price: 0.01 }] })).toEqual([]);
  });

  it('rejects amounts with more than two decimals', () => {
    expectIssue(
      issuesOf({ ...base(), products: [{ title: 'Tea', price: 1.005 }] }),
      'products.0.price',
      /two decimals/,
    );
  });

  it('requires three-letter currency and two-letter language and country codes', () => {
    expectIssue(issuesOf({ ...base(), currency: 'EURO' }), 'currency', /three-letter/);
    expectIssue(issuesOf({ ...base(), language: 'eng' }), 'language', /two-letter/);
    expectIssue(
      issuesOf({ ...base(), client: { email: 'a@b.co', country: 'LVA' } }),
      'client.country',
      /two-letter/,
    );
    expectIssue(
      issuesOf({ ...base(), service_location: { country: 'Latvia' } }),
      'service_location.country',
      /two-letter/,
    );
  });

  it('requires a client e-mail', () => {
    expectIssue(issuesOf({ ...base(), client: { email: 'not-an-address' } }), 'client.email', /e-mail/);
  });

  it('requires at least one product for a payment', () => {
    expectIssue(issuesOf({ ...base(), products: [] }), 'products', /at least one product/);
    expectIssue(issuesOf({ client: { email: 'a@b.co' } }), 'products', /at least one product/);
  });

  it('checks travel dates: eight digits, six-digit ticket issue date', () => {
    const lodging = {
      lodging: { booking_number: 'B1', checkin_date: '2026-12-01', checkout_date: '20261203' },
    };
    expectIssue(
      issuesOf({ ...base(), travel_data: lodging }),
      'travel_data.lodging.checkin_date',
      /eight digits/,
    );
    const airline = {
      airline_addendum: {
        ticket_issue_date: '2026-11',
        legs: [
          {
            departure_airport: 'RIX',
            carrier_code: 'BT',
            destination_airport: 'FRA',
            departure_date: '202612',
          },
        ],
      },
    };
    const issues = issuesOf({ ...base(), travel_data: airline });
    expectIssue(issues, 'travel_data.airline_addendum.ticket_issue_date', /six digits/);
    expectIssue(issues, 'travel_data.airline_addendum.legs.0.departure_date', /eight digits/);
  });

  it('requires exactly one travel type', () => {
    expectIssue(issuesOf({ ...base(), travel_data: {} }), 'travel_data', /exactly one travel type/);
    const two = { lodging: { checkin_date: '20261201' }, car_rental: { pickup_date: '20261201' } };
    expectIssue(issuesOf({ ...base(), travel_data: two }), 'travel_data', /not lodging and car_rental/);
    expect(issuesOf({ ...base(), travel_data: { cruise: { departure_date: '20261201' } } })).toEqual([]);
  });
});

describe('order request: zero-amount', () => {
  const zero = (extra: Partial<OrderRequest> = {}): OrderRequest => ({
    client: { email: 'a@b.co' },
    payment_system: 'AUTH',
    setup_future_use: 'one-click',
    ...extra,
  });

  it('accepts payment_system AUTH with no products and a save intent', () => {
    expect(issuesOf(zero())).toEqual([]);
    expect(issuesOf(zero({ setup_future_use: undefined, force_save_method: true }))).toEqual([]);
  });

  it('takes no products', () => {
    expectIssue(
      issuesOf(zero({ products: [{ title: 'x', price: 1 }] })),
      'products',
      /absent for a zero-amount/,
    );
  });

  it('needs setup_future_use or force_save_method', () => {
    expectIssue(
      issuesOf(zero({ setup_future_use: undefined })),
      'setup_future_use',
      /setup_future_use or force_save_method/,
    );
  });
});

describe('order request: recurring_number', () => {
  it('is allowed only with setup_future_use recurring', () => {
    expectIssue(
      issuesOf({ ...base(), setup_future_use: 'one-click', recurring_number: 'R1' }),
      'recurring_number',
      /only with setup_future_use recurring/,
    );
    expectIssue(issuesOf({ ...base(), recurring_number: 'R1' }), 'recurring_number', /only with/);
    expect(issuesOf({ ...base(), setup_future_use: 'recurring', recurring_number: 'R1' })).toEqual([]);
  });
});

describe('order request: account funding', () => {
  const recipient = {
    first_name: 'Ilze',
    last_name: 'Ozola',
    birth_date: '1990-04-01',
    city: 'Riga',
    account_type: '01',
    account_number: 'LV00HABA0000000000000',
    country: 'LV',
  };
  const funding = (extra: Partial<OrderRequest> = {}): OrderRequest => ({
    ...base(),
    recipient_client: recipient,
    ...extra,
  });

  it('accepts a complete recipient on a one-step order', () => {
    expect(issuesOf(funding())).toEqual([]);
  });

  it('requires every recipient field', () => {
    const { birth_date: _b, account_type: _a, ...partial } = recipient;
    const issues = issuesOf({ ...base(), recipient_client: partial });
    expect(issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['recipient_client.birth_date', 'recipient_client.account_type']),
    );
    expectIssue(
      issuesOf(funding({ recipient_client: { ...recipient, account_type: '1' } })),
      'recipient_client.account_type',
      /two-digit/,
    );
    expectIssue(
      issuesOf(funding({ recipient_client: { ...recipient, birth_date: '01.04.1990' } })),
      'recipient_client.birth_date',
      /YYYY-MM-DD/,
    );
  });

  it('requires recipient_client when the merchant says the order is account funding', () => {
    expectIssue(
      issuesOf(base(), { accountFunding: { cardNetworkA: false } }),
      'recipient_client',
      /required for an account funding order/,
    );
  });

  it('requires the card network A fields only when asked to', () => {
    expect(issuesOf(funding())).toEqual([]);
    const issues = issuesOf(funding(), { accountFunding: { cardNetworkA: true } });
    expect(issues.map((i) => i.path).sort()).toEqual(
      [
        'client.address',
        'client.city',
        'client.country',
        'client.first_name',
        'client.last_name',
        'recipient_client.recipient_address',
      ].sort(),
    );
  });

  it('requires client.state for network A only when the issuer is in the US or Canada', () => {
    const full = funding({
      client: {
        email: 'a@b.co',
        first_name: 'A',
        last_name: 'B',
        address: '1 Main St',
        country: 'US',
        city: 'Austin',
      },
      recipient_client: { ...recipient, recipient_address: '2 Elm St' },
    });
    expect(issuesOf(full, { accountFunding: { cardNetworkA: true, issuerCountry: 'LV' } })).toEqual([]);
    expectIssue(
      issuesOf(full, { accountFunding: { cardNetworkA: true, issuerCountry: 'us' } }),
      'client.state',
      /US or Canada/,
    );
    expectIssue(
      issuesOf(full, { accountFunding: { cardNetworkA: true, issuerCountry: 'CA' } }),
      'client.state',
      /US or Canada/,
    );
  });
});

describe('order request: AVS', () => {
  it('requires client.address and client.zip_code when the merchant has AVS enabled', () => {
    const issues = issuesOf(base(), { avsEnabled: true });
    expectIssue(issues, 'client.address', /AVS is enabled/);
    expectIssue(issues, 'client.zip_code', /AVS is enabled/);
    expect(issuesOf(base())).toEqual([]);
    expect(
      issuesOf(
        { ...base(), client: { email: 'a@b.co', address: '1 Main St', zip_code: '10001' } },
        { avsEnabled: true },
      ),
    ).toEqual([]);
  });
});

describe('capture, refund, tax bodies', () => {
  it('capture total lies between 0.01 and the held amount', () => {
    const rules = captureRules(25);
    expect(validate(rules, { total: 25 }).ok).toBe(true);
    expect(validate(rules, { total: 0.01 }).ok).toBe(true);
    const over = validate(rules, { total: 25.01 });
    expect(over.ok ? [] : over.issues).toContainEqual(
      expect.objectContaining({
        path: 'total',
        message: expect.stringMatching(/not exceed the order amount 25.00/),
      }),
    );
    const under = validate(rules, { total: 0 });
    expect(under.ok ? [] : under.issues).toContainEqual(
      expect.objectContaining({ path: 'total', message: expect.stringMatching(/at least 0.01/) }),
    );
  });

  it('a partial refund is at least 0.01 and at most what is left; no amount means a full refund', () => {
    expect(validate(refundRequestSchema, {}).ok).toBe(true);
    const small = validate(refundRequestSchema, { amount: 0.001 });
    expect(small.ok ? [] : small.issues.map((i) => i.path)).toEqual(['amount']);
    expect(validate(refundRules(10), { amount: 10 }).ok).toBe(true);
    const over = validate(refundRules(10), { amount: 10.5 });
    expect(over.ok ? [] : over.issues[0]?.message).toMatch(/refundable amount 10.00/);
  });

  it('a tax needs a name and a percent', () => {
    const bad = validate(taxCreateSchema, { name: ' ', percent: 120 });
    expect(bad.ok ? [] : bad.issues.map((i) => i.path).sort()).toEqual(['name', 'percent']);
  });

  it('totals are summed without float error', () => {
    expect(
      orderTotal([
        { title: 'a', price: 0.1 },
        { title: 'b', price: 0.2 },
      ]),
    ).toBe(0.3);
    expect(orderTotal([{ title: 'a', price: 19.99, quantity: 3 }])).toBe(59.97);
  });
});
