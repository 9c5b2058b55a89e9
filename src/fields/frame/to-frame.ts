import {
  BRAND_ID,
  bool,
  int,
  isObj,
  type MessageParsers,
  type Obj,
  oneOf,
  parserOf,
  str,
} from '../shared/checks.ts';
import {
  BUTTON,
  CANCEL,
  CLEAR,
  CONFIGURE,
  FOCUS,
  PAY,
  REFUSED,
  RELAY,
  SESSION_DATA,
  VALIDATE,
} from '../shared/message-names.ts';
import {
  type FieldsConfig,
  type PayButton,
  type Refusal,
  type SessionData,
  THEME_TOKENS,
  type ThemeToken,
  type ToFrame,
} from '../shared/messages.ts';

// What the fields' frame takes from the merchant's page, and what it refuses. Frame side only: the
// page's bundle never carries it.

/** The name of the checkout's Direct Post frame: a word, never one of the `_top`-like keywords. */
const RELAY_NAME = /^[A-Za-z][\w-]{7,79}$/;

/**
 * A theme value the fields may use: no url(), no escapes, nothing that ends a declaration. The
 * fields page loads nothing but its own script anyway; this keeps a token a value.
 */
const TOKEN_VALUE = /^(?!.*(?:url|image|image-set|src)\s*\()[^;{}\\<>@"]{1,200}$/i;
const LANGUAGE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}$/;
function parseConfig(v: unknown): FieldsConfig | null {
  if (!isObj(v) || !isObj(v.tokens) || !Array.isArray(v.acceptedBrands)) return null;
  if (!(typeof v.language === 'string' && LANGUAGE.test(v.language))) return null;
  if (v.dir !== 'ltr' && v.dir !== 'rtl') return null;
  if (v.scheme !== null && v.scheme !== 'light' && v.scheme !== 'dark') return null;
  if (!bool(v.requireName) || !bool(v.disabled)) return null;
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
    requireName: v.requireName,
    // Moving focus on is the default: only a plain `false` turns it off.
    autoAdvance: v.autoAdvance !== false,
    disabled: v.disabled,
  };
}

/**
 * Keys that name what only the merchant's server decides, anywhere in a message from the parent:
 * a message carrying one is refused, not trimmed, so the page's code hears that it tried.
 */
const ORDER_KEY =
  /^(?:api_?do_?url|order(?:_?id)?|orders?_?url|amount|total|currency|status_?url|idempotency_?key|pay_?url|gateway(?:_?url)?|options|products)$/i;
const MOTO_KEY = /^(?:is_?)?moto$/i;
const ADDRESS_KEYS = ['first_name', 'last_name', 'address', 'city', 'zip_code', 'country', 'state'];

/** The first forbidden key in `v` (a few levels down), as the refusal it earns. */
function forbiddenKey(v: unknown, depth = 0): Refusal | null {
  if (depth > 4 || typeof v !== 'object' || v === null) return null;
  let order: Refusal | null = null;
  for (const [key, value] of Object.entries(v)) {
    // MOTO first: `{ options: { moto: true } }` is a try for a phone order, whatever holds it.
    if (MOTO_KEY.test(key)) return 'names-moto';
    const inner = forbiddenKey(value, depth + 1);
    if (inner === 'names-moto') return inner;
    if (ORDER_KEY.test(key)) order = 'names-order';
    order ??= inner;
  }
  return order;
}

const only = (v: Obj, keys: readonly string[]) => Object.keys(v).every((k) => keys.includes(k));

/** The non-card data for the merchant's server, exactly: a key of any other kind makes it malformed. */
export function parseSessionData(v: unknown): SessionData | null {
  if (!isObj(v) || !only(v, ['email', 'billing_address', 'save_consent', 'verification'])) return null;
  const { email, billing_address: address, save_consent: consent, verification } = v;
  if (email !== undefined && !str(email, 254)) return null;
  if (verification !== undefined && !str(verification, 4096)) return null;
  if (
    address !== undefined &&
    !(isObj(address) && only(address, ADDRESS_KEYS) && Object.values(address).every((x) => str(x, 200)))
  )
    return null;
  if (
    consent !== undefined &&
    !(
      isObj(consent) &&
      only(consent, ['scenario', 'text_version', 'agreed']) &&
      str(consent.scenario, 32) &&
      str(consent.text_version, 64) &&
      consent.agreed === true
    )
  )
    return null;
  return v as SessionData;
}

function parseButton(v: unknown): PayButton | null {
  return isObj(v) && str(v.label, 100) && bool(v.busy) && bool(v.disabled)
    ? { label: v.label, busy: v.busy, disabled: v.disabled }
    : null;
}

/** A message the frame refused, with the reason it reports to the parent's code. */
export interface Refused {
  readonly type: typeof REFUSED;
  readonly reason: Refusal;
}
const refused = (reason: Refusal): Refused => ({ type: REFUSED, reason });

const TO_FRAME: MessageParsers<ToFrame> = {
  [CONFIGURE]: (data) => {
    const config = parseConfig(data.config);
    return config && { type: CONFIGURE, config };
  },
  [VALIDATE]: ({ id, focus }) => (int(id) && bool(focus) ? { type: VALIDATE, id, focus } : null),
  [SESSION_DATA]: (data) => {
    const session = parseSessionData(data.data);
    return int(data.id) && session ? { type: SESSION_DATA, id: data.id, data: session } : null;
  },
  [CANCEL]: ({ id }) => (int(id) ? { type: CANCEL, id } : null),
  [BUTTON]: (data) => {
    const button = parseButton(data.button);
    return button && { type: BUTTON, button };
  },
  [FOCUS]: () => ({ type: FOCUS }),
  [RELAY]: ({ id, name }) =>
    int(id) && typeof name === 'string' && RELAY_NAME.test(name) ? { type: RELAY, id, name } : null,
  [CLEAR]: ({ what, focus }) =>
    oneOf(['all', 'security-code'] as const, what) && (focus === undefined || bool(focus))
      ? { type: CLEAR, what, ...(focus ? { focus: true } : {}) }
      : null,
};

/**
 * What the frame accepts from the parent; anything else is refused with its reason. A message that
 * names an order, an amount, a payment address or MOTO, or asks to pay, is refused whatever else it
 * holds: those are the merchant's server's and the customer's to decide.
 */
export function parseToFrame(data: unknown): ToFrame | Refused {
  if (!isObj(data)) return refused('unknown');
  if (data.type === PAY) return refused('pay-from-page');
  const named = forbiddenKey(data);
  if (named) return refused(named);
  const parse = parserOf(TO_FRAME, data.type);
  if (!parse) return refused('unknown');
  return parse(data) ?? refused('malformed');
}
