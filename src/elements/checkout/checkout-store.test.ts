import { expect } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { FakeHost, PAID, stateWith } from '../../../test/support/fake-host.ts';

describe('CheckoutState', () => {
  it('starts a new flow idle, with no result', () => {
    const host = new FakeHost();
    const state = stateWith(host, {});
    state._settle(PAID);
    state._phase = 'paying';
    const next = {};
    state._startFlow(next as never);
    expect(state._flow).to.equal(next);
    expect(state._phase).to.equal('idle');
    expect(state._outcome).to.equal(null);
  });

  it('forgets the last outcome when a step begins, and shows the next once settled', () => {
    const host = new FakeHost();
    const state = stateWith(host, {});
    state._settle(PAID);
    expect(state._idle).to.equal(true);
    state._begin('creating');
    expect(state._outcome).to.equal(null);
    expect(state._phase).to.equal('creating');
    expect(state._idle).to.equal(false);
    state._settle(PAID);
    expect(state._outcome).to.equal(PAID);
    expect(state._idle).to.equal(true);
  });

  it('settles without a result, keeping the last (the page stopped a payment before any order)', () => {
    const state = stateWith(new FakeHost(), {});
    state._settle(PAID);
    state._phase = 'verifying';
    state._settle();
    expect(state._outcome).to.equal(PAID);
    expect(state._phase).to.equal('idle');
  });

  it('asks its element for an update on every change', () => {
    const host = new FakeHost();
    const state = stateWith(host, {});
    const before = host.updatesRequested;
    state._begin('creating');
    state._phase = 'paying';
    state._settle(PAID);
    state._forget();
    expect(host.updatesRequested - before).to.equal(4);
  });
});
