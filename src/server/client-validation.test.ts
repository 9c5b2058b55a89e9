import { describe, expect, it } from 'vitest';
import { failure, scriptedGateway } from '../../test/support/scripted-gateway.ts';
import type { OrderRequest } from '../protocol/index.ts';
import { GatewayClient, type GatewayClientOptions } from './client.ts';
import { GatewayError } from './errors.ts';

// The helper refuses what the gateway would refuse before sending it: each case names the field
// and the rule, and no request reaches the gateway.

/** A scripted fake gateway on a real port: records every request and answers what the test says. */
const fake = scriptedGateway();

const KEY = 'sk_test_very_secret_value';
const client = (options: Partial<GatewayClientOptions> = {}) =>
  new GatewayClient({ baseUrl: fake.base, secretKey: KEY, retryBaseDelayMs: 5, timeoutMs: 2000, ...options });

const oneStep: OrderRequest = { client: { email: 'a@example.com' }, products: [{ title: 'Tea', price: 10 }] };

describe('GatewayClient validation before sending (nothing reaches the gateway)', () => {
  const card = { cardNetworkA: true, issuerCountry: 'US' };
  const recipient = {
    first_name: 'R',
    last_name: 'S',
    birth_date: '1990-01-02',
    city: 'Riga',
    account_type: '01',
    account_number: '123',
    country: 'LV',
  };
  const cases: Array<[string, (gw: GatewayClient) => Promise<unknown>, string, RegExp]> = [
    [
      'price below 0.01',
      (gw) => gw.orders.create({ ...oneStep, products: [{ title: 'x', price: 0 }] }),
      'products.0.price',
      /0\.01/,
    ],
    [
      'no product',
      (gw) => gw.orders.create({ client: { email: 'a@example.com' }, products: [] }),
      'products',
      /at least one/,
    ],
    [
      'bad e-mail',
      (gw) => gw.orders.create({ ...oneStep, client: { email: 'nope' } }),
      'client.email',
      /e-mail/,
    ],
    ['currency', (gw) => gw.orders.create({ ...oneStep, currency: 'euro' }), 'currency', /three-letter/],
    ['language', (gw) => gw.orders.create({ ...oneStep, language: 'eng' }), 'language', /two-letter/],
    [
      'zero-amount without saving',
      (gw) => gw.orders.createZeroAmount({ client: { email: 'a@example.com' } }),
      'setup_future_use',
      /zero-amount/,
    ],
    [
      'zero-amount with products',
      (gw) => gw.orders.createZeroAmount({ ...oneStep, setup_future_use: 'one-click' } as never),
      'products',
      /absent/,
    ],
    [
      'recurring_number without recurring',
      (gw) => gw.orders.create({ ...oneStep, recurring_number: '1' }),
      'recurring_number',
      /recurring/,
    ],
    [
      'two travel types',
      (gw) => gw.orders.createWithTravelData(oneStep, { lodging: {}, cruise: {} }),
      'travel_data',
      /exactly one/,
    ],
    [
      'travel date shape',
      (gw) => gw.orders.createWithTravelData(oneStep, { lodging: { checkin_date: '2026-12-01' } }),
      'travel_data.lodging.checkin_date',
      /eight digits/,
    ],
    ['AVS without address', (gw) => gw.orders.createWithAvs(oneStep), 'client.address', /AVS/],
    [
      'account funding two-step',
      (gw) => gw.orders.createTwoStep({ ...oneStep, recipient_client: recipient }),
      '',
      /two-step/,
    ],
    [
      'account funding network A client fields',
      (gw) => gw.orders.createAccountFunding({ ...oneStep, recipient_client: recipient }, card),
      'client.first_name',
      /network A/,
    ],
    [
      'travel data with recurring saving',
      (gw) =>
        gw.orders.createSavingMethod(
          { ...oneStep, travel_data: { cruise: {} } },
          { setupFutureUse: 'recurring' },
        ),
      '',
      /one-click or automatic/,
    ],
    [
      'taxes with zero-amount',
      (gw) =>
        gw.orders.createZeroAmount({
          client: { email: 'a@example.com' },
          setup_future_use: 'one-click',
          products: [{ title: 't', price: 1, tax: 't1' }],
        } as never),
      '',
      /taxes/,
    ],
    ['capture total below 0.01', (gw) => gw.orders.capture('o', 0, { heldAmount: 5 }), 'total', /0\.01/],
    ['capture above held', (gw) => gw.orders.capture('o', 6, { heldAmount: 5 }), 'total', /exceed/],
    ['refund below 0.01', (gw) => gw.orders.refund('o', 0), 'amount', /0\.01/],
    ['refund above refundable', (gw) => gw.orders.refund('o', 9, { refundable: 5 }), 'amount', /exceed/],
    ['client e-mail', (gw) => gw.clients.create({ email: 'x' }), 'email', /e-mail/],
    ['tax percent', (gw) => gw.taxes.create({ name: 'VAT', percent: 120 }), 'percent', /100/],
    ['tax name', (gw) => gw.taxes.create({ name: ' ', percent: 5 }), 'name', /empty/],
    [
      'webhook version',
      (gw) => gw.webhooks.create({ title: 't', url: 'https://x.example', version: 'v0.5' as 'v0.6' }),
      'version',
      /v0\.6/,
    ],
    ['empty order id', (gw) => gw.orders.get(''), 'id', /empty/],
    [
      'next link to another host',
      (gw) => gw.orders.list({ url: 'https://evil.example/api/v0.6/orders/' }),
      'url',
      /origin/,
    ],
  ];
  it.each(cases)('%s', async (_name, call, path, rule) => {
    let error: unknown;
    try {
      await call(client({ orderRules: {} }));
    } catch (e) {
      error = e;
    }
    expect(fake.requests).toHaveLength(0);
    expect(error).toBeInstanceOf(GatewayError);
    const err = error as GatewayError;
    expect(err.type).toBe('validation');
    expect(err.issues.some((i) => i.path === path && rule.test(i.message))).toBe(true);
    expect(err.message).toContain(path ? `${path}: ` : '');
  });

  it('applies the client-wide orderRules (AVS enabled) to every order', async () => {
    const err = await failure(client({ orderRules: { avsEnabled: true } }).orders.create(oneStep));
    expect(err.issues.map((i) => i.path)).toEqual(['client.address', 'client.zip_code']);
    expect(fake.requests).toHaveLength(0);
  });
});
