import { isIP } from 'node:net';

/**
 * Who a request comes from, as both handlers read it: the checkout handler counts its velocity
 * limits per client address, the webhook receiver checks a delivery's source against the gateway's
 * addresses. One set of readers for both, so a host set up for one is set up for the other.
 */

/**
 * What the host tells a handler beside the request. The node adapter passes the socket's address;
 * Hono passes what its context holds when given `c.env` (on @hono/node-server the Node request as
 * `incoming`, on Bun the server with `requestIP`); Fetch-only hosts (Next.js route handlers,
 * Cloudflare Workers, Deno) pass their own context (Next.js: `{ params }`), which holds no address.
 */
export interface HandlerInfo {
  remoteAddress?: string;
  readonly [key: string]: unknown;
}

/**
 * Where a request came from, as the host or its proxies say; `undefined` when that cannot be told.
 * Only the merchant knows which headers of their hosting are written by a proxy of theirs (and so
 * can be trusted): pick one of `clientAddressFrom` or write your own.
 */
export type ClientAddress = (request: Request, info: HandlerInfo) => string | undefined;

/** A header holding one address, written by a proxy; a list means something appended to it. */
const single = (value: string | null): string | undefined => {
  const address = value?.trim();
  return address && !address.includes(',') ? address : undefined;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The socket address a host put beside the request, in any of the shapes Node hosts use. */
function socketAddressOf(request: Request, info: HandlerInfo): string | undefined {
  if (typeof info.remoteAddress === 'string' && info.remoteAddress) return info.remoteAddress;
  // Hono on @hono/node-server: `c.env` is `{ incoming, outgoing }`. Fastify's `request.raw` or any
  // IncomingMessage handed over as it is: `socket`.
  for (const holder of [info.incoming, info]) {
    const socket = isObject(holder) ? holder.socket : undefined;
    if (isObject(socket) && typeof socket.remoteAddress === 'string') return socket.remoteAddress;
  }
  // Hono on Bun: `c.env` is the server, which knows each request's address.
  if (typeof info.requestIP === 'function') {
    const found = (info.requestIP as (request: Request) => unknown)(request);
    if (isObject(found) && typeof found.address === 'string') return found.address;
  }
  return undefined;
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

const checkHops = (who: string, hops: number, least: number) => {
  if (!Number.isInteger(hops) || hops < least)
    throw new TypeError(`${who}: hops is the number of your proxies (${least === 0 ? '0, ' : ''}1, 2…)`);
};

/**
 * Ready `clientAddress` readers. Each trusts only what the named host (or your own proxy) writes:
 * use the one of the hosting you deploy on.
 */
export const clientAddressFrom = {
  /**
   * The socket's address, for Node hosts: what the node adapter (`toNodeHandler`, so Express and
   * Fastify through it) passes, Hono's `c.env` on @hono/node-server or Bun
   * (`app.all('/checkout/*', (c) => checkout(c.req.raw, c.env))`), or a Node request itself. With
   * `hops`, that many reverse proxies of yours stand in front and append to X-Forwarded-For. The
   * default when no `clientAddress` is given (with `trustProxy` hops).
   */
  socket(hops = 0): ClientAddress {
    checkHops('clientAddressFrom.socket', hops, 0);
    return (request, info) =>
      sourceAddress(socketAddressOf(request, info), request.headers.get('x-forwarded-for'), hops);
  },
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
    checkHops('clientAddressFrom.forwardedFor', hops, 1);
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
   * Cloudflare (Workers, Pages, Hono on Workers, or an origin that only Cloudflare can reach):
   * `CF-Connecting-IP`, which Cloudflare sets on every request it forwards.
   */
  cloudflare: ((request: Request) => single(request.headers.get('cf-connecting-ip'))) as ClientAddress,
};

/** The eight 16-bit groups of an IPv6 address; undefined for anything else. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.replace(/%.*$/, '');
  if (isIP(text) !== 6) return undefined;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** RFC 5952: lower case, no leading zeros, the longest run of two or more zero groups as `::`. */
function ipv6Text(groups: readonly number[]): string {
  let best = { at: -1, length: 1 };
  for (let at = 0; at < 8; ) {
    if (groups[at] !== 0) {
      at++;
      continue;
    }
    let end = at;
    while (end < 8 && groups[end] === 0) end++;
    if (end - at > best.length) best = { at, length: end - at };
    at = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
}

/**
 * One spelling per address: `2001:0DB8:0:0::1`, `[2001:db8::1]` and `2001:db8:0:0:0:0:0:1` are
 * `2001:db8::1`; an IPv4 client on a dual-stack socket (`::ffff:1.2.3.4`, `::ffff:102:304`) is
 * `1.2.3.4`. Anything that is no address comes back trimmed and in lower case.
 */
export const normaliseIp = (address: string): string => {
  const trimmed = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  const groups = ipv6Groups(trimmed);
  if (!groups) return trimmed;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return ipv6Text(groups);
};

/**
 * What the velocity limits count an address as: an IPv4 address itself, an IPv6 address by its
 * network of `ipv6Prefix` bits (64 by default: one customer's line or one machine gets a /64, and
 * a bot walks its addresses for free).
 */
export function clientNetwork(address: string, ipv6Prefix: number): string {
  const ip = normaliseIp(address);
  const groups = ipv6Groups(ip);
  if (!groups || ipv6Prefix >= 128) return ip;
  const masked = groups.map((group, index) => {
    const bits = Math.max(0, Math.min(16, ipv6Prefix - index * 16));
    return bits === 16 ? group : group & ((0xffff << (16 - bits)) & 0xffff);
  });
  return `${ipv6Text(masked)}/${ipv6Prefix}`;
}

/** What `hostOf` can tell of where a handler runs, by what the request and the host's `info` carry. */
export type Host = 'vercel' | 'cloudflare' | 'nextjs' | 'hono-node' | 'node' | 'fetch';

/** The host a request came through, as far as it shows; `fetch` when nothing tells. */
export function hostOf(request: Request, info: HandlerInfo): Host {
  const headers = request.headers;
  if (headers.has('x-vercel-id') || headers.has('x-vercel-deployment-url')) return 'vercel';
  if (headers.has('cf-ray') || headers.has('cf-connecting-ip')) return 'cloudflare';
  if ('params' in info) return 'nextjs';
  // @hono/node-server's requests keep their Node request under a symbol of that name.
  if (Object.getOwnPropertySymbols(request).some((symbol) => symbol.description === 'incomingKey'))
    return 'hono-node';
  return typeof process !== 'undefined' && process.versions?.node ? 'node' : 'fetch';
}

/** The exact fix for a host that passes no address, as the log says it. */
export const ADDRESS_FIX: Readonly<Record<Host, string>> = {
  vercel: 'on Vercel: clientAddress: clientAddressFrom.vercel',
  cloudflare:
    'behind Cloudflare (Workers, Pages, Hono on Workers): clientAddress: clientAddressFrom.cloudflare',
  nextjs:
    'a Next.js route handler gets no socket address: clientAddress: clientAddressFrom.vercel on Vercel, ' +
    'clientAddressFrom.forwardedFor(1) for `next start` behind one proxy of yours that appends X-Forwarded-For',
  'hono-node':
    'Hono on @hono/node-server: pass its context to the handler, `app.all(path, (c) => handler(c.req.raw, c.env))` ' +
    '(the default reader, clientAddressFrom.socket(), takes the address from it)',
  node:
    'on Node, mount with toNodeHandler(handler) (Express, Fastify, node:http), which passes the socket ' +
    'address; with Hono, `(c) => handler(c.req.raw, c.env)`; elsewhere handler(request, { remoteAddress }), ' +
    'or clientAddress: clientAddressFrom.header(name) for a header your own proxy sets',
  fetch:
    'this host passes no socket address: clientAddress: clientAddressFrom.cloudflare on Cloudflare, ' +
    'clientAddressFrom.vercel on Vercel, clientAddressFrom.header(name) for a header your own proxy sets',
};
