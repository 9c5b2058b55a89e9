import { expect } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { FakeHost, PAID, stateWith } from '../../../test/support/fake-host.ts';
import type { FlowResult } from '../../flow/outcome.ts';
import type { CheckoutConfiguration } from './checkout-config.ts';
import type { View } from './checkout-messages.ts';
import type { PaymentOutcome } from './checkout-outcome.ts';
import { PayPress } from './checkout-press.ts';
import type { EmailField } from './email-field.ts';
import type { HostedPresentation } from './hosted-session.ts';

/** Pay on a fake host: a flow that records what it is asked, an outcome that records what it shows. */
function pressOn(view: View, presentation: 'direct' | 'iframe' | 'redirect' = 'direct') {
  const host = new FakeHost();
  const calls: string[] = [];
  const flow = {
    verify: async () => {
      calls.push(`verify while ${state._phase}`);
      return PAID;
    },
    pay: async () => {
      calls.push('pay');
      return PAID;
    },
  };
  const state = stateWith(host, flow);
  const shown: FlowResult[] = [];
  const outcome = {
    show: (r: FlowResult) => {
      shown.push(r);
      state._settle(r);
    },
    _stopChecking: () => calls.push('_stopChecking'),
  } as unknown as PaymentOutcome;
  const config = {
    _reloading: null,
    loaded: { collect_email: false, save: null },
  } as unknown as CheckoutConfiguration;
  const hosted = {
    url: null,
    redirect: async () => calls.push('redirect'),
    open: async () => calls.push('open'),
  } as unknown as HostedPresentation;
  const press = new PayPress(
    host.element,
    state,
    {
      view: () => view,
      presentation: () => presentation,
      parts: () => ({ email: { reportValidity: () => true } as unknown as EmailField }),
      terms: () => ({ asked: {}, avs: 'off', moto: false, amount: 10, currency: 'EUR' }),
      _announceAttention: () => {},
    },
    { config, hosted, outcome },
  );
  return { host, state, calls, shown, press };
}

describe('PayPress', () => {
  it('starts nothing while a payment is under way, loading, or after a success', async () => {
    for (const view of ['creating', 'paying', 'challenge', 'verifying', 'loading', 'succeeded'] as const) {
      const { calls, press } = pressOn(view);
      await press.press();
      expect(calls, view).to.deep.equal([]);
    }
  });

  it('hands redirect and iframe presentations to the hosted presentation', async () => {
    const redirect = pressOn('idle', 'redirect');
    await redirect.press.press();
    expect(redirect.calls).to.deep.equal(['redirect']);
    const iframe = pressOn('idle', 'iframe');
    await iframe.press.press();
    expect(iframe.calls).to.deep.equal(['open']);
  });

  it('"Check payment status" asks before anything else, in the verifying step', async () => {
    const { state, calls, shown, press } = pressOn('failed');
    state._settle({ kind: 'failed', orderId: 'ord_1', error: { type: 'unconfirmed' }, canRetry: false });
    await press.press();
    expect(calls).to.deep.equal(['_stopChecking', 'verify while verifying']);
    expect(shown).to.deep.equal([PAID]);
  });

  it("the page's last word: a cancel settles the step, a failed bot check is shown; a token goes on", async () => {
    const cancelled = pressOn('idle');
    cancelled.host.addEventListener('gateway-before-pay', (e) => e.preventDefault(), { once: true });
    cancelled.state._begin('creating');
    expect(await cancelled.press._beforeOrder()).to.equal(null);
    expect(cancelled.state._idle).to.equal(true);
    expect(cancelled.shown).to.deep.equal([]);

    const failed = pressOn('idle');
    failed.host.addEventListener('gateway-before-pay', (e) =>
      (e as CustomEvent).detail.waitFor(Promise.reject(new Error('bot'))),
    );
    expect(await failed.press._beforeOrder()).to.equal(null);
    expect(failed.shown[0]).to.deep.include({ kind: 'failed', error: { type: 'verification' } });

    const token = pressOn('idle');
    token.host.addEventListener('gateway-before-pay', (e) => {
      (e as CustomEvent).detail.verification = 'tok';
    });
    expect(await token.press._beforeOrder()).to.deep.equal({ verification: 'tok' });
  });
});
