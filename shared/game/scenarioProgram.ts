// The program of a tasting scenario at either scale: the registry's model built at the tasting dims (run for
// real, in f32 as the JAX reference runs it) or at the banquet dims (shapes only, priced, in the scenario's
// precision: bf16-mixed stores 16-bit values and updates fp32 master copies), as a training step (forward,
// backward, the model's optimizer) or the forward pass alone — built by buildStep, the one builder `sim
// taste` uses too. The program is a constant of the level, so the last few are memoised by their inputs (a
// hit returns the same value); a plan edit never rebuilds it.
import { MODELS } from '../sim/models/modelRegistry.ts';
import type { Program } from '../sim/program/ir.ts';
import { memo } from '../sim/memo.ts';
import { ok, type Result } from '../sim/result.ts';
import { buildStep, type BuiltStep } from '../sim/taste/buildStep.ts';
import type { Scenario, TastingScenario } from './level.ts';
import type { PlanState } from './planState.ts';

/** The tasting scale (run for real) or the banquet scale (priced). */
export type Scale = 'tasting' | 'banquet';

/** The last few scenarios' steps (a handful of levels are open at once; resetCaches empties it). */
const steps = memo<Result<BuiltStep>>(16);

/** The scenario's dims at `scale`. */
export const dimsAt = (s: TastingScenario, scale: Scale): Readonly<Record<string, number>> =>
  scale === 'tasting' ? s.tastingDims : s.banquetDims;

/**
 * The scenario as the plan sets it: a plan's capacity factor (a mixture-of-experts level's edit) replaces the
 * model's at both scales. The same scenario object when the plan changes nothing.
 */
export function planScenario(s: TastingScenario, state: Pick<PlanState, 'capacityFactor'>): TastingScenario {
  const cf = state.capacityFactor;
  if (cf === null) return s;
  return {
    ...s,
    tastingDims: { ...s.tastingDims, capacityFactor: cf },
    banquetDims: { ...s.banquetDims, capacityFactor: cf },
  };
}

/** The scenario's step at `scale`: its training step, or its forward pass when `step` is 'forward'. */
export function scenarioStep(s: TastingScenario, scale: Scale, step: 'train' | 'forward'): Result<BuiltStep> {
  const precision = scale === 'banquet' ? s.precision : 'fp32';
  const key = JSON.stringify([s.model, dimsAt(s, scale), step, precision]);
  return steps.get(key, () => buildStep(s.model, dimsAt(s, scale), step, undefined, precision));
}

/** The program of `scenarioStep`. */
export function scenarioProgram(
  s: TastingScenario,
  scale: Scale,
  step: 'train' | 'forward',
): Result<Program> {
  const built = scenarioStep(s, scale, step);
  return built.ok ? ok(built.value.program) : built;
}

/**
 * Tokens one banquet step serves: batch × sequence for models with a sequence, else the batch (one token
 * per example: the MLPs' rows, the recommender's requests). Tokens a mixture of experts drops still pass
 * through the layer's residual and count; how many it drops is `servedShareOf`.
 * @example tokensPerStep({ …, banquetDims: { batch: 8, seq: 2048 } }) // 16384
 */
export function tokensPerStep(s: TastingScenario): number {
  const dims = { ...MODELS[s.model]?.dims, ...s.banquetDims };
  return (dims['batch'] ?? 1) * (dims['seq'] ?? 1);
}

/** Expected share of the routed tokens the banquet-scale model serves; null for models that drop none. */
export function servedShareOf(s: TastingScenario): number | null {
  const entry = MODELS[s.model];
  return entry?.servedShare?.({ ...entry.dims, ...s.banquetDims }) ?? null;
}

/** What a scenario's throughput counts: a Megatron GPT's tokens, or `throughputUnit` of a tasted model. */
export const scenarioThroughputUnit = (s: Scenario): 'tokens' | 'examples' =>
  s.engine === 'train' ? 'tokens' : throughputUnit(s);

/** 'tokens' for models with a sequence dimension, else 'examples' (what `tokensPerStep` counts). */
export function throughputUnit(s: TastingScenario): 'tokens' | 'examples' {
  return 'seq' in { ...MODELS[s.model]?.dims, ...s.banquetDims } ? 'tokens' : 'examples';
}
