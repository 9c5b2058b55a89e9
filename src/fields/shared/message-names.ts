/**
 * Every message name of the isolated fields, written once for both sides of the frame: the
 * merchant's page (parent/) and the fields' origin (frame/). The message types (messages.ts,
 * pay-channel.ts) take their `type` from these, and the parsers and handlers switch on them, so a
 * renamed message is a type error wherever it is sent or heard, never a message silently dropped.
 *
 * Plain `const` strings, not an object: the minifier writes each in where it is used, so naming
 * costs the bundles nothing (an object's properties would stay an object).
 */

// --- the handshake: window messages, marked with HANDSHAKE_KEY ----------------------------------

/** The key that marks our handshake messages among whatever else a window receives. */
export const HANDSHAKE_KEY = 'gatewayFields';
/** Frame → parent: the frame's first word, to the parent origin it was given. */
export const HELLO = 'hello';
/** Parent → frame: "say hello (again)", to a frame the parent did not hear from. */
export const AGAIN = 'again';
/** Parent → frame: the answer to a hello, carrying the frame's end of the MessageChannel. */
export const CONNECT = 'connect';

// --- parent → frame, over the MessageChannel (`ToFrame`) ----------------------------------------

export const CONFIGURE = 'configure';
export const VALIDATE = 'validate';
export const SESSION_DATA = 'session-data';
export const CANCEL = 'cancel';
export const BUTTON = 'button';
export const FOCUS = 'focus';
export const CLEAR = 'clear';
/** The checkout's Direct Post frame, opened on the fields' relay page, named for the fields. */
export const RELAY = 'relay';
/** Never taken: a page asking the fields to pay is refused (`pay-from-page`); only a press pays. */
export const PAY = 'pay';

// --- frame → parent, over the MessageChannel (`FromFrame`) --------------------------------------

export const READY = 'ready';
export const RESIZE = 'resize';
export const STATE = 'state';
export const PRESS = 'press';
export const VALIDATED = 'validated';
export const ORDER = 'order';
/** The order is paid by Direct Post: the fields ask for the checkout's frame to send it through. */
export const DIRECT_POST = 'direct-post';
export const PAID = 'paid';
export const REFUSED = 'refused';

// --- the fields and their Pay button, both of the fields' origin, over a BroadcastChannel --------

/** Fields → button: how it reads and looks (`ButtonState`). */
export const BUTTON_STATE = 'button';
/** Fields → buttons: every Pay button of the channel says hello. */
export const ROLL_CALL = 'roll-call';
/** Button → fields: a person's press on a button shown to them. */
export const BUTTON_PRESS = 'press';
/** Button → fields: a press refused, the button could not be shown to be visible. */
export const UNSEEN_PRESS = 'unseen-press';
/** Button → fields: the pointer went down on the button, or came up. */
export const POINTER = 'pointer';
/** Button → fields: a button's page came ("what do I show?"). */
export const BUTTON_HELLO = 'hello';
/** Button → fields: a button's page went. */
export const BYE = 'bye';
