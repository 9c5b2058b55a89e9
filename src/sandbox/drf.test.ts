// The DRF parsing layer on its own: coercions and refusals field by field, as rest_framework/fields.py.

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { amount, isoDate } from '../protocol/index.ts';
import { parseLikeDrf } from './drf.ts';

const schema = z.looseObject({
  name: z.string(),
  note: z.string().optional(),
  count: z.number().int().optional(),
  price: amount().optional(),
  ratio: z.number().optional(),
  flag: z.boolean().optional(),
  maybe: z.boolean().nullish(),
  kind: z.enum(['a', '1']).optional(),
  day: isoDate.optional(),
  tags: z.array(z.string()).optional(),
  nested: z.looseObject({ x: z.number() }).optional(),
  either: z.union([z.string(), z.looseObject({})]).optional(),
});

const parse = (body: Record<string, unknown>) => parseLikeDrf(schema, { name: 'n', ...body });
const value = (body: Record<string, unknown>) => {
  const parsed = parse(body);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value as Record<string, unknown>;
};
const refusal = (body: Record<string, unknown>) => {
  const parsed = parse(body);
  if (parsed.ok) throw new Error(`accepted ${JSON.stringify(body)}`);
  return parsed.issues.map(({ path, message, code }) => `${path}: ${message} (${code})`);
};

describe('CharField', () => {
  it('stores numbers as their text, trims, and refuses booleans and composites', () => {
    expect(value({ name: 123 }).name).toBe('123');
    expect(value({ name: 1.5 }).name).toBe('1.5');
    expect(value({ name: '  Ada  ' }).name).toBe('Ada');
    expect(refusal({ name: true })).toEqual(['name: Not a valid string. (invalid)']);
    expect(refusal({ name: ['a'] })).toEqual(['name: Not a valid string. (invalid)']);
    expect(refusal({ name: ' ' })).toEqual(['name: This field may not be blank. (blank)']);
  });

  it('keeps an optional blank out of the rules, as DRF runs no validator on it', () => {
    expect(value({ note: '' })).not.toHaveProperty('note');
  });
});

describe('IntegerField and DecimalField', () => {
  it('takes numeric strings, "1.0" as an integer, digits of any script', () => {
    expect(value({ count: '12' }).count).toBe(12);
    expect(value({ count: '1.0' }).count).toBe(1);
    expect(value({ count: 3.0 }).count).toBe(3);
    expect(value({ count: '１２' }).count).toBe(12);
    expect(value({ count: ' 7 ' }).count).toBe(7);
    expect(value({ price: '4.50' }).price).toBe(4.5);
    expect(value({ price: '1e1' }).price).toBe(10);
    expect(value({ ratio: '.5' }).ratio).toBe(0.5);
    expect(value({ ratio: '1_000.5' }).ratio).toBe(1000.5);
  });

  it('refuses fractions for integers, booleans, NaN and infinities, with DRF words', () => {
    expect(refusal({ count: '1.5' })).toEqual(['count: A valid integer is required. (invalid)']);
    expect(refusal({ count: 1.5 })).toEqual(['count: A valid integer is required. (invalid)']);
    expect(refusal({ count: true })).toEqual(['count: A valid integer is required. (invalid)']);
    for (const bad of ['abc', 'NaN', 'Infinity', '-inf', '', true, {}]) {
      expect(refusal({ ratio: bad }), String(bad)).toEqual(['ratio: A valid number is required. (invalid)']);
    }
    expect(refusal({ ratio: '1'.repeat(1001) })).toEqual([
      'ratio: String value too large. (max_string_length)',
    ]);
    expect(refusal({ price: '0.125' })).toEqual([
      'price: Ensure that there are no more than 2 decimal places. (max_decimal_places)',
    ]);
  });
});

describe('BooleanField', () => {
  it("takes DRF's word lists, case-insensitively, and null words only where null is allowed", () => {
    for (const t of [true, 1, '1', 'true', 'TRUE', 'yes', 'Y', 'on', 't'])
      expect(value({ flag: t }).flag).toBe(true);
    for (const f of [false, 0, '0', 'false', 'No', 'n', 'off', 'f'])
      expect(value({ flag: f }).flag).toBe(false);
    expect(value({ maybe: 'null' }).maybe).toBeNull();
    expect(value({ maybe: '' }).maybe).toBeNull();
    for (const bad of ['null', '', 2, 'si', []]) {
      expect(refusal({ flag: bad }), String(bad)).toEqual(['flag: Must be a valid boolean. (invalid)']);
    }
    expect(refusal({ flag: null })).toEqual(['flag: This field may not be null. (null)']);
  });
});

describe('ChoiceField, DateField, lists and nested serializers', () => {
  it('matches choices by their text', () => {
    expect(value({ kind: 1 }).kind).toBe('1');
    expect(refusal({ kind: 'b' })).toEqual(['kind: "b" is not a valid choice. (invalid_choice)']);
    expect(refusal({ kind: { toString: 'x' } })).toEqual([
      'kind: "{"toString":"x"}" is not a valid choice. (invalid_choice)',
    ]);
  });

  it('reads ISO dates and refuses datetimes and other shapes', () => {
    expect(value({ day: '2024-2-9' }).day).toBe('2024-02-09');
    expect(value({ day: '20240209' }).day).toBe('2024-02-09');
    for (const bad of ['2024-02-30', '2024-02-09T00:00:00', '09.02.2024', 20240209]) {
      expect(refusal({ day: bad }), String(bad)).toEqual([
        'day: Date has wrong format. Use one of these formats instead: YYYY-MM-DD. (invalid)',
      ]);
    }
  });

  it('parses lists item by item and nested objects key by key, ignoring undeclared keys', () => {
    const parsed = parseLikeDrf(schema, { name: 'n', tags: [1, 'b'], nested: { x: '2', y: 1 }, extra: true });
    expect(parsed).toEqual({
      ok: true,
      value: { name: 'n', tags: ['1', 'b'], nested: { x: 2 } },
      ignored: ['extra', 'nested.y'],
    });
    expect(refusal({ tags: 'a' })).toEqual([
      'tags: Expected a list of items but got type "str". (not_a_list)',
    ]);
    expect(refusal({ tags: [true] })).toEqual(['tags.0: Not a valid string. (invalid)']);
    expect(refusal({ nested: [] })).toEqual([
      'nested: Invalid data. Expected a dictionary, but got list. (invalid)',
    ]);
    expect(refusal({ nested: {} })).toEqual(['nested.x: This field is required. (required)']);
  });

  it('passes a union through untouched, and keeps __proto__ a plain key', () => {
    expect(value({ either: { id: 'tax_1' } }).either).toEqual({ id: 'tax_1' });
    const parsed = parseLikeDrf(schema, JSON.parse('{"name":"n","__proto__":{"polluted":true}}'));
    expect(parsed.ok && parsed.ignored).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a body that is no object, and a null body as DRF does', () => {
    expect(parseLikeDrf(schema, [])).toMatchObject({
      ok: false,
      issues: [{ path: '', message: 'Invalid data. Expected a dictionary, but got list.', code: 'invalid' }],
    });
    expect(parseLikeDrf(schema, null)).toMatchObject({
      ok: false,
      issues: [{ message: 'No data provided' }],
    });
    expect(parseLikeDrf(schema, undefined)).toMatchObject({
      ok: false,
      issues: [{ path: 'name', code: 'required' }],
    });
  });
});
