import { isIP } from 'node:net';
import { type ClientAddress, clientAddressFrom, type HandlerInfo, normaliseIp } from './client-address.ts';

export interface SourceOptions {
  allowedIps?: readonly string[] | (() => readonly string[]) | null;
  insecureAllowAnySource?: boolean;
  trustProxy?: number;
  clientAddress?: ClientAddress;
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
  const read = options.clientAddress ?? clientAddressFrom.socket(hops);
  return (request, info) => {
    const source = read(request, info);
    if (!source) return 'unknown';
    const ip = normaliseIp(source);
    if (!isIP(ip)) return 'denied';
    const list = typeof allowedIps === 'function' ? allowedIps() : allowedIps;
    return list.some((entry) => normaliseIp(entry) === ip) ? 'allowed' : 'denied';
  };
}
