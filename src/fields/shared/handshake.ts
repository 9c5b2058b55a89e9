/**
 * How the parent and the fields' frame meet: window messages, marked with HANDSHAKE_KEY, that end
 * with the parent handing the frame its end of a MessageChannel. Each side checks the other's
 * window and origin; these check the words.
 */
import { isChannel, isObj } from './checks.ts';
import { AGAIN, CONNECT, HANDSHAKE_KEY, HELLO } from './message-names.ts';

/** The protocol's version; both sides check it in the handshake. */
export const FIELDS_PROTOCOL = 1;

/** The frame's first word, to `window.parent`, addressed to the parent origin it was given. */
export interface Hello {
  readonly [HANDSHAKE_KEY]: typeof HELLO;
  readonly v: number;
  /** The nonce the parent put in the frame's address: tells which frame of the page says hello. */
  readonly channel: string;
  /**
   * A nonce of this load of the fields page: a hello said again by the same page (asked for with
   * `again`) is one the parent may already have answered; a new one is a page that reloaded.
   */
  readonly instance: string;
}

/**
 * The parent to a frame it did not hear from: "say hello (again)". A frame rendered in the page's
 * HTML (gateway-checkout/ssr) may have said hello before the page's script listened.
 */
export interface Again {
  readonly [HANDSHAKE_KEY]: typeof AGAIN;
  readonly v: number;
  readonly channel: string;
}

/** The parent's answer: carries the frame's end of the MessageChannel. */
export interface Connect {
  readonly [HANDSHAKE_KEY]: typeof CONNECT;
  readonly v: number;
  readonly channel: string;
}

export function isHello(data: unknown, channel: string): data is Hello {
  return (
    isObj(data) &&
    data[HANDSHAKE_KEY] === HELLO &&
    data.v === FIELDS_PROTOCOL &&
    data.channel === channel &&
    isChannel(data.instance)
  );
}

export function isAgain(data: unknown, channel: string): data is Again {
  return (
    isObj(data) && data[HANDSHAKE_KEY] === AGAIN && data.v === FIELDS_PROTOCOL && data.channel === channel
  );
}

export function isConnect(data: unknown, channel: string): data is Connect {
  return (
    isObj(data) && data[HANDSHAKE_KEY] === CONNECT && data.v === FIELDS_PROTOCOL && data.channel === channel
  );
}

export const hello = (channel: string, instance: string): Hello => ({
  [HANDSHAKE_KEY]: HELLO,
  v: FIELDS_PROTOCOL,
  channel,
  instance,
});
export const again = (channel: string): Again => ({ [HANDSHAKE_KEY]: AGAIN, v: FIELDS_PROTOCOL, channel });
export const connect = (channel: string): Connect => ({
  [HANDSHAKE_KEY]: CONNECT,
  v: FIELDS_PROTOCOL,
  channel,
});
