/**
 * What the merchant's page and the isolated card fields (a frame from another origin) say to each
 * other. No DOM here: the shapes, and the parsers each side runs on what it receives.
 *
 * Card data cannot cross by construction. Every message is a closed shape of numbers, booleans,
 * names from fixed lists and a few strings that only the parent sends (addresses, theme values,
 * the language). From the frame, the only free strings are the gateway's 3-D Secure address and its
 * refusal text; the frame's sender also refuses any message whose text holds the card number.
 * Each parser rebuilds the message from the keys it knows, so an extra key is dropped, not carried.
 */

/** The protocol's version; both sides check it in the handshake. */
export const FIELDS_PROTOCOL = 1;

/** The key that marks our handshake messages among whatever else a window receives. */
export const HANDSHAKE_KEY = 'gatewayFields';

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
  'no-relay':
    'the page did not name its Direct Post frame in time (the fields send the card form only into their relay page in the checkout): nothing was sent',
  'relay-foreign':
    "the frame the page named for the Direct Post is not the fields' relay page of their own origin: nothing was sent",
  'session-address':
    "the session-url is not one of the merchant's session endpoints (createFieldsHandler's sessionEndpoints), or carries a query: the fields take no card for it",
} as const;
export type Refusal = keyof typeof REFUSALS;
/** A refusal's code as the parent checks it: the words come with it, from the frame. */
const REFUSAL_CODE = /^[a-z-]{1,32}$/;

/** Parent → frame, over the MessageChannel. */
export type ToFrame =
  | { readonly type: 'configure'; readonly config: FieldsConfig }
  /** Show every error; `focus` moves the focus to the first invalid field. */
  | { readonly type: 'validate'; readonly id: number; readonly focus: boolean }
  /**
   * The answer to the frame's `press`: the page's own fields are valid, here is their data. The
   * frame then asks the merchant's server for this checkout's order and pays it, once per press.
   */
  | { readonly type: 'session-data'; readonly id: number; readonly data: SessionData }
  /** The page does not go on with that press (its own fields need attention, or it checks a status). */
  | { readonly type: 'cancel'; readonly id: number }
  /** How the Pay button in the fields' origin reads and whether it can be pressed. */
  | { readonly type: 'button'; readonly button: PayButton }
  /** Focus the card number (the parent moved the focus into the frame). */
  | { readonly type: 'focus' }
  /**
   * The frame the checkout opened on the fields' relay page, for the Direct Post the fields asked
   * for (`direct-post`): its name. The fields send the card form into it only if it really is
   * their relay page, of their own origin.
   */
  | { readonly type: 'relay'; readonly id: number; readonly name: string }
  /** `all` empties every field (a new payment); `security-code` only that one (after a decline). */
  | { readonly type: 'clear'; readonly what: 'all' | 'security-code'; readonly focus?: boolean };

/** Frame → parent, over the MessageChannel. */
export type FromFrame =
  /** Rendered with its first configuration: the fields can be typed into. */
  | { readonly type: 'ready'; readonly height: number; readonly state: FieldsState }
  | { readonly type: 'resize'; readonly height: number }
  /** `user`: a person's edit (the parent fires its change event only then). */
  | { readonly type: 'state'; readonly state: FieldsState; readonly user: boolean }
  /**
   * The customer pressed Pay (the button in the fields' origin) or Enter in a field: the parent
   * checks its own fields and answers with `session-data` or `cancel` for this id.
   */
  | { readonly type: 'press'; readonly id: number }
  | { readonly type: 'validated'; readonly id: number; readonly state: FieldsState }
  /** The merchant's server made the order this press pays; the payment goes out next. */
  | { readonly type: 'order'; readonly id: number; readonly order: FramedOrder }
  /**
   * The order is paid by Direct Post (a form POST the fields send themselves): the parent opens
   * its frame on the fields' relay page and names it with `relay`.
   */
  | { readonly type: 'direct-post'; readonly id: number }
  | { readonly type: 'paid'; readonly id: number; readonly outcome: PayOutcome }
  /** A message was refused: its code and why, in one line (see `REFUSALS`). */
  | { readonly type: 'refused'; readonly reason: Refusal; readonly message: string };

/** The frame's first word, to `window.parent`, addressed to the parent origin it was given. */
export interface Hello {
  readonly [HANDSHAKE_KEY]: 'hello';
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
  readonly [HANDSHAKE_KEY]: 'again';
  readonly v: number;
  readonly channel: string;
}

/** The parent's answer: carries the frame's end of the MessageChannel. */
export interface Connect {
  readonly [HANDSHAKE_KEY]: 'connect';
  readonly v: number;
  readonly channel: string;
}

// --- parsing -----------------------------------------------------------------------------------

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
/** The name of the checkout's Direct Post frame: a word, never one of the `_top`-like keywords. */
export const RELAY_NAME = /^[A-Za-z][\w-]{7,79}$/;
/** A channel nonce: what the parent generates (URL-safe base64). */
const CHANNEL = /^[\w-]{8,64}$/;

/** The state as the parent keeps it: known fields only, each of the right kind, the rest dropped. */
function parseState(v: unknown): FieldsState | null {
  if (!isObj(v) || !Array.isArray(v.errors)) return null;
  return {
    brand: typeof v.brand === 'string' && BRAND_ID.test(v.brand) ? v.brand : null,
    complete: v.complete === true,
    empty: v.empty === true,
    valid: v.valid === true,
    errors: v.errors
      .filter((e) => isObj(e) && oneOf(FIELD_NAMES, e.field) && oneOf(FIELD_ERROR_CODES, e.code))
      .map((e: Obj) => ({ field: e.field as FieldName, code: e.code as FieldErrorCode })),
    message: str(v.message, 300) ? v.message : '',
  };
}

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

function parseIssues(v: unknown): SessionFieldIssue[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v
    .filter(
      (f) => isObj(f) && str(f.path, 100) && str(f.message, 300) && (f.code === undefined || str(f.code, 64)),
    )
    .slice(0, 20)
    .map((f: Obj) => ({
      path: f.path as string,
      message: f.message as string,
      code: f.code as string | undefined,
    }));
}

function parseOrder(v: unknown): FramedOrder | null {
  if (!isObj(v) || !str(v.order_id, 64) || !isPaymentAddress(v.status_url)) return null;
  const amount = typeof v.amount === 'number' && Number.isFinite(v.amount) && v.amount >= 0;
  if (!(amount && typeof v.currency === 'string' && /^[A-Z]{3}$/.test(v.currency))) return null;
  return { order_id: v.order_id, status_url: v.status_url, amount: v.amount as number, currency: v.currency };
}

function parseOutcome(v: unknown): PayOutcome | null {
  if (!isObj(v)) return null;
  if (v.ok === true && isObj(v.response)) {
    const url = v.response.threed_check_url ?? null;
    // The parent opens this address in a frame of its own: http(s) only, never script.
    if (url !== null && !isPaymentAddress(url)) return null;
    const status = str(v.response.status, 64) ? v.response.status : undefined;
    return { ok: true, response: { status, threed_check_url: url } };
  }
  if (v.ok !== false || !oneOf(PAY_ERRORS, v.error)) return null;
  const message = str(v.message, 500) ? v.message : undefined;
  const fields = v.error === 'session' ? parseIssues(v.fields) : undefined;
  if (fields) return { ok: false, error: v.error, message, fields };
  const wait = v.retryAfter;
  // A day at most: a frame that says more is not to be believed, and the customer is told minutes.
  if (
    v.error === 'rate_limited' &&
    Number.isInteger(wait) &&
    (wait as number) > 0 &&
    (wait as number) <= 86_400
  )
    return { ok: false, error: v.error, message, retryAfter: wait as number };
  return { ok: false, error: v.error, message };
}

/** What the parent accepts from the frame; null for anything else. Extra keys never cross. */
export function parseFromFrame(data: unknown): FromFrame | null {
  if (!isObj(data)) return null;
  const { type, id, height } = data;
  const state = parseState(data.state);
  if (type === 'refused') {
    const { reason, message } = data;
    return typeof reason === 'string' && REFUSAL_CODE.test(reason) && str(message, 200)
      ? { type, reason: reason as Refusal, message }
      : null;
  }
  if (type === 'resize' || type === 'ready') {
    if (!size(height)) return null;
    if (type === 'resize') return { type, height };
    return state && { type, height, state };
  }
  if (type === 'state') return state && { type, state, user: data.user === true };
  if (!int(id)) return null;
  if (type === 'press' || type === 'direct-post') return { type, id };
  if (type === 'validated') return state && { type, id, state };
  if (type === 'order') {
    const order = parseOrder(data.order);
    return order && { type, id, order };
  }
  const outcome = type === 'paid' && parseOutcome(data.outcome);
  return outcome ? { type: 'paid', id, outcome } : null;
}

export function isHello(data: unknown, channel: string): data is Hello {
  return (
    isObj(data) &&
    data[HANDSHAKE_KEY] === 'hello' &&
    data.v === FIELDS_PROTOCOL &&
    data.channel === channel &&
    isChannel(data.instance)
  );
}

export function isAgain(data: unknown, channel: string): data is Again {
  return (
    isObj(data) && data[HANDSHAKE_KEY] === 'again' && data.v === FIELDS_PROTOCOL && data.channel === channel
  );
}

export function isConnect(data: unknown, channel: string): data is Connect {
  return (
    isObj(data) && data[HANDSHAKE_KEY] === 'connect' && data.v === FIELDS_PROTOCOL && data.channel === channel
  );
}

export const hello = (channel: string, instance: string): Hello => ({
  [HANDSHAKE_KEY]: 'hello',
  v: FIELDS_PROTOCOL,
  channel,
  instance,
});
export const again = (channel: string): Again => ({ [HANDSHAKE_KEY]: 'again', v: FIELDS_PROTOCOL, channel });
export const connect = (channel: string): Connect => ({
  [HANDSHAKE_KEY]: 'connect',
  v: FIELDS_PROTOCOL,
  channel,
});

export function isChannel(v: unknown): v is string {
  return typeof v === 'string' && CHANNEL.test(v);
}
