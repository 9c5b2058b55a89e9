/**
 * Hostile bodies for one endpoint, built from the shared generators in hostile.ts: every body made
 * here is invalid by construction for the endpoint described, so a test can demand a 4xx for each.
 */
import { malformedJson, nestedJson, PROTOTYPE_KEYS, type Rng } from './hostile.ts';

type JsonKind = 'string' | 'number' | 'boolean' | 'object' | 'array';

/** A field the endpoint types: its path in the valid body and the JSON kind it must have. */
export interface TypedField {
  path: readonly (string | number)[];
  kind: JsonKind;
  /** null is a valid value here, so it is never the wrong one. */
  nullable?: boolean;
}

export interface Endpoint {
  /** A body the endpoint accepts. */
  valid: Record<string, unknown>;
  /** Fields whose every value of another JSON kind is refused. */
  typed: readonly TypedField[];
  /** JSON values refused at the top level (what an empty body means varies, so it is never one). */
  wrongTop: readonly unknown[];
}

export type HostileKind = 'malformed' | 'oversized' | 'deep' | 'prototype_key' | 'wrong_type' | 'wrong_top';

export interface HostileBody {
  kind: HostileKind;
  body: string | Uint8Array;
}

const KINDS: readonly JsonKind[] = ['string', 'number', 'boolean', 'object', 'array'];
const SAMPLES: Record<JsonKind, readonly unknown[]> = {
  string: ['', '\u0000', '\u202e\u200f', '💳', '../../etc/passwd', '１２３', 'x'.repeat(3000)],
  number: [0, -1, 1e308, -0, 0.001, 12.345, 2 ** 53 + 1],
  boolean: [true, false],
  object: [{}, { toString: 'x' }, { valueOf: 1 }],
  array: [[], [null], ['a', 1]],
};

/**
 * Values of another JSON kind that the gateway still takes for this one, coercing them as Django REST
 * Framework does: a number for a string field (stored as its text), a numeric string (in any
 * script's digits) for a number field, 0 and 1 for a boolean. They are no wrong type.
 */
function coerced(kind: JsonKind, value: unknown): boolean {
  if (kind === 'string') return typeof value === 'number';
  if (kind === 'number')
    return typeof value === 'string' && /^\s*[+-]?\p{Nd}+(?:\.\p{Nd}*)?\s*$/u.test(value);
  if (kind === 'boolean') return value === 0 || value === 1;
  return false;
}

/** A value of any JSON kind except the field's own (and not one it coerces); null too, unless allowed. */
function wrongValue(r: Rng, field: TypedField): unknown {
  if (!field.nullable && r.int(7) === 0) return null;
  const wrong = KINDS.filter((k) => k !== field.kind).flatMap((k) =>
    SAMPLES[k].filter((v) => !coerced(field.kind, v)),
  );
  return r.pick(wrong);
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function setAt(root: Record<string, unknown>, path: readonly (string | number)[], value: unknown): void {
  let node = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
}

/** Some object inside a body (the root included), where an extra key can go. */
function someObject(r: Rng, root: Record<string, unknown>): Record<string, unknown> {
  const objects: Record<string, unknown>[] = [];
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    if (!Array.isArray(node)) objects.push(node as Record<string, unknown>);
    stack.push(...Object.values(node));
  }
  return r.pick(objects);
}

/** `valid` with `text` (raw JSON) under a new key at some depth. */
function withRawKey(r: Rng, valid: Record<string, unknown>, key: string, text: string): string {
  const body = clone(valid);
  const marker = `@@${r.int(1e9)}@@`;
  someObject(r, body)[marker] = marker;
  return JSON.stringify(body).replace(`"${marker}":"${marker}"`, `${JSON.stringify(key)}:${text}`);
}

/**
 * Text that is not JSON. An empty body means "no body" to some endpoints (a full refund), so a blank
 * variant falls back to a body cut short.
 */
function malformed(r: Rng, valid: string): string | Uint8Array {
  const body = malformedJson(r, valid);
  if (typeof body !== 'string') return body;
  if (body.trim() === '') return valid.slice(0, -1);
  try {
    JSON.parse(body);
  } catch {
    return body;
  }
  return valid.slice(0, -1);
}

/** One hostile body for `endpoint`; oversized ones are rare (`oversizedShare`), each moves a megabyte. */
export function hostileBody(r: Rng, endpoint: Endpoint, limit: number, oversizedShare = 0.01): HostileBody {
  if (r.next() < oversizedShare) {
    const body = clone(endpoint.valid);
    body.padding = 'x'.repeat(limit + 1 + r.int(64 * 1024));
    return { kind: 'oversized', body: JSON.stringify(body) };
  }
  const kinds: HostileKind[] = ['malformed', 'deep', 'prototype_key', 'wrong_top'];
  if (endpoint.typed.length) kinds.push('wrong_type', 'wrong_type');
  const kind = r.pick(kinds);
  switch (kind) {
    case 'malformed':
      return { kind, body: malformed(r, JSON.stringify(endpoint.valid)) };
    case 'deep':
      return { kind, body: withRawKey(r, endpoint.valid, 'extra', nestedJson(r, 33 + r.int(5000))) };
    case 'prototype_key': {
      const payload = r.pick(['{"polluted":true}', '{"isAdmin":true}', '1', '"x"', '[]', 'null']);
      return { kind, body: withRawKey(r, endpoint.valid, r.pick(PROTOTYPE_KEYS), payload) };
    }
    case 'wrong_type': {
      const body = clone(endpoint.valid);
      const field = r.pick(endpoint.typed);
      setAt(body, field.path, wrongValue(r, field));
      return { kind, body: JSON.stringify(body) };
    }
    default:
      return { kind, body: JSON.stringify(r.pick(endpoint.wrongTop)) };
  }
}
