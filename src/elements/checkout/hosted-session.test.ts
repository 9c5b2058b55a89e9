import { expect } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { FakeHost, PAID, stateWith } from '../../../test/support/fake-host.ts';
import type { FlowResult } from '../../flow/outcome.ts';
import type { SessionRequest } from '../../flow/session-request.ts';
import type { CheckoutSession } from '../../protocol/session.ts';
import { HostedPresentation } from './hosted-session.ts';

const SESSION = {
  order_id: 'ord_1',
  status_url: '/status/ord_1',
  iframe_checkout: 'https://gateway.example/iframe/ord_1',
  full_page_checkout: null,
} as unknown as CheckoutSession;

function hosted(
  options: { gate?: { verification?: string } | null; busy?: boolean; _emailMissing?: boolean } = {},
) {
  const host = new FakeHost();
  const asked: SessionRequest[] = [];
  const flow = {
    resets: 0,
    reset() {
      this.resets++;
    },
    openSession: async (request: SessionRequest) => {
      asked.push(request);
      return SESSION;
    },
    waitForResult: async () => PAID,
  };
  const state = stateWith(host, flow);
  const shown: FlowResult[] = [];
  const presentation = new HostedPresentation(host.element, state, {
    busy: () => options.busy ?? false,
    _emailMissing: () => options._emailMissing ?? false,
    email: () => 'ann@example.com',
    _beforeOrder: async () => (options.gate === undefined ? {} : options.gate),
    show: (result) => shown.push(result),
    navigating: () => {},
    _openChallenge: () => ({ done: new Promise(() => {}), close: () => {} }),
  });
  return { host, state, flow, asked, shown, presentation };
}

describe('HostedPresentation', () => {
  it("opens one hosted form: its order asked for with the page's token, its address to frame, its outcome shown", async () => {
    const { asked, shown, presentation } = hosted({ gate: { verification: 'tok' } });
    await Promise.all([presentation.open(), presentation.open()]);
    expect(asked).to.have.length(1);
    expect(asked[0]!.options?.presentation).to.equal('iframe');
    expect(asked[0]!.verification).to.equal('tok');
    expect(presentation.url).to.equal('https://gateway.example/iframe/ord_1');
    expect(shown).to.deep.equal([PAID]);
  });

  it('asks for no order when the page stopped it', async () => {
    const { asked, shown, presentation } = hosted({ gate: null });
    await presentation.open();
    expect(asked).to.deep.equal([]);
    expect(shown).to.deep.equal([]);
  });

  it('"Try again": a new order in a new form, the last outcome forgotten; nothing while busy', async () => {
    const busy = hosted({ busy: true });
    busy.presentation.retry();
    expect(busy.flow.resets).to.equal(0);
    const { state, flow, presentation } = hosted();
    state._settle(PAID);
    presentation.retry();
    expect(flow.resets).to.equal(1);
    expect(state._outcome).to.equal(null);
    expect(presentation.url).to.equal(null);
  });

  it('redirect: the order is shown being made; a missing e-mail stops it; an order without a page fails', async () => {
    const missing = hosted({ _emailMissing: true });
    await missing.presentation.redirect();
    expect(missing.asked).to.deep.equal([]);
    const { state, asked, shown, presentation } = hosted({ gate: null });
    await presentation.redirect();
    // The page stopped it: no order was asked for (Pay's last word settles the step it began).
    expect(asked).to.deep.equal([]);
    expect(state._outcome).to.equal(null);
    const going = hosted();
    await going.presentation.redirect();
    expect(going.asked[0]).to.include({ email: 'ann@example.com' });
    expect(going.shown[0]).to.include({ kind: 'failed' });
    expect(shown).to.deep.equal([]);
  });
});
