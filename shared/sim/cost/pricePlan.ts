// Pricing a partitioned program (an SpmdPlan) at full scale on one hardware preset (docs/design.md §4.3,
// docs/cost-model.md §4–5). Per op, per device:
//   matmul (einsum)   t = max(F / (peak · e_mm), B / (W_hbm · e_hbm))     roofline; e_mm from the GEMM's
//                     shape on GPUs with a tile model (gemmEfficiency.ts), else one fitted efficiency
//   fused kernel      t = B / (W_hbm · e_hbm)                              elementwise chains (fusion.ts)
//   take/scatter-add  t = B / (W_hbm · e_hbm)   B: ids + rows read and written, scatter's zero-filled rows
//   constraint, stop_gradient: free.
// F = FLOPs of the local op, B = HBM bytes it reads and writes; e_mm, e_hbm from calibration.ts.
// Per collective: the α–β ring time of collectiveTime.ts on the link its axes run on (meshAxisLinks), for
// S = the array in each group, from the shard L one device holds before the step: all-reduce and
// reduce-scatter S = L, all-gather and all-to-all S = n·L, collective-permute a point-to-point of L,
// all-slice free.
// Re-gathers: the partitioner materialises a reshard of a forward value once and reuses it in the backward
// pass (XLA without rematerialisation: the tasting levels' compiled HLO on JAX 0.10.2 has no second gather);
// Megatron's sequence parallelism and ZeRO-3 instead keep the value's own (smaller) shard and redo the
// all-gather in the backward pass (Korthikanti et al. 2022 §4.2.2; Rajbhandari et al. 2020 §5: 3Ψ). With
// `ctx.megatronRegathers` the pricing does as Megatron: a backward op reading a forward value in a sharding a
// forward op had it resharded to pays that reshard again, once (collectivePricing.ts).
// Roles: a backward all-reduce or reduce-scatter whose value only feeds parameter gradients is the
// data-parallel gradient reduction ('gradient', once per step, overlapped: gradientOverlap.ts); a collective moving a parameter
// input is 'parameter' (ZeRO-3 gathers); update-phase ones are 'update'; the rest move activations.
import { DTYPE_BYTES, operandsOf, type Phase, type ValueId } from '../program/ir.ts';
import { localShape } from '../sharding.ts';
import type { PlacedCollective, SpmdPlan } from '../spmd/partition.ts';
import { sizeOf } from '../tensor/ndarray.ts';
import { CALIBRATION, type Calibration } from './calibration.ts';
import { backwardRegathers, collectiveStepTime, gradientOnlyValues } from './collectivePricing.ts';
import { fusedKernels } from './fusion.ts';
import { gemmEfficiency, gemmShape, type GemmShape } from './gemmEfficiency.ts';
import { parseEinsum } from '../tensor/einsumEquation.ts';
import type { AxisLink, DeviceSpec, Precision } from './hardware.ts';

/** What a plan is priced on. */
export interface PricingContext {
  readonly hardware: DeviceSpec;
  /** Links of the plan's mesh axes: `meshAxisLinks` of the (possibly larger) mesh they belong to. */
  readonly links: readonly AxisLink[];
  /** Precision of the matmuls (default bf16). */
  readonly precision?: Precision;
  readonly calibration?: Calibration;
  /** Values that are not part of the model (a pricing harness): no cost, no collectives. */
  readonly skip?: ReadonlySet<ValueId>;
  /** Re-gather in the backward pass what the forward gathered, as Megatron and DeepSpeed do (default: as XLA, not). */
  readonly megatronRegathers?: boolean;
}

/** One op's price on one device. */
export interface PricedOp {
  readonly value: ValueId;
  readonly phase: Phase;
  /** 'fused': the cost of the whole fused kernel this op ends; members before it are 'free'. */
  readonly kind: 'matmul' | 'fused' | 'free';
  readonly flops: number;
  readonly hbmBytes: number;
  readonly timeS: number;
}

/** Why a collective runs, which decides whether it overlaps (see the file comment). */
export type CollectiveRole = 'activation' | 'parameter' | 'gradient' | 'update';

/** One collective step's price on one device. */
export interface PricedCollective {
  readonly kind: PlacedCollective['kind'];
  readonly axes: readonly string[];
  readonly value: ValueId;
  readonly at: ValueId;
  readonly place: 'operand' | 'result';
  readonly phase: Phase;
  readonly role: CollectiveRole;
  /** Bytes one device sends (ring formulas, the value's dtype). */
  readonly bytesPerDevice: number;
  /** S: bytes of the array in each group (collectiveTime.ts). */
  readonly groupBytes: number;
  readonly link: 'intra' | 'inter';
  readonly timeS: number;
  /** A backward re-gather of a forward value the partitioner had kept resharded. */
  readonly regather: boolean;
}

/** Totals of one phase (forward, backward, update) on one device. */
export interface PhaseTotals {
  /** Seconds of compute (matmuls and fused kernels) on one device. */
  readonly computeS: number;
  /** Seconds of collectives on one device (all roles). */
  readonly commS: number;
  readonly flops: number;
  readonly hbmBytes: number;
}

/** A priced plan. */
export interface PlanPrice {
  /** One entry per non-input op, in program order. */
  readonly ops: readonly PricedOp[];
  readonly collectives: readonly PricedCollective[];
  readonly phases: Readonly<Record<Phase, PhaseTotals>>;
  /** Per gradient collective (same order as in `collectives`), seconds into the backward pass its value is ready. */
  readonly gradientReadyS: readonly number[];
}

/** Share of peak one matmul reaches: the tile/wave model when the device has one and the shape is known. */
export function matmulEfficiency(ctx: PricingContext, shape?: GemmShape): number {
  const cal = ctx.calibration ?? CALIBRATION;
  const tiling = ctx.hardware.gemmTiling;
  if (tiling === undefined) return cal.matmulEfficiency;
  return shape === undefined ? cal.gemmPeakEfficiency : gemmEfficiency(shape, tiling, cal.gemmPeakEfficiency);
}

/** Seconds of one matmul on one device: the roofline with the matmul efficiency of its shape. */
export function matmulTimeS(flops: number, hbmBytes: number, ctx: PricingContext, shape?: GemmShape): number {
  const peak = ctx.hardware.peakFlops[ctx.precision ?? 'bf16'];
  return Math.max(
    flops / (peak * matmulEfficiency(ctx, shape)),
    hbmBytes / (ctx.hardware.hbmBytesPerS * hbmEfficiency(ctx)),
  );
}

/** Share of the HBM bandwidth memory-bound kernels reach: fitted with the tile model on GPUs that have it. */
function hbmEfficiency(ctx: PricingContext): number {
  const cal = ctx.calibration ?? CALIBRATION;
  return ctx.hardware.gemmTiling === undefined ? cal.hbmEfficiency : cal.gemmHbmEfficiency;
}

/** Seconds of a memory-bound kernel moving `hbmBytes` on one device. */
export function memoryTimeS(hbmBytes: number, ctx: PricingContext): number {
  return hbmBytes / (ctx.hardware.hbmBytesPerS * hbmEfficiency(ctx));
}

/** Prices every op and collective of `plan` on one device of `ctx.hardware`. */
export function pricePlan(plan: SpmdPlan, ctx: PricingContext): PlanPrice {
  const skip = ctx.skip ?? new Set<ValueId>();
  const values = plan.program.values;
  const kernels = fusedKernels(plan, skip);
  const ops: PricedOp[] = plan.ops.map((op) => {
    const v = values[op.value]!;
    const base = { value: op.value, phase: v.phase };
    if (skip.has(op.value)) return { ...base, kind: 'free', flops: 0, hbmBytes: 0, timeS: 0 };
    if (v.node.kind === 'einsum') {
      const local = operandsOf(v.node).map((o, i) =>
        localShape(plan.mesh, op.operandShardings[i]!, values[o]!.shape),
      );
      const operandBytes = operandsOf(v.node).reduce(
        (s, o, i) => s + sizeOf(local[i]!) * DTYPE_BYTES[values[o]!.dtype],
        0,
      );
      const eq = parseEinsum(v.node.equation, local);
      const shape = eq.ok ? gemmShape(eq.value) : undefined;
      const hbmBytes =
        operandBytes + sizeOf(localShape(plan.mesh, op.natural, v.shape)) * DTYPE_BYTES[v.dtype];
      const flops = op.flopsPerDevice;
      return { ...base, kind: 'matmul', flops, hbmBytes, timeS: matmulTimeS(flops, hbmBytes, ctx, shape) };
    }
    if (v.node.kind === 'take' || v.node.kind === 'scatterAdd') {
      // A lookup reads the ids and the B rows it takes and writes them (never the whole table); a scatter-add
      // zero-fills the rows it holds, then reads the ids and the updates and adds them into their rows.
      const [a, ids] = v.node.operands;
      const bytes = (id: ValueId, s = op.operandShardings[id === a ? 0 : 1]!) =>
        sizeOf(localShape(plan.mesh, s, values[id]!.shape)) * DTYPE_BYTES[values[id]!.dtype];
      const out = sizeOf(localShape(plan.mesh, op.natural, v.shape)) * DTYPE_BYTES[v.dtype];
      const hbmBytes = bytes(ids) + (v.node.kind === 'take' ? 2 * out : out + 3 * bytes(a));
      return {
        ...base,
        kind: 'fused',
        flops: op.flopsPerDevice,
        hbmBytes,
        timeS: memoryTimeS(hbmBytes, ctx),
      };
    }
    const kernel = kernels.get(op.value);
    if (kernel !== undefined)
      return {
        ...base,
        kind: 'fused',
        flops: kernel.flops,
        hbmBytes: kernel.hbmBytes,
        timeS: memoryTimeS(kernel.hbmBytes, ctx),
      };
    return { ...base, kind: 'free', flops: 0, hbmBytes: 0, timeS: 0 };
  });

  const grad = gradientOnlyValues(plan, skip);
  const role = (c: PlacedCollective): CollectiveRole => {
    if (c.phase === 'update') return 'update';
    // Only a reducing collective can be the gradient reduction; an all-to-all or a permute moves tokens.
    const reduces = c.kind === 'all-reduce' || c.kind === 'reduce-scatter';
    if (c.phase === 'backward' && grad[c.value] && reduces) return 'gradient';
    const n = values[c.value]!.node;
    return n.kind === 'input' && n.role === 'param' ? 'parameter' : 'activation';
  };
  const placed = [
    ...plan.collectives
      .filter((c) => !skip.has(c.value) && !skip.has(c.at))
      .map((c) => ({ c, regather: false })),
    ...(ctx.megatronRegathers === true ? backwardRegathers(plan) : []).map((c) => ({ c, regather: true })),
  ];
  const collectives: PricedCollective[] = placed.map(({ c, regather }) => {
    const t = collectiveStepTime(plan, ctx.links, c);
    return {
      kind: c.kind,
      axes: c.axes,
      value: c.value,
      at: c.at,
      place: c.place,
      phase: c.phase,
      role: role(c),
      bytesPerDevice: c.bytesPerDevice,
      groupBytes: t.groupBytes,
      link: t.link,
      timeS: t.timeS,
      regather,
    };
  });

  const zero = (): { computeS: number; commS: number; flops: number; hbmBytes: number } => ({
    computeS: 0,
    commS: 0,
    flops: 0,
    hbmBytes: 0,
  });
  const phases = { forward: zero(), backward: zero(), update: zero() };
  for (const o of ops) {
    const p = phases[o.phase];
    p.computeS += o.timeS;
    p.flops += o.flops;
    p.hbmBytes += o.hbmBytes;
  }
  for (const c of collectives) phases[c.phase].commS += c.timeS;

  // When each gradient is ready: walk the backward pass in program order (ops, then the non-gradient
  // collectives before or after them).
  const before = new Map<ValueId, number>();
  const after = new Map<ValueId, number>();
  for (const c of collectives) {
    if (c.phase !== 'backward' || c.role === 'gradient') continue;
    const m = c.place === 'operand' ? before : after;
    m.set(c.at, (m.get(c.at) ?? 0) + c.timeS);
  }
  const doneAt = new Map<ValueId, number>();
  let clock = 0;
  for (const o of ops) {
    if (o.phase !== 'backward') continue;
    clock += (before.get(o.value) ?? 0) + o.timeS;
    doneAt.set(o.value, clock);
    clock += after.get(o.value) ?? 0;
  }
  const gradientReadyS = collectives
    .filter((c) => c.role === 'gradient')
    .map((c) => doneAt.get(c.place === 'result' ? c.at : c.value) ?? clock);
  return { ops, collectives, phases, gradientReadyS };
}
