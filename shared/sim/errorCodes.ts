// Every error the core can produce, as a code with typed parameters (the model: boardgame.io's
// ActionErrorType). The message beside it stays JAX's template, filled in at the check that found the
// error; explanations are keyed by code (shared/game/explanations/), never found by reading the message.
// A code's JAX error type is fixed: SIM_ERROR_TYPES is the list of codes and their types.

/** Error type names follow JAX (`DuplicateSpecError`, `IndivisibleError`, …) plus `InputError` for malformed input. */
export type SimErrorType =
  'DuplicateSpecError' | 'IndivisibleError' | 'ValueError' | 'ShardingTypeError' | 'InputError';

/** The parameters of each code: the figures an explanation needs, as JSON-ready values. */
export interface SimErrorParams {
  // mesh.ts
  'mesh/no-axes': Record<string, never>;
  'mesh/axis-name': { readonly name: string };
  'mesh/duplicate-axis': { readonly name: string };
  'mesh/axis-size': { readonly name: string; readonly size: number };
  'mesh/too-many-devices': { readonly max: number };
  // partitionSpec.ts
  'spec/not-a-list': Record<string, never>;
  'spec/nested-tuple': Record<string, never>;
  'spec/empty-name': { readonly entry: number };
  'spec/bad-entry': { readonly entry: number };
  // namedSharding.ts
  'spec/unreduced-overlap': Record<string, never>;
  /** `axes` in the message's (sorted) order. */
  'spec/duplicate-axis': { readonly axes: readonly string[] };
  'spec/unknown-axis': { readonly axis: string; readonly meshAxes: readonly string[] };
  'spec/unknown-unreduced': { readonly axis: string; readonly meshAxes: readonly string[] };
  'spec/too-long': { readonly specLength: number; readonly rank: number };
  /** The first uneven dimension `dim` of `size`, split into `parts`. */
  'sharding/indivisible': { readonly dim: number; readonly parts: number; readonly size: number };
  // shard_map (namedSharding.ts, shardMapErrors.ts, buildShardMap.ts, tasteManual.ts); the first failing entry
  'shard-map/in-spec-too-long': { readonly specLength: number; readonly rank: number };
  'shard-map/out-spec-too-long': { readonly specLength: number; readonly rank: number };
  'shard-map/indivisible': { readonly dim: number; readonly size: number; readonly parts: number };
  'shard-map/non-manual-axis': { readonly prefix: 'in' | 'out'; readonly axes: readonly string[] };
  'shard-map/replication': { readonly outputs: readonly string[] };
  'shard-map/unknown-input': { readonly name: string; readonly fn: string };
  'shard-map/name-is-input': { readonly name: string; readonly fn: string };
  'shard-map/undefined-value': { readonly name: string };
  'shard-map/unknown-output': { readonly output: string; readonly model: string };
  // manual-mode body ops (addManualOp.ts, manualOp.ts, manualPlan.ts, forwardBody.ts)
  'manual/unbound-axis': { readonly axis: string };
  'manual/scatter-indivisible': { readonly size: number; readonly shards: number };
  'manual/all-to-all-indivisible': { readonly size: number; readonly shards: number };
  'manual/ppermute-not-unique': Record<string, never>;
  /** The builder refused the op (`reason`: its message). */
  'manual/op-invalid': { readonly path: string; readonly name: string; readonly reason: string };
  'manual/duplicate-name': { readonly name: string; readonly earlier: number };
  'manual/no-body-op': { readonly name: string; readonly kind: string };
  // pmapMode.ts
  'pmap/one-axis': { readonly axes: readonly string[] };
  'pmap/axis-name': { readonly name: string; readonly meshAxis: string };
  // collectives/reshard.ts (`role`: 'from' or 'to')
  'reshard/rank': { readonly role: string; readonly specLength: number; readonly rank: number };
  'reshard/unknown-axis': { readonly role: string; readonly axis: string };
  'reshard/duplicate-axis': { readonly role: string; readonly axis: string };
  'reshard/indivisible': {
    readonly role: string;
    readonly dim: number;
    readonly size: number;
    readonly parts: number;
  };
  'reshard/unreduced': { readonly axes: readonly string[] };
  // visualizeSharding.ts
  'visualize/rank': { readonly rank: number };
  // tensor/einsumEquation.ts
  'einsum/no-arrow': { readonly equation: string };
  'einsum/many-arrows': { readonly equation: string };
  'einsum/ellipsis': { readonly equation: string };
  'einsum/too-many-operands': { readonly equation: string; readonly operands: number };
  'einsum/operand-count': { readonly equation: string; readonly named: number; readonly given: number };
  'einsum/bad-subscript': { readonly equation: string; readonly label: string };
  'einsum/bad-shape': { readonly operand: number; readonly shape: readonly number[] };
  'einsum/rank-mismatch': { readonly operand: number; readonly rank: number; readonly subscripts: string };
  'einsum/repeated-label': { readonly operand: number; readonly label: string };
  /** Label `label` is `first` long in one operand and `size` in another. */
  'einsum/size-mismatch': { readonly label: string; readonly first: number; readonly size: number };
  'einsum/output-repeated': { readonly label: string };
  'einsum/output-unknown-label': { readonly label: string };
  // spmd/autoMode.ts (`argName`: in_shardings, out_shardings or constraints)
  'auto/unknown-name': { readonly argName: string; readonly name: string };
  // taste/buildStep.ts
  'model/unknown': { readonly model: string; readonly known: readonly string[] };
  'model/cannot-build': { readonly model: string; readonly reason: string };
  'model/inference-only': { readonly model: string };
  // train/trainRequest.ts
  'train/hidden-heads': { readonly hidden: number; readonly heads: number };
  'train/model-too-large': { readonly parameters: number; readonly max: number };
  'train/too-many-devices': { readonly devices: number; readonly max: number };
  'train/heads-tp': { readonly heads: number; readonly tp: number };
  'train/ffn-tp': { readonly ffn: number; readonly tp: number };
  'train/seq-tp': { readonly seq: number; readonly tp: number };
  'train/virtual-stages': { readonly schedule: string };
  'train/layers-stages': { readonly layers: number; readonly stages: number };
  // train/stageLayers.ts
  'train/layers-per-stage': {
    readonly pp: number;
    readonly listed: number;
    readonly layers: number;
    readonly sum: number;
  };
  'train/uneven-interleaved': { readonly virtualStages: number };
  'train/global-batch': { readonly globalBatch: number; readonly perRound: number };
  'train/moe-needs-experts': { readonly field: string };
  'train/ep-needs-experts': { readonly ep: number };
  'train/ep-dp': { readonly ep: number; readonly dp: number };
  'train/experts-ep': { readonly experts: number; readonly ep: number };
  'train/experts-need-sp': Record<string, never>;
  'train/zero3-hooks': { readonly zeroStage: number; readonly tp: number; readonly pp: number };
  'train/zero3-max-live': Record<string, never>;
  // cost/hardware.ts
  'hardware/unknown': { readonly id: string; readonly known: readonly string[] };
  // cost/pipelineSimulation.ts
  'pipeline/unknown-schedule': { readonly schedule: string };
  'pipeline/not-positive': { readonly field: 'stages' | 'microbatches' | 'chunks'; readonly got: number };
  'pipeline/chunks-need-interleaved': { readonly schedule: string };
  'pipeline/interleaved-groups': { readonly microbatches: number; readonly stages: number };
  'pipeline/too-large': { readonly tasks: number; readonly max: number };
  'pipeline/stage-times': { readonly field: string; readonly expected: number };
  'pipeline/negative-time': { readonly field: string };
  'pipeline/send-time': { readonly sendS: number };
  // input/fields.ts and the other readers of untrusted JSON (`path`: `mesh.axes[1][1]`)
  'input/field': { readonly path: string };
  'input/not-json': { readonly reason: string };
  'input/unknown-field': { readonly path: string; readonly allowed: readonly string[] };
  'input/not-a-number': { readonly path: string; readonly integer: boolean };
  'input/out-of-range': {
    readonly path: string;
    readonly min: number;
    readonly max: number;
    readonly got: number;
  };
  /** `got`: the value as JSON (`"x"`), or `nothing`, cut as input/quoteValue.ts cuts it. */
  'input/not-one-of': { readonly path: string; readonly choices: readonly string[]; readonly got: string };
  // the command line's arguments and input (server/sim/readSimArgs.ts, readInputDocument.ts)
  'input/unknown-command': { readonly command: string; readonly known: readonly string[] };
  'input/unknown-option': { readonly option: string };
  'input/extra-argument': { readonly argument: string };
  /** `path`: the file, or `standard input`; `reason` in words (`no such file`). */
  'input/unreadable-file': { readonly path: string; readonly reason: string };
}

/** A code of the core's errors. */
export type SimErrorCode = keyof SimErrorParams;

/** The JAX error type of each code; its keys are the list of codes. */
export const SIM_ERROR_TYPES = {
  'mesh/no-axes': 'ValueError',
  'mesh/axis-name': 'ValueError',
  'mesh/duplicate-axis': 'ValueError',
  'mesh/axis-size': 'ValueError',
  'mesh/too-many-devices': 'ValueError',
  'spec/not-a-list': 'InputError',
  'spec/nested-tuple': 'ValueError',
  'spec/empty-name': 'InputError',
  'spec/bad-entry': 'InputError',
  'spec/unreduced-overlap': 'ValueError',
  'spec/duplicate-axis': 'DuplicateSpecError',
  'spec/unknown-axis': 'ValueError',
  'spec/unknown-unreduced': 'ValueError',
  'spec/too-long': 'ValueError',
  'sharding/indivisible': 'IndivisibleError',
  'shard-map/in-spec-too-long': 'ValueError',
  'shard-map/out-spec-too-long': 'ValueError',
  'shard-map/indivisible': 'ValueError',
  'shard-map/non-manual-axis': 'ValueError',
  'shard-map/replication': 'ValueError',
  'shard-map/unknown-input': 'InputError',
  'shard-map/name-is-input': 'InputError',
  'shard-map/undefined-value': 'InputError',
  'shard-map/unknown-output': 'InputError',
  'manual/unbound-axis': 'ValueError',
  'manual/scatter-indivisible': 'ValueError',
  'manual/all-to-all-indivisible': 'ValueError',
  'manual/ppermute-not-unique': 'ValueError',
  'manual/op-invalid': 'ValueError',
  'manual/duplicate-name': 'InputError',
  'manual/no-body-op': 'InputError',
  'pmap/one-axis': 'ValueError',
  'pmap/axis-name': 'ValueError',
  'reshard/rank': 'InputError',
  'reshard/unknown-axis': 'ValueError',
  'reshard/duplicate-axis': 'DuplicateSpecError',
  'reshard/indivisible': 'IndivisibleError',
  'reshard/unreduced': 'ShardingTypeError',
  'visualize/rank': 'ValueError',
  'einsum/no-arrow': 'ValueError',
  'einsum/many-arrows': 'ValueError',
  'einsum/ellipsis': 'ValueError',
  'einsum/too-many-operands': 'ValueError',
  'einsum/operand-count': 'ValueError',
  'einsum/bad-subscript': 'ValueError',
  'einsum/bad-shape': 'ValueError',
  'einsum/rank-mismatch': 'ValueError',
  'einsum/repeated-label': 'ValueError',
  'einsum/size-mismatch': 'ValueError',
  'einsum/output-repeated': 'ValueError',
  'einsum/output-unknown-label': 'ValueError',
  'auto/unknown-name': 'InputError',
  'model/unknown': 'ValueError',
  'model/cannot-build': 'ValueError',
  'model/inference-only': 'InputError',
  'train/hidden-heads': 'ValueError',
  'train/model-too-large': 'ValueError',
  'train/too-many-devices': 'ValueError',
  'train/heads-tp': 'ValueError',
  'train/ffn-tp': 'ValueError',
  'train/seq-tp': 'ValueError',
  'train/virtual-stages': 'ValueError',
  'train/layers-stages': 'ValueError',
  'train/layers-per-stage': 'ValueError',
  'train/uneven-interleaved': 'ValueError',
  'train/global-batch': 'ValueError',
  'train/moe-needs-experts': 'ValueError',
  'train/ep-needs-experts': 'ValueError',
  'train/ep-dp': 'ValueError',
  'train/experts-ep': 'ValueError',
  'train/experts-need-sp': 'ValueError',
  'train/zero3-hooks': 'ValueError',
  'train/zero3-max-live': 'ValueError',
  'hardware/unknown': 'ValueError',
  'pipeline/unknown-schedule': 'ValueError',
  'pipeline/not-positive': 'ValueError',
  'pipeline/chunks-need-interleaved': 'ValueError',
  'pipeline/interleaved-groups': 'ValueError',
  'pipeline/too-large': 'ValueError',
  'pipeline/stage-times': 'ValueError',
  'pipeline/negative-time': 'ValueError',
  'pipeline/send-time': 'ValueError',
  'input/field': 'InputError',
  'input/not-json': 'InputError',
  'input/unknown-field': 'InputError',
  'input/not-a-number': 'InputError',
  'input/out-of-range': 'InputError',
  'input/not-one-of': 'InputError',
  'input/unknown-command': 'InputError',
  'input/unknown-option': 'InputError',
  'input/extra-argument': 'InputError',
  'input/unreadable-file': 'InputError',
} as const satisfies { readonly [C in SimErrorCode]: SimErrorType };

/** Every code of the core, in declaration order. */
export const SIM_ERROR_CODES = Object.keys(SIM_ERROR_TYPES) as readonly SimErrorCode[];
