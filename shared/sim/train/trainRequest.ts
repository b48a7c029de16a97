// The `sim train` request (docs/design.md §4.4), read from untrusted JSON: every malformed field is an
// InputError naming its path; inconsistent numbers (a batch that does not split, layers that do not divide
// into stages, …) are ValueErrors that say what to change.
import { HARDWARE_PRESET_IDS, hardwarePreset, type DeviceSpec } from '../cost/hardware.ts';
import { TRAINING_PRECISIONS, type TrainingPrecision } from '../cost/memory.ts';
import { SCHEDULES, type PipelineSchedule } from '../cost/pipelineSimulation.ts';
import { bad, isObject, onlyFields, readChoice, readNumber } from '../input/fields.ts';
import { quoteValue } from '../input/quoteValue.ts';
import { MAX_MESH_DEVICES } from '../mesh.ts';
import { err, ok, type Result } from '../result.ts';
import type { MoeSpec } from './moeBlock.ts';
import { checkTrainPlan } from './checkTrainPlan.ts';
import { readLayersPerStage } from './stageLayers.ts';

/**
 * Activation recomputation: none, Korthikanti's selective, or full (only layer inputs kept); in the order
 * menus list them.
 */
export const RECOMPUTE_POLICIES = ['none', 'selective', 'full'] as const;
export type RecomputePolicy = (typeof RECOMPUTE_POLICIES)[number];
/** ZeRO's stages: 0 none, 1 optimizer state, 2 + gradients, 3 + parameters split over the data-parallel copies. */
export const ZERO_STAGES = [0, 1, 2, 3] as const;
export type ZeroStage = (typeof ZERO_STAGES)[number];
/** Extra outputs `sim train` can add. */
export const EXPORTS = ['trace', 'jax'] as const;
/** One extra output. */
export type TrainExport = (typeof EXPORTS)[number];

/** A GPT's sizes (Megatron's vocabulary: l, h, a, s, V). */
export interface GptModel {
  readonly layers: number;
  readonly hidden: number;
  readonly heads: number;
  readonly seq: number;
  readonly vocab: number;
  /** MLP inner size (each expert's, in a mixture of experts); 4·hidden by default. */
  readonly ffn: number;
  /** Every layer's MLP a mixture of experts (model.experts > 1), routed top-k with a capacity factor. */
  readonly moe?: MoeSpec;
}

/** How the model is split and scheduled. */
export interface ParallelPlan {
  readonly tp: number;
  readonly pp: number;
  readonly dp: number;
  readonly globalBatch: number;
  readonly microBatch: number;
  readonly schedule: PipelineSchedule;
  readonly virtualStages: number;
  readonly recompute: RecomputePolicy;
  readonly sequenceParallel: boolean;
  readonly zeroStage: 0 | 1 | 2 | 3;
  /**
   * The data-parallel gradient reduction overlaps the last microbatch's backward pass (true, the default:
   * PyTorch DDP, Megatron-Core's `--overlap-grad-reduce`, DeepSpeed ZeRO's `overlap_comm`), or runs after
   * the whole schedule ends (false: Megatron-LM 2021–22's `--DDP-impl local`, whose `train_step` calls
   * `allreduce_gradients()` after `forward_backward_func`; DeepSpeed's pipeline engine, whose schedule ends
   * in `ReduceGrads`).
   */
  readonly overlapGradReduce: boolean;
  /**
   * Megatron-LM's asynchronous tensor-parallel backward (`--async-tensor-model-parallel-allreduce`, on by
   * default since 2021-09; `LinearWithGradAccumulationAndAsyncCommunication`): a column-parallel linear's
   * input-gradient all-reduce runs while its weight-gradient GEMM computes. Absent: true. With sequence
   * parallelism the overlap is part of how Megatron runs it (megatronLayer.ts `asyncBackward`).
   */
  readonly asyncTensorAllReduce?: boolean;
  /**
   * Megatron-LM's `--gradient-accumulation-fusion` (since 2022-02): the weight-gradient GEMM accumulates
   * into the gradient buffer. false: each microbatch's weight gradients are added into it by a separate
   * memory-bound pass (PyTorch's AccumulateGrad, Megatron's `main_grad.add_`), as in Megatron-LM of 2021
   * and DeepSpeed. Absent: true.
   */
  readonly gradAccumulationFusion?: boolean;
  /** Expert parallelism: the experts split over ep of the dp replicas (1 without a mixture of experts). */
  readonly ep?: number;
  /**
   * ZeRO-3 as DeepSpeed's hooks ran it in 2021 (deepspeedZero3.ts; zeroStage 3, tp = pp = 1): each weight
   * gathered at its module's hook, one weight prefetched, a device-wide wait at every fetch. Absent: false,
   * every gather on the critical path and the gradient reductions in the link's free time.
   */
  readonly zero3Hooks?: boolean;
  /** DeepSpeed's `stage3_max_live_parameters` (elements) under `zero3Hooks`; absent: 10⁹, its default. */
  readonly zero3MaxLiveParameters?: number;
  /** The layers of each of the pp stages when they are not L/pp each (stageLayers.ts); absent: even. */
  readonly layersPerStage?: readonly number[];
}

/** A validated `sim train` request. */
export interface TrainRequest {
  readonly model: GptModel;
  /** The preset with `devicesPerNode` overridden when asked. */
  readonly hardware: DeviceSpec;
  readonly parallel: ParallelPlan;
  readonly precision: TrainingPrecision;
  /** Extra outputs: the timeline as a Chrome trace, the plan as a JAX snippet. */
  readonly exports: readonly TrainExport[];
}

const int = (raw: unknown, path: string, min: number, max: number) =>
  readNumber(raw, path, { min, max, integer: true });

/** Integer fields of `raw` by name: [default (undefined = required), max]; all ≥ `min`. */
function readInts<K extends string>(
  raw: Record<string, unknown>,
  path: string,
  fields: Readonly<Record<K, readonly [number | undefined, number]>>,
  min = 1,
): Result<Record<K, number>> {
  const out: Partial<Record<K, number>> = {};
  for (const key of Object.keys(fields) as K[]) {
    const [dflt, max] = fields[key];
    const value =
      raw[key] === undefined && dflt !== undefined ? ok(dflt) : int(raw[key], `${path}.${key}`, min, max);
    if (!value.ok) return value;
    out[key] = value.value;
  }
  return ok(out as Record<K, number>);
}

function readBool(raw: unknown, path: string, dflt: boolean): Result<boolean> {
  if (raw === undefined) return ok(dflt);
  return typeof raw === 'boolean' ? ok(raw) : bad(path, `expected true or false, got ${quoteValue(raw)}`);
}

function readModel(raw: unknown): Result<GptModel> {
  if (!isObject(raw)) return bad('model', 'expected {"layers", "hidden", "heads", "seq", "vocab"}');
  const fields = onlyFields(
    raw,
    ['layers', 'hidden', 'heads', 'seq', 'vocab', 'ffn', 'experts', 'topK', 'capacityFactor'],
    'model',
  );
  if (!fields.ok) return fields;
  const n = readInts(raw, 'model', {
    layers: [undefined, 10_000],
    hidden: [undefined, 1 << 20],
    heads: [undefined, 1 << 14],
    seq: [undefined, 1 << 22],
    vocab: [undefined, 1 << 24],
  });
  if (!n.ok) return n;
  const ffn = readInts(raw, 'model', { ffn: [4 * n.value.hidden, 1 << 22] });
  if (!ffn.ok) return ffn;
  if (n.value.hidden % n.value.heads !== 0)
    return err(
      'train/hidden-heads',
      { hidden: n.value.hidden, heads: n.value.heads },
      `model.hidden (${n.value.hidden}) must be a multiple of model.heads (${n.value.heads}).`,
    );
  const moe = readMoe(raw);
  if (!moe.ok) return moe;
  // Model states are counted in bytes, 16 a parameter in mixed precision: exact in a double up to 2^53.
  // Parameters per layer 2·h·ffn·E (the MLPs, every expert) + 4h² (attention) + biases and norms, ≥ what
  // the layer holds; the embeddings Vh + sh (Narayanan et al. 2021 eq. (2) with ffn = 4h, E = 1).
  const { layers: L, hidden: h, vocab: V, seq: s } = n.value;
  const parameters =
    L * (2 * h * ffn.value.ffn * (moe.value?.experts ?? 1) + 4 * h * h + 13 * h) + V * h + s * h;
  const max = Math.floor(Number.MAX_SAFE_INTEGER / 16);
  if (parameters > max)
    return err(
      'train/model-too-large',
      { parameters, max },
      `model: about ${parameters.toExponential(2)} parameters; sizes are counted exactly only up to ` +
        `${max.toExponential(2)} parameters (2^53 bytes at 16 bytes each).`,
    );
  return ok({ ...n.value, ffn: ffn.value.ffn, ...(moe.value ? { moe: moe.value } : {}) });
}

/** model.experts (default 1: a dense MLP), model.topK (default 2, GShard's), model.capacityFactor (1.25). */
function readMoe(raw: Record<string, unknown>): Result<MoeSpec | undefined> {
  const experts = readInts(raw, 'model', { experts: [1, 1 << 16] });
  if (!experts.ok) return experts;
  const E = experts.value.experts;
  if (E === 1) {
    for (const key of ['topK', 'capacityFactor'])
      if (raw[key] !== undefined)
        return err(
          'train/moe-needs-experts',
          { field: key },
          `model.${key} routes tokens to experts; it needs model.experts > 1.`,
        );
    return ok(undefined);
  }
  const topK = readInts(raw, 'model', { topK: [Math.min(2, E), E] });
  if (!topK.ok) return topK;
  const cf =
    raw.capacityFactor === undefined
      ? ok(1.25)
      : readNumber(raw.capacityFactor, 'model.capacityFactor', { min: 0.01, max: 64 });
  if (!cf.ok) return cf;
  return ok({ experts: E, topK: topK.value.topK, capacityFactor: cf.value });
}

function readHardware(raw: unknown): Result<DeviceSpec> {
  if (!isObject(raw))
    return bad(
      'hardware',
      `expected {"preset": one of ${HARDWARE_PRESET_IDS.join(', ')}, "devicesPerNode" (optional)}`,
    );
  const fields = onlyFields(raw, ['preset', 'devicesPerNode'], 'hardware');
  if (!fields.ok) return fields;
  if (typeof raw.preset !== 'string') return bad('hardware.preset', 'expected a preset name');
  const preset = hardwarePreset(raw.preset);
  if (!preset.ok) return preset;
  if (raw.devicesPerNode === undefined) return preset;
  const perNode = int(raw.devicesPerNode, 'hardware.devicesPerNode', 1, MAX_MESH_DEVICES);
  return perNode.ok ? ok({ ...preset.value, devicesPerNode: perNode.value }) : perNode;
}

function readParallel(raw: unknown): Result<ParallelPlan> {
  if (!isObject(raw)) return bad('parallel', 'expected {"tp", "pp", "dp", "globalBatch", "microBatch", …}');
  const fields = onlyFields(
    raw,
    [
      'tp',
      'pp',
      'dp',
      'globalBatch',
      'microBatch',
      'schedule',
      'virtualStages',
      'recompute',
      'sequenceParallel',
      'zeroStage',
      'overlapGradReduce',
      'asyncTensorAllReduce',
      'gradAccumulationFusion',
      'ep',
      'zero3Hooks',
      'zero3MaxLiveParameters',
      'layersPerStage',
    ],
    'parallel',
  );
  if (!fields.ok) return fields;
  const n = readInts(raw, 'parallel', {
    tp: [1, MAX_MESH_DEVICES],
    pp: [1, MAX_MESH_DEVICES],
    dp: [1, MAX_MESH_DEVICES],
    globalBatch: [undefined, 1 << 24],
    microBatch: [1, 1 << 20],
    virtualStages: [1, 1024],
    ep: [1, MAX_MESH_DEVICES],
  });
  if (!n.ok) return n;
  const zero = readInts(raw, 'parallel', { zeroStage: [0, 3] }, 0);
  if (!zero.ok) return zero;
  const schedule =
    raw.schedule === undefined
      ? ok<PipelineSchedule>('1f1b')
      : readChoice(raw.schedule, 'parallel.schedule', SCHEDULES);
  if (!schedule.ok) return schedule;
  const recompute =
    raw.recompute === undefined
      ? ok<RecomputePolicy>('none')
      : readChoice(raw.recompute, 'parallel.recompute', RECOMPUTE_POLICIES);
  if (!recompute.ok) return recompute;
  const sp = readBool(raw.sequenceParallel, 'parallel.sequenceParallel', false);
  if (!sp.ok) return sp;
  const overlap = readBool(raw.overlapGradReduce, 'parallel.overlapGradReduce', true);
  if (!overlap.ok) return overlap;
  const asyncTp = readBool(raw.asyncTensorAllReduce, 'parallel.asyncTensorAllReduce', true);
  if (!asyncTp.ok) return asyncTp;
  const fusion = readBool(raw.gradAccumulationFusion, 'parallel.gradAccumulationFusion', true);
  if (!fusion.ok) return fusion;
  const hooks = readBool(raw.zero3Hooks, 'parallel.zero3Hooks', false);
  if (!hooks.ok) return hooks;
  const maxLive =
    raw.zero3MaxLiveParameters === undefined
      ? undefined
      : int(raw.zero3MaxLiveParameters, 'parallel.zero3MaxLiveParameters', 1, Number.MAX_SAFE_INTEGER);
  if (maxLive !== undefined && !maxLive.ok) return maxLive;
  const split = readLayersPerStage(raw.layersPerStage, 'parallel.layersPerStage', MAX_MESH_DEVICES, 10_000);
  if (!split.ok) return split;
  return ok({
    ...n.value,
    schedule: schedule.value,
    recompute: recompute.value,
    sequenceParallel: sp.value,
    zeroStage: zero.value.zeroStage as 0 | 1 | 2 | 3,
    overlapGradReduce: overlap.value,
    asyncTensorAllReduce: asyncTp.value,
    gradAccumulationFusion: fusion.value,
    ...(hooks.value ? { zero3Hooks: true } : {}),
    ...(maxLive === undefined ? {} : { zero3MaxLiveParameters: maxLive.value }),
    ...(split.value === undefined ? {} : { layersPerStage: split.value }),
  });
}

/** Reads and validates a `sim train` request. */
export function parseTrainRequest(raw: unknown): Result<TrainRequest> {
  if (!isObject(raw))
    return bad('(root)', 'expected {"model", "hardware", "parallel", "precision", "exports"}');
  const fields = onlyFields(raw, ['model', 'hardware', 'parallel', 'precision', 'exports'], '');
  if (!fields.ok) return fields;
  const model = readModel(raw.model);
  if (!model.ok) return model;
  const hardware = readHardware(raw.hardware);
  if (!hardware.ok) return hardware;
  const parallel = readParallel(raw.parallel);
  if (!parallel.ok) return parallel;
  const precision =
    raw.precision === undefined
      ? ok<TrainingPrecision>('bf16-mixed')
      : readChoice(raw.precision, 'precision', TRAINING_PRECISIONS);
  if (!precision.ok) return precision;
  const exports: TrainExport[] = [];
  if (raw.exports !== undefined) {
    if (!Array.isArray(raw.exports)) return bad('exports', `expected a list of ${EXPORTS.join(', ')}`);
    for (const [i, e] of raw.exports.entries()) {
      const x = readChoice(e, `exports[${i}]`, EXPORTS);
      if (!x.ok) return x;
      if (exports.includes(x.value))
        return bad(`exports[${i}]`, `'${x.value}' is listed twice: each export is written once`);
      exports.push(x.value);
    }
  }
  const consistent = checkTrainPlan(model.value, parallel.value);
  if (!consistent.ok) return consistent;
  return ok({
    model: model.value,
    hardware: hardware.value,
    parallel: parallel.value,
    precision: precision.value,
    exports,
  });
}
