import { describe, expect, it } from 'vitest';
import { featuresOf, incompatibilities, isCompatible } from './compatibility.ts';
import type { OrderRequest } from './order-request.ts';
import { validateOrderRequest } from './rules.ts';

const product = { title: 'Ticket', price: 120 };
const client = { email: 'a@b.co' };
const recipient = {
  first_name: 'I',
  last_name: 'O',
  birth_date: '1990-01-01',
  city: 'Riga',
  account_type: '01',
  account_number: '123',
  country: 'LV',
};
const travel = { lodging: { booking_number: 'B', checkin_date: '20261201', checkout_date: '20261203' } };
const taxed = { title: 'Ticket', price: 120, tax: 'tax_1' };
const avsClient = { email: 'a@b.co', address: '1 Main St', zip_code: '10001' };

// One request per forbidden pair that an order request can express.
const forbidden: Array<[string, OrderRequest]> = [
  [
    'two-step + account-funding',
    { client, products: [product], skip_capture: true, recipient_client: recipient },
  ],
  [
    'zero-amount + account-funding',
    { client, payment_system: 'AUTH', force_save_method: true, recipient_client: recipient },
  ],
  ['zero-amount + taxes', { client, payment_system: 'AUTH', force_save_method: true, products: [taxed] }],
  [
    'zero-amount + sdwo-purchase',
    { client, payment_system: 'AUTH', force_save_method: true, sdwo_merchant_id: 'W1' },
  ],
  [
    'account-funding + payment-method-saving',
    { client, products: [product], recipient_client: recipient, setup_future_use: 'one-click' },
  ],
  [
    'account-funding + travel-data',
    { client, products: [product], recipient_client: recipient, travel_data: travel },
  ],
  ['account-funding + moto', { client, products: [product], recipient_client: recipient, is_moto: true }],
  [
    'account-funding + sdwo-purchase',
    { client, products: [product], recipient_client: recipient, sdwo_merchant_id: 'W1' },
  ],
  [
    'travel-data + sdwo-purchase',
    { client, products: [product], travel_data: travel, sdwo_merchant_id: 'W1' },
  ],
  ['moto + sdwo-purchase', { client, products: [product], is_moto: true, sdwo_merchant_id: 'W1' }],
  [
    'travel-data + payment-method-saving (recurring)',
    { client, products: [product], travel_data: travel, setup_future_use: 'recurring' },
  ],
  [
    'travel-data + payment-method-saving (forced, no scenario)',
    { client, products: [product], travel_data: travel, force_save_method: true },
  ],
];

describe('compatibility of scenarios and capabilities', () => {
  it.each(forbidden)('rejects %s before any request is sent', (_name, req) => {
    const found = incompatibilities(req);
    expect(found.length).toBeGreaterThan(0);
    const result = validateOrderRequest(req);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(
        result.issues.some((i) => i.path === '' && /cannot be combined|combines with/.test(i.message)),
      ).toBe(true);
  });

  it('names the pair and the reason', () => {
    const [found] = incompatibilities({
      client,
      payment_system: 'AUTH',
      force_save_method: true,
      products: [taxed],
    });
    expect(found?.message).toBe(
      'zero-amount cannot be combined with taxes (no tax applies to a zero amount)',
    );
  });

  const allowed: Array<[string, OrderRequest]> = [
    [
      'one-step + account-funding + taxes + avs',
      { client: avsClient, products: [taxed], recipient_client: recipient },
    ],
    [
      'two-step + travel + one-click saving + moto',
      {
        client,
        products: [product],
        skip_capture: true,
        travel_data: travel,
        setup_future_use: 'one-click',
        is_moto: true,
      },
    ],
    [
      'zero-amount + avs (listed by zero-amount only)',
      { client: avsClient, payment_system: 'AUTH', setup_future_use: 'automatic' },
    ],
    [
      'one-step + moto + saving (listed by saving only)',
      { client, products: [product], is_moto: true, force_save_method: true },
    ],
    [
      'sdwo-purchase + saving + taxes + descriptor + location',
      {
        client,
        products: [taxed],
        sdwo_merchant_id: 'W',
        setup_future_use: 'recurring',
        dynamic_descriptor: 'SHOP',
        service_location: { country: 'LV' },
      },
    ],
  ];
  it.each(allowed)('allows %s', (_name, req) => {
    expect(incompatibilities(req)).toEqual([]);
  });

  it('derives scenario and capabilities from a request', () => {
    expect(
      featuresOf({
        client: avsClient,
        products: [taxed],
        skip_capture: true,
        is_moto: true,
        dynamic_descriptor: 'X',
      }),
    ).toEqual(['two-step', 'dynamic-descriptor', 'moto', 'taxes', 'avs']);
    expect(
      featuresOf({ client, payment_system: 'AUTH', skip_capture: true, force_save_method: true }),
    ).toEqual(['zero-amount', 'payment-method-saving']);
  });

  it('reads the lists symmetrically where only one side lists the other, and keeps scenarios exclusive', () => {
    expect(isCompatible('avs', 'zero-amount')).toBe(true);
    expect(isCompatible('moto', 'payment-method-saving')).toBe(true);
    expect(isCompatible('one-step', 'two-step')).toBe(false);
    expect(isCompatible('account-funding', 'qcash')).toBe(false);
    expect(isCompatible('sdwo-funding', 'zero-amount')).toBe(false);
    expect(isCompatible('dynamic-descriptor', 'account-funding')).toBe(true);
  });
});
