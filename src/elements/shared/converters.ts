import type { ComplexAttributeConverter } from 'lit';

/** A list attribute, space- or comma-separated (`visa mastercard`), as a `string[]` property. */
export const listConverter: ComplexAttributeConverter<string[]> = {
  fromAttribute: (value: string | null): string[] => (value ?? '').split(/[\s,]+/).filter(Boolean),
  toAttribute: (value: readonly string[]): string => value.join(' '),
};
