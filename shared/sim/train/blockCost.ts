// A block of the model (one transformer layer, the output layer) planned in auto mode and priced for one
// microbatch on one device: what its forward, backward and recompute tasks cost, when its gradients are
// ready for the data-parallel reduction, what its optimizer step costs, and what it keeps in memory.
import type { PricingContext, PlanPrice, PricedCollective } from '../cost/pricePlan.ts';
import { pricePlan } from '../cost/pricePlan.ts';
import type { QueuedReduction } from '../cost/gradientOverlap.ts';
import {
  modelStateBytes,
  peakTransientBytes,
  residentValues,
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
import { collectiveTimeOnAxesS } from '../cost/collectiveTime.ts';
import { flatZeroCost } from './flatZero.ts';
import { DATA_AXIS } from './trainAxes.ts';
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
  /**
   * Backward collectives that run while an independent GEMM computes (Megatron's asynchronous tensor-
   * parallel backward, megatronLayer.ts `asyncBackward`), by value name: each hides up to that GEMM's time.
   */
  readonly asyncBackward?: readonly { readonly collective: string; readonly op: string }[];
  /** Parameters ZeRO partitions flat and padded (DeepSpeed) because no dimension splits: flatZero.ts. */
  readonly flatZero?: { readonly names: readonly string[]; readonly zeroStage: 0 | 1 | 2 | 3 };
}

// Collectives of one kind over the same axes in one pass of a block run coalesced, as DeepSpeed's ZeRO-3
// gathers a module's parameters together and DDP and ZeRO reduce gradients in buckets: their bandwidth
// terms add up and the ring's latency chain ((n−1)α per step) is paid once.
const COALESCED = new Set(['all-gather', 'reduce-scatter', 'all-reduce']);
const latencyS = (c: PricedCollective, ctx: PricingContext): number =>
  COALESCED.has(c.kind) ? collectiveTimeOnAxesS(c.kind as 'all-gather', ctx.links, c.axes, 0) : 0;

/** Seconds of `cs` run coalesced: Σ (t − latency) + the largest latency per (kind, axes). */
function coalescedS(cs: readonly PricedCollective[], ctx: PricingContext, extraGatherBytes = 0): number {
  const groups = new Map<string, { lat: number; band: number }>();
  for (const c of cs) {
    const key = `${c.kind}|${c.axes.join(',')}`;
    const lat = latencyS(c, ctx);
    const g = groups.get(key) ?? { lat: 0, band: 0 };
    groups.set(key, { lat: Math.max(g.lat, lat), band: g.band + c.timeS - lat });
  }
  let total = [...groups.values()].reduce((s, g) => s + g.lat + g.band, 0);
  if (extraGatherBytes > 0) {
    const full = collectiveTimeOnAxesS('all-gather', ctx.links, [DATA_AXIS], extraGatherBytes);
    const lat = collectiveTimeOnAxesS('all-gather', ctx.links, [DATA_AXIS], 0);
    total += groups.has(`all-gather|${DATA_AXIS}`) ? full - lat : full;
  }
  return total;
}

const dpOf = (plan: SpmdPlan): number => plan.mesh.axes.find((a) => a.name === DATA_AXIS)?.size ?? 1;

/**
 * Seconds of activation collectives hidden behind the GEMM each is paired with in `phase`:
 * Σ min(collective, GEMM) over the pairs present (exposed = max(0, collective − GEMM)).
 */
function hiddenS(
  price: PlanPrice,
  plan: SpmdPlan,
  phase: Phase,
  pairs: readonly { readonly collective: string; readonly op: string }[],
): number {
  const name = (id: ValueId) => plan.program.values[id]!.name;
  let hidden = 0;
  for (const pair of pairs) {
    const c = price.collectives.find(
      (x) => x.phase === phase && x.role === 'activation' && name(x.value) === pair.collective,
    );
    const o = price.ops.find((x) => x.phase === phase && name(x.value) === pair.op);
    if (c !== undefined && o !== undefined) hidden += Math.min(c.timeS, o.timeS);
  }
  return hidden;
}

function task(
  price: PlanPrice,
  phase: Phase,
  ctx: PricingContext,
  only?: ReadonlySet<ValueId>,
  gatherBytes = 0,
  hidden = 0,
): TaskCost {
  let computeS = 0;
  for (const o of price.ops) if (o.phase === phase && (!only || only.has(o.value))) computeS += o.timeS;
  const coll = (pred: (c: PricedCollective) => boolean) =>
    only ? [] : price.collectives.filter((c) => c.phase === phase && pred(c));
  // ZeRO-3's parameter gathers stay on the critical path (pricing them as fully hidden made every ZeRO-3 row
  // of Narayanan Table 2 27–34% too fast; as exposed, with the reduce-scatters in the link's free time, they
  // are 21% too slow to 2% too fast). `parallel.zero3Hooks` replaces them in the layers' tasks with
  // DeepSpeed's hooks replayed (zero3HookTasks.ts; docs/pricing.md "ZeRO-3").
  return {
    computeS,
    tensorS: coll((c) => c.role === 'activation').reduce((s, c) => s + c.timeS, 0) - (only ? 0 : hidden),
    dataS: only
      ? 0
      : coalescedS(
          coll((c) => c.role === 'parameter'),
          ctx,
          gatherBytes,
        ),
  };
}

/**
 * Parameters the backward gathers again (ZeRO-3 under `megatronRegathers`): under full recompute their
 * forward gathers serve the recompute and the backward together, once per microbatch.
 */
export const regatheredParameters = (cs: readonly PricedCollective[]): ReadonlySet<ValueId> =>
  new Set(
    cs.filter((c) => c.phase === 'backward' && c.role === 'parameter' && c.regather).map((c) => c.value),
  );

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
  const price = pricePlan(plan, { ...ctx, skip: spec.skip, megatronRegathers: true });
  const flat = flatZeroCost(
    plan,
    price,
    ctx,
    spec.flatZero?.names ?? [],
    spec.flatZero?.zeroStage ?? 0,
    precision,
    modelStateBytes(plan, precision, spec.skip),
  );
  const forward = task(price, 'forward', ctx, undefined, flat.gatherBytes);
  const core = task(price, 'forward', ctx, new Set(spec.core));
  // Full recompute runs the forward again just before the backward, and the parameters it gathers are the
  // ones the backward reads: XLA's rematerialised all-gather feeds the backward (DeepSpeed keeps a weight only
  // within `stage3_max_reuse_distance`, which `zero3Hooks` replays). So ZeRO-3 moves a layer's parameters
  // twice per microbatch with full recompute, as without it (Rajbhandari et al. 2020 §7: 3Ψ with the
  // gradients' reduce-scatter); the backward's re-gathers stand for the recompute's gathers.
  const regathered = regatheredParameters(price.collectives);
  const refetch = task(
    {
      ...price,
      collectives: price.collectives.filter((c) => !(c.role === 'parameter' && regathered.has(c.value))),
    },
    'forward',
    ctx,
  );
  // The listing says what is priced: a flat-partitioned gradient is reduce-scattered (half an all-reduce's
  // ring bytes), not all-reduced, and the flat partitions' gathers are listed with the plan's own. Under
  // ZeRO-1 the specs keep a gradient whole over `data` (its buffer is), but each rank needs only its
  // optimizer partition's sum: that all-reduce over `data` is priced as the reduce-scatter ZeRO runs.
  const zero1 = (spec.flatZero?.zeroStage ?? 0) === 1;
  const scattered = (c: PricedCollective) =>
    flat.gradients.get(c.value) ??
    (zero1 && c.axes.length === 1 && c.axes[0] === DATA_AXIS
      ? {
          groupBytes: c.groupBytes,
          timeS: collectiveTimeOnAxesS('reduce-scatter', ctx.links, c.axes, c.groupBytes),
        }
      : undefined);
  const listed: typeof price = {
    ...price,
    collectives: [
      ...price.collectives.map((c) => {
        const rs = c.role === 'gradient' && c.kind === 'all-reduce' ? scattered(c) : undefined;
        return rs === undefined
          ? c
          : {
              ...c,
              kind: 'reduce-scatter' as const,
              groupBytes: rs.groupBytes,
              bytesPerDevice: (rs.groupBytes * (dpOf(plan) - 1)) / dpOf(plan),
              timeS: rs.timeS,
            };
      }),
      ...flat.collectives,
    ],
  };
  // Gradient reductions in ready order, bucketed: each keeps its bandwidth term, the last of a (kind, axes)
  // group also carries the group's latency chain once. They are read from the listing, so a flat-partitioned
  // gradient's latency is a reduce-scatter's ((n−1)α), not the all-reduce's the plan placed (2(n−1)α).
  const reductions = listed.collectives.filter((c) => c.role === 'gradient');
  const keyOf = (c: PricedCollective) => `${c.kind}|${c.axes.join(',')}`;
  const lastOf = new Map<string, number>();
  reductions.forEach((c, j) => lastOf.set(keyOf(c), j));
  const groupLat = new Map<string, number>();
  for (const c of reductions) groupLat.set(keyOf(c), Math.max(groupLat.get(keyOf(c)) ?? 0, latencyS(c, ctx)));
  const gradients = reductions.map((c, j) => ({
    readyS: price.gradientReadyS[j]!,
    durationS: c.timeS - latencyS(c, ctx) + (lastOf.get(keyOf(c)) === j ? groupLat.get(keyOf(c))! : 0),
  }));
  const updateComputeS = task(price, 'update', ctx).computeS - flat.updateComputeSavedS;
  const updateCommS =
    price.collectives.filter((c) => c.phase === 'update').reduce((s, c) => s + c.timeS, 0) + flat.updateCommS;
  const bytes = (ids: readonly ValueId[]) => valuesBytes(plan, ids);
  const generic = spec.saved === undefined ? savedForBackward(plan, spec.skip) : [];
  const saved = spec.saved ?? { none: generic, selective: generic, full: generic };
  // The largest op's transient working set, by the rule the levels' memory uses (spmdMemory.ts): what no
  // other row holds (states, everything `none` keeps for the backward pass), gathered operands included —
  // ZeRO-3's flat partitions, replicated in the specs, are gathered whole for each forward and backward use.
  const flatGathered =
    (spec.flatZero?.zeroStage ?? 0) >= 3 && dpOf(plan) > 1
      ? new Set(plan.program.values.filter((v) => spec.flatZero!.names.includes(v.name)).map((v) => v.id))
      : new Set<ValueId>();
  const peak = peakTransientBytes(plan, residentValues(plan, saved.none), {
    skip: spec.skip,
    gathered: flatGathered,
  });
  const coreSaved = saved.none.filter((id) => !saved.selective.includes(id));
  const flops = (phase: Phase, only?: readonly ValueId[]) =>
    price.ops
      .filter((o) => o.kind === 'matmul' && o.phase === phase && !spec.auxiliary.has(o.value))
      .filter((o) => !only || only.includes(o.value))
      .reduce((s, o) => s + o.flops, 0);
  return ok({
    plan,
    price: listed,
    forward,
    backward: task(
      price,
      'backward',
      ctx,
      undefined,
      flat.gatherBytes,
      hiddenS(price, plan, 'backward', spec.asyncBackward ?? []),
    ),
    recompute: {
      none: { computeS: 0, tensorS: 0, dataS: 0 },
      selective: core,
      full: spec.recomputable ? refetch : { computeS: 0, tensorS: 0, dataS: 0 },
    },
    gradients,
    update: { computeS: updateComputeS, commS: updateCommS },
    state: flat.state,
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
