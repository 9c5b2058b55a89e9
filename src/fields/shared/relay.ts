/**
 * The fields' relay page: a still page of the fields' origin that the checkout opens in its Direct
 * Post frame, so that the fields' frame may send the card form into that frame. A form of one frame
 * may target another frame by name only while that frame shows a page its own origin is familiar
 * with (HTML's rules for choosing a navigable): the relay makes the checkout's frame such a page,
 * for the instant of the submission; the gateway's answer then replaces it.
 *
 * The fields cannot reach the relay's window themselves (a frame of another origin's page is not
 * found by name from a third origin, and frames in a shadow tree are not listed at all), so they
 * ask on a BroadcastChannel of their origin, which the merchant's page cannot post on: a relay page
 * whose frame has the name asked answers. Both sides hold this one definition.
 */

/** The relay page's file, beside the fields page. */
export const RELAY_PAGE = 'relay.html';

/** The BroadcastChannel the fields ask on. */
export const RELAY_CHANNEL = 'gateway-checkout-relay';

/** Fields → relays: "the relay in the frame named so, answer". */
export interface RelayAsk {
  readonly ask: string;
}

/** Relay → fields: "here, in the frame named so". */
export interface RelayHere {
  readonly here: string;
}

/**
 * The relay page's one script, written into the page as it is (the server names it by its hash):
 * answers for its frame's name while it is the frame's page.
 */
export const RELAY_SCRIPT = `const c=new BroadcastChannel(${JSON.stringify(RELAY_CHANNEL)});c.onmessage=(e)=>{const n=window.name;if(n&&e.data&&e.data.ask===n)c.postMessage({here:n})};`;
