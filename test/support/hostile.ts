// Seeded generators of hostile input for the server-side handlers. Seeded so that a failure can be
// replayed: run again with HOSTILE_SEED=<the seed the failure printed>.

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}
export type Rng = ReturnType<typeof rng>;

export const seedOf = (): number =>
  process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : Math.floor(Math.random() * 2 ** 31);

const STRANGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202e\u200f',
  '👩‍💻🏳️‍🌈',
  '\ud800',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  "'; DROP TABLE orders; --",
  'NaN',
  'null',
  '9'.repeat(400),
  'x'.repeat(3000),
  '４１１１',
];
const STRANGE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  -0,
  1.5,
  [],
  {},
  [null],
  { length: 1e9 },
  ...STRANGE_STRINGS,
];
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** A strange value, sometimes an object or array of strange values. */
export function strangeValue(r: Rng, depth = 0): unknown {
  const roll = r.int(10);
  if (depth < 3 && roll === 0) return Array.from({ length: r.int(4) }, () => strangeValue(r, depth + 1));
  if (depth < 3 && roll === 1)
    return Object.fromEntries(
      Array.from({ length: r.int(4) }, () => [
        r.pick(['a', 'id', 'status', ...STRANGE_STRINGS]),
        strangeValue(r, depth + 1),
      ]),
    );
  return r.pick(STRANGE_VALUES);
}

/** JSON text nested `depth` levels, arrays and objects mixed, optionally inside `wrap`. */
export function nestedJson(r: Rng, depth: number): string {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    if (r.int(2)) {
      open += '[';
      close = `]${close}`;
    } else {
      open += '{"a":';
      close = `}${close}`;
    }
  }
  return `${open}1${close}`;
}

/** Text that is not JSON: a valid body cut short, stray bytes, JavaScript that JSON does not allow. */
export function malformedJson(r: Rng, valid: string): string | Uint8Array {
  switch (r.int(8)) {
    case 0:
      return valid.slice(0, Math.max(0, r.int(valid.length)));
    case 1:
      return `${valid},`;
    case 2:
      return valid.replace(/"/g, "'");
    case 3:
      return new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]); // invalid UTF-8
    case 4:
      return r.pick(['', ' ', 'undefined', 'NaN', '{a:1}', '[1,]', '{"a":1}{"b":2}', '\ufeff{}', '//x\n{}']);
    case 5:
      return Array.from({ length: 1 + r.int(200) }, () => String.fromCharCode(r.int(0x80))).join('');
    case 6:
      return `${valid.slice(0, valid.length - 1)}, "x": }`;
    default:
      return `{"__proto__": ${valid.slice(0, 5)}`;
  }
}

/**
 * An object keyed with __proto__ / constructor / prototype at some depth, written as JSON text by
 * hand (JSON.stringify drops a real prototype) and sometimes with the key escaped.
 */
export function prototypeKeyed(r: Rng, base: Record<string, unknown>): string {
  const key = r.pick(PROTOTYPE_KEYS);
  const written = r.int(3) === 0 ? key.replace('_', '\\u005f').replace('c', '\\u0063') : key;
  const payload = r.pick(['{"polluted":true}', '{"prototype":{"polluted":true}}', '1', '"x"', '[]', 'null']);
  const inner = JSON.stringify(base);
  const field = r.pick(Object.keys(base));
  if (r.int(2) && field && base[field] && typeof base[field] === 'object') {
    // Inside a nested object of the body.
    const nested = JSON.stringify(base[field]).replace(/^\{/, `{"${written}":${payload},`);
    return inner.replace(JSON.stringify(base[field]), nested.replace(/,\}$/, '}'));
  }
  return inner.replace(/^\{/, `{"${written}":${payload}${inner === '{}' ? '' : ','}`);
}
