/**
 * What the merchant's page and the isolated card fields (a frame from another origin) say to each
 * other over their MessageChannel: the messages' shapes, and what they carry. No DOM here. The
 * names are in message-names.ts, the handshake that opens the channel in handshake.ts; each side
 * parses what it receives (parent/from-frame.ts, frame/to-frame.ts).
 *
 * Card data cannot cross by construction. Every message is a closed shape of numbers, booleans,
 * names from fixed lists and a few strings that only the parent sends (addresses, theme values,
 * the language). From the frame, the only free strings are the gateway's 3-D Secure address and its
 * refusal text; the frame's sender also refuses any message whose text holds the card number.
 * Each parser rebuilds the message from the keys it knows, so an extra key is dropped, not carried.
 */
import type {
  BUTTON,
  CANCEL,
  CLEAR,
  CONFIGURE,
  DIRECT_POST,
  FOCUS,
  ORDER,
  PAID,
  PRESS,
  READY,
  REFUSED,
  RELAY,
  RESIZE,
  SESSION_DATA,
  STATE,
  VALIDATE,
  VALIDATED,
} from './message-names.ts';

/** Theme tokens the card fields and the Pay button read; the parent sends the values its page set. */
export type ThemeToken = `--gateway-${
  | 'font-family'
  | 'font-size'
  | `color-${'text' | 'muted' | 'background' | 'input-background' | 'border' | 'focus' | 'error'}`
  | 'radius'
  | 'gap'
  | 'input-padding'
  | 'accent'
  | 'accent-text'}`;
export const THEME_TOKENS: readonly ThemeToken[] = [
  '--gateway-font-family',
  '--gateway-font-size',
  '--gateway-color-text',
  '--gateway-color-muted',
  '--gateway-color-background',
  '--gateway-color-input-background',
  '--gateway-color-border',
  '--gateway-color-focus',
  '--gateway-color-error',
  '--gateway-radius',
  '--gateway-gap',
  '--gateway-input-padding',
  '--gateway-accent',
  '--gateway-accent-text',
];

export const FIELD_NAMES = ['number', 'expiry', 'csc', 'name'] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

/**
 * Why a field is not valid, named after the ValidityState flag it sets: `missing` (valueMissing),
 * `short` (tooShort: incomplete), `pattern` (patternMismatch: not a valid number or date),
 * `underflow` (rangeUnderflow: expired), `overflow` (rangeOverflow: too far ahead), `type`
 * (typeMismatch: a brand not accepted).
 */
export const FIELD_ERROR_CODES = ['missing', 'short', 'pattern', 'underflow', 'overflow', 'type'] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export interface FieldProblem {
  readonly field: FieldName;
  readonly code: FieldErrorCode;
}

/** The card's state as the merchant may know it: never a digit of it. */
export interface FieldsState {
  /** credit-card-type's id of the detected brand, or null. */
  readonly brand: string | null;
  readonly complete: boolean;
  readonly empty: boolean;
  readonly valid: boolean;
  /** Every field's problem, in field order. */
  readonly errors: readonly FieldProblem[];
  /** The first problem in words (the fields' own language), for a host form's validation message. */
  readonly message: string;
}

export interface FieldsConfig {
  /** A BCP 47 tag; the fields speak its language. */
  readonly language: string;
  readonly dir: 'ltr' | 'rtl';
  /** Unset follows `prefers-color-scheme`, as the parent does. */
  readonly scheme: 'light' | 'dark' | null;
  /** Token values the page set (computed on the element); unset tokens keep their defaults. */
  readonly tokens: Readonly<Partial<Record<ThemeToken, string>>>;
  /** The page's line height where the element is (inherited in-page, so sent across). */
  readonly lineHeight: string;
  /** credit-card-type ids; empty accepts all. */
  readonly acceptedBrands: readonly string[];
  readonly requireName: boolean;
  /** `false`: the fields never move focus on by themselves. */
  readonly autoAdvance: boolean;
  readonly disabled: boolean;
}

/**
 * Why nothing was paid, or no answer came: `invalid`, the fields are not complete and valid (and now
 * show why); `session`, the merchant's server refused to create the order (its words and fields
 * come along); `refused`, the frame would not pay (this checkout's order is paid already, or its
 * status could not be read); `rate_limited`, the merchant's server wants no more attempts for now
 * (`retryAfter` seconds, as its Retry-After said); `verification`, it refused the bot check; the
 * rest as for any direct payment.
 */
export const PAY_ERRORS = [
  'network',
  'timeout',
  'server',
  'rejected',
  'invalid',
  'session',
  'refused',
  'rate_limited',
  'verification',
] as const;
export type PayError = (typeof PAY_ERRORS)[number];

/** A field the merchant's server named in its refusal (`path` such as `email`), and why. */
export interface SessionFieldIssue {
  readonly path: string;
  readonly message: string;
  readonly code?: string;
}

/**
 * What became of a press on Pay, as the frame saw it: the gateway's 2xx answer (its status and, for
 * 3-D Secure, the challenge address), or why there is none (`rejected`: a 4xx, with the gateway's
 * words; `session`: the merchant's server's words and fields).
 */
export type PayOutcome =
  | {
      readonly ok: true;
      readonly response: { readonly status?: string; readonly threed_check_url: string | null };
    }
  | {
      readonly ok: false;
      readonly error: PayError;
      readonly message?: string;
      readonly fields?: readonly SessionFieldIssue[];
      /** `rate_limited`: how many seconds the merchant's server asked to wait. */
      readonly retryAfter?: number;
    };

/**
 * The order the frame got from the merchant's server for this checkout, as the parent may know it:
 * enough to follow the payment (3-D Secure, the status) and to report the result. Its payment
 * address stays in the frame.
 */
export interface FramedOrder {
  readonly order_id: string;
  readonly status_url: string;
  readonly amount: number;
  readonly currency: string;
}

/**
 * What the parent hands over for the merchant's server when the customer pressed Pay: the non-card
 * data its own fields hold, and the bot-check token. Never an order, an address to pay, an amount
 * or a mode: the merchant's server decides those.
 */
export interface SessionData {
  readonly email?: string;
  readonly billing_address?: Readonly<Record<string, string>>;
  readonly save_consent?: {
    readonly scenario: string;
    readonly text_version: string;
    readonly agreed: true;
  };
  readonly verification?: string;
}

/** The Pay button as the parent words and shows it; the fields' origin renders it. */
export interface PayButton {
  readonly label: string;
  readonly busy: boolean;
  readonly disabled: boolean;
}

/**
 * What the frame refused, for the parent's code (`gateway-error`, `type: "fields"`): never shown to
 * the customer, never at the cost of what they typed.
 */
export const REFUSALS = {
  'pay-from-page': 'a payment starts only from the customer pressing Pay inside the card fields',
  'names-order':
    'the page may not name an order, an amount or a payment address: the merchant server decides them',
  'names-moto': 'the page may not ask for a phone order (MOTO): only the merchant server decides that',
  'not-pressed': 'session data came while the customer had not pressed Pay',
  'under-way': 'a payment is under way: a second one is refused',
  malformed: 'the session data is not of the expected shape',
  unknown: 'a message the card fields do not know was refused',
  'not-gateway': "the merchant server's order points to an address that is no gateway's: nothing was sent",
  'order-paid': "this checkout's order is paid already: it is not paid again",
  'terms-changed':
    "the merchant server's order does not do what the card fields showed (amount, hold, saving): nothing was paid, the fields now show the order's terms",
  'not-visible':
    'a press on a Pay button that was not shown to the customer (hidden, covered, see-through, or just appeared or moved under the pointer) was refused',
  'second-button':
    'a second Pay button joined these card fields: presses are refused while more than one is there',
  'no-relay': 'the page did not name its Direct Post frame in time: nothing was sent',
  'relay-foreign': "the frame named for the Direct Post is not the fields' relay page: nothing was sent",
  'session-address':
    "the session-url is not one of the merchant's session endpoints (createFieldsHandler's sessionEndpoints), or carries a query: the fields take no card for it",
} as const;
export type Refusal = keyof typeof REFUSALS;

/** Parent → frame, over the MessageChannel. */
export type ToFrame =
  | { readonly type: typeof CONFIGURE; readonly config: FieldsConfig }
  /** Show every error; `focus` moves the focus to the first invalid field. */
  | { readonly type: typeof VALIDATE; readonly id: number; readonly focus: boolean }
  /**
   * The answer to the frame's `press`: the page's own fields are valid, here is their data. The
   * frame then asks the merchant's server for this checkout's order and pays it, once per press.
   */
  | { readonly type: typeof SESSION_DATA; readonly id: number; readonly data: SessionData }
  /** The page does not go on with that press (its own fields need attention, or it checks a status). */
  | { readonly type: typeof CANCEL; readonly id: number }
  /** How the Pay button in the fields' origin reads and whether it can be pressed. */
  | { readonly type: typeof BUTTON; readonly button: PayButton }
  /** Focus the card number (the parent moved the focus into the frame). */
  | { readonly type: typeof FOCUS }
  /**
   * The frame the checkout opened on the fields' relay page, for the Direct Post the fields asked
   * for (`direct-post`): its name. The fields send the card form through it only if the one relay
   * page of their origin in a frame of that name answers them there.
   */
  | { readonly type: typeof RELAY; readonly id: number; readonly name: string }
  /** `all` empties every field (a new payment); `security-code` only that one (after a decline). */
  | { readonly type: typeof CLEAR; readonly what: 'all' | 'security-code'; readonly focus?: boolean };

/** Frame → parent, over the MessageChannel. */
export type FromFrame =
  /** Rendered with its first configuration: the fields can be typed into. */
  | { readonly type: typeof READY; readonly height: number; readonly state: FieldsState }
  | { readonly type: typeof RESIZE; readonly height: number }
  /** `user`: a person's edit (the parent fires its change event only then). */
  | { readonly type: typeof STATE; readonly state: FieldsState; readonly user: boolean }
  /**
   * The customer pressed Pay (the button in the fields' origin) or Enter in a field: the parent
   * checks its own fields and answers with `session-data` or `cancel` for this id.
   */
  | { readonly type: typeof PRESS; readonly id: number }
  | { readonly type: typeof VALIDATED; readonly id: number; readonly state: FieldsState }
  /** The merchant's server made the order this press pays; the payment goes out next. */
  | { readonly type: typeof ORDER; readonly id: number; readonly order: FramedOrder }
  /**
   * The order is paid by Direct Post (a form POST the fields send themselves): the parent opens
   * its frame on the fields' relay page and names it with `relay`.
   */
  | { readonly type: typeof DIRECT_POST; readonly id: number }
  | { readonly type: typeof PAID; readonly id: number; readonly outcome: PayOutcome }
  /** A message was refused: its code and why, in one line (see `REFUSALS`). */
  | { readonly type: typeof REFUSED; readonly reason: Refusal; readonly message: string };
