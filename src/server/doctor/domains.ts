/**
 * The gateway's domains resolve. The spec says their addresses change and must be looked up by
 * DNS (hourly), never written down: the doctor looks up each host the gateway gave (the base
 * address, the order's payment addresses) as `createDomainResolver` would, and says what it found.
 */
import { isIP } from 'node:net';
import { defaultResolver } from '../domains.ts';
import { type DoctorContext, fail, pass, reason } from './context.ts';
import type { CheckResult } from './types.ts';

const TITLE = 'Gateway domains';

export async function checkDomains(ctx: DoctorContext): Promise<CheckResult> {
  const urls = [
    ctx.options.baseUrl,
    ctx.order?.api_do_url,
    ctx.order?.direct_post,
    ctx.order?.full_page_checkout,
  ].filter((url): url is string => Boolean(url));
  const hosts = [...new Set(urls.map((url) => new URL(url).hostname.replace(/^\[|\]$/g, '')))];
  const loopback = (host: string) => /^(127\.|::1$|localhost$)/i.test(host);
  if (hosts.every(loopback))
    return pass('domains', TITLE, `${hosts.join(', ')}: loopback (the sandbox), nothing to resolve`);
  const literal = hosts.filter((host) => isIP(host) && !loopback(host));
  if (literal.length)
    return fail(
      'domains',
      TITLE,
      `the gateway is reached by address (${literal.join(', ')}), not by name`,
      "use the gateway's domain names in GATEWAY_BASE_URL: their addresses change, and the spec asks for DNS lookups",
    );
  const resolve = ctx.options.resolve ?? defaultResolver;
  const found = await Promise.all(
    hosts
      .filter((host) => !isIP(host))
      .map(async (host) => {
        try {
          const addresses = [...new Set(await resolve(host))].sort();
          return { host, addresses, problem: addresses.length ? null : 'no addresses' };
        } catch (error) {
          return { host, addresses: [], problem: reason(error) };
        }
      }),
  );
  const bad = found.filter((f) => f.problem);
  if (bad.length)
    return fail(
      'domains',
      TITLE,
      bad.map((b) => `${b.host} does not resolve (${b.problem})`).join('; '),
      "check this machine's DNS resolver and the domain names the gateway gave you",
    );
  return pass(
    'domains',
    TITLE,
    `${found.map((f) => `${f.host} → ${f.addresses.join(', ')}`).join('; ')}; where a firewall lists them, ` +
      'keep it current with createDomainResolver (hourly)',
  );
}
