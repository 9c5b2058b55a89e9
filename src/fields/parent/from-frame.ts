import {
  BRAND_ID,
  int,
  isObj,
  isPaymentAddress,
  type MessageParsers,
  type Obj,
  oneOf,
  parserOf,
  size,
  str,
} from '../shared/checks.ts';
import {
  DIRECT_POST,
  ORDER,
  PAID,
  PRESS,
  READY,
  REFUSED,
  RESIZE,
  STATE,
  VALIDATED,
} from '../shared/message-names.ts';
import {
  FIELD_ERROR_CODES,
  FIELD_NAMES,
  type FieldErrorCode,
  type FieldName,
  type FieldsState,
  type FramedOrder,
  type FromFrame,
  PAY_ERRORS,
  type PayOutcome,
  type Refusal,
  type SessionFieldIssue,
} from '../shared/messages.ts';

// What the merchant's page takes from the fields' frame, and what it drops. Parent side only: the
// fields page never carries it.

/** A refusal's code as the parent checks it: the words come with it, from the frame. */
const REFUSAL_CODE = /^[a-z-]{1,32}$/;

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

const FROM_FRAME: MessageParsers<FromFrame> = {
  [REFUSED]: ({ reason, message }) =>
    typeof reason === 'string' && REFUSAL_CODE.test(reason) && str(message, 200)
      ? { type: REFUSED, reason: reason as Refusal, message }
      : null,
  [RESIZE]: ({ height }) => (size(height) ? { type: RESIZE, height } : null),
  [READY]: (data) => {
    const state = parseState(data.state);
    return size(data.height) && state ? { type: READY, height: data.height, state } : null;
  },
  [STATE]: (data) => {
    const state = parseState(data.state);
    return state && { type: STATE, state, user: data.user === true };
  },
  [PRESS]: ({ id }) => (int(id) ? { type: PRESS, id } : null),
  [DIRECT_POST]: ({ id }) => (int(id) ? { type: DIRECT_POST, id } : null),
  [VALIDATED]: (data) => {
    const state = parseState(data.state);
    return int(data.id) && state ? { type: VALIDATED, id: data.id, state } : null;
  },
  [ORDER]: (data) => {
    const order = parseOrder(data.order);
    return int(data.id) && order ? { type: ORDER, id: data.id, order } : null;
  },
  [PAID]: (data) => {
    const outcome = parseOutcome(data.outcome);
    return int(data.id) && outcome ? { type: PAID, id: data.id, outcome } : null;
  },
};

/** What the parent accepts from the frame; null for anything else. Extra keys never cross. */
export function parseFromFrame(data: unknown): FromFrame | null {
  if (!isObj(data)) return null;
  return parserOf(FROM_FRAME, data.type)?.(data) ?? null;
}
