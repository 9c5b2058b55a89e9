import { type Rng, rng } from './hostile.ts';

// Seeded hostile text for the elements' fields: what a person, an autofill, a paste or a script
// can put into an input. The same seed gives the same strings on every machine.

const CONTROL = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).concat('\u007f', '\u0085');
const INVISIBLE = [
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\ufeff',
  '\u00ad',
  '\u2028',
  '\u2029',
  '\u00a0',
  '\u3000',
];
const EMOJI = ['😀', '👩‍💻', '🏳️‍🌈', '👨‍👩‍👧‍👦', '🇱🇻', '💳', '🧾', '1️⃣', '👍🏽', '🫠'];
const DIGITS = ['0123456789', '０１２３４５６７８９', '٠١٢٣٤٥٦٧٨٩', '۰۱۲۳۴۵۶۷۸۹', '०१२३४५६७८९', '𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗'];
const SEPARATORS = [' ', '-', '.', '/', '  ', '\t', '\u00a0', '–', '_', ','];
const SCRIPTS = [
  'Ēriks Bērziņš',
  'Анна Берзиня',
  'مرحبا بالعالم',
  'שלום',
  '你好世界',
  'Ꭰ',
  'ﷺ',
  'Z̷̢͙a̴l̸g̶o̵',
  'ǅ',
  'İı',
];
const MARKUP = [
  '<img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  '$' + '{7*7}',
  '{{constructor.constructor("x")()}}',
  "'; --",
  '%00',
  '\\u0000',
  'javascript:alert(1)',
  '__proto__',
  'NaN',
  '-0',
  '1e309',
  'undefined',
];
const CARDISH = [
  '4111111111111111',
  '4111 1111 1111 1111',
  '5555555555554444',
  '378282246310005',
  '12/34',
  '1234',
  '0',
  '00/00',
  '13/99',
  '999',
  '99999',
  '9'.repeat(40),
];

function codePoint(r: Rng): string {
  const roll = r.int(10);
  if (roll < 4) return String.fromCodePoint(0x20 + r.int(0x5f)); // ASCII
  if (roll < 7) return String.fromCodePoint(0xa0 + r.int(0xd7ff - 0xa0)); // the rest of the BMP before surrogates
  if (roll < 8) return String.fromCharCode(0xd800 + r.int(0x800)); // a lone surrogate
  if (roll < 9) return String.fromCodePoint(0xe000 + r.int(0x2000)); // private use and friends
  return String.fromCodePoint(0x10000 + r.int(0x10ffff - 0x10000)); // astral
}

/** One hostile string, mostly short, sometimes thousands of characters. */
export function hostileString(r: Rng): string {
  const parts: string[] = [];
  const count = r.int(8) === 0 ? 50 + r.int(400) : 1 + r.int(6);
  for (let i = 0; i < count; i++) {
    switch (r.int(10)) {
      case 0:
        parts.push(r.pick(CONTROL));
        break;
      case 1:
        parts.push(r.pick(INVISIBLE));
        break;
      case 2:
        parts.push(r.pick(EMOJI));
        break;
      case 3: {
        const digits = r.pick(DIGITS);
        parts.push(
          Array.from({ length: 1 + r.int(20) }, () => [...digits][r.int(10)]).join(
            r.int(3) ? '' : r.pick(SEPARATORS),
          ),
        );
        break;
      }
      case 4:
        parts.push(r.pick(SCRIPTS));
        break;
      case 5:
        parts.push(r.pick(MARKUP));
        break;
      case 6:
        parts.push(r.pick(CARDISH));
        break;
      case 7:
        parts.push(r.pick(SEPARATORS));
        break;
      default:
        parts.push(Array.from({ length: 1 + r.int(12) }, () => codePoint(r)).join(''));
    }
  }
  return parts.join('');
}

/** A paste of about `bytes` characters of mixed hostile text. */
export function hugePaste(r: Rng, bytes = 1 << 20): string {
  const chunks: string[] = [];
  let length = 0;
  while (length < bytes) {
    const chunk = hostileString(r);
    chunks.push(chunk);
    length += chunk.length;
  }
  return chunks.join('').slice(0, bytes);
}

export { rng };

declare module 'vitest' {
  export interface ProvidedContext {
    /** HOSTILE_SEED from the environment, given to the browser tests (see vite.config.ts). */
    hostileSeed: string;
  }
}
