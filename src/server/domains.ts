import { lookup, resolve4 } from 'node:dns/promises';

/** Resolves a host name to its IPv4 addresses. */
export type Resolver = (hostname: string) => Promise<string[]>;

export interface GatewayAddresses {
  gateway: string[];
  transactions: string[];
}

export interface DomainResolverOptions {
  gatewayDomain: string;
  transactionsDomain: string;
  /** Default: DNS A records (resolve4), falling back to the system resolver (lookup, /etc/hosts). */
  resolve?: Resolver;
  /** The spec recommends every hour (the default). */
  refreshMs?: number;
  onChange?: (addresses: GatewayAddresses, previous: GatewayAddresses | undefined) => void;
  /** A failed lookup; the last good addresses of that domain stay in use. */
  onError?: (error: unknown, domain: string) => void;
}

export interface DomainResolver {
  /**
   * The addresses once both domains have resolved. Rejects when a domain has no address at all yet;
   * a later call, after a lookup has succeeded (the hourly one or one this call starts), resolves.
   */
  ready(): Promise<GatewayAddresses>;
  /** The current addresses, undefined before the first success. */
  current(): GatewayAddresses | undefined;
  /** Resolves again now (also what the timer calls). */
  refresh(): Promise<GatewayAddresses | undefined>;
  stop(): void;
}

export const defaultResolver: Resolver = async (hostname) => {
  try {
    return await resolve4(hostname);
  } catch (error) {
    const all = await lookup(hostname, { all: true, family: 4 }).catch(() => {
      throw error;
    });
    return all.map((a) => a.address);
  }
};

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Keeps the addresses of the gateway's two domains current. The spec says they change over time and
 * must not be hard-coded: resolve them by DNS, about every hour. A failed or empty lookup keeps the
 * last good answer (a DNS hiccup must not cut the merchant off) and is reported through onError.
 */
export function createDomainResolver(options: DomainResolverOptions): DomainResolver {
  const resolve = options.resolve ?? defaultResolver;
  const refreshMs = options.refreshMs ?? 60 * 60 * 1000;
  let addresses: GatewayAddresses | undefined;
  // Last good answer per domain, so one domain's success is kept while the other still fails.
  const good: Partial<GatewayAddresses> = {};
  let stopped = false;

  async function one(domain: string, last: string[] | undefined): Promise<string[] | undefined> {
    try {
      const found = [...new Set(await resolve(domain))].sort();
      if (found.length === 0) throw new Error(`${domain}: no addresses`);
      return found;
    } catch (error) {
      options.onError?.(error, domain);
      return last;
    }
  }

  async function refresh(): Promise<GatewayAddresses | undefined> {
    const [gateway, transactions] = await Promise.all([
      one(options.gatewayDomain, good.gateway),
      one(options.transactionsDomain, good.transactions),
    ]);
    good.gateway = gateway;
    good.transactions = transactions;
    if (!gateway || !transactions || stopped) return addresses;
    const previous = addresses;
    if (previous && same(previous.gateway, gateway) && same(previous.transactions, transactions))
      return previous;
    addresses = { gateway, transactions };
    options.onChange?.(addresses, previous);
    return addresses;
  }

  /** One resolution that must end with addresses; settled ones are replaced by the next ready(). */
  let attempt: { promise: Promise<GatewayAddresses>; failed: boolean } | undefined;
  const resolveOnce = () => {
    const current = {
      failed: false,
      promise: refresh().then((result) => {
        if (result) return result;
        current.failed = true;
        throw new Error(`could not resolve ${options.gatewayDomain} and ${options.transactionsDomain}`);
      }),
    };
    // Avoids an unhandled rejection when nobody awaits ready(); the failure went to onError already.
    current.promise.catch(() => {});
    attempt = current;
    return current.promise;
  };
  resolveOnce();
  const timer = setInterval(() => void refresh(), refreshMs);
  timer.unref();

  return {
    ready: () => {
      if (addresses) return Promise.resolve(addresses);
      // A failed first resolution must not stay the answer forever: look again.
      return attempt && !attempt.failed ? attempt.promise : resolveOnce();
    },
    current: () => addresses,
    refresh,
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
