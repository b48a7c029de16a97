// Megatron-LM's layouts for one layer (megatronLayer.ts) as jit annotations on a mesh of `data` × `model`
// axes: the batch split over `data`; attention heads and the MLP's inner dimension over `model` (QKV and
// W1 column-parallel, Wo and W2 row-parallel: Shoeybi et al. 2019 §3); with sequence parallelism the
// residual stream, layer norms and dropouts split their sequence over `model` too (Korthikanti et al. 2022
// §4.2.2). ZeRO (Rajbhandari et al. 2020) is expressed by the specs alone: stage 1 shards the optimizer
// state over `data`, stage 2 the gradients too, stage 3 the parameters too (docs/jax-semantics.md §2.4, FSDP).
import type { AutoAnnotations } from '../spmd/autoMode.ts';
import type { Program } from '../program/ir.ts';
import { ok, type Result } from '../result.ts';
import { DATA_AXIS, HARNESS_PREFIX, MODEL_AXIS } from './trainAxes.ts';

/** A PartitionSpec as JSON: per dim null, an axis, or axes major first. */
type Spec = (string | string[] | null)[];

/** The parallel layout of the layer. */
export interface LayoutOptions {
  readonly dataParallel: number;
  readonly tensorParallel: number;
  readonly sequenceParallel: boolean;
  readonly zeroStage: 0 | 1 | 2 | 3;
}

/** Megatron's tensor-parallel spec of each parameter of the layer, by name. */
function paramSpec(name: string): Spec {
  const M = MODEL_AXIS;
  if (name === 'wqkv') return [null, null, M, null];
  if (name === 'bqkv') return [null, null, null, M, null];
  if (name === 'wo') return [M, null, null];
  if (name === 'w1') return [null, M];
  if (name === 'b1') return [null, null, M];
  if (name === 'w2') return [M, null];
  if (name === 'unembed') return [null, M]; // vocabulary-parallel output layer (Megatron §3)
  return []; // bo, b2, layer-norm gains and biases: replicated
}

/**
 * `spec` with the data axis added on one dimension (ZeRO's partition over data-parallel ranks): the largest
 * dimension not yet split whose size the data-parallel size divides, else one already split on which it
 * still divides; undefined when none does.
 */
export function withDataShard(
  spec: Spec,
  shape: readonly number[],
  dp: number,
  tp: number,
): Spec | undefined {
  if (dp === 1) return spec;
  const full: Spec = shape.map((_, d) => spec[d] ?? null);
  const shards = (d: number) => (full[d] === null ? 1 : tp);
  const fits = (d: number) => shape[d]! % (shards(d) * dp) === 0;
  const dims = shape.map((_, d) => d).filter(fits);
  const free = dims.filter((d) => full[d] === null).sort((a, c) => shape[c]! - shape[a]!);
  const d = free[0] ?? dims[0];
  if (d === undefined) return undefined;
  const cur = full[d];
  full[d] =
    cur === null || cur === undefined ? DATA_AXIS : [...(Array.isArray(cur) ? cur : [cur]), DATA_AXIS];
  return full;
}

/**
 * jit annotations for the layer's training step (and the parameters ZeRO leaves to a flat partition): in_shardings of every input, out_shardings of every
 * gradient and updated value, and the program's own `with_sharding_constraint` nodes (forward and their
 * cotangents') as the constraints table.
 */
export function megatronAnnotations(
  program: Program,
  opts: LayoutOptions,
): Result<AutoAnnotations & { readonly flatZero: readonly string[] }> {
  const { dataParallel: dp, tensorParallel: tp, sequenceParallel, zeroStage } = opts;
  const D = DATA_AXIS;
  const M = MODEL_AXIS;
  const stream: Spec = [D, sequenceParallel ? M : null, null];
  const inShardings: Record<string, Spec> = {};
  const outShardings: Record<string, Spec> = {};
  // A parameter no dimension of which divides over `data` stays replicated in the specs; DeepSpeed's padded
  // flat partition of it is priced by flatZero.ts.
  const flatZero = new Set<string>();
  // Vectors (biases, layer-norm gains and biases: one dimension > 1) always go flat, as DeepSpeed's do:
  // their gradient is computed whole and reduce-scattered, instead of resharding activations to match.
  const zeroed = (name: string, spec: Spec, shape: readonly number[]): Spec => {
    const vector = shape.filter((n) => n > 1).length <= 1;
    const s = vector ? undefined : withDataShard(spec, shape, dp, tp);
    if (s !== undefined) return s;
    flatZero.add(name);
    return spec;
  };
  for (const v of program.values) {
    if (v.node.kind !== 'input') continue;
    const name = v.name;
    if (v.node.role === 'data') {
      if (name === 'causal_mask' || name.startsWith('select_')) inShardings[name] = [];
      else if (name === 'dropout_attn') inShardings[name] = [D, M, null, null];
      else if (name === 'labels') inShardings[name] = [D, null, M];
      else inShardings[name] = stream;
      continue;
    }
    const param = v.node.role === 'optimizer' ? name.replace(/^(?:[mv]|master)\//, '') : name;
    if (param === `${HARNESS_PREFIX}x`) {
      inShardings[name] = stream;
      if (v.node.role === 'param') outShardings[`grad/${name}`] = stream;
      outShardings[`new/${name}`] = stream;
      continue;
    }
    const base = paramSpec(param);
    const z = zeroStage === 0 ? base : zeroed(param, base, v.shape);
    if (v.node.role === 'optimizer') {
      inShardings[name] = zeroStage >= 1 ? z : base;
      outShardings[`new/${name}`] = inShardings[name];
    } else {
      inShardings[name] = zeroStage >= 3 ? z : base;
      outShardings[`grad/${name}`] = zeroStage >= 2 ? z : base;
      outShardings[`new/${name}`] = inShardings[name];
    }
  }
  const constraints: Record<string, Spec> = {};
  for (const v of program.values)
    if (v.node.kind === 'constraint')
      constraints[v.name] = v.node.spec.map((e) => (e === null ? null : typeof e === 'string' ? e : [...e]));
  // Mixed precision's cast (autodiff.ts 'cast-labelled'): each device converts its own shard of the fp32
  // master (the optimizer state's sharding), then the 16-bit parameter takes its own sharding, so ZeRO's
  // all-gather after the step moves 2 bytes per element, as DeepSpeed's does.
  for (const v of program.values) {
    if (!v.name.startsWith('cast/') || v.phase !== 'update') continue;
    const param = v.name.slice('cast/'.length);
    const master = inShardings[`master/${param}`];
    const updated = outShardings[`new/${param}`];
    if (master === undefined || updated === undefined) continue;
    constraints[v.name] = master;
    constraints[`new/${param}`] = updated;
  }
  return ok({ inShardings, outShardings, constraints, flatZero: [...flatZero] });
}
