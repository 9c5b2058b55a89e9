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

/** Theme tokens the card fields read; the parent sends the values its page set. */
export type ThemeToken = `--gateway-${
  | 'font-family'
  | 'font-size'
  | `color-${'text' | 'muted' | 'background' | 'input-background' | 'border' | 'focus' | 'error'}`
  | 'radius'
  | 'gap'
  | 'input-padding'}`;
// One string: the list ships in the merchant's bundle, where every byte counts.
export const THEME_TOKENS = (
  'font-family font-size color-text color-muted color-background color-input-background color-border ' +
  'color-focus color-error radius gap input-padding'
)
  .split(' ')
  .map((name) => `--gateway-${name}` as ThemeToken);

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
  readonly moto: boolean;
  readonly requireName: boolean;
  readonly disabled: boolean;
}

/** How the direct payment body is built; the same options as the in-page mode's. */
export interface PayOptions {
  readonly avs?: 'off' | 'standard' | 'custom';
  readonly moto?: boolean;
  readonly savedByMerchant?: boolean;
}

/** `invalid`: nothing was sent, the fields are not complete and valid (and now show why). */
export const PAY_ERRORS = ['network', 'timeout', 'server', 'rejected', 'invalid'] as const;
export type PayError = (typeof PAY_ERRORS)[number];

/**
 * What became of "pay this order", as the frame saw it, in the shape the checkout's flow takes from
 * any payer: the gateway's 2xx answer (its status and, for 3-D Secure, the challenge address), or
 * why there is none (`rejected`: a 4xx, with the gateway's words).
 */
export type PayOutcome =
  | {
      readonly ok: true;
      readonly response: { readonly status?: string; readonly threed_check_url: string | null };
    }
  | { readonly ok: false; readonly error: PayError; readonly message?: string };

/** Parent → frame, over the MessageChannel. */
export type ToFrame =
  | { readonly type: 'configure'; readonly config: FieldsConfig }
  /** Show every error; `focus` moves the focus to the first invalid field. */
  | { readonly type: 'validate'; readonly id: number; readonly focus: boolean }
  /**
   * Build the direct payment body from the card and POST it to `apiDoUrl`, once per `id`: the
   * same id asked again gets the first answer, never a second POST.
   */
  | {
      readonly type: 'pay';
      readonly id: number;
      readonly apiDoUrl: string;
      readonly options: PayOptions;
      readonly timeoutMs: number;
    }
  /** Focus the card number (the parent moved the focus into the frame). */
  | { readonly type: 'focus' }
  /** `all` empties every field (a new payment); `security-code` only that one (after a decline). */
  | { readonly type: 'clear'; readonly what: 'all' | 'security-code' };

/** Frame → parent, over the MessageChannel. */
export type FromFrame =
  /** Rendered with its first configuration: the fields can be typed into. */
  | { readonly type: 'ready'; readonly height: number; readonly state: FieldsState }
  | { readonly type: 'resize'; readonly height: number }
  /** `user`: a person's edit (the parent fires its change event only then). */
  | { readonly type: 'state'; readonly state: FieldsState; readonly user: boolean }
  /** Enter in a field: the person asks to pay. */
  | { readonly type: 'submit' }
  | { readonly type: 'validated'; readonly id: number; readonly state: FieldsState }
  | { readonly type: 'paid'; readonly id: number; readonly outcome: PayOutcome };

/** The frame's first word, to `window.parent`, addressed to the parent origin it was given. */
export interface Hello {
  readonly [HANDSHAKE_KEY]: 'hello';
  readonly v: number;
  /** The nonce the parent put in the frame's address: tells which frame of the page says hello. */
  readonly channel: string;
}

/** The parent's answer: carries the frame's end of the MessageChannel. */
export interface Connect {
  readonly [HANDSHAKE_KEY]: 'connect';
  readonly v: number;
  readonly channel: string;
}

// --- parsing -----------------------------------------------------------------------------------

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);
const str = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
const int = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const size = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 1e5;
const bool = (v: unknown): v is boolean => typeof v === 'boolean';

/** A brand id of credit-card-type: lower-case words joined by dashes. */
const BRAND_ID = /^[a-z][a-z-]{1,31}$/;
/**
 * A theme value the fields may use: no url(), no escapes, nothing that ends a declaration. The
 * fields page loads nothing but its own script anyway; this keeps a token a value.
 */
const TOKEN_VALUE = /^(?!.*(?:url|image|image-set|src)\s*\()[^;{}\\<>@"]{1,200}$/i;
const LANGUAGE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}$/;
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

function parseConfig(v: unknown): FieldsConfig | null {
  if (!isObj(v) || !isObj(v.tokens) || !Array.isArray(v.acceptedBrands)) return null;
  if (!(typeof v.language === 'string' && LANGUAGE.test(v.language))) return null;
  if (v.dir !== 'ltr' && v.dir !== 'rtl') return null;
  if (v.scheme !== null && v.scheme !== 'light' && v.scheme !== 'dark') return null;
  if (!bool(v.moto) || !bool(v.requireName) || !bool(v.disabled)) return null;
  const tokens: Partial<Record<ThemeToken, string>> = {};
  for (const name of THEME_TOKENS) {
    const value = v.tokens[name];
    // A token the fields cannot take safely is left at its default rather than failing the config.
    if (typeof value === 'string' && TOKEN_VALUE.test(value.trim())) tokens[name] = value.trim();
  }
  const lineHeight =
    typeof v.lineHeight === 'string' && TOKEN_VALUE.test(v.lineHeight) ? v.lineHeight : 'normal';
  const brands = v.acceptedBrands.filter((b): b is string => typeof b === 'string' && BRAND_ID.test(b));
  return {
    language: v.language,
    dir: v.dir,
    scheme: v.scheme,
    tokens,
    lineHeight,
    acceptedBrands: brands.slice(0, 32),
    moto: v.moto,
    requireName: v.requireName,
    disabled: v.disabled,
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

function parsePayOptions(v: unknown): PayOptions | null {
  if (!isObj(v)) return null;
  const avs =
    v.avs === undefined ? undefined : oneOf(['off', 'standard', 'custom'] as const, v.avs) ? v.avs : null;
  if (avs === null) return null;
  if (v.moto !== undefined && !bool(v.moto)) return null;
  if (v.savedByMerchant !== undefined && !bool(v.savedByMerchant)) return null;
  return { avs, moto: v.moto === true, savedByMerchant: v.savedByMerchant === true };
}

/** What the frame accepts from the parent; null for anything else. */
export function parseToFrame(data: unknown): ToFrame | null {
  if (!isObj(data)) return null;
  switch (data.type) {
    case 'configure': {
      const config = parseConfig(data.config);
      return config && { type: 'configure', config };
    }
    case 'validate':
      return int(data.id) && bool(data.focus) ? { type: 'validate', id: data.id, focus: data.focus } : null;
    case 'pay': {
      const options = parsePayOptions(data.options);
      if (!int(data.id) || !isPaymentAddress(data.apiDoUrl) || !options) return null;
      const timeoutMs =
        int(data.timeoutMs) && data.timeoutMs >= 1000 ? Math.min(data.timeoutMs, 120_000) : 45_000;
      return { type: 'pay', id: data.id, apiDoUrl: data.apiDoUrl, options, timeoutMs };
    }
    case 'focus':
      return { type: 'focus' };
    case 'clear':
      return oneOf(['all', 'security-code'] as const, data.what) ? { type: 'clear', what: data.what } : null;
    default:
      return null;
  }
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
  return { ok: false, error: v.error, message: str(v.message, 500) ? v.message : undefined };
}

/** What the parent accepts from the frame; null for anything else. Extra keys never cross. */
export function parseFromFrame(data: unknown): FromFrame | null {
  if (!isObj(data)) return null;
  const { type, id, height } = data;
  const state = parseState(data.state);
  if (type === 'submit') return { type };
  if (type === 'resize' || type === 'ready') {
    if (!size(height)) return null;
    if (type === 'resize') return { type, height };
    return state && { type, height, state };
  }
  if (type === 'state') return state && { type, state, user: data.user === true };
  if (!int(id)) return null;
  if (type === 'validated') return state && { type, id, state };
  const outcome = type === 'paid' && parseOutcome(data.outcome);
  return outcome ? { type: 'paid', id, outcome } : null;
}

export function isHello(data: unknown, channel: string): data is Hello {
  return (
    isObj(data) && data[HANDSHAKE_KEY] === 'hello' && data.v === FIELDS_PROTOCOL && data.channel === channel
  );
}

export function isConnect(data: unknown, channel: string): data is Connect {
  return (
    isObj(data) && data[HANDSHAKE_KEY] === 'connect' && data.v === FIELDS_PROTOCOL && data.channel === channel
  );
}

export const hello = (channel: string): Hello => ({ [HANDSHAKE_KEY]: 'hello', v: FIELDS_PROTOCOL, channel });
export const connect = (channel: string): Connect => ({
  [HANDSHAKE_KEY]: 'connect',
  v: FIELDS_PROTOCOL,
  channel,
});

export function isChannel(v: unknown): v is string {
  return typeof v === 'string' && CHANNEL.test(v);
}

/** What the parent puts after `#` in the frame's address: who it is and which channel to name. */
export interface FrameAddress {
  /** The origin of the page that frames the fields: the only one the frame talks to. */
  readonly parent: string;
  readonly channel: string;
}

export function frameAddress(page: string, address: FrameAddress): string {
  const url = new URL(page);
  url.hash = new URLSearchParams({ parent: address.parent, channel: address.channel }).toString();
  return url.href;
}

export function readFrameAddress(hash: string): FrameAddress | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const parent = params.get('parent');
  const channel = params.get('channel');
  if (!parent || !isChannel(channel)) return null;
  try {
    const origin = new URL(parent).origin;
    return origin === parent && origin !== 'null' ? { parent, channel } : null;
  } catch {
    return null;
  }
}
