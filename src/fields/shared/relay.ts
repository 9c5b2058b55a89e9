/**
 * The fields' relay page: a page of the fields' origin that the checkout opens in its Direct Post
 * frame, and that sends the isolated fields' card form from there, into its own frame. The fields'
 * frame cannot send it into that frame itself: it is sandboxed (a sandboxed frame navigates no
 * frame but its own), and it cannot even reach the relay's window (a frame of another origin's page
 * is not found by name from a third one, and frames in a shadow tree are not listed at all).
 *
 * So the two meet on a BroadcastChannel of their origin, named after the frame's name: the
 * merchant's page can neither post nor listen there (it reaches only documents of the fields'
 * origin, under the same top-level site). The fields ask who is there; every relay page in a frame
 * of that name answers with a nonce of its own; with exactly one answer, the fields hand that one
 * the form (to the order's `direct_post`, which they checked), and it says it took it and submits
 * it, once. Two answers (a page that made two frames of one name) and nothing is sent. Both sides
 * hold this one definition.
 */

/** The relay page's file, beside the fields page. */
export const RELAY_PAGE = 'relay.html';

/** The BroadcastChannel of the relay in the frame named `name`. */
export const relayChannel = (name: string) => `gateway-checkout-relay:${name}`;

/** Fields → relays, on the channel: who is there; then, to the one that answered, the form. */
export type ToRelay =
  | { readonly ask: true }
  | { readonly to: string; readonly action: string; readonly fields: readonly (readonly [string, string])[] };

/** Relay → fields: here (its nonce); took the form (and submits it now). */
export type FromRelay = { readonly here: string } | { readonly took: string };
