// A minimal micro-benchmark runner for synchronous pure functions.
import { median, nowMs, spreadPct } from './stats.ts';

export interface MicroOptions {
  /** Time spent running the function before measuring, so V8 has optimised it. */
  warmupMs?: number;
  /** Measured rounds; the median is reported, so one GC pause or scheduler hiccup does not skew it. */
  rounds?: number;
  /** Target duration of one round; the iteration count is calibrated from the warm-up. */
  roundMs?: number;
}

export interface MicroResult {
  name: string;
  input: string;
  opsPerSec: number;
  nsPerOp: number;
  /**
   * The fastest round. On a busy machine every disturbance only slows a round down, so the best
   * round moves least from run to run: use it to compare two runs, the median to read a typical cost.
   */
  bestOpsPerSec: number;
  /** ± half the interquartile range of the rounds' ops/s, in % of the median. */
  spread: number;
  rounds: number;
  iterationsPerRound: number;
}

/** Results are written here so V8 cannot prove a call's result unused and drop the call. */
let sink: unknown;

export function micro(
  name: string,
  input: string,
  fn: () => unknown,
  { warmupMs = 150, rounds = 9, roundMs = 50 }: MicroOptions = {},
): MicroResult {
  // Warm-up doubles as calibration: how many calls fit in the warm-up time.
  let calls = 0;
  const warmStart = nowMs();
  while (nowMs() - warmStart < warmupMs) {
    for (let i = 0; i < 100; i++) sink = fn();
    calls += 100;
  }
  const perCallMs = (nowMs() - warmStart) / calls;
  const iterations = Math.max(1, Math.round(roundMs / perCallMs));

  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = nowMs();
    for (let i = 0; i < iterations; i++) sink = fn();
    const elapsed = nowMs() - start;
    samples.push((iterations / elapsed) * 1000);
  }
  // Reading the sink keeps its stores alive, and a function returning nothing is a broken case.
  if (sink === undefined) throw new Error(`${name}: returned undefined, nothing was measured`);
  const opsPerSec = median(samples);
  return {
    name,
    input,
    opsPerSec,
    nsPerOp: 1e9 / opsPerSec,
    bestOpsPerSec: Math.max(...samples),
    spread: spreadPct(samples),
    rounds,
    iterationsPerRound: iterations,
  };
}
