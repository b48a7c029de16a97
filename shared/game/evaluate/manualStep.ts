// The forward pass of a manual-mode plan (the player's shard_map body, built at banquet scale by
// buildShardMap: per-device shapes, nothing materialised) priced op by op on one device with the core's
// cost functions: einsums by the roofline (matmulTimeS), other ops as memory-bound kernels reading their
// operands and writing their result (memoryTimeS; unfused, so an upper bound), and each collective the
// player placed by the α–β ring time on its axes' link (collectiveTimeOnAxesS), with S = the array in the
// group and L = this device's operand, as collectivePricing.ts: psum S = L, all_gather S = n·L,
// psum_scatter S = L, all_to_all S = n·L, ppermute a point-to-point of L. Bytes one device sends follow
// reshardBytes.ts: all-reduce 2(n−1)/n·L, all-gather (n−1)·L, reduce-scatter and all-to-all (n−1)/n·L,
// ppermute L. Memory: the inputs' shards (parameters at the precision's bytes) plus the largest working set.
import {
  collectiveTimeOnAxesS,
  combinedAxesLink,
  ringCollectiveTimeS,
} from '../../sim/cost/collectiveTime.ts';
import {
  capacityCheck,
  memoryBreakdown,
  stateBytesPerParam,
  type TrainingPrecision,
} from '../../sim/cost/memory.ts';
import { gemmShape } from '../../sim/cost/gemmEfficiency.ts';
import { matmulTimeS, memoryTimeS, type PricingContext } from '../../sim/cost/pricePlan.ts';
import { axisSize, type Mesh } from '../../sim/mesh.ts';
import { DTYPE_BYTES, operandsOf, type Node, type Value } from '../../sim/program/ir.ts';
import type { ShardMapProgram } from '../../sim/spmd/buildShardMap.ts';
import { einsumFlops, parseEinsum } from '../../sim/tensor/einsumEquation.ts';
import { sizeOf } from '../../sim/tensor/ndarray.ts';
import type { CollectiveCost, MemoryReport, StepEvent } from '../evaluation.ts';
import { eventPass } from '../passNames.ts';
import { collectiveLabel, type DeviceStep } from './spmdStep.ts';
import { allDevices } from './spmdMemory.ts';

const KIND: Partial<Record<Node['kind'], 'all-reduce' | 'all-gather' | 'reduce-scatter' | 'all-to-all'>> = {
  psum: 'all-reduce',
  allGather: 'all-gather',
  psumScatter: 'reduce-scatter',
  allToAll: 'all-to-all',
};

const bytesOf = (v: Value): number => sizeOf(v.shape) * DTYPE_BYTES[v.dtype];

/** A collective node's kind, axes, seconds and bytes sent, for an operand of `local` bytes. */
function collectiveCost(mesh: Mesh, node: Node, local: number, ctx: PricingContext) {
  const axes = node.kind === 'ppermute' ? [node.axis] : 'axes' in node ? node.axes : [];
  const n = axes.reduce((p, a) => p * (axisSize(mesh, a) ?? 1), 1);
  if (node.kind === 'ppermute') {
    const link = combinedAxesLink(ctx.links, axes).link;
    return {
      kind: 'collective-permute',
      axes,
      timeS: ringCollectiveTimeS('point-to-point', n, local, link),
      sent: local,
    };
  }
  const kind = KIND[node.kind]!;
  const S = kind === 'all-gather' || kind === 'all-to-all' ? n * local : local;
  const share = (n - 1) / n;
  const sent =
    kind === 'all-reduce' ? 2 * share * local : kind === 'all-gather' ? (n - 1) * local : share * local;
  return { kind, axes, timeS: collectiveTimeOnAxesS(kind, ctx.links, axes, S), sent };
}

/** Prices the forward pass of `sm` on one device and checks its memory against `capacityBytes`. */
export function manualStep(
  sm: ShardMapProgram,
  mesh: Mesh,
  ctx: PricingContext,
  precision: TrainingPrecision,
  capacityBytes: number,
): DeviceStep & { readonly memory: MemoryReport } {
  const values = sm.program.values;
  const nameOf = new Map([...sm.names].map(([n, id]) => [id, n]));
  const events: StepEvent[] = [];
  const collectives: CollectiveCost[] = [];
  let clock = 0;
  let computeS = 0;
  let commS = 0;
  let peak = 0;
  let matmulFlops = 0;
  for (const v of values) {
    const node = v.node;
    if (node.kind === 'input' || node.kind === 'constraint' || node.kind === 'stopGradient') continue;
    const operands = operandsOf(node).map((o) => values[o]!);
    // A row lookup reads the ids and the rows it takes, not its whole table (pricePlan.ts).
    const hbm =
      node.kind === 'take'
        ? bytesOf(operands[1]!) + 2 * bytesOf(v)
        : operands.reduce((s, o) => s + bytesOf(o), 0) + bytesOf(v);
    peak = Math.max(peak, hbm);
    if (KIND[node.kind] !== undefined || node.kind === 'ppermute') {
      const c = collectiveCost(mesh, node, bytesOf(operands[0]!), ctx);
      const tensor = nameOf.get(operands[0]!.id) ?? operands[0]!.name;
      if (c.timeS > 0)
        events.push({
          kind: 'collective',
          startS: clock,
          endS: clock + c.timeS,
          label: collectiveLabel(c.kind, tensor, c.axes),
          pass: eventPass(c.kind, c.axes),
        });
      const link = c.axes.some((a) => ctx.links.find((l) => l.axis === a)?.link === 'inter')
        ? 'inter'
        : 'intra';
      collectives.push({
        kind: c.kind,
        axes: [...c.axes],
        tensor,
        phase: 'forward',
        role: 'manual',
        link,
        bytesPerDevice: c.sent,
        timeS: c.timeS,
        perStep: 1,
        overlapped: false,
      });
      clock += c.timeS;
      commS += c.timeS;
      continue;
    }
    let t: number;
    if (node.kind === 'einsum') {
      const eq = parseEinsum(
        node.equation,
        operands.map((o) => o.shape),
      );
      const flops = eq.ok ? einsumFlops(eq.value) : 0;
      matmulFlops += flops;
      t = matmulTimeS(flops, hbm, ctx, eq.ok ? gemmShape(eq.value) : undefined);
    } else t = memoryTimeS(hbm, ctx);
    const last = events[events.length - 1];
    if (last?.kind === 'forward' && last.endS === clock)
      events[events.length - 1] = { ...last, endS: clock + t };
    else if (t > 0) events.push({ kind: 'forward', startS: clock, endS: clock + t });
    clock += t;
    computeS += t;
  }
  const perParam = stateBytesPerParam(precision).params;
  let params = 0;
  let data = 0;
  for (const io of sm.inputs) {
    const v = values[io.value]!;
    const isParam = v.node.kind === 'input' && v.node.role === 'param';
    if (isParam) params += sizeOf(v.shape) * perParam;
    else data += bytesOf(v);
  }
  const bytes = memoryBreakdown({ params, grads: 0, optimizer: 0, activations: data, temporaries: peak });
  const devices = allDevices(mesh.deviceCount);
  const check = capacityCheck(
    devices.map(() => bytes.total),
    devices,
    capacityBytes,
  );
  return {
    stepS: clock,
    computeS,
    exposedCommS: commS,
    commTotalS: commS,
    events,
    collectives,
    matmulFlops,
    memory: {
      worst: bytes,
      worstDevice: check.worstDevice,
      capacityBytes,
      fits: check.fits,
      overflowBytes: check.overflowBytes,
      groups: [{ devices, bytes }],
    },
  };
}
