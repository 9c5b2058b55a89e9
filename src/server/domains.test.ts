import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDomainResolver, type GatewayAddresses } from './domains.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 60 * 60 * 1000;

describe('gateway-domain resolver', () => {
  it('resolves both domains, refreshes every hour and reports changes', async () => {
    const answers: Record<string, string[][]> = {
      'gw.example': [['10.0.0.2', '10.0.0.1'], ['10.0.0.1', '10.0.0.2'], ['10.0.0.3']],
      'tx.example': [['10.1.0.1'], ['10.1.0.1'], ['10.1.0.1']],
    };
    const resolve = vi.fn(async (host: string) => answers[host]!.shift()!);
    const changes: GatewayAddresses[] = [];
    const resolver = createDomainResolver({
      gatewayDomain: 'gw.example',
      transactionsDomain: 'tx.example',
      resolve,
      onChange: (a) => changes.push(a),
    });
    expect(resolver.current()).toBeUndefined();
    expect(await resolver.ready()).toEqual({ gateway: ['10.0.0.1', '10.0.0.2'], transactions: ['10.1.0.1'] });
    expect(resolve).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(HOUR - 1);
    expect(resolve).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolve).toHaveBeenCalledTimes(4);
    expect(changes).toHaveLength(1); // same addresses in another order: no change

    await vi.advanceTimersByTimeAsync(HOUR);
    expect(resolver.current()!.gateway).toEqual(['10.0.0.3']);
    expect(changes).toHaveLength(2);
    resolver.stop();
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(resolve).toHaveBeenCalledTimes(6);
  });

  it('keeps the last good answer when a lookup fails or is empty, and reports the failure', async () => {
    let fail = false;
    const errors: string[] = [];
    const resolver = createDomainResolver({
      gatewayDomain: 'gw.example',
      transactionsDomain: 'tx.example',
      refreshMs: 1000,
      resolve: async (host) => {
        if (fail && host === 'gw.example') throw new Error('SERVFAIL');
        return fail ? [] : [host === 'gw.example' ? '10.0.0.1' : '10.1.0.1'];
      },
      onError: (_e, domain) => errors.push(domain),
    });
    const good = await resolver.ready();
    fail = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(resolver.current()).toEqual(good);
    expect(errors.sort()).toEqual(['gw.example', 'tx.example']);
    resolver.stop();
  });

  it('rejects ready() when the first resolution finds nothing', async () => {
    const resolver = createDomainResolver({
      gatewayDomain: 'gw.example',
      transactionsDomain: 'tx.example',
      resolve: async () => {
        throw new Error('NXDOMAIN');
      },
      onError: () => {},
    });
    await expect(resolver.ready()).rejects.toThrow(/could not resolve/);
    resolver.stop();
  });

  it('ready() recovers once a later lookup succeeds after a failed first one', async () => {
    let up = false;
    let lookups = 0;
    const resolver = createDomainResolver({
      gatewayDomain: 'gw.example',
      transactionsDomain: 'tx.example',
      resolve: async (host) => {
        lookups++;
        if (!up) throw new Error('SERVFAIL');
        return host === 'gw.example' ? ['10.0.0.1'] : ['10.0.0.2'];
      },
      onError: () => {},
    });
    await expect(resolver.ready()).rejects.toThrow(/could not resolve/);
    // Still down: a new call looks again and fails again.
    await expect(resolver.ready()).rejects.toThrow(/could not resolve/);
    expect(lookups).toBe(4);
    up = true;
    // The hourly refresh succeeds: ready() answers its addresses without another lookup.
    await vi.advanceTimersByTimeAsync(HOUR);
    const expected = { gateway: ['10.0.0.1'], transactions: ['10.0.0.2'] };
    expect(await resolver.ready()).toEqual(expected);
    expect(lookups).toBe(6);
    resolver.stop();

    // Without waiting for the timer: the next ready() itself looks again.
    up = false;
    const again = createDomainResolver({
      gatewayDomain: 'gw.example',
      transactionsDomain: 'tx.example',
      resolve: async (host) => {
        if (!up) throw new Error('SERVFAIL');
        return host === 'gw.example' ? ['10.0.0.1'] : ['10.0.0.2'];
      },
      onError: () => {},
    });
    await expect(again.ready()).rejects.toThrow(/could not resolve/);
    up = true;
    expect(await again.ready()).toEqual(expected);
    again.stop();
  });

  it('unrefs its timer so it never keeps the process alive', () => {
    const unref = vi.spyOn(globalThis, 'setInterval');
    const resolver = createDomainResolver({
      gatewayDomain: 'a',
      transactionsDomain: 'b',
      resolve: async () => ['10.0.0.1'],
    });
    const timer = unref.mock.results.at(-1)!.value as { hasRef?: () => boolean };
    expect(timer.hasRef?.()).toBe(false);
    resolver.stop();
  });
});
