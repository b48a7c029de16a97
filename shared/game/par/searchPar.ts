// The par search: the best plan a level's allowed edits reach (parSpace.ts), scored by the core itself
// (evaluatePlan: tokens/s, zero when a fridge overflows or the tasting is wrong). Exhaustive when the space
// has at most EXHAUSTIVE_LIMIT plans; otherwise a deterministic local search: from the reference, the start
// and the trap, change one dimension at a time — two at once in the Megatron levels, whose choices are
// coupled (the grid and the microbatches that split its replicas' batch) and cheap to price — keep the
// best, repeat until nothing improves or LOCAL_BUDGET plans are priced. Label levels move one dish at a time from three seeds, one of them
// the reference, so par is at least the reference and every single relabelling of it. Pruning: plans the core refuses cost no pricing; in the Megatron levels a grid and ZeRO stage
// whose model states alone (parameters, gradients, optimizer: independent of the schedule, microbatches,
// recomputation and sequence parallelism, memory.ts) overflow the fridge are not priced again.
// Pure and deterministic: no clock, no randomness; the order of the dimensions and options is fixed.
import { evaluatePlan } from '../evaluatePlan.ts';
import type { Level } from '../level.ts';
import type { PlanState } from '../planState.ts';
import { parSpace, type ParDimension } from './parSpace.ts';

/** Spaces up to this many plans are searched exhaustively. */
export const EXHAUSTIVE_LIMIT = 400;
/** The local search stops once it has priced this many plans (its bound: the test suite runs it). */
export const LOCAL_BUDGET = 200;

/** A par search's outcome. */
export interface ParSearch {
  readonly levelId: string;
  /** Tokens (or examples) per second of `plan`. */
  readonly score: number;
  readonly plan: PlanState;
  readonly method: 'exhaustive' | 'local';
  /** Plans of the space: walked when exhaustive, else estimated from the start plan's options. */
  readonly spaceSize: number;
  /** Distinct plans priced (the core evaluated them). */
  readonly priced: number;
  /** Distinct plans the core refused or the memory bound pruned (never priced). */
  readonly refused: number;
  /** Every priced plan's score, in the order first visited (for the tests: none beats par). */
  readonly visited: readonly { readonly plan: PlanState; readonly score: number }[];
}

/** A plan's canonical key: specs in name order, so that equal plans meet once. */
export function planKey(p: PlanState): string {
  const sorted = (t: Readonly<Record<string, unknown>>) =>
    Object.fromEntries(Object.entries(t).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify({
    ...p,
    specs: sorted(p.specs),
    manual: p.manual && {
      ...p.manual,
      inSpecs: sorted(p.manual.inSpecs),
      outSpecs: sorted(p.manual.outSpecs),
    },
  });
}

/** The rank of every dish the start plan's tasting shows (train levels: none). */
function ranksOf(level: Level): Map<string, number> {
  const e = evaluatePlan(level, level.start);
  const ranks = new Map<string, number>();
  if (e.ok && e.evaluation.tasting)
    for (const t of e.evaluation.tasting.tensors) ranks.set(t.name, t.shape.length);
  return ranks;
}

/**
 * evaluatePlan, or null when it throws: the core must answer every plan with a result, and a plan that makes
 * it throw is a defect of the core the search must not hide behind a crash (par.test.ts names such plans).
 */
export function evaluated(level: Level, p: PlanState): ReturnType<typeof evaluatePlan> | null {
  try {
    return evaluatePlan(level, p);
  } catch {
    return null;
  }
}

/** Searches `level`'s par. */
export function searchPar(level: Level): ParSearch {
  const dims = parSpace(level, ranksOf(level));
  let spaceSize = dims.reduce((n, d) => n * d.options(level.start).length, 1);
  const seen = new Map<string, number | null>();
  const visited: { plan: PlanState; score: number }[] = [];
  const statesOverflow = new Set<string>();
  const statesKey = (p: PlanState) => JSON.stringify([p.mesh, p.zeroStage]);
  const train = level.scenario.engine === 'train';
  let refused = 0;
  /** The plan's score, or null when the core refuses it or the bound prunes it. */
  const score = (p: PlanState): number | null => {
    const key = planKey(p);
    const known = seen.get(key);
    if (known !== undefined) return known;
    let s: number | null = null;
    if (!(train && statesOverflow.has(statesKey(p)))) {
      const e = evaluated(level, p);
      if (e?.ok) {
        s = e.evaluation.score.score;
        const m = e.evaluation.pricing.memory;
        const w = m.worst;
        if (train && !m.fits && w.params + w.grads + w.optimizer > m.capacityBytes)
          statesOverflow.add(statesKey(p));
        visited.push({ plan: p, score: s });
      }
    }
    if (s === null) refused++;
    seen.set(key, s);
    return s;
  };
  let best: { plan: PlanState; score: number } | null = null;
  const offer = (p: PlanState) => {
    const s = score(p);
    if (s !== null && (best === null || s > best.score)) best = { plan: p, score: s };
  };
  const exhaustive = spaceSize <= EXHAUSTIVE_LIMIT;
  if (exhaustive) {
    spaceSize = 0;
    const walk = (p: PlanState, i: number): void => {
      if (i === dims.length) return void (spaceSize++, offer(p));
      for (const q of dims[i]!.options(p)) walk(q, i + 1);
    };
    walk(level.start, 0);
  } else {
    const spent = () => visited.length >= LOCAL_BUDGET;
    for (const seed of [level.reference, level.start, level.trap.plan]) {
      offer(seed);
      localSearch(seed, dims, train, score, offer, spent);
    }
  }
  const found = best as { plan: PlanState; score: number } | null;
  if (found === null) throw new Error(`par search of ${level.id}: no plan of the space can be priced`);
  return {
    levelId: level.id,
    score: found.score,
    plan: found.plan,
    method: exhaustive ? 'exhaustive' : 'local',
    spaceSize,
    priced: visited.length,
    refused,
    visited,
  };
}

/**
 * Moves from `seed` by one dimension at a time (two at a time when `pairs`) while a move improves; reports
 * every plan to `offer`.
 */
function localSearch(
  seed: PlanState,
  dims: readonly ParDimension[],
  pairs: boolean,
  score: (p: PlanState) => number | null,
  offer: (p: PlanState) => void,
  spent: () => boolean,
): void {
  let current = seed;
  let currentScore = score(seed) ?? -1;
  for (let improved = true; improved;) {
    improved = false;
    let next = current;
    let nextScore = currentScore;
    const consider = (p: PlanState) => {
      if (spent()) return;
      offer(p);
      const s = score(p);
      if (s !== null && s > nextScore) [next, nextScore] = [p, s];
    };
    // Single moves, the dimensions with the fewest options first (the grid's many come last).
    const order = dims
      .map((d, i) => [d.options(current).length, i] as const)
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (const [, i] of order) for (const a of dims[i]!.options(current)) consider(a);
    // Pairs after every single move, the smallest (fewest plans) first, so the budget goes to cheap pairs.
    if (pairs)
      for (const [i, j] of pairOrder(dims, current))
        for (const a of dims[i]!.options(current)) for (const b of dims[j]!.options(a)) consider(b);
    if (nextScore > currentScore) [current, currentScore, improved] = [next, nextScore, true];
  }
}

/** Index pairs of `dims`, fewest joint options at `plan` first (ties in index order). */
function pairOrder(dims: readonly ParDimension[], plan: PlanState): [number, number][] {
  const n = dims.map((d) => d.options(plan).length);
  const pairs: [number, number][] = [];
  for (let i = 0; i < dims.length; i++) for (let j = i + 1; j < dims.length; j++) pairs.push([i, j]);
  return pairs.sort((a, b) => n[a[0]]! * n[a[1]]! - n[b[0]]! * n[b[1]]! || a[0] - b[0] || a[1] - b[1]);
}
