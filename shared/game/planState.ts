// The editable plan (docs/design.md §5.2 "the team edits one shared plan"): the kitchen grid (mesh axes), a
// slicing label per dish (PartitionSpec JSON by tensor name), the mode (auto = jit with shardings, manual =
// shard_map with the player's collectives, pmap), and, for the Megatron-shaped levels, the pipeline,
// recompute, ZeRO stage and sequence parallelism. Plain JSON-ready data: the client, the server and the
// history all hold it as is; edits replace it (applyEdit.ts), never mutate it.
import type { PipelineSchedule } from '../sim/cost/pipelineSimulation.ts';
import type { TasteMode } from '../sim/taste/tasteRequest.ts';
import type { RecomputePolicy } from '../sim/train/trainRequest.ts';

/** A PartitionSpec as JSON: per dimension null, an axis name, or axis names (major first). */
export type SpecJson = readonly (string | readonly string[] | null)[];

/** One mesh axis, major first in `PlanState.mesh`. */
export interface MeshAxisState {
  readonly name: string;
  readonly size: number;
}

/** One op of a shard_map body in the JSON form `parseManualOp` reads (manualOp.ts). */
export interface ManualOpJson {
  readonly name: string;
  /** `einsum`, `psum`, `all_gather`, `psum_scatter`, `all_to_all`, `ppermute`, `gelu`, `add`, … */
  readonly op: string;
  readonly args: readonly string[];
  readonly equation?: string;
  readonly axes?: string | readonly string[];
  readonly axis?: string;
  readonly dim?: number;
  readonly to?: 'varying' | 'invarying';
  readonly splitDim?: number;
  readonly concatDim?: number;
  readonly perm?: readonly (readonly [number, number])[];
  readonly scalar?: number;
  readonly dims?: readonly number[];
  readonly keepDims?: boolean;
}

/** A manual-mode plan: `jax.shard_map(body, in_specs, out_specs, check_vma)` by name. */
export interface ManualState {
  readonly inSpecs: Readonly<Record<string, SpecJson>>;
  readonly outSpecs: Readonly<Record<string, SpecJson>>;
  readonly body: readonly ManualOpJson[];
  /** Output name → the input or body value returned under it. */
  readonly outputs: Readonly<Record<string, string>>;
  readonly checkVma: boolean;
}

/** The courses: how a step's batch goes through the pipeline stages (the stage count is the mesh's `stage` axis). */
export interface PipelineState {
  /** m: microbatches per step and pipeline (the tables served one after another). */
  readonly microbatches: number;
  readonly schedule: PipelineSchedule;
  /** v: model chunks per device (interleaved schedule only). */
  readonly virtualStages: number;
}

/** The whole editable plan. */
export interface PlanState {
  /** The kitchen grid, major axis first; device ids are row-major over it. */
  readonly mesh: readonly MeshAxisState[];
  readonly mode: TasteMode;
  /** Auto mode's labels by tensor name: inputs → in_shardings, other values → with_sharding_constraint, outputs → out_shardings. */
  readonly specs: Readonly<Record<string, SpecJson>>;
  /** The shard_map plan (levels that allow manual mode start with one). */
  readonly manual: ManualState | null;
  readonly pipeline: PipelineState;
  readonly recompute: RecomputePolicy;
  readonly zeroStage: 0 | 1 | 2 | 3;
  readonly sequenceParallel: boolean;
}

/** The defaults of everything but the mesh. */
export const PLAN_DEFAULTS: Omit<PlanState, 'mesh'> = {
  mode: 'auto',
  specs: {},
  manual: null,
  pipeline: { microbatches: 1, schedule: '1f1b', virtualStages: 1 },
  recompute: 'none',
  zeroStage: 0,
  sequenceParallel: false,
};

/**
 * A plan from its mesh and whatever differs from the defaults.
 * @example planState({ mesh: [{ name: 'model', size: 4 }], specs: { w1: [null, 'model'] } }).mode // 'auto'
 */
export function planState(plan: Partial<PlanState> & Pick<PlanState, 'mesh'>): PlanState {
  return {
    ...PLAN_DEFAULTS,
    ...plan,
    pipeline: { ...PLAN_DEFAULTS.pipeline, ...plan.pipeline },
  };
}

/** Mesh axes as `[name, size]` pairs (makeMesh's and the JSON documents' form). */
export const meshPairs = (state: Pick<PlanState, 'mesh'>): [string, number][] =>
  state.mesh.map((a) => [a.name, a.size]);

/** Devices of the grid: the product of the axis sizes. */
export const deviceCount = (state: Pick<PlanState, 'mesh'>): number =>
  state.mesh.reduce((n, a) => n * a.size, 1);

/** Size of the named axis, 1 when the grid has no such axis. */
export const axisSizeOf = (state: Pick<PlanState, 'mesh'>, name: string): number =>
  state.mesh.find((a) => a.name === name)?.size ?? 1;
