// Small statistics, timing and table helpers shared by the benchmark sections.

/** Milliseconds from a monotonic clock; Date.now() would jump with NTP and has 1 ms resolution. */
export const nowMs = (): number => performance.now();

/** The q-quantile (0..1) of a sample, by linear interpolation between the nearest ranks. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

/**
 * Spread of repeated measurements as ±% of their median: half the interquartile range. A median
 * alone hides whether a number can be trusted; a large spread says the machine was busy. The
 * quartiles rather than min and max, so one GC pause in nine rounds does not make a stable number
 * look unstable.
 */
export function spreadPct(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const mid = median(values);
  return mid === 0 ? 0 : ((quantile(values, 0.75) - quantile(values, 0.25)) / 2 / mid) * 100;
}

export interface Latency {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function latency(values: readonly number[]): Latency {
  return {
    n: values.length,
    p50: quantile(values, 0.5),
    p95: quantile(values, 0.95),
    p99: quantile(values, 0.99),
    max: values.length ? Math.max(...values) : Number.NaN,
  };
}

// ------------------------------------------------------------------ number formatting

export const kB = (bytes: number): string => `${(bytes / 1000).toFixed(2)} kB`;
export const ms = (value: number, digits = 2): string => `${value.toFixed(digits)} ms`;
export const pct = (value: number): string => `±${value.toFixed(1)}%`;

/** 1234567 → "1,234,567": ops/s spans six orders of magnitude, so group the digits. */
export const int = (value: number): string => Math.round(value).toLocaleString('en-US');

export function ns(value: number): string {
  return value >= 100 ? int(value) : value.toFixed(1);
}

// ------------------------------------------------------------------ tables

export type Cell = string | number;

/**
 * A plain-text table: text columns left-aligned, columns whose cells all look numeric right-aligned,
 * so digits line up when the output is read in a terminal or pasted into a pull request.
 */
export function table(title: string, headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const text = rows.map((row) => row.map((cell) => String(cell)));
  const numeric = headers.map((_, col) =>
    text.every((row) => /^[-+±]?[\d,.]+\s*(%|ms|kB|B|ns|MB|x)?$/.test(row[col] ?? '')),
  );
  const widths = headers.map((h, col) => Math.max(h.length, ...text.map((row) => (row[col] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, col) => (numeric[col] ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!)))
      .join('  ')
      .trimEnd();
  return [`\n${title}`, line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...text.map(line)].join(
    '\n',
  );
}
