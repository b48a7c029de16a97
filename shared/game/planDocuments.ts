// A plan's annotations as jit takes them (the typed tasting request is built in prepareTasting.ts), and the
// Megatron scenarios' plan as the `sim train` request (trainRequest.ts) its parser reads, so that every rule
// of the Megatron layout it checks is checked once, by it.
import type { Program } from '../sim/program/ir.ts';
import type { AutoAnnotations } from '../sim/spmd/autoMode.ts';
import { DATA_AXIS, MODEL_AXIS, STAGE_AXIS } from '../sim/train/trainAxes.ts';
import { cutText } from '../sim/input/quoteValue.ts';
import { ruleError, type GameResult } from './errors.ts';
import type { TrainScenario } from './level.ts';
import { axisSizeOf, type PlanState, type SpecJson } from './planState.ts';

/** The axes a Megatron-shaped plan's grid may have. */
export const TRAIN_AXES: readonly string[] = [DATA_AXIS, STAGE_AXIS, MODEL_AXIS];

/**
 * Auto mode's labels split the way jit takes them: an input's label is its in_sharding, another value's a
 * with_sharding_constraint, an output's (when no value has its name) its out_sharding. A name that is none
 * of these goes to the constraints, whose parser names it in its error.
 */
export function autoAnnotations(
  program: Program,
  specs: Readonly<Record<string, SpecJson>>,
): Required<AutoAnnotations> {
  const values = new Map(program.values.map((v) => [v.name, v]));
  const outputs = new Set(program.outputs.map((o) => o.name));
  const inShardings: Record<string, SpecJson> = {};
  const outShardings: Record<string, SpecJson> = {};
  const constraints: Record<string, SpecJson> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const v = values.get(name);
    if (v?.node.kind === 'input') inShardings[name] = spec;
    else if (v === undefined && outputs.has(name)) outShardings[name] = spec;
    else constraints[name] = spec;
  }
  return { inShardings, outShardings, constraints };
}

/**
 * The `sim train` request of `state`: tp, pp, dp from the grid's `model`, `stage` and `data` axes, and
 * the sequences per microbatch from the global batch split over dp × m. A split that leaves a fraction of a
 * sequence, or an axis Megatron's layout does not have, is a PlanRule.
 */
export function trainDocument(s: TrainScenario, state: PlanState): GameResult<unknown> {
  // The layout shards every weight itself: labels or a shard_map program would be ignored, so a plan
  // document (`sim level`, `sim export`) that brings them is refused rather than priced without them.
  const labelled = Object.keys(state.specs);
  if (labelled.length > 0 || state.manual !== null)
    return ruleError(
      'rule/train-labels',
      { tensors: labelled },
      `The Megatron layout shards every weight itself; it takes no specs${labelled.length > 0 ? ` (got ${cutText(labelled.join(', '))})` : ''} and no manual (shard_map) plan.`,
    );
  const stray = state.mesh.find((a) => !TRAIN_AXES.includes(a.name));
  if (stray !== undefined)
    return ruleError(
      'rule/train-axis',
      { axes: TRAIN_AXES, name: stray.name },
      `The Megatron layout has the mesh axes ${TRAIN_AXES.join(', ')}; '${stray.name}' is not one of them.`,
    );
  const [dp, pp, tp] = TRAIN_AXES.map((a) => axisSizeOf(state, a)) as [number, number, number];
  const m = state.pipeline.microbatches;
  const microBatch = s.globalBatch / (dp * m);
  if (!Number.isInteger(microBatch))
    return ruleError(
      'rule/batch-split',
      { globalBatch: s.globalBatch, dp, microbatches: m },
      `The global batch (${s.globalBatch} sequences) does not split into dp = ${dp} replicas × ${m} microbatches ` +
        `of whole sequences.`,
    );
  return {
    ok: true,
    value: {
      model: s.model,
      hardware: {
        preset: s.hardware,
        ...(s.devicesPerNode === undefined ? {} : { devicesPerNode: s.devicesPerNode }),
      },
      parallel: {
        tp,
        pp,
        dp,
        globalBatch: s.globalBatch,
        microBatch,
        schedule: state.pipeline.schedule,
        virtualStages: state.pipeline.virtualStages,
        recompute: state.recompute,
        sequenceParallel: state.sequenceParallel,
        zeroStage: state.zeroStage,
      },
      precision: s.precision,
    },
  };
}
