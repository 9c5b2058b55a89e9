// The checks whose verdict differs off loopback, as on a merchant's production hosts: the
// receiver at a public address, and the gateway's domains by DNS. The shop still runs here, over
// HTTP; the doctor's own fetch maps the public name onto it, as a DNS entry would.
import { afterEach, describe, expect, it } from 'vitest';
import { createContext } from './context.ts';
import { checkDomains } from './domains.ts';
import { runDoctor } from './index.ts';
import { GOOD_POLICY, type Shop, startShop, subscribe } from './test-helpers.ts';

let shop: Shop | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

describe('off loopback', () => {
  it('a receiver at a public address that admits the doctor machine: ✘, allowedIps is too wide', async () => {
    shop = await startShop({ policy: GOOD_POLICY });
    await subscribe(shop);
    const local = new URL(shop.url);
    const mapped: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.hostname === 'shop.example') {
        url.protocol = local.protocol;
        url.host = local.host;
      }
      return fetch(url, init);
    };
    // The shop's receiver admits loopback, where this test runs: from a public address's point of
    // view, that is a source which is not the gateway.
    const report = await runDoctor(
      shop.doctor({ webhookUrl: 'https://shop.example/webhooks/gateway', fetch: mapped }),
    );
    const receiver = report.checks.find((c) => c.id === 'webhook-receiver')!;
    expect(receiver.status).toBe('fail');
    expect(receiver.detail).toBe(
      'https://shop.example/webhooks/gateway admitted a delivery from this machine, which is not the gateway',
    );
    expect(receiver.fix).toMatch(/allowedIps to the gateway's two webhook addresses only/);
  });

  it("the gateway's hosts resolve by DNS: ✔ with their addresses, ✘ when one does not, ✘ for a bare address", async () => {
    const at = async (baseUrl: string, resolve: (host: string) => Promise<string[]>) => {
      const ctx = createContext({ baseUrl, secretKey: 'sk', resolve });
      ctx.order = {
        api_do_url: 'https://transactions.gateway.example/pay/1/',
        direct_post: 'https://transactions.gateway.example/direct/1/',
      } as never;
      return checkDomains(ctx);
    };
    const dns: Record<string, string[]> = {
      'gateway.example': ['203.0.113.5', '203.0.113.4'],
      'transactions.gateway.example': ['198.51.100.7'],
    };
    const ok = await at('https://gateway.example', async (host) => dns[host] ?? []);
    expect(ok.status).toBe('pass');
    expect(ok.detail).toMatch(
      /^gateway\.example → 203\.0\.113\.4, 203\.0\.113\.5; transactions\.gateway\.example → 198\.51\.100\.7; .*createDomainResolver/,
    );
    const down = await at('https://gateway.example', async (host) => {
      if (host === 'transactions.gateway.example')
        throw Object.assign(new Error('queryA ENOTFOUND'), { code: 'ENOTFOUND' });
      return dns[host]!;
    });
    expect(down.status).toBe('fail');
    expect(down.detail).toBe('transactions.gateway.example does not resolve (ENOTFOUND)');
    const literal = await at('https://203.0.113.5', async (host) => dns[host] ?? []);
    expect(literal.status).toBe('fail');
    expect(literal.detail).toMatch(/reached by address \(203\.0\.113\.5\), not by name/);
  });
});
