import { expect, waitUntil } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { FakeHost, PAID, stateWith } from '../../../test/support/fake-host.ts';
import type { FlowResult } from '../../flow/outcome.ts';
import type { Catalog } from '../i18n/index.ts';
import { texts as en } from '../i18n/languages/en.ts';
import { type OutcomeParts, PaymentOutcome } from './checkout-outcome.ts';
import type { EmailField } from './email-field.ts';

function outcomeOn(moto = false) {
  const host = new FakeHost();
  const state = stateWith(host, {});
  const heard = { attention: [] as number[], forgotten: 0 };
  const emailErrors: string[] = [];
  const parts: OutcomeParts = {
    email: { showServerError: (m: string) => emailErrors.push(m) } as unknown as EmailField,
  };
  const outcome = new PaymentOutcome(host.element, state, {
    t: () => en as unknown as Catalog,
    moto: () => moto,
    parts: () => parts,
    _announceAttention: (count) => heard.attention.push(count),
    _forgetAttempt: () => heard.forgotten++,
  });
  return { host, state, outcome, heard, emailErrors };
}

describe('PaymentOutcome', () => {
  it('settles the checkout on a success, tells the page, and forgets the attempt', () => {
    const { host, state, outcome, heard } = outcomeOn();
    state._begin('paying');
    outcome.show(PAID);
    expect(state._idle).to.equal(true);
    expect(state._outcome).to.equal(PAID);
    expect(host.events.map((e) => e.type)).to.deep.equal(['gateway-success']);
    expect(host.events[0]!.detail).to.deep.equal({
      orderId: 'ord_1',
      status: 'paid',
      amount: 12.5,
      currency: 'EUR',
    });
    expect(heard.forgotten).to.equal(1);
  });

  it('tells the page of a decline with its reason', () => {
    const { host, outcome } = outcomeOn();
    const status = {
      order_id: 'ord_2',
      status: 'rejected',
      outcome: 'declined',
      reason: 'Insufficient funds',
      amount: 5,
      currency: 'EUR',
    } as const;
    const declined: FlowResult = { kind: 'declined', orderId: 'ord_2', reason: 'Insufficient funds', status };
    outcome.show(declined);
    expect(host.events[0]!.type).to.equal('gateway-decline');
    expect(host.events[0]!.detail).to.include({ orderId: 'ord_2', reason: 'Insufficient funds' });
  });

  it('keeps an unconfirmed attempt for a reload, and names the failure to the page', () => {
    const { host, state, outcome, heard } = outcomeOn();
    const unconfirmed: FlowResult = {
      kind: 'failed',
      orderId: 'ord_3',
      error: { type: 'unconfirmed' },
      canRetry: false,
    };
    outcome.show(unconfirmed);
    outcome._stopChecking();
    expect(state._outcome).to.equal(unconfirmed);
    expect(heard.forgotten).to.equal(0);
    expect(host.events[0]!.type).to.equal('gateway-error');
    expect(host.events[0]!.detail.type).to.equal('unconfirmed');
  });

  it("puts the merchant server's word on the field it named", async () => {
    const { host, outcome, emailErrors } = outcomeOn();
    outcome.show({
      kind: 'failed',
      orderId: null,
      error: {
        type: 'session',
        message: 'bad',
        fields: [{ path: 'email', message: 'not an address', code: 'invalid' }],
      },
      canRetry: true,
    });
    // Beside the field once the part that places it has loaded (only a refusal with fields needs it).
    await waitUntil(() => emailErrors.length > 0, 'the e-mail field never got the server’s word', {
      timeout: 5000,
    });
    expect(emailErrors.length).to.equal(1);
    expect(host.events[0]!.detail.fields).to.have.length(1);
  });

  it('an invalid card (the isolated fields refused it): settled, nothing told the page, attention said', () => {
    const { host, state, outcome, heard } = outcomeOn();
    state._settle(PAID);
    state._begin('creating');
    outcome.show({ kind: 'invalid', orderId: null });
    expect(state._idle).to.equal(true);
    expect(host.events).to.deep.equal([]);
    expect(heard.attention).to.deep.equal([1]);
  });
});
