/**
 * The small checks every parser of the isolated fields' messages is made of: both sides run them
 * on what they receive, and rebuild each message from what passed.
 */

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);
export const str = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
export const int = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
export const size = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 1e5;
export const bool = (v: unknown): v is boolean => typeof v === 'boolean';

/** A brand id of credit-card-type: lower-case words joined by dashes. */
export const BRAND_ID = /^[a-z][a-z-]{1,31}$/;
/** A channel nonce: what the parent generates (URL-safe base64). */
const CHANNEL = /^[\w-]{8,64}$/;

/** An address the frame may POST the card to: http(s), no credentials in it. */
export function isPaymentAddress(v: unknown): v is string {
  if (!str(v, 2048)) return false;
  try {
    const url = new URL(v);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

export function isChannel(v: unknown): v is string {
  return typeof v === 'string' && CHANNEL.test(v);
}

/** A parser per message name: the table is keyed by the names, so each message has exactly one. */
export type MessageParsers<M extends { readonly type: string }> = {
  readonly [K in M['type']]: (data: Obj) => Extract<M, { readonly type: K }> | null;
};

/** The parser of a message's name, if it is one of `parsers`' (never one of Object's own keys). */
export const parserOf = <M extends { readonly type: string }>(
  parsers: MessageParsers<M>,
  type: unknown,
): ((data: Obj) => M | null) | null =>
  typeof type === 'string' && Object.hasOwn(parsers, type) ? parsers[type as M['type']] : null;
