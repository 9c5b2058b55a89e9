import { expect } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { FakeHost, PAID, stateWith } from '../../../test/support/fake-host.ts';
import type { Catalog } from '../i18n/index.ts';
import { texts as en } from '../i18n/languages/en.ts';
import type { CheckoutConfiguration } from './checkout-config.ts';
import { CheckoutTerms, type TermsSource } from './checkout-terms.ts';

const t = en as unknown as Catalog;

function terms(config: Partial<CheckoutConfiguration>, source: TermsSource = { moto: false }) {
  const state = stateWith(new FakeHost(), {});
  return { state, terms: new CheckoutTerms(source, config as CheckoutConfiguration, state) };
}

describe('CheckoutTerms', () => {
  it('the view: loading, a failed configuration, a step under way, then the outcome', () => {
    expect(terms({ pending: true }).terms._view).to.equal('loading');
    expect(terms({ failed: true }).terms._view).to.equal('failed');
    const { state, terms: idle } = terms({});
    expect(idle._view).to.equal('idle');
    state._begin('paying');
    expect(idle._view).to.equal('paying');
    expect(idle._busy).to.equal(true);
    state._settle(PAID);
    expect(idle._view).to.equal('succeeded');
    expect(idle._finished).to.equal(true);
    state._settle({ kind: 'failed', orderId: 'o', error: { type: 'unconfirmed' }, canRetry: false });
    expect(idle._view).to.equal('unconfirmed');
  });

  it('the attributes win over the configuration; the configuration over the defaults', () => {
    const loaded = { amount: 9, currency: 'EUR', avs: 'custom', moto: true, save: { method: 'one-click' } };
    const fromServer = terms({ loaded, current: loaded } as never).terms;
    expect(fromServer._order()).to.deep.include({
      avs: 'custom',
      moto: true,
      saveMethod: 'one-click',
      amount: 9,
      currency: 'EUR',
    });
    const asked = terms({ loaded, current: loaded } as never, {
      moto: false,
      avs: 'off',
      saveMethod: 'merchant',
    }).terms;
    expect(asked._order()).to.deep.include({ avs: 'off', saveMethod: 'merchant', moto: true });
    const none = terms({ loaded: null, current: null } as never, {
      moto: false,
      amount: 5,
      currency: 'USD',
    }).terms;
    expect(none._order()).to.deep.include({ avs: 'off', moto: false, amount: 5, currency: 'USD' });
  });

  it('the status says how many fields need attention only while idle, and nothing over a reload', () => {
    const { state, terms: idle } = terms({});
    expect(idle._status(t, 2)).to.equal(t.attention(2));
    state._begin('paying');
    expect(idle._status(t, 2)).to.not.equal(t.attention(2));
    expect(terms({ pending: true, _reloading: {} } as never).terms._status(t, 0)).to.equal('');
  });
});
