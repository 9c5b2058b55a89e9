import { describe, expect, it } from 'vitest';
import { buildDirectPaymentBody } from './direct-body.ts';

describe('buildDirectPaymentBody', () => {
  const card = {
    number: '4111 1111 1111 1111',
    expMonth: 12,
    expYear: 30,
    csc: '123',
    cardholderName: ' Ann Lee ',
  };
  it('builds the wire body', () => {
    expect(buildDirectPaymentBody(card)).toEqual({
      card_number: '4111111111111111',
      exp_month: 12,
      exp_year: 30,
      csc: '123',
      cardholder_name: 'Ann Lee',
    });
  });
  it('drops the security code for MOTO and sets avs and saved_by_merchant', () => {
    const body = buildDirectPaymentBody(card, { moto: true, avs: 'custom', savedByMerchant: true });
    expect(body.csc).toBeUndefined();
    expect(body.avs).toBe(true);
    expect(body.saved_by_merchant).toBe(true);
    expect(buildDirectPaymentBody(card, { avs: 'standard' }).avs).toBeUndefined();
  });
  it('passes the protocol schema', async () => {
    const { directPaymentBodySchema } = await import('../protocol/direct-payment.ts');
    expect(directPaymentBodySchema.safeParse(buildDirectPaymentBody(card, { moto: true })).success).toBe(
      true,
    );
  });
});
