// Benchmark harness: runs a function until a time budget is spent and reports the median per call.
// Benchmarks print JSON (`npm run bench`); tests never time anything.
import { performance } from 'node:perf_hooks';

export interface Measurement {
  readonly name: string;
  readonly runs: number;
  readonly medianMs: number;
  readonly minMs: number;
}

/** Times `fn` (after `warmup` calls) for at least `minRuns` runs or `budgetMs` milliseconds. */
export function measure(
  name: string,
  fn: () => unknown,
  { warmup = 3, minRuns = 5, budgetMs = 1000 } = {},
): Measurement {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  const start = performance.now();
  while (times.length < minRuns || performance.now() - start < budgetMs) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
    if (times.length >= 10_000) break;
  }
  times.sort((a, b) => a - b);
  return { name, runs: times.length, medianMs: times[Math.floor(times.length / 2)]!, minMs: times[0]! };
}
