import { describe, expect, it } from 'vitest';
import { BASE, CONFIG, IDEM, post, read, setup } from '../../test/support/checkout-handler.ts';
import type { CheckoutSession } from '../protocol/index.ts';

describe('checkout session: GET', () => {
  it('answers the merchant config and creates nothing', async () => {
    const { handler, calls } = setup();
    const res = await handler(new Request(`${BASE}/session`));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.json()).toEqual(CONFIG);
    expect(calls).toHaveLength(0);
  });

  it('reports a broken merchant config as a generic 500 to the browser', async () => {
    const { handler, errors } = setup({ currency: 'euro' });
    const { status, body } = await read(await handler(new Request(`${BASE}/session`)));
    expect(status).toBe(500);
    expect(body.error!.type).toBe('server_error');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/); // no stack
    expect(errors).toHaveLength(1);
  });
});

const calls0 = (s: { calls: { body?: unknown }[] }) => s.calls[0]!.body;

describe('checkout session: POST', () => {
  it('creates the order with the browser data merged and answers the session', async () => {
    const { handler, calls } = setup({ avs: 'standard', moto: true }, { authorizeMoto: () => true });
    const res = await handler(
      post({
        idempotency_key: IDEM,
        email: 'buyer@example.com',
        billing_address: {
          address: '1 Main St',
          zip_code: '10001',
          city: 'New York',
          country: 'US',
          state: 'NY',
        },
      }),
    );
    const session = (await res.json()) as CheckoutSession;
    expect(res.status).toBe(200);
    expect(session).toMatchObject({
      order_id: 'ord_1',
      api_do_url: 'https://gw.example/do/ord_1',
      amount: 12.5,
      currency: 'EUR',
      language: 'en',
      avs: 'standard',
      save: null,
      moto: true,
      iframe_checkout: null,
      full_page_checkout: 'https://gw.example/pay/ord_1',
    });
    expect(session.status_url).toMatch(/^\/checkout\/status\?order=ord_1&token=[\w.-]+$/);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://gw.test/api/v0.6/orders/');
    expect(calls[0]!.body).toEqual({
      products: [{ title: 'Tea', price: 12.5 }],
      client: {
        email: 'buyer@example.com',
        address: '1 Main St',
        zip_code: '10001',
        city: 'New York',
        country: 'US',
        state: 'NY',
      },
      currency: 'EUR',
      language: 'en',
      is_moto: true,
      // The attempt's merchant reference, what a lost answer is searched for.
      number: expect.stringMatching(/^gc-[0-9a-f]{24}$/),
    });
  });

  it('sets setup_future_use from the consent and requires the consent when the offer says so', async () => {
    const save = { method: 'one-click' as const, consent_required: true, merchant_name: 'Tea Shop' };
    // Saved to the signed-in customer the shop's server knows.
    const { handler, calls } = setup(
      { save },
      {
        buildOrder: () => ({
          products: [{ title: 'Tea', price: 12.5 }],
          client: { email: 'ada@tea.example' },
        }),
      },
    );
    const missing = await read(await handler(post({ idempotency_key: IDEM, email: 'a@example.com' })));
    expect(missing.status).toBe(400);
    expect(missing.body.error!.fields!.map((f) => f.path)).toEqual(['save_consent']);
    expect(calls).toHaveLength(0);
    const wrong = await read(
      await handler(
        post({
          idempotency_key: IDEM,
          email: 'a@example.com',
          save_consent: { scenario: 'recurring', text_version: 'v1', agreed: true },
        }),
      ),
    );
    expect(wrong.body.error!.fields!.map((f) => f.path)).toEqual(['save_consent.scenario']);
    const ok = await handler(
      post({
        idempotency_key: IDEM,
        email: 'a@example.com',
        save_consent: { scenario: 'one-click', text_version: 'v1', agreed: true },
      }),
    );
    expect(ok.status).toBe(200);
    expect(calls[0]!.body).toMatchObject({
      setup_future_use: 'one-click',
      client: { email: 'ada@tea.example' },
    });
  });

  it('never lets a typed e-mail replace the client e-mail the merchant set, and saves to a typed one only on opt-in', async () => {
    const shopCustomer = () => ({
      products: [{ title: 'Tea', price: 12.5 }],
      client: { email: 'ada@tea.example' },
    });
    const collected = setup({ collect_email: true }, { buildOrder: shopCustomer });
    const rewritten = await collected.handler(
      post({ idempotency_key: IDEM, email: 'mallory@attacker.example' }),
    );
    expect(rewritten.status).toBe(200);
    expect(calls0(collected)).toMatchObject({ client: { email: 'ada@tea.example' } });

    // A guest's typed e-mail fills in where the shop set none: an order, but no saved card.
    const consent = { scenario: 'one-click', text_version: 'v1', agreed: true };
    const save = { method: 'one-click' as const, consent_required: true, merchant_name: 'Tea Shop' };
    const guest = setup({ save, collect_email: true });
    const refused = await read(
      await guest.handler(
        post({ idempotency_key: IDEM, email: 'mallory@attacker.example', save_consent: consent }),
      ),
    );
    expect(refused.status).toBe(500);
    expect(refused.body.error!.type).toBe('checkout_misconfigured');
    expect(guest.calls).toHaveLength(0);
    expect(String(guest.errors[0])).toMatch(
      /client\.email must be set by buildOrder when the card is saved.*saveToTypedEmail/,
    );
    // Merchant-side saving too.
    const merchant = setup({ save: { ...save, method: 'merchant', consent_required: false } });
    expect((await merchant.handler(post({ idempotency_key: IDEM, email: 'a@example.com' }))).status).toBe(
      500,
    );
    expect(merchant.calls).toHaveLength(0);

    const optedIn = setup({ save, collect_email: true }, { saveToTypedEmail: true });
    const ok = await optedIn.handler(
      post({ idempotency_key: IDEM, email: 'guest@example.com', save_consent: consent }),
    );
    expect(ok.status).toBe(200);
    expect(calls0(optedIn)).toMatchObject({
      setup_future_use: 'one-click',
      client: { email: 'guest@example.com' },
    });
  });
});
