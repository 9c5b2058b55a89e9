import { BRAND_PREFIX_DIGITS } from '../card/brand.ts';
import { CARD_NUMBER_IN_TEXT, cardLengthsFor, mayBeCardNumber } from '../card/number.ts';
import { FORBIDDEN_SESSION_KEYS } from '../protocol/index.ts';

/** "card_number", "cardNumber", "card-number" all normalise to "cardnumber". */
const normaliseKey = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');
const FORBIDDEN = new Set(FORBIDDEN_SESSION_KEYS.map(normaliseKey));

/** How deep a body may nest before it is refused: a session request is three levels deep. */
export const MAX_CARD_SCAN_DEPTH = 32;

export class CardDataDepthError extends Error {
  override readonly name = 'CardDataDepthError';
  constructor(readonly maxDepth: number) {
    super(`the body is nested more than ${maxDepth} levels deep`);
  }
}

const isDecimalDigit = (cp: number) => cp >= 0 && /\p{Nd}/u.test(String.fromCodePoint(cp));
const digitValues = new Map<string, string>();

/**
 * The value of any Unicode decimal digit. Unicode assigns them only in runs of ten, 0 to 9, so the
 * distance to the start of the run (adjacent runs included) gives the value.
 */
function asciiDigit(char: string): string {
  const known = digitValues.get(char);
  if (known) return known;
  const cp = char.codePointAt(0)!;
  let offset = 0;
  while (isDecimalDigit(cp - offset - 1)) offset++;
  const value = String(offset % 10);
  if (digitValues.size < 4096) digitValues.set(char, value);
  return value;
}

// Format characters (zero-width spaces and joiners, bidi marks, soft hyphens) and combining marks
// are invisible: typed between digits they must not hide a number.
const INVISIBLE = /[\p{Cf}\p{M}]/gu;
const ANY_NUMERIC = /\p{N}/u;
const PLAIN_ASCII = /^[\x20-\x7e]*$/;
const NON_ASCII_DIGIT = /(?![0-9])\p{Nd}/gu;

/** Full-width, Arabic-Indic, Devanagari… digits to ASCII; invisible characters dropped. */
export function normaliseDigits(text: string): string {
  // Only numeric characters (any script, circled, superscript) can become digits: most text has none.
  if (!ANY_NUMERIC.test(text)) return '';
  if (PLAIN_ASCII.test(text)) return text;
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(NON_ASCII_DIGIT, asciiDigit);
}

/**
 * Digits, grouped by short runs of anything that is neither a letter nor a digit (spaces of any
 * width, dots, slashes, dashes, brackets) as people type card numbers. A `+` starts a group of its
 * own: it begins a phone number.
 */
const ALNUM = /[\p{L}\d]/u;
const DIGIT_GROUP = /\d+(?:[^\p{L}\d+]{1,5}\d+)*/gu;

/**
 * Any window of the digits that `mayBeCardNumber` (src/card) would take for a card number. Every
 * window is checked, so extra digits typed before or after a number do not hide it: each start's
 * brand gives the lengths to try (`cardLengthsFor`), and the Luhn sum runs on the digit values in
 * place, so a long run costs a few microseconds per digit.
 */
function hasPanWindow(digits: string): boolean {
  const n = digits.length;
  if (n < CARD_NUMBER_IN_TEXT.min) return false;
  const values = new Uint8Array(n);
  for (let i = 0; i < n; i++) values[i] = digits.charCodeAt(i) - 48;
  for (let start = 0; start + CARD_NUMBER_IN_TEXT.min <= n; start++) {
    if (values[start] === 0) continue;
    for (const length of cardLengthsFor(digits.slice(start, start + BRAND_PREFIX_DIGITS))) {
      if (start + length > n) break;
      let sum = 0;
      for (let i = start + length - 1, double = false; i >= start; i--, double = !double) {
        let d = values[i]!;
        if (double) {
          d *= 2;
          if (d > 9) d -= 9;
        }
        sum += d;
      }
      if (sum % 10 === 0) return true;
    }
  }
  return false;
}

interface Group {
  digits: string;
  /** The group touches the start or the end of its text (after separators): it may continue elsewhere. */
  atStart: boolean;
  atEnd: boolean;
  /** A phone number in international form: up to 15 digits after a plus. */
  phone: boolean;
}

function groupsOf(normalised: string): Group[] {
  const groups: Group[] = [];
  if (!/\d/.test(normalised)) return groups;
  const first = normalised.search(/[\p{L}\d]/u);
  let last = normalised.length - 1;
  while (last >= 0 && !ALNUM.test(normalised[last]!)) last--;
  for (const match of normalised.matchAll(DIGIT_GROUP)) {
    const digits = match[0].replace(/\D/g, '');
    const end = match.index + match[0].length - 1;
    groups.push({
      digits,
      atStart: match.index === first,
      atEnd: end === last,
      phone:
        /\+\s*$/.test(normalised.slice(Math.max(0, match.index - 8), match.index)) && digits.length <= 15,
    });
  }
  return groups;
}

const textHasPan = (normalised: string): boolean =>
  groupsOf(normalised).some((group) => !group.phone && hasPanWindow(group.digits));

/** True when raw text holds a card number, e.g. a body that is not even JSON. */
export const textHasCardNumber = (text: string): boolean => textHasPan(normaliseDigits(text));

interface Leaf {
  path: string;
  /** Digits at the start and the end of the text, where a number split across fields would be. */
  head: string;
  tail: string;
  /** Nothing but one group of digits: it may be the middle piece of a number split three ways. */
  whole: boolean;
  /** Any digit at all: a field without one is transparent to a number split across fields. */
  digits: boolean;
}

/** Pairs of fields compared for a split number; a genuine session body has about a dozen fields. */
const MAX_SPLIT_FIELDS = 64;

/**
 * Where a value carries card data: a card field's name at any depth, a Luhn-valid number of a
 * real brand's length (`mayBeCardNumber`) in any key or value (however it is written: any digits, any separators, extra digits
 * around it), or such a number split across two fields. Answers the path only (e.g.
 * "billing_address.address", or "billing_address.address + billing_address.zip_code"), never the
 * value, so that the refusal cannot echo a card number into a log or a page. Walks without
 * recursion and throws CardDataDepthError past `maxDepth` levels.
 */
export function findCardData(value: unknown, maxDepth = MAX_CARD_SCAN_DEPTH): string | undefined {
  const leaves: Leaf[] = [];
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  const name = (path: string[]) => path.join('.') || '(body)';
  while (stack.length) {
    const { value: here, path } = stack.pop()!;
    if (path.length > maxDepth) throw new CardDataDepthError(maxDepth);
    if (typeof here === 'string' || typeof here === 'number' || typeof here === 'bigint') {
      const groups = groupsOf(normaliseDigits(String(here)));
      if (groups.some((group) => !group.phone && hasPanWindow(group.digits))) return name(path);
      const first = groups[0];
      const last = groups.at(-1);
      leaves.push({
        path: name(path),
        head: first?.atStart && !first.phone ? first.digits : '',
        tail: last?.atEnd && !last.phone ? last.digits : '',
        whole: groups.length === 1 && first!.atStart && first!.atEnd && !first!.phone,
        digits: groups.length > 0,
      });
      continue;
    }
    if (!here || typeof here !== 'object') continue;
    const entries: Array<[string, unknown]> = Array.isArray(here)
      ? here.map((child, i) => [String(i), child])
      : Object.entries(here);
    // Pushed in reverse so that fields are visited, and reported, in document order.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (!Array.isArray(here)) {
        if (FORBIDDEN.has(normaliseKey(key))) return [...path, key].join('.');
        if (textHasCardNumber(key)) return [...path, '(key)'].join('.');
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return splitAcross(leaves);
}

/** Shorter pieces are everyday: house numbers, postal codes, flat numbers. */
const MIN_SPLIT_PIECE = 4;

/**
 * A number whose first digits end one field and whose last digits start another, in either order.
 * Stricter than within one field (both pieces at least four digits, together exactly a card number
 * by `mayBeCardNumber`) because a postal code next to a house number is ordinary.
 */
function splitAcross(leaves: Leaf[]): string | undefined {
  const edged = leaves
    .filter((leaf) => leaf.head.length >= MIN_SPLIT_PIECE || leaf.tail.length >= MIN_SPLIT_PIECE)
    .slice(0, MAX_SPLIT_FIELDS);
  for (const a of edged) {
    if (a.tail.length < MIN_SPLIT_PIECE) continue;
    for (const b of edged)
      if (b !== a && b.head.length >= MIN_SPLIT_PIECE && mayBeCardNumber(a.tail + b.head))
        return `${a.path} + ${b.path}`;
  }
  return chainedAcross(leaves);
}

/**
 * The whole request read in document order, digits only: a number cut into any number of pieces,
 * each piece a field of digits alone, or the digits ending one field and starting the next. Fields
 * without a digit sit between the pieces unseen (a letter-only last name between two halves hides
 * nothing); a field whose digits are inside its text (a street between a house number and a flat)
 * breaks the chain, as does a phone number. Only whole pieces join: digits cut out of a piece's
 * middle are no part of a number typed across fields, and reading them would refuse honest
 * addresses.
 */
function chainedAcross(leaves: Leaf[]): string | undefined {
  let chain: Leaf[] = [];
  const pieces: string[] = [];
  // Runs ending at the piece just added: each piece is checked once, so a long chain costs O(n).
  const check = (): string | undefined => {
    const j = pieces.length - 1;
    let digits = pieces[j]!;
    for (let i = j - 1; i >= 0 && digits.length < CARD_NUMBER_IN_TEXT.max; i--) {
      digits = pieces[i]! + digits;
      if (mayBeCardNumber(digits)) return `${chain[i]!.path} … ${chain[j]!.path}`;
    }
    return undefined;
  };
  const restart = (leaf?: Leaf) => {
    chain = leaf?.tail ? [leaf] : [];
    pieces.length = 0;
    if (leaf?.tail) pieces.push(leaf.tail);
  };
  for (const leaf of leaves) {
    if (!leaf.digits) continue;
    if (leaf.whole) {
      chain.push(leaf);
      pieces.push(leaf.head);
      const found = check();
      if (found) return found;
      continue;
    }
    if (leaf.head) {
      chain.push(leaf);
      pieces.push(leaf.head);
      const found = check();
      if (found) return found;
    }
    restart(leaf);
  }
  return undefined;
}
