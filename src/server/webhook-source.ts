import { isIP } from 'node:net';

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is 1.2.3.4. */
export const normaliseIp = (address: string): string => {
  const trimmed = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
};

export interface SourceOptions {
  allowedIps?: readonly string[] | (() => readonly string[]) | null;
  insecureAllowAnySource?: boolean;
  trustProxy?: number;
}

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
export function sourceCheck(options: SourceOptions): (request: Request, remoteAddress?: string) => boolean {
  const hops = options.trustProxy ?? 0;
  if (!Number.isInteger(hops) || hops < 0)
    throw new TypeError('createWebhookHandler: trustProxy is the number of proxy hops to trust (0, 1, 2…)');
  if (options.insecureAllowAnySource) {
    if (options.allowedIps != null)
      throw new TypeError('createWebhookHandler: give allowedIps or insecureAllowAnySource, not both');
    return () => true;
  }
  if (options.allowedIps == null)
    throw new TypeError(
      'createWebhookHandler: allowedIps is required (the gateway’s webhook addresses; ["127.0.0.1", "::1"] ' +
        'for the local sandbox). Only for local development: insecureAllowAnySource: true',
    );
  const allowedIps = options.allowedIps;
  return (request, remoteAddress) => {
    const list = typeof allowedIps === 'function' ? allowedIps() : allowedIps;
    const source = sourceAddress(remoteAddress, request.headers.get('x-forwarded-for'), hops);
    if (!source || !isIP(normaliseIp(source))) return false;
    const ip = normaliseIp(source);
    return list.some((entry) => normaliseIp(entry) === ip);
  };
}
