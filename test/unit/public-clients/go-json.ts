/**
 * What Go's encoding/json says when it decodes an answer into a client's typed structs: a typed
 * client reads every field it declares, so a sandbox answer of the wrong JSON type fails its call
 * even when the client never looks at that field. This mirrors the rules that matter for it: null
 * fits any type, a key the struct does not declare is skipped, keys match case-insensitively, an
 * int takes only a whole number, and a mismatch is reported the way Go reports it.
 */
export type GoType =
  | 'string'
  | 'int'
  | 'float'
  | 'bool'
  | 'any'
  | { readonly struct: string; readonly fields: () => Readonly<Record<string, GoType>> }
  | { readonly slice: GoType };

/** A named struct; `fields` is lazy so a struct can hold itself (Website.brand). */
export const struct = (name: string, fields: () => Readonly<Record<string, GoType>>): GoType => ({
  struct: name,
  fields,
});
export const slice = (of: GoType): GoType => ({ slice: of });

const jsonKind = (value: unknown): string =>
  Array.isArray(value)
    ? 'array'
    : value === null
      ? 'null'
      : typeof value === 'object'
        ? 'object'
        : typeof value;

const goName = (type: GoType): string =>
  typeof type === 'string'
    ? ({ string: 'string', int: 'int', float: 'float64', bool: 'bool', any: 'interface {}' } as const)[type]
    : 'struct' in type
      ? `decta.${type.struct}`
      : `[]${goName(type.slice)}`;

/** Every field of `value` that Go could not put into `type`, as "path: cannot unmarshal X into T". */
export function goDecodeErrors(value: unknown, type: GoType, path = ''): string[] {
  if (value === null || type === 'any') return [];
  const mismatch = () => [`${path || '(top)'}: cannot unmarshal ${jsonKind(value)} into ${goName(type)}`];
  if (type === 'string') return typeof value === 'string' ? [] : mismatch();
  if (type === 'bool') return typeof value === 'boolean' ? [] : mismatch();
  if (type === 'float') return typeof value === 'number' ? [] : mismatch();
  if (type === 'int') return typeof value === 'number' && Number.isInteger(value) ? [] : mismatch();
  if ('slice' in type) {
    if (!Array.isArray(value)) return mismatch();
    return value.flatMap((item, i) => goDecodeErrors(item, type.slice, `${path}[${i}]`));
  }
  if (jsonKind(value) !== 'object') return mismatch();
  const fields = type.fields();
  const byLowerName = new Map(Object.keys(fields).map((k) => [k.toLowerCase(), k]));
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => {
    const field = key in fields ? key : byLowerName.get(key.toLowerCase());
    return field ? goDecodeErrors(item, fields[field]!, path ? `${path}.${field}` : field) : [];
  });
}
