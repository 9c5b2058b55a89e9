/**
 * The window messages of 3-D Secure, named once for every side that sends or hears them: the
 * checkout's challenge dialog, the hosted checkout's relay to a framing checkout, and the gateway's
 * pages (the sandbox's challenge and hosted checkout pages write these names into their scripts).
 * None carries a secret; each receiver checks the sender's window and origin before it acts.
 */

/**
 * From the gateway's own 3-D Secure result page to the frame's parent (or the window's opener): the
 * challenge is over. An early word only, taken from the gateway's origin: a bank sends no message, so
 * a checkout learns the end from the order's status or the return to the merchant's address.
 */
export const THREE_DS_COMPLETE = 'gateway-3ds-complete';

/**
 * The relay between a checkout and a hosted checkout it frames (`presentation="iframe"`, where the
 * hosted form's frame is too small for a bank's page):
 * - `host`, checkout to frame: I show your challenges in my own dialog;
 * - `hello`, frame to checkout: is a checkout there (the offer may have come before I listened);
 * - `open`, frame to checkout: show this challenge address, `{ url }`;
 * - `close`, frame to checkout: the challenge is over here, close your dialog;
 * - `end`, checkout to frame: the challenge ended, `{ end: 'completed' | 'closed' }`.
 */
export const RELAY = {
  host: 'gateway-3ds-host',
  hello: 'gateway-3ds-hello',
  open: 'gateway-3ds-open',
  close: 'gateway-3ds-close',
  end: 'gateway-3ds-end',
} as const;
