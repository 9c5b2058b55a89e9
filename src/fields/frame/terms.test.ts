import { describe, expect, it } from 'vitest';
import type { CheckoutConfig, CheckoutSession } from '../../protocol/session.ts';
import { terms as de } from './languages/de.ts';
import { terms as lv } from './languages/lv.ts';
import {
  consentAsked,
  payLabel,
  registerTermsWords,
  sameTerms,
  sessionAgrees,
  type Terms,
  termsNotes,
  termsOf,
} from './terms.ts';

const CONFIG: CheckoutConfig = {
  amount: 32.25,
  currency: 'EUR',
  language: 'en',
  merchant_name: 'Baltic Pantry',
  avs: 'off',
  save: null,
  moto: false,
  collect_email: true,
};
const terms = (config: Partial<CheckoutConfig> = {}) => termsOf({ ...CONFIG, ...config }) as Terms;
const oneClick = { method: 'one-click', consent_required: true, merchant_name: 'Baltic Pantry' } as const;

// As a fields page in each language registers its own (page-language.ts).
registerTermsWords('de', de);
registerTermsWords('lv', lv);

describe('the terms the isolated fields show', () => {
  it('words the Pay button after what a press does', () => {
    expect(payLabel(terms(), 'en')).toBe('Pay €32.25');
    expect(payLabel(terms({ two_step: true }), 'en')).toBe('Reserve €32.25');
    expect(payLabel(terms({ amount: 0, save: { ...oneClick, method: 'recurring' } }), 'en')).toBe(
      'Save card',
    );
    // Intl's own spacing (a no-break space before the sign).
    expect(payLabel(terms({ two_step: true }), 'de')).toBe('32,25\u00a0€ reservieren');
    expect(payLabel(terms({ amount: null }), 'en')).toBeNull();
  });

  it('says everything beyond charging the amount, in the customer’s language, and nothing for a plain payment', () => {
    expect(termsNotes(terms(), 'en')).toEqual([]);
    expect(termsNotes(terms({ two_step: true }), 'en')).toEqual([
      '€32.25 will be reserved now and charged when your order ships.',
    ]);
    expect(termsNotes(terms({ save: oneClick }), 'en')).toEqual([
      'Your card will be saved for one-click payments at Baltic Pantry.',
    ]);
    expect(termsNotes(terms({ amount: 0, save: { ...oneClick, method: 'recurring' } }), 'lv')).toEqual([
      'Jūsu karte tiks saglabāta veikalā Baltic Pantry regulāriem maksājumiem.',
      'Tagad nekas netiek iekasēts.',
    ]);
    // A language the fields do not ship reads English.
    expect(termsNotes(terms({ save: { ...oneClick, method: 'merchant' } }), 'ja')).toEqual([
      'Your card will be saved at Baltic Pantry for future payments.',
    ]);
  });

  it('asks the consent for a saving the customer agrees to, not for the merchant’s own', () => {
    expect(consentAsked(terms({ save: oneClick }))).toBe(true);
    expect(consentAsked(terms({ save: { ...oneClick, method: 'merchant', consent_required: false } }))).toBe(
      false,
    );
    expect(consentAsked(terms())).toBe(false);
  });

  it('takes no answer of another shape: the fields then pay nothing', () => {
    for (const bad of [
      null,
      {},
      { ...CONFIG, currency: 'euro' },
      { ...CONFIG, amount: -1 },
      { ...CONFIG, moto: 'yes' },
      { ...CONFIG, save: { method: 'forever', consent_required: false, merchant_name: 'x' } },
    ])
      expect(termsOf(bad as CheckoutConfig)).toBeNull();
  });

  it('pays an order only when it does what was shown', () => {
    const session: CheckoutSession = {
      order_id: 'o1',
      api_do_url: 'https://gw.example/do',
      status_url: '/status',
      amount: 32.25,
      currency: 'EUR',
      language: 'en',
      avs: 'off',
      save: null,
      moto: false,
      two_step: false,
      iframe_checkout: null,
      full_page_checkout: null,
    };
    const shown = terms();
    expect(sessionAgrees(shown, session)).toBe(true);
    expect(sessionAgrees(shown, { ...session, save: oneClick })).toBe(false);
    expect(sessionAgrees(shown, { ...session, two_step: true })).toBe(false);
    expect(sessionAgrees(shown, { ...session, amount: 0 })).toBe(false);
    expect(sessionAgrees(shown, { ...session, moto: true })).toBe(false);
    expect(sessionAgrees(shown, { ...session, currency: 'USD' })).toBe(false);
    expect(sameTerms(shown, terms())).toBe(true);
    expect(sameTerms(shown, terms({ save: oneClick }))).toBe(false);
  });
});
