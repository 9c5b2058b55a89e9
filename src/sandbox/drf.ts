/**
 * Request parsing as the real gateway does it. The gateway is a Django REST Framework service, so a
 * body passes through DRF serializers before any rule of the spec is checked: keys a serializer does
 * not declare are ignored (never a 400), and scalar values are coerced the way DRF's fields coerce
 * them (an integer for a string field is stored as its text, "1" for a number field is a number,
 * "yes" is true). Where DRF itself refuses a value, the refusal carries DRF's own message and code
 * (rest_framework/fields.py), under the field's dotted path.
 *
 * The serializers are not declared here: they are read off the protocol's zod schemas, the single
 * source of truth for field names and types. A zod string is a CharField, a number an IntegerField
 * (`.int()`) or a DecimalField, a boolean a BooleanField, an enum or literal a ChoiceField, an object
 * a nested serializer, an array a ListField; `.optional()` means `required=False` (and, for strings,
 * `allow_blank=True`), `.nullable()` / `.nullish()` `allow_null=True`. A string annotated
 * `.meta({ wire: 'date' })` is a DateField. Unions (a tax given as an id or an object) pass unchanged.
 *
 * After this layer the spec's rules run on the parsed value, exactly as before (limits,
 * compatibility, scenarios): lenient about form, exact about meaning.
 */
import { z } from 'zod';
import { type FieldIssue, validate } from '../protocol/index.ts';
import { type ApiResult, invalid } from './results.ts';

/** What parsing a body gives: the value as DRF would hand it on, the keys it ignored, its refusals. */
export type DrfParsed =
  | { ok: true; value: unknown; ignored: string[] }
  | { ok: false; issues: FieldIssue[]; ignored: string[] };

// DRF's messages, word for word (rest_framework/fields.py and serializers.py).
const MESSAGES = {
  required: 'This field is required.',
  null: 'This field may not be null.',
  blank: 'This field may not be blank.',
  string: 'Not a valid string.',
  email: 'Enter a valid email address.',
  url: 'Enter a valid URL.',
  integer: 'A valid integer is required.',
  number: 'A valid number is required.',
  maxStringLength: 'String value too large.',
  maxDecimalPlaces: (places: number) => `Ensure that there are no more than ${places} decimal places.`,
  boolean: 'Must be a valid boolean.',
  choice: (input: string) => `"${input}" is not a valid choice.`,
  date: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  notAList: (type: string) => `Expected a list of items but got type "${type}".`,
  notADict: (type: string) => `Invalid data. Expected a dictionary, but got ${type}.`,
} as const;

/** DRF guards number fields against huge strings before parsing them. */
const MAX_STRING_LENGTH = 1000;

// BooleanField's sets, compared after lower-casing a string (DRF 3.15+).
const TRUE_VALUES = new Set<unknown>(['t', 'y', 'yes', 'true', 'on', '1', 1, true]);
const FALSE_VALUES = new Set<unknown>(['f', 'n', 'no', 'false', 'off', '0', 0, false]);
const NULL_VALUES = new Set<unknown>(['null', '', null]);

/** A Python type name for a JSON value, as DRF's messages print it. */
function pythonType(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  return 'dict';
}

/** How Python's str() prints a JSON scalar (True, None), for messages and coercion. */
function pythonStr(value: unknown): string {
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null) return 'None';
  return String(value);
}

/**
 * Python's int() and Decimal() take a decimal digit of any script (full-width, Arabic-Indic…).
 * Unicode assigns them in runs of ten, 0 to 9, so the distance to the start of the run gives the value.
 */
const NON_ASCII_DIGIT = /(?![0-9])\p{Nd}/gu;
const isDigit = (cp: number) => cp > 0 && /\p{Nd}/u.test(String.fromCodePoint(cp));
function asciiDigits(text: string): string {
  return text.replace(NON_ASCII_DIGIT, (char) => {
    const cp = char.codePointAt(0)!;
    let offset = 0;
    while (isDigit(cp - offset - 1)) offset++;
    return String(offset % 10);
  });
}

const DIGITS = String.raw`\d+(?:_\d+)*`;
/** Python's Decimal() syntax (underscores between digits allowed), infinities and NaN excluded. */
const DECIMAL = new RegExp(
  String.raw`^[+-]?(?:${DIGITS}(?:\.(?:${DIGITS})?)?|\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`,
);
/** Python's int() after IntegerField strips a trailing ".0". */
const INTEGER = new RegExp(`^[+-]?${DIGITS}$`);

type Field =
  | { kind: 'char'; format: 'email' | 'url' | 'date' | null }
  | { kind: 'integer' }
  | { kind: 'decimal'; places: number | null }
  | { kind: 'boolean' }
  | { kind: 'choice'; values: readonly (string | number | boolean | null)[] }
  | { kind: 'object'; shape: Record<string, z.ZodType> }
  | { kind: 'list'; child: z.ZodType }
  | { kind: 'raw' };

/** How a zod schema reads as a DRF field, with its `required`, `allow_null` and `allow_blank`. */
interface FieldSpec {
  field: Field;
  required: boolean;
  allowNull: boolean;
}

/** The protocol's wire annotations a zod schema may carry (`.meta({ wire: 'date' })`). */
interface WireMeta {
  wire?: 'date' | 'decimal';
  decimalPlaces?: number;
}

function wireMeta(schema: z.ZodType): WireMeta {
  return (z.globalRegistry.get(schema) ?? {}) as WireMeta;
}

const specs = new WeakMap<z.ZodType, FieldSpec>();

function specOf(schema: z.ZodType): FieldSpec {
  const known = specs.get(schema);
  if (known) return known;
  let required = true;
  let allowNull = false;
  let inner: z.ZodType = schema;
  let meta = wireMeta(inner);
  for (;;) {
    const def = inner.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') required = false;
    else if (def.type === 'nullable') allowNull = true;
    else if (def.type === 'pipe' && def.in) {
      inner = def.in;
      meta = { ...wireMeta(inner), ...meta };
      continue;
    } else break;
    inner = def.innerType!;
    meta = { ...wireMeta(inner), ...meta };
  }
  const spec: FieldSpec = { field: fieldOf(inner, meta), required, allowNull };
  specs.set(schema, spec);
  return spec;
}

function fieldOf(schema: z.ZodType, meta: WireMeta): Field {
  const def = schema.def as {
    type: string;
    shape?: Record<string, z.ZodType>;
    element?: z.ZodType;
    entries?: Record<string, string | number>;
    values?: (string | number | boolean | null)[];
  };
  switch (def.type) {
    case 'string': {
      const format = (schema as { format?: string | null }).format ?? null;
      if (meta.wire === 'date') return { kind: 'char', format: 'date' };
      return { kind: 'char', format: format === 'email' || format === 'url' ? format : null };
    }
    case 'number': {
      const format = (schema as { format?: string | null }).format ?? '';
      if (/int/.test(format)) return { kind: 'integer' };
      return { kind: 'decimal', places: meta.decimalPlaces ?? null };
    }
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'choice', values: Object.values(def.entries ?? {}) };
    case 'literal':
      return { kind: 'choice', values: def.values ?? [] };
    case 'object':
      return { kind: 'object', shape: def.shape ?? {} };
    case 'array':
      return { kind: 'list', child: def.element! };
    default:
      return { kind: 'raw' };
  }
}

class Walk {
  readonly issues: FieldIssue[] = [];
  readonly ignored: string[] = [];

  fail(path: string, message: string, code: string): typeof REFUSED {
    this.issues.push({ path, message, code });
    return REFUSED;
  }
}

/** The marker of a value DRF refused (its issue is recorded); never a JSON value. */
const REFUSED = Symbol('refused');
/** The marker of an optional string sent blank: DRF keeps '' and runs no validator on it. */
const BLANK = Symbol('blank');

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** One field's value, as DRF's `run_validation` sees it (the key is present). */
function parseValue(walk: Walk, spec: FieldSpec, value: unknown, path: string): unknown {
  if (value === null) {
    if (spec.allowNull) return null;
    // DRF's BooleanField maps its NULL_VALUES only when nulls are allowed; otherwise null is null.
    return walk.fail(path, MESSAGES.null, 'null');
  }
  const { field } = spec;
  switch (field.kind) {
    case 'char':
      return parseChar(walk, field.format, !spec.required, value, path);
    case 'integer':
      return parseInteger(walk, value, path);
    case 'decimal':
      return parseDecimal(walk, field.places, value, path);
    case 'boolean':
      return parseBoolean(walk, spec.allowNull, value, path);
    case 'choice': {
      // ChoiceField looks str(data) up among the choices' texts: 1 matches "1", a list matches nothing.
      const text = typeof value === 'object' ? JSON.stringify(value) : pythonStr(value);
      const match = typeof value === 'object' ? undefined : field.values.find((v) => pythonStr(v) === text);
      if (match === undefined) return walk.fail(path, MESSAGES.choice(text), 'invalid_choice');
      return match;
    }
    case 'object':
      return parseObject(walk, field.shape, value, path);
    case 'list': {
      if (!Array.isArray(value)) return walk.fail(path, MESSAGES.notAList(pythonType(value)), 'not_a_list');
      const child = specOf(field.child);
      return value.map((item, i) => parseValue(walk, child, item, join(path, i)));
    }
    default:
      return value;
  }
}

function parseChar(
  walk: Walk,
  format: 'email' | 'url' | 'date' | null,
  allowBlank: boolean,
  value: unknown,
  path: string,
): unknown {
  // CharField takes numbers and stores their text; booleans and composites are refused.
  if (typeof value !== 'string' && typeof value !== 'number') {
    if (format === 'date') return walk.fail(path, MESSAGES.date, 'invalid');
    return walk.fail(path, MESSAGES.string, 'invalid');
  }
  if (format === 'date') return parseDate(walk, value, path);
  const text = String(value).trim();
  if (text === '') return allowBlank ? BLANK : walk.fail(path, MESSAGES.blank, 'blank');
  if (format === 'email' && !z.email().safeParse(text).success)
    return walk.fail(path, MESSAGES.email, 'invalid');
  if (format === 'url' && !djangoUrl(text)) return walk.fail(path, MESSAGES.url, 'invalid');
  return text;
}

/** Django's URLValidator accepts these schemes and needs a host. */
function djangoUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return ['http:', 'https:', 'ftp:', 'ftps:'].includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/** DateField: ISO 8601 dates, YYYY-MM-DD (Django's parse_date also reads one-digit months and days). */
function parseDate(walk: Walk, value: unknown, path: string): unknown {
  const text = typeof value === 'string' ? value : '';
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!match) return walk.fail(path, MESSAGES.date, 'invalid');
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 1) {
    return walk.fail(path, MESSAGES.date, 'invalid');
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function parseInteger(walk: Walk, value: unknown, path: string): unknown {
  if (typeof value === 'string' && value.length > MAX_STRING_LENGTH) {
    return walk.fail(path, MESSAGES.maxStringLength, 'max_string_length');
  }
  if (typeof value !== 'string' && typeof value !== 'number')
    return walk.fail(path, MESSAGES.integer, 'invalid');
  // int(re.sub(r'\.0*\s*$', '', str(data))): "1.0" and 1.0 are 1; "1.5" and 1.5 are refused.
  const text = asciiDigits(pythonStr(value).replace(/\.0*\s*$/, '')).trim();
  if (!INTEGER.test(text)) return walk.fail(path, MESSAGES.integer, 'invalid');
  const parsed = Number(text.replace(/_/g, ''));
  if (!Number.isSafeInteger(parsed)) return walk.fail(path, MESSAGES.integer, 'invalid');
  return parsed;
}

function parseDecimal(walk: Walk, places: number | null, value: unknown, path: string): unknown {
  // Decimal(smart_str(data).strip()): "True" is no number, so booleans are refused.
  if (typeof value !== 'string' && typeof value !== 'number')
    return walk.fail(path, MESSAGES.number, 'invalid');
  const text = asciiDigits(pythonStr(value)).trim();
  if (text.length > MAX_STRING_LENGTH) return walk.fail(path, MESSAGES.maxStringLength, 'max_string_length');
  if (!DECIMAL.test(text)) return walk.fail(path, MESSAGES.number, 'invalid');
  const plain = text.replace(/_/g, '');
  const parsed = Number(plain);
  if (!Number.isFinite(parsed)) return walk.fail(path, MESSAGES.number, 'invalid');
  if (places !== null && decimalPlaces(plain) > places) {
    return walk.fail(path, MESSAGES.maxDecimalPlaces(places), 'max_decimal_places');
  }
  return parsed;
}

/** How many digits a decimal text has after the point, as Decimal.as_tuple() counts them. */
function decimalPlaces(text: string): number {
  const [mantissa = '', exponent = '0'] = text.toLowerCase().split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}

function parseBoolean(walk: Walk, allowNull: boolean, value: unknown, path: string): unknown {
  const key = typeof value === 'string' ? value.toLowerCase() : value;
  if (TRUE_VALUES.has(key)) return true;
  if (FALSE_VALUES.has(key)) return false;
  if (allowNull && NULL_VALUES.has(key)) return null;
  return walk.fail(path, MESSAGES.boolean, 'invalid');
}

function parseObject(walk: Walk, shape: Record<string, z.ZodType>, value: unknown, path: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return walk.fail(path, MESSAGES.notADict(pythonType(value)), 'invalid');
  }
  const input = value as Record<string, unknown>;
  // A Map, then data properties: a key named __proto__ must stay a key, never a prototype.
  const out = new Map<string, unknown>();
  for (const key of Object.keys(input)) {
    if (!Object.hasOwn(shape, key)) walk.ignored.push(join(path, key));
  }
  for (const [key, schema] of Object.entries(shape)) {
    const spec = specOf(schema);
    const fieldPath = join(path, key);
    if (!Object.hasOwn(input, key) || input[key] === undefined) {
      if (spec.required) walk.fail(fieldPath, MESSAGES.required, 'required');
      continue;
    }
    const parsed = parseValue(walk, spec, input[key], fieldPath);
    // A blank optional string is kept by DRF as '' with no validator run: the rules never see it.
    if (parsed !== REFUSED && parsed !== BLANK) out.set(key, parsed);
  }
  return Object.fromEntries(out);
}

/**
 * Parses a request body with the serializer read off `schema` (an object schema). The body must be
 * a JSON object (DRF: "Invalid data. Expected a dictionary…", under `__all__`).
 */
export function parseLikeDrf(schema: z.ZodType, input: unknown): DrfParsed {
  const walk = new Walk();
  // An empty body is DRF's empty request.data; a JSON null is "No data provided".
  if (input === null)
    return { ok: false, issues: [{ path: '', message: 'No data provided', code: 'null' }], ignored: [] };
  const spec = specOf(schema);
  const body = input === undefined ? {} : input;
  const value = spec.field.kind === 'object' ? parseObject(walk, spec.field.shape, body, '') : body;
  if (walk.issues.length) return { ok: false, issues: walk.issues, ignored: walk.ignored };
  return { ok: true, value, ignored: walk.ignored };
}

export type RequestParsed<T> =
  | { ok: true; value: T; ignored: string[] }
  | { ok: false; result: ApiResult; ignored: string[] };

/**
 * A request as the gateway takes it: DRF's parsing first (its refusals answer alone, as DRF runs a
 * serializer's `validate()` only once every field parsed), then the spec's rules on what it gave.
 * `serializer` names the declared fields when the rules are a refinement of them.
 */
export function parseRequest<S extends z.ZodType>(
  rules: S,
  input: unknown,
  serializer: z.ZodType = rules,
): RequestParsed<z.output<S>> {
  const parsed = parseLikeDrf(serializer, input);
  const { ignored } = parsed;
  if (!parsed.ok) return { ok: false, result: { ...invalid(parsed.issues), ignored }, ignored };
  const checked = validate(rules, parsed.value);
  if (!checked.ok) return { ok: false, result: { ...invalid(checked.issues), ignored }, ignored };
  return { ok: true, value: checked.value, ignored };
}
