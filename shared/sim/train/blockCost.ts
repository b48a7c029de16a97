// A block of the model (one transformer layer, the output layer) planned in auto mode and priced for one
// microbatch on one device: what its forward, backward and recompute tasks cost, when its gradients are
// ready for the data-parallel reduction, what its optimizer step costs, and what it keeps in memory.
import type { PricingContext, PlanPrice, PricedCollective } from '../cost/pricePlan.ts';
import { pricePlan } from '../cost/pricePlan.ts';
import type { QueuedReduction } from '../cost/gradientOverlap.ts';
import {
  modelStateBytes,
  peakOpBytes,
  savedForBackward,
  valuesBytes,
  type ModelStateBytes,
  type TrainingPrecision,
} from '../cost/memory.ts';
import type { Mesh } from '../mesh.ts';
import type { Phase, Program, ValueId } from '../program/ir.ts';
import type { Result } from '../result.ts';
import { ok } from '../result.ts';
import { planAuto, type AutoAnnotations } from '../spmd/autoMode.ts';
import type { SpmdPlan } from '../spmd/partition.ts';
import type { RecomputePolicy } from './trainRequest.ts';

/** Seconds of one task on one device: compute, activation collectives (tensor parallel), parameter ones (ZeRO-3). */
export interface TaskCost {
  readonly computeS: number;
  readonly tensorS: number;
  readonly dataS: number;
}

/** A task that costs nothing. */
export const NO_TASK: TaskCost = { computeS: 0, tensorS: 0, dataS: 0 };
/** Seconds of a task. */
export const taskS = (t: TaskCost): number => t.computeS + t.tensorS + t.dataS;
/** a + k·b, part by part. */
export const addTasks = (a: TaskCost, b: TaskCost, k = 1): TaskCost => ({
  computeS: a.computeS + k * b.computeS,
  tensorS: a.tensorS + k * b.tensorS,
  dataS: a.dataS + k * b.dataS,
});

/** A block priced for one microbatch on one device. */
export interface BlockCost {
  readonly plan: SpmdPlan;
  readonly price: PlanPrice;
  readonly forward: TaskCost;
  /** The backward task without its recompute. */
  readonly backward: TaskCost;
  /** What each policy recomputes before the backward task. */
  readonly recompute: Readonly<Record<RecomputePolicy, TaskCost>>;
  /** Gradient reductions, ready times measured from the start of the backward task (after its recompute). */
  readonly gradients: readonly QueuedReduction[];
  /** The optimizer step of this block's parameters: compute and its collectives (ZeRO's gathers). */
  readonly update: { readonly computeS: number; readonly commS: number };
  readonly state: ModelStateBytes;
  /** Bytes kept per microbatch from forward to backward, by policy. */
  readonly activationBytes: Readonly<Record<RecomputePolicy, number>>;
  /** Bytes live only while the block runs (the largest op, plus what recompute rematerialises). */
  readonly temporaryBytes: Readonly<Record<RecomputePolicy, number>>;
  /** Matmul FLOPs per device per microbatch (model matmuls only): forward, backward, and the attention core. */
  readonly matmulFlops: { readonly forward: number; readonly backward: number; readonly core: number };
}

/** A block to plan: its program, annotations and what the pricing must know about it. */
export interface BlockSpec {
  readonly program: Program;
  readonly annotations: AutoAnnotations;
  /** Harness values: not priced. */
  readonly skip: ReadonlySet<ValueId>;
  /** Einsums priced but not counted as model FLOPs (one-hot selectors). */
  readonly auxiliary: ReadonlySet<ValueId>;
  /** Values kept for the backward pass by each policy; by default every forward value the backward reads. */
  readonly saved?: Readonly<Record<RecomputePolicy, readonly ValueId[]>>;
  /** Forward values selective recompute runs again; [] when the block is never recomputed. */
  readonly core: readonly ValueId[];
  /** Whether full recompute applies to this block (Megatron recomputes transformer layers only). */
  readonly recomputable: boolean;
}

function task(price: PlanPrice, phase: Phase, only?: ReadonlySet<ValueId>): TaskCost {
  let computeS = 0;
  for (const o of price.ops) if (o.phase === phase && (!only || only.has(o.value))) computeS += o.timeS;
  const coll = (pred: (c: PricedCollective) => boolean) =>
    only ? 0 : price.collectives.filter((c) => c.phase === phase && pred(c)).reduce((s, c) => s + c.timeS, 0);
  return {
    computeS,
    tensorS: coll((c) => c.role === 'activation'),
    dataS: coll((c) => c.role === 'parameter'),
  };
}

/** Plans `spec` on `mesh` and prices it; planning errors come back as results. */
export function blockCost(
  mesh: Mesh,
  spec: BlockSpec,
  ctx: PricingContext,
  precision: TrainingPrecision,
): Result<BlockCost> {
  const planned = planAuto(mesh, spec.program, spec.annotations);
  if (!planned.ok) return planned;
  const plan = planned.value;
  const price = pricePlan(plan, { ...ctx, skip: spec.skip });
  const forward = task(price, 'forward');
  const core = task(price, 'forward', new Set(spec.core));
  const gradients = price.collectives
    .filter((c) => c.role === 'gradient')
    .map((c, i) => ({ readyS: price.gradientReadyS[i]!, durationS: c.timeS }));
  const updateComputeS = task(price, 'update').computeS;
  const updateCommS = price.collectives.filter((c) => c.phase === 'update').reduce((s, c) => s + c.timeS, 0);
  const bytes = (ids: readonly ValueId[]) => valuesBytes(plan, ids);
  const peak = peakOpBytes(price);
  const generic = spec.saved === undefined ? savedForBackward(plan, spec.skip) : [];
  const saved = spec.saved ?? { none: generic, selective: generic, full: generic };
  const coreSaved = saved.none.filter((id) => !saved.selective.includes(id));
  const flops = (phase: Phase, only?: readonly ValueId[]) =>
    price.ops
      .filter((o) => o.kind === 'matmul' && o.phase === phase && !spec.auxiliary.has(o.value))
      .filter((o) => !only || only.includes(o.value))
      .reduce((s, o) => s + o.flops, 0);
  return ok({
    plan,
    price,
    forward,
    backward: task(price, 'backward'),
    recompute: {
      none: { computeS: 0, tensorS: 0, dataS: 0 },
      selective: core,
      full: spec.recomputable ? forward : { computeS: 0, tensorS: 0, dataS: 0 },
    },
    gradients,
    update: { computeS: updateComputeS, commS: updateCommS },
    state: modelStateBytes(plan, precision, spec.skip),
    activationBytes: {
      none: bytes(saved.none),
      selective: bytes(saved.selective),
      full: bytes(saved.full),
    },
    temporaryBytes: {
      none: peak,
      selective: peak + bytes(coreSaved),
      full: peak + (spec.recomputable ? bytes(saved.none) : 0),
    },
    matmulFlops: {
      forward: flops('forward'),
      backward: flops('backward'),
      core: flops('forward', spec.core),
    },
  });
}
