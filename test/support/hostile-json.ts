/**
 * Seeded generator of hostile request bodies for server-side fuzz tests. Every body it makes is
 * invalid by construction for the endpoint it was made for, so the test can demand a 4xx for each.
 * Replay a failure with the seed the test prints (FUZZ_SEED=<seed>).
 */

export type Random = () => number;

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed from FUZZ_SEED, else a fresh one. */
export const fuzzSeed = (): number =>
  process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
const int = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

type JsonKind = 'string' | 'number' | 'boolean' | 'object' | 'array';

/** A field the endpoint types: its path in the template and the JSON kind it must have. */
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
  /** JSON values that are refused at the top level (what an empty body means varies). */
  wrongTop: readonly unknown[];
}

export type HostileKind = 'malformed' | 'oversized' | 'deep' | 'prototype_key' | 'wrong_type' | 'wrong_top';

export interface HostileBody {
  kind: HostileKind;
  text: string;
}

const STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202e‮rtl',
  '💳💳',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '\ud800',
  'x'.repeat(5000),
  '１２３',
  'NaN',
  '1e309',
];
const NUMBERS = [0, -1, 1e308, -1e308, 0.001, Math.PI, 2 ** 53 + 1, -0, 12.345];

function someValue(random: Random, kind: JsonKind): unknown {
  switch (kind) {
    case 'string':
      return pick(random, STRINGS);
    case 'number':
      return pick(random, NUMBERS);
    case 'boolean':
      return random() < 0.5;
    case 'array':
      return [pick(random, STRINGS), pick(random, NUMBERS)];
    case 'object':
      return { [pick(random, ['a', 'toString', 'valueOf', 'hasOwnProperty'])]: pick(random, STRINGS) };
  }
}

const KINDS: readonly JsonKind[] = ['string', 'number', 'boolean', 'object', 'array'];

/** A value of any JSON kind except `not`. null counts as wrong for every kind. */
function wrongValue(random: Random, field: TypedField): unknown {
  if (!field.nullable && random() < 0.15) return null;
  return someValue(
    random,
    pick(
      random,
      KINDS.filter((k) => k !== field.kind),
    ),
  );
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function setAt(root: Record<string, unknown>, path: readonly (string | number)[], value: unknown): void {
  let node = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
}

/** Some place inside a body where an extra key can go: the root or any object in it. */
function someObject(random: Random, root: Record<string, unknown>): Record<string, unknown> {
  const objects: Record<string, unknown>[] = [];
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    if (!Array.isArray(node)) objects.push(node as Record<string, unknown>);
    stack.push(...Object.values(node));
  }
  return pick(random, objects);
}

function nested(random: Random, depth: number): string {
  const array = random() < 0.5;
  const open = array ? '[' : '{"k":';
  const close = array ? ']' : '}';
  return `${open.repeat(depth)}${JSON.stringify(pick(random, STRINGS))}${close.repeat(depth)}`;
}

/** Text that is not JSON; a variant that happens to parse falls back to a truncated body. */
function malformed(random: Random, valid: string): string {
  const text = malformedVariant(random, valid);
  try {
    JSON.parse(text);
  } catch {
    return text;
  }
  return valid.slice(0, -1);
}

function malformedVariant(random: Random, valid: string): string {
  const cut = int(random, 1, Math.max(1, valid.length - 1));
  return pick(random, [
    () => valid.slice(0, cut),
    () => `${valid.slice(0, cut)},${valid.slice(cut)}`,
    () => valid.replace(/"/g, "'"),
    () => `${valid}}`,
    () => `{"a": NaN}`,
    () => `{"a": undefined}`,
    () => `{a: 1}`,
    () => `[1, 2,]`,
    () => `\u0000${valid}`,
    () => `{"a": "\\u12"}`,
    () => `{"a": 01}`,
    () =>
      Array.from({ length: int(random, 1, 64) }, () => String.fromCharCode(int(random, 0, 0xffff))).join(''),
    () => `{"a": 1} {"b": 2}`,
    () => `{"a": ${'9'.repeat(400)}e99999}z`,
  ])();
}

/**
 * One hostile body for `endpoint`. Oversized bodies are rare (`oversizedShare`) because each
 * one moves a megabyte.
 */
export function hostileBody(
  random: Random,
  endpoint: Endpoint,
  limit: number,
  oversizedShare = 0.01,
): HostileBody {
  const validText = JSON.stringify(endpoint.valid);
  if (random() < oversizedShare) {
    const body = clone(endpoint.valid);
    body.padding = 'x'.repeat(limit + int(random, 1, 64 * 1024));
    return { kind: 'oversized', text: JSON.stringify(body) };
  }
  const kinds: HostileKind[] = ['malformed', 'deep', 'prototype_key', 'wrong_top'];
  if (endpoint.typed.length) kinds.push('wrong_type', 'wrong_type');
  const kind = pick(random, kinds);
  switch (kind) {
    case 'malformed':
      return { kind, text: malformed(random, validText) };
    case 'deep': {
      const body = clone(endpoint.valid);
      const marker = '"@@deep@@"';
      someObject(random, body)[pick(random, ['extra', 'metadata', 'k'])] = '@@deep@@';
      return { kind, text: JSON.stringify(body).replace(marker, nested(random, int(random, 33, 5000))) };
    }
    case 'prototype_key': {
      const body = clone(endpoint.valid);
      const key = pick(random, ['__proto__', 'constructor', 'prototype']);
      const value = pick(random, [{ polluted: true }, { isAdmin: true }, 'x', 1, null, []]);
      // JSON.stringify drops a real __proto__ key, so the key goes in by text.
      const marker = `"@@key${int(random, 0, 1e9)}@@"`;
      someObject(random, body)[marker.slice(1, -1)] = value;
      return { kind, text: JSON.stringify(body).replace(marker, JSON.stringify(key)) };
    }
    case 'wrong_type': {
      const body = clone(endpoint.valid);
      const field = pick(random, endpoint.typed);
      setAt(body, field.path, wrongValue(random, field));
      return { kind, text: JSON.stringify(body) };
    }
    case 'wrong_top':
      return { kind, text: JSON.stringify(pick(random, endpoint.wrongTop)) };
    case 'oversized':
      throw new Error('unreachable');
  }
}
