/**
 * The frame's address: what the parent writes after `#` in the fields page's address (who frames
 * it, which channel to name, the session), and the frame's reading of it. Both sides of the frame
 * hold this one definition.
 */

import { isChannel, isPaymentAddress } from './checks.ts';

/** What the parent puts after `#` in the frame's address: who it is and which channel to name. */
export interface FrameAddress {
  /** The origin of the page that frames the fields: the only one the frame talks to. */
  readonly parent: string;
  readonly channel: string;
  /**
   * The merchant's session endpoint (absolute): the frame asks it for this checkout's order itself.
   * Fixed for the frame's life: another one is another frame, and what was typed goes with it.
   */
  readonly session?: string;
}

export function frameAddress(page: string, address: FrameAddress): string {
  const url = new URL(page);
  const { parent, channel, session } = address;
  url.hash = new URLSearchParams({ parent, channel, ...(session ? { session } : {}) }).toString();
  return url.href;
}

/** The Pay button's page beside the fields page, paired with the fields by `channel`. */
export function payButtonAddress(page: string, channel: string): string {
  const url = new URL('pay.html', page);
  url.hash = new URLSearchParams({ channel }).toString();
  return url.href;
}

/** The frame's side of `frameAddress` : null unless every part is well-formed. */
export function readFrameAddress(hash: string): FrameAddress | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const parent = params.get('parent');
  const channel = params.get('channel');
  const session = params.get('session');
  if (!parent || !isChannel(channel)) return null;
  if (session !== null && !isPaymentAddress(session)) return null;
  try {
    const origin = new URL(parent).origin;
    if (origin !== parent || origin === 'null') return null;
    return session ? { parent, channel, session } : { parent, channel };
  } catch {
    return null;
  }
}
