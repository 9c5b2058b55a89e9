import { isIP } from 'node:net';

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is 1.2.3.4. */
export const normaliseIp = (address: string): string => {
  const trimmed = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
};

/**
 * What the host tells a handler beside the request. The node adapter passes the socket's address;
 * Fetch-only hosts (Next.js route handlers, Cloudflare Workers, Deno, Bun) pass their own context
 * (Next.js: `{ params }`), which is ignored.
 */
export interface HandlerInfo {
  remoteAddress?: string;
  readonly [key: string]: unknown;
}

/**
 * Where a request came from, as the host or its proxies say; `undefined` when that cannot be told,
 * and the request is refused. Only the merchant knows which headers of their hosting are written by
 * a proxy of theirs (and so can be trusted): pick one of `clientAddressFrom` or write your own.
 */
export type ClientAddress = (request: Request, info: HandlerInfo) => string | undefined;

export interface SourceOptions {
  allowedIps?: readonly string[] | (() => readonly string[]) | null;
  insecureAllowAnySource?: boolean;
  trustProxy?: number;
  clientAddress?: ClientAddress;
}

/** A header holding one address, written by a proxy; a list means something appended to it. */
const single = (value: string | null): string | undefined => {
  const address = value?.trim();
  return address && !address.includes(',') ? address : undefined;
};

/**
 * Ready `clientAddress` readers for hosts without a socket address. Each trusts headers that only
 * the named platform (or your own proxy) can write: use the one of the hosting you deploy on.
 */
export const clientAddressFrom = {
  /**
   * A header your own reverse proxy sets to the client's address alone, replacing whatever the
   * client sent: nginx `proxy_set_header X-Real-IP $remote_addr;` → `header('x-real-ip')`.
   */
  header(name: string): ClientAddress {
    return (request) => single(request.headers.get(name));
  },
  /**
   * X-Forwarded-For behind `hops` proxies of your own that each append the address they saw
   * (nginx `$proxy_add_x_forwarded_for`): the entry `hops` from the right is the client. Also
   * self-hosted Next.js (`next start`) behind such a proxy. Never without a proxy in front: a
   * client can send the header itself, and `next start` only fills it in when it is missing.
   */
  forwardedFor(hops: number): ClientAddress {
    if (!Number.isInteger(hops) || hops < 1)
      throw new TypeError('clientAddressFrom.forwardedFor: hops is the number of your proxies (1, 2…)');
    return (request) => {
      const chain = (request.headers.get('x-forwarded-for') ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      return chain.length >= hops ? chain[chain.length - hops] : undefined;
    };
  },
  /**
   * Vercel (Next.js or any function there): Vercel's edge sets `x-real-ip` to the client's address
   * and overwrites what the client sent.
   */
  vercel: ((request: Request) =>
    single(request.headers.get('x-real-ip')) ??
    single(request.headers.get('x-vercel-forwarded-for'))) as ClientAddress,
  /**
   * Cloudflare (Workers, Pages, or an origin that only Cloudflare can reach): `CF-Connecting-IP`,
   * which Cloudflare sets on every request it forwards.
   */
  cloudflare: ((request: Request) => single(request.headers.get('cf-connecting-ip'))) as ClientAddress,
};

/**
 * The address a request came from, as Express's `trust proxy` with a hop count reads it: the socket
 * address and the X-Forwarded-For entries right to left; the first `hops` of them are the
 * merchant's own proxies, the next one is the client. Without trusted hops the header is ignored:
 * anyone can write it.
 */
export function sourceAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | null,
  hops: number,
): string | undefined {
  if (!remoteAddress) return undefined;
  if (hops === 0) return remoteAddress;
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [remoteAddress, ...forwarded.reverse()];
  return chain[Math.min(hops, chain.length - 1)];
}

/**
 * The allow-list check of the webhook receiver. Fails closed: without an allow-list the receiver
 * cannot be created, unless local development says so in as many words.
 */
export function sourceCheck(
  options: SourceOptions,
): (request: Request, info: HandlerInfo) => 'allowed' | 'denied' | 'unknown' {
  const hops = options.trustProxy ?? 0;
  if (!Number.isInteger(hops) || hops < 0)
    throw new TypeError('createWebhookHandler: trustProxy is the number of proxy hops to trust (0, 1, 2…)');
  if (options.clientAddress && options.trustProxy !== undefined)
    throw new TypeError(
      'createWebhookHandler: give trustProxy (with a socket address) or clientAddress, not both',
    );
  if (options.insecureAllowAnySource) {
    if (options.allowedIps != null)
      throw new TypeError('createWebhookHandler: give allowedIps or insecureAllowAnySource, not both');
    return () => 'allowed';
  }
  if (options.allowedIps == null)
    throw new TypeError(
      'createWebhookHandler: allowedIps is required (the gateway’s webhook addresses; ["127.0.0.1", "::1"] ' +
        'for the local sandbox). Only for local development: insecureAllowAnySource: true',
    );
  const allowedIps = options.allowedIps;
  const clientAddress = options.clientAddress;
  return (request, info) => {
    const source = clientAddress
      ? clientAddress(request, info)
      : sourceAddress(info.remoteAddress, request.headers.get('x-forwarded-for'), hops);
    if (!source) return 'unknown';
    const ip = normaliseIp(source);
    if (!isIP(ip)) return 'denied';
    const list = typeof allowedIps === 'function' ? allowedIps() : allowedIps;
    return list.some((entry) => normaliseIp(entry) === ip) ? 'allowed' : 'denied';
  };
}
