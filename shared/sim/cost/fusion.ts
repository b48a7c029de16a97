// Which elementwise ops share one kernel, and how many HBM bytes each kernel moves. XLA fuses producer–
// consumer chains of elementwise ops, broadcasts and reductions into one kernel (loop and input fusion), and
// Megatron-LM ships hand-fused kernels for the same chains (scale-mask-softmax, bias-GeLU, bias-dropout-
// add, layer norm). The model: the non-matmul ops of one phase that feed each other form one kernel; it
// reads each value it takes from outside once and writes each of its values that something outside it
// reads (a matmul, another kernel, a later phase, a program output) once. Sharding constraints and
// stop_gradient are identities and cost nothing; `x·0` (a constant shaped like x) reads nothing. Byte
// counts use the shards one device holds.
import type { SpmdPlan } from '../spmd/partition.ts';
import { DTYPE_BYTES, operandsOf, type Node, type Program, type ValueId } from '../program/ir.ts';
import { localShape } from '../sharding.ts';
import { sizeOf } from '../tensor/ndarray.ts';

/** One fused kernel of elementwise ops. */
export interface FusedKernel {
  /** Its ops, in program order; the last one is where its cost is booked. */
  readonly members: readonly ValueId[];
  /** HBM bytes read (outside values, once each) and written (values read outside), per device. */
  readonly hbmBytes: number;
  /** Elementwise FLOPs per device (1 per output element, as partition.ts counts). */
  readonly flops: number;
}

/** `x·0`: the IR's way to make a constant shaped like x (vjp.ts `fill`); it reads x's shape, not its bytes. */
export const isShapeOnly = (node: Node): boolean =>
  node.kind === 'unary' && node.op === 'scale' && node.scalar === 0;

const isFree = (kind: string): boolean => kind === 'constraint' || kind === 'stopGradient';
const isMemoryOp = (kind: string): boolean =>
  kind === 'unary' || kind === 'binary' || kind === 'reduce' || kind === 'broadcast';

/** The value an identity chain (constraints, stop_gradient) starts from. */
function resolver(program: Program): (id: ValueId) => ValueId {
  const root = program.values.map((v) => v.id);
  for (const v of program.values) if (isFree(v.node.kind)) root[v.id] = root[operandsOf(v.node)[0]!]!;
  return (id) => root[id]!;
}

/** Bytes of one device's shard of `id` under the plan's sharding of it. */
export function localBytes(plan: SpmdPlan, id: ValueId): number {
  const v = plan.program.values[id]!;
  return sizeOf(localShape(plan.mesh, plan.shardings[id]!, v.shape)) * DTYPE_BYTES[v.dtype];
}

/**
 * The fused kernels of a partitioned program, keyed by the value of their last member. `skip` values
 * (a pricing harness) neither join kernels nor count as readers.
 */
export function fusedKernels(
  plan: SpmdPlan,
  skip: ReadonlySet<ValueId> = new Set(),
): Map<ValueId, FusedKernel> {
  const { program } = plan;
  const values = program.values;
  const root = resolver(program);
  const parent = values.map((v) => v.id);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]!]!;
    return x;
  };
  const member = (id: ValueId) => isMemoryOp(values[id]!.node.kind) && !skip.has(id);
  // Readers of each resolved value, and the kernels' union of producer–consumer pairs within a phase.
  const readers: ValueId[][] = values.map(() => []);
  for (const v of values) {
    if (v.node.kind === 'input' || isFree(v.node.kind) || skip.has(v.id)) continue;
    for (const o of operandsOf(v.node)) {
      const r = root(o);
      readers[r]!.push(v.id);
      if (member(v.id) && member(r) && values[r]!.phase === v.phase) parent[find(v.id)] = find(r);
    }
  }
  const outputs = new Set(program.outputs.map((o) => root(o.value)));
  const groups = new Map<number, ValueId[]>();
  for (const v of values) {
    if (!member(v.id)) continue;
    const g = find(v.id);
    const list = groups.get(g);
    if (list) list.push(v.id);
    else groups.set(g, [v.id]);
  }
  const flopsOf = new Map(plan.ops.map((o) => [o.value, o.flopsPerDevice]));
  const kernels = new Map<ValueId, FusedKernel>();
  for (const [g, members] of groups) {
    const inside = (id: ValueId) => member(id) && find(id) === g;
    const read = new Set<ValueId>();
    let hbmBytes = 0;
    let flops = 0;
    for (const id of members) {
      flops += flopsOf.get(id) ?? 0;
      if (isShapeOnly(values[id]!.node)) continue;
      for (const o of operandsOf(values[id]!.node)) {
        const r = root(o);
        if (inside(r) || read.has(r)) continue;
        read.add(r);
        hbmBytes += localBytes(plan, r);
      }
      if (outputs.has(id) || readers[id]!.some((u) => !inside(u))) hbmBytes += localBytes(plan, id);
    }
    kernels.set(members[members.length - 1]!, { members, hbmBytes, flops });
  }
  return kernels;
}
