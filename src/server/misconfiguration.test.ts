// A checkout whose buildOrder leaves out what the gateway requires, where the customer cannot fill it
// in: the merchant reads what to set in their log (once), the customer is not sent to look for a
// marked field that the checkout does not show.
import { describe, expect, it } from 'vitest';
import type { CheckoutConfig, OrderRequest } from '../protocol/index.ts';
import { createCheckoutHandler } from './checkout.ts';
import { GatewayClient } from './client.ts';
import { CheckoutMisconfiguredError } from './misconfiguration.ts';

const CONFIG: CheckoutConfig = {
  amount: 12.5,
  currency: 'EUR',
  language: 'en',
  merchant_name: 'Tea Shop',
  avs: 'off',
  save: null,
  moto: false,
  collect_email: false,
};

function setup(config: Partial<CheckoutConfig>, buildOrder: () => Partial<OrderRequest>) {
  const sent: unknown[] = [];
  const fetch = (async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push(init.body);
    return Response.json(
      { id: 'ord_1', status: 'issued', total: 12.5, currency: 'EUR', api_do_url: 'https://gw.example/do/1' },
      { status: 201 },
    );
  }) as typeof globalThis.fetch;
  const errors: unknown[] = [];
  const handler = createCheckoutHandler({
    client: new GatewayClient({ baseUrl: 'http://gw.test', secretKey: 'sk_test_x', fetch, maxRetries: 0 }),
    config: () => ({ ...CONFIG, ...config }),
    buildOrder,
    onError: (error) => errors.push(error),
    clientAddress: () => '203.0.113.5',
  });
  return { handler, errors, sent };
}

let n = 0;
const post = (body: Record<string, unknown> = {}) =>
  new Request('http://127.0.0.1:9/checkout/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ idempotency_key: `idem_key_misconfigured_${n++}`, ...body }),
  });

describe('a checkout session whose buildOrder misses a required field', () => {
  const noEmail = () => ({ products: [{ title: 'Tea', price: 12.5 }] });

  it('answers without fields to mark, and logs once what to set', async () => {
    const { handler, errors, sent } = setup({ collect_email: false }, noEmail);
    for (let i = 0; i < 3; i++) {
      const response = await handler(post());
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: { type: string; message: string; fields?: unknown } };
      expect(body.error.type).toBe('checkout_misconfigured');
      expect(body.error.fields).toBeUndefined();
      expect(body.error.message).not.toMatch(/client\.email|buildOrder/);
    }
    expect(sent).toEqual([]);
    expect(errors).toHaveLength(1);
    const error = errors[0] as CheckoutMisconfiguredError;
    expect(error).toBeInstanceOf(CheckoutMisconfiguredError);
    expect(error.type).toBe('checkout_misconfigured');
    expect(error.issues.map((issue) => issue.path)).toEqual(['client.email']);
    expect(error.message).toMatch(/Set client\.email in buildOrder .*collect_email: true/);
  });

  it('still marks the field when the checkout asks the customer for it', async () => {
    const { handler, errors } = setup({ collect_email: true }, noEmail);
    const response = await handler(post({ email: 'not an address' }));
    const body = (await response.json()) as { error: { type: string; fields?: Array<{ path: string }> } };
    expect(response.status).toBe(400);
    expect(body.error.fields?.map((field) => field.path)).toContain('email');
    expect(errors).toEqual([]);
  });

  it('goes through once buildOrder sets the e-mail', async () => {
    const { handler, errors } = setup({ collect_email: false }, () => ({
      ...noEmail(),
      client: { email: 'buyer@example.com' },
    }));
    const response = await handler(post());
    expect(response.status).toBe(200);
    expect(errors).toEqual([]);
  });
});
