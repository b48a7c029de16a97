// A tasted program planned on its mesh the way its mode says: auto (jit with in/out shardings and
// with_sharding_constraint: JAX's validation, GSPMD propagation, the inserted collectives), pmap (the mapped
// axis over every batch dimension, weights replicated) or manual (the player's shard_map: its validation).
// `sim taste` and both of the game's scales plan through here.
import type { Mesh } from '../mesh.ts';
import type { Program } from '../program/ir.ts';
import { ok, type Result } from '../result.ts';
import { planAuto, type SpecTable } from '../spmd/autoMode.ts';
import { buildShardMap, type ShardMapInput, type ShardMapProgram } from '../spmd/buildShardMap.ts';
import type { ManualPlan } from '../spmd/manualPlan.ts';
import type { SpmdPlan } from '../spmd/partition.ts';
import { pmapAnnotations } from '../spmd/pmapMode.ts';
import type { TasteMode } from './tasteRequest.ts';

/** A program planned at one scale: partitioned by GSPMD (auto, pmap), or the player's shard_map (manual). */
export type ScalePlan =
  | { readonly kind: 'spmd'; readonly plan: SpmdPlan }
  | { readonly kind: 'manual'; readonly shardMap: ShardMapProgram };

/** What planning reads of a tasting request. */
export interface StepAnnotations {
  readonly mesh: Mesh;
  readonly mode: TasteMode;
  readonly inShardings: SpecTable;
  readonly outShardings: SpecTable;
  readonly constraints: SpecTable;
  readonly pmapAxis?: string;
  /** Required in manual mode (the request's parser and the game both refuse a manual plan without it). */
  readonly manual?: ManualPlan;
}

/** The inputs of a program as shard_map arguments. */
export const shardMapInputs = (program: Program): ShardMapInput[] =>
  program.values.flatMap((v) =>
    v.node.kind === 'input' ? [{ name: v.name, shape: v.shape, dtype: v.dtype, role: v.node.role }] : [],
  );

/**
 * Plans `program` as `ann` says; the first error comes back as is.
 * @example planStep({ mesh, mode: 'auto', inShardings: { w1: [null, 'model'] }, outShardings: {}, constraints: {} }, program)
 */
export function planStep(ann: StepAnnotations, program: Program): Result<ScalePlan> {
  if (ann.mode === 'manual') {
    const sm = buildShardMap(ann.mesh, shardMapInputs(program), ann.manual!, 'step');
    return sm.ok ? ok({ kind: 'manual', shardMap: sm.value }) : sm;
  }
  const fixed =
    ann.mode === 'pmap'
      ? pmapAnnotations(ann.mesh, program, ann.pmapAxis)
      : ok({ inShardings: ann.inShardings, outShardings: ann.outShardings, constraints: ann.constraints });
  if (!fixed.ok) return fixed;
  const plan = planAuto(ann.mesh, program, fixed.value);
  return plan.ok ? ok({ kind: 'spmd', plan: plan.value }) : plan;
}
