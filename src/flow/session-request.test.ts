import { describe, expect, it } from 'vitest';
import { checkoutSessionRequestSchema } from '../protocol/session.ts';
import { sessionRequest } from './session-request.ts';

describe('the checkout session request', () => {
  it('carries what the customer gave, the options and the token, as the merchant server reads them', () => {
    const request = sessionRequest({
      presentation: 'direct',
      email: 'ann@example.com',
      billingAddress: { address: '1 Main St', city: 'Riga', zip_code: 'LV-1050', country: 'LV' },
      saveConsent: { scenario: 'one-click', text_version: 'v1', agreed: true },
      moto: false,
      avs: 'standard',
      verification: 'token-1',
    });
    const sent = JSON.parse(JSON.stringify({ ...request, idempotency_key: 'k'.repeat(32) }));
    expect(sent).toEqual({
      email: 'ann@example.com',
      billing_address: { address: '1 Main St', city: 'Riga', zip_code: 'LV-1050', country: 'LV' },
      save_consent: { scenario: 'one-click', text_version: 'v1', agreed: true },
      options: { avs: 'standard', presentation: 'direct' },
      verification: 'token-1',
      idempotency_key: 'k'.repeat(32),
    });
    expect(checkoutSessionRequestSchema.safeParse(sent).success).toBe(true);
  });

  it('leaves out what was not given: an empty e-mail, an unticked consent, no token, no MOTO', () => {
    const sent = JSON.parse(
      JSON.stringify(sessionRequest({ presentation: 'iframe', email: '', saveConsent: null, moto: false })),
    );
    expect(sent).toEqual({ options: { presentation: 'iframe' } });
  });

  it('asks for a phone order only when the terms say so', () => {
    expect(sessionRequest({ presentation: 'direct', moto: true }).options?.moto).toBe(true);
  });
});
