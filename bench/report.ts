// The run's figures in one flat list (what a later run compares against), the goals met or missed,
// and the change per figure against an earlier run's JSON (`npm run bench -- --compare <file>`).
import { readFileSync } from 'node:fs';
import { table } from './stats.ts';

export type Unit = 'B' | 'ms' | 'x' | '/s' | 'count' | 'score';

export interface Figure {
  /** Stable key across runs, e.g. "size.iife.gzip". */
  id: string;
  label: string;
  value: number;
  unit: Unit;
  better: 'lower' | 'higher';
}

export interface Goal {
  label: string;
  figure: string;
  value: number;
  limit: number;
  unit: Unit;
  /** "<" or "≤": the value must stay under (or at) the limit. */
  comparison: '<' | '≤';
  met: boolean;
}

export class Figures {
  readonly list: Figure[] = [];

  add(id: string, label: string, value: number, unit: Unit, better: Figure['better'] = 'lower'): void {
    if (this.list.some((f) => f.id === id)) throw new Error(`figure ${id} reported twice`);
    this.list.push({ id, label, value, unit, better });
  }

  goal(figure: string, label: string, comparison: Goal['comparison'], limit: number): Goal {
    const f = this.list.find((x) => x.id === figure);
    if (!f) throw new Error(`goal on unknown figure ${figure}`);
    const met = comparison === '<' ? f.value < limit : f.value <= limit;
    return { label, figure, value: f.value, limit, unit: f.unit, comparison, met };
  }
}

export function formatValue(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return String(value);
  switch (unit) {
    case 'B':
      return Math.abs(value) >= 1e6 ? `${(value / 1e6).toFixed(3)} MB` : `${(value / 1000).toFixed(2)} kB`;
    case 'ms':
      return `${value.toFixed(Math.abs(value) < 10 ? 3 : 1)} ms`;
    case 'x':
      return `${value.toFixed(2)}x`;
    case '/s':
      return `${Math.round(value).toLocaleString('en-US')}/s`;
    case 'count':
      return String(Math.round(value));
    case 'score':
      return value.toFixed(4);
  }
}

export function printGoals(goals: readonly Goal[]): void {
  console.log(
    table(
      'Goals',
      ['goal', 'measured', 'limit', 'result'],
      goals.map((g) => [
        g.label,
        formatValue(g.value, g.unit),
        `${g.comparison} ${formatValue(g.limit, g.unit)}`,
        g.met ? 'met' : 'MISSED',
      ]),
    ),
  );
  const missed = goals.filter((g) => !g.met).length;
  console.log(missed ? `  ${missed} of ${goals.length} goals missed.` : `  All ${goals.length} goals met.`);
}

interface SavedRun {
  date?: string;
  machine?: { loadavg?: number[] };
  figures?: Figure[];
}

/** Reads an earlier run's JSON; fails with the reason when it is not one. */
export function readRun(file: string): { date: string; load: string; figures: Figure[] } {
  let saved: SavedRun;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as SavedRun;
  } catch (error) {
    throw new Error(`--compare ${file}: cannot read it as JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(saved.figures)) {
    throw new Error(`--compare ${file}: no "figures" list in it; it was not written by this bench`);
  }
  return {
    date: saved.date ?? 'unknown date',
    load: saved.machine?.loadavg?.[0]?.toFixed(2) ?? '?',
    figures: saved.figures,
  };
}

/**
 * Change per figure, in the figure's own unit and in %, with a word on whether it moved the better
 * way. Within ±3% is "same": smaller moves are noise on any machine, and on a busy one so are larger.
 */
export function printComparison(
  previous: ReturnType<typeof readRun>,
  file: string,
  figures: readonly Figure[],
): void {
  const before = new Map(previous.figures.map((f) => [f.id, f]));
  const rows = figures.map((f) => {
    const old = before.get(f.id);
    if (!old || old.unit !== f.unit) return [f.label, '', formatValue(f.value, f.unit), '', '', 'new'];
    const delta = f.value - old.value;
    const pct =
      old.value === 0 ? (delta === 0 ? 0 : Number.POSITIVE_INFINITY) : (delta / Math.abs(old.value)) * 100;
    const verdict = Math.abs(pct) <= 3 ? 'same' : delta < 0 === (f.better === 'lower') ? 'better' : 'worse';
    const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
    return [
      f.label,
      formatValue(old.value, f.unit),
      formatValue(f.value, f.unit),
      `${sign}${formatValue(Math.abs(delta), f.unit)}`,
      Number.isFinite(pct) ? `${pct > 0 ? '+' : ''}${pct.toFixed(1)}%` : 'n/a',
      verdict,
    ];
  });
  const gone = previous.figures.filter((f) => !figures.some((x) => x.id === f.id)).map((f) => f.label);
  console.log(
    table(
      `Compared with ${file} (${previous.date}, load average ${previous.load} then)`,
      ['figure', 'before', 'now', 'change', '%', ''],
      rows,
    ),
  );
  if (gone.length) console.log(`  no longer measured: ${gone.join(', ')}`);
  const count = (word: string) => rows.filter((r) => r[5] === word).length;
  console.log(`  ${count('better')} better, ${count('worse')} worse, ${count('same')} within ±3%.`);
}
