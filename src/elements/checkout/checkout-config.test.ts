import { expect } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { FakeHost, stateWith } from '../../../test/support/fake-host.ts';
import type { CheckoutConfig } from '../../protocol/session.ts';
import { CheckoutConfiguration } from './checkout-config.ts';

const CONFIG: CheckoutConfig = {
  amount: 10,
  currency: 'EUR',
  language: 'en',
  merchant_name: 'Shop',
  avs: 'off',
  save: null,
  moto: false,
  collect_email: false,
};

/** A flow whose configuration answers come when the test says. */
function pendingFlow() {
  const loads: { signal: AbortSignal; answer: (c: CheckoutConfig) => void; fail: (e: Error) => void }[] = [];
  const flow = {
    loadConfig: (signal: AbortSignal) =>
      new Promise<CheckoutConfig>((answer, fail) => loads.push({ signal, answer, fail })),
    loadStatus: async () => ({ amount: 7, currency: 'USD' }),
  };
  return { flow, loads };
}

function configured(urls: [string | undefined, string | undefined], flow: object) {
  const host = new FakeHost();
  const heard: { loaded: CheckoutConfig[]; failed: unknown[] } = { loaded: [], failed: [] };
  let current = urls;
  const config = new CheckoutConfiguration(host, stateWith(host, flow), {
    urls: () => current,
    preset: () => ({ moto: true, avs: 'standard' }),
    loaded: (c) => heard.loaded.push(c),
    failed: (e) => heard.failed.push(e),
  });
  return { host, config, heard, setUrls: (u: typeof urls) => (current = u) };
}

describe('CheckoutConfiguration', () => {
  it("loads on its element's update, through the flow of the moment, and tells the element", async () => {
    const { flow, loads } = pendingFlow();
    const { host, config, heard } = configured(['/session', undefined], flow);
    expect(config.pending).to.equal(false);
    host.update();
    expect(config.pending).to.equal(true);
    loads[0]!.answer(CONFIG);
    await config.settled();
    expect(config.loaded).to.equal(CONFIG);
    expect(heard.loaded).to.deep.equal([CONFIG]);
    // The same URLs on the next update: nothing loads again.
    host.update();
    expect(loads.length).to.equal(1);
  });

  it('keeps the last configuration while a new URL loads, and drops an answer for an old URL', async () => {
    const { flow, loads } = pendingFlow();
    const { host, config, setUrls } = configured(['/a', undefined], flow);
    host.update();
    loads[0]!.answer(CONFIG);
    await config.settled();
    setUrls(['/b', undefined]);
    host.update();
    expect(config._reloading).to.equal(CONFIG);
    expect(config.current).to.equal(CONFIG);
    setUrls(['/c', undefined]);
    host.update();
    expect(loads[1]!.signal.aborted).to.equal(true);
    loads[1]!.answer({ ...CONFIG, amount: 1 });
    loads[2]!.answer({ ...CONFIG, amount: 3 });
    await config.settled();
    expect(config.loaded?.amount).to.equal(3);
  });

  it('says it failed, and shows nothing loaded', async () => {
    const { flow, loads } = pendingFlow();
    const { host, config, heard } = configured(['/a', undefined], flow);
    host.update();
    loads[0]!.fail(new Error('down'));
    await config.settled();
    expect(config.failed).to.equal(true);
    expect(config.loaded).to.equal(null);
    expect(String(heard.failed[0])).to.contain('down');
  });

  it('for an order made beforehand: its status, completed by the attributes', async () => {
    const { flow } = pendingFlow();
    const { host, config } = configured([undefined, '/status'], flow);
    host.update();
    await config.settled();
    expect(config.loaded).to.include({ amount: 7, currency: 'USD', moto: true, avs: 'standard' });
  });

  it('with neither URL: nothing to load, nothing failed', async () => {
    const { host, config } = configured([undefined, undefined], pendingFlow().flow);
    host.update();
    await config.settled();
    expect(config.loaded).to.equal(null);
    expect(config.failed).to.equal(false);
  });
});
