// Conformance: the issuer rules of the spec, as the sandbox applies them to its test cards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avsOutcomeOf, type Order } from '../protocol/index.ts';
import { ISSUER_COUNTRIES, TEST_CARDS } from './cards.ts';
import type { Sandbox } from './index.ts';
import { answerChallenge, api, cardBody, createOrder, type Json, pay, sandbox } from './test-helpers.ts';

let sb: Sandbox;
let american: Sandbox;
beforeAll(async () => {
  sb = await sandbox();
  american = await sandbox({ merchantCountry: 'US' });
});
afterAll(async () => {
  await sb.close();
  await american.close();
});

const read = async (on: Sandbox, order: Json) => (await api(on).get(`/orders/${order.id}/`)).body;
const cardOf = (country: string) =>
  TEST_CARDS.find((c) => c.issuer === country && c.behaviour.kind === 'approve')!;
const address = (zip: string) => ({
  client: { email: 'a@example.com', address: '1 Main St', zip_code: zip },
});

describe('issuers', () => {
  it('has test cards issued in Latvia, Germany, the UK, Canada, the US and Brazil', () => {
    const countries = new Set(TEST_CARDS.map((c) => c.issuer));
    expect([...countries].sort()).toEqual(['BR', 'CA', 'DE', 'GB', 'LV', 'US']);
    expect(ISSUER_COUNTRIES.LV.eu && ISSUER_COUNTRIES.DE.eu).toBe(true);
    expect(ISSUER_COUNTRIES.GB.eu).toBe(false);
  });

  for (const country of ['LV', 'DE', 'GB', 'CA', 'US', 'BR'] as const) {
    it(`the order names the issuer's country: ${ISSUER_COUNTRIES[country].name}`, async () => {
      const order = await createOrder(sb);
      expect((await pay(order, cardBody(cardOf(country).number))).body.status).toBe('paid');
      expect((await read(sb, order)).transaction_details.card_issuer_country).toBe(country);
    });
  }

  it('a number that is no test card is issued in the United States', async () => {
    const order = await createOrder(sb);
    await pay(order, cardBody('4242424242424242'));
    expect((await read(sb, order)).transaction_details.card_issuer_country).toBe('US');
  });
});

describe('AVS by issuer (rule 8)', () => {
  for (const country of ['US', 'CA', 'GB'] as const) {
    it(`standard AVS runs for a card issued in ${ISSUER_COUNTRIES[country].name}: match and no match`, async () => {
      for (const [zip, code] of [
        ['10001', 'Y'],
        ['99999', 'N'],
      ]) {
        const order = await createOrder(sb, address(zip!));
        expect((await pay(order, cardBody(cardOf(country).number))).body.status).toBe('paid');
        expect((await read(sb, order)).transaction_details.avs_result.code).toBe(code);
      }
    });
  }

  for (const country of ['LV', 'DE', 'BR'] as const) {
    it(`standard AVS for a card issued in ${ISSUER_COUNTRIES[country].name}: not supported, never a mismatch`, async () => {
      // Even a postal code that would not match anywhere else.
      const order = await createOrder(sb, address('99999'));
      expect((await pay(order, cardBody(cardOf(country).number))).body.status).toBe('paid');
      const after = (await read(sb, order)) as Order;
      expect(after.transaction_details?.avs_result?.code).toBe('G');
      expect(avsOutcomeOf(after)).toMatchObject({
        verdict: 'not_supported',
        words: "Address not checked: this card's bank does not support it",
      });
    });

    it(`custom AVS runs for a card issued in ${ISSUER_COUNTRIES[country].name}`, async () => {
      const order = await createOrder(sb, address('99999'));
      await pay(order, cardBody(cardOf(country).number, { avs: true }));
      const after = (await read(sb, order)) as Order;
      expect(after.transaction_details?.avs_result?.code).toBe('N');
      expect(avsOutcomeOf(after)?.words).toBe('Address checked: does not match');
    });
  }

  it('custom AVS runs together with 3-D Secure, and its result stays after the challenge', async () => {
    const order = await createOrder(sb, address('10001'));
    const answer = await pay(order, cardBody('4000000000003220', { avs: true }));
    expect(answer.body.threed_check_url).toBeTruthy();
    expect((await read(sb, order)).transaction_details.avs_result.code).toBe('Y');
    await answerChallenge(answer.body.threed_check_url, 'approve');
    const after = (await read(sb, order)) as Order;
    expect(after.status).toBe('paid');
    expect(avsOutcomeOf(after)?.words).toBe('Address checked: matches');
  });
});

describe('saving an EU card for a merchant in Europe (rule 6)', () => {
  for (const [name, extra] of [
    ['a one-click save with a payment', { setup_future_use: 'one-click' }],
    ['a zero-amount save', { payment_system: 'AUTH', products: undefined, setup_future_use: 'recurring' }],
  ] as const) {
    it(`${name} goes through the bank's challenge first`, async () => {
      const order = await createOrder(sb, extra);
      const answer = await pay(order, cardBody(cardOf('LV').number));
      expect(answer.body.status).toBe('in_progress');
      expect(answer.body.threed_check_url).toMatch(/\/3ds\//);
      const pending = await read(sb, order);
      expect(pending.transaction_details.three_d_secure_status).toBe('challenge_required');
      expect(pending.transaction_details.saved_card_id).toBeNull();
      await answerChallenge(answer.body.threed_check_url, 'approve');
      const after = await read(sb, order);
      expect(after.status).toBe('paid');
      expect(after.transaction_details.three_d_secure_status).toBe('authenticated');
      // Saved once authenticated, as issued in Latvia.
      expect(after.transaction_details.saved_card_id).toEqual(expect.any(String));
      expect(after.transaction_details.card_issuer_country).toBe('LV');
    });
  }

  it('a German card saved with merchant-side saving is challenged too; failing it saves nothing', async () => {
    const order = await createOrder(sb, { setup_future_use: 'one-click' });
    const answer = await pay(order, cardBody(cardOf('DE').number, { saved_by_merchant: true }));
    expect(answer.body.threed_check_url).toBeTruthy();
    await answerChallenge(answer.body.threed_check_url, 'fail');
    const after = await read(sb, order);
    expect(after.status).toBe('rejected');
    expect(after.transaction_details.saved_card_id).toBeNull();
  });

  it('no challenge for an EU card paid without saving, for a UK card saved, or for a merchant outside Europe', async () => {
    const plain = await createOrder(sb);
    expect((await pay(plain, cardBody(cardOf('LV').number))).body.status).toBe('paid');
    const uk = await createOrder(sb, { setup_future_use: 'one-click' });
    expect((await pay(uk, cardBody(cardOf('GB').number))).body.status).toBe('paid');
    expect((await read(sb, uk)).transaction_details.saved_card_id).toEqual(expect.any(String));
    const abroad = await createOrder(american, { setup_future_use: 'one-click' });
    expect((await pay(abroad, cardBody(cardOf('LV').number))).body.status).toBe('paid');
  });

  it('a phone order (MOTO) is never challenged: no cardholder is there', async () => {
    const order = await createOrder(sb, { is_moto: true, setup_future_use: 'one-click' });
    const answer = await pay(order, cardBody(cardOf('LV').number, { csc: undefined }));
    expect(answer.body.status).toBe('paid');
  });
});

describe('frictionless 3-D Secure', () => {
  it('authenticates without a challenge: no threed_check_url, paid, authenticated', async () => {
    const order = await createOrder(sb);
    const answer = await pay(order, cardBody('4000000000003063'));
    expect(answer.body).toEqual({ status: 'paid', order_id: order.id });
    expect((await read(sb, order)).transaction_details.three_d_secure_status).toBe('authenticated');
  });
});
