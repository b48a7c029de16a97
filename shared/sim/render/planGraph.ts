// The static view's data (docs/design.md §5.3): the propagated plan as a graph — every value with its op, its
// sharding as JAX prints it and its per-device shape, the edges between values, and every inserted
// collective pinned to the edge (operand) or node (result) where the partitioner placed it.
import { specFromSharding, specToString } from '../partitionSpec.ts';
import { operandsOf, type Phase } from '../program/ir.ts';
import { localShape } from '../sharding.ts';
import type { SpmdPlan } from '../spmd/partition.ts';

export interface PlanNode {
  readonly id: number;
  readonly name: string;
  /** `input:param`, `einsum bsd,dnh->bsnh`, `unary gelu`, `reduce sum[1]`, … */
  readonly op: string;
  readonly phase: Phase;
  readonly shape: readonly number[];
  readonly spec: string;
  readonly localShape: readonly number[];
  readonly operands: readonly number[];
}

export interface PlanCollective {
  readonly kind: string;
  readonly axes: readonly string[];
  /** The value that moves, and the node it is inserted at (on the edge value → at, or after `at` itself). */
  readonly value: number;
  readonly at: number;
  readonly place: 'operand' | 'result';
  readonly phase: Phase;
  readonly fromSpec: string;
  readonly toSpec: string;
  readonly bytesPerDevice: number;
}

export interface PlanGraph {
  readonly nodes: readonly PlanNode[];
  readonly collectives: readonly PlanCollective[];
}

const spec = (s: Parameters<typeof specFromSharding>[0]) => specToString(specFromSharding(s), s.unreduced);

/** The plan as drawable data. */
export function planGraph(plan: SpmdPlan): PlanGraph {
  const nodes = plan.program.values.map((v): PlanNode => {
    const n = v.node;
    const op =
      n.kind === 'input'
        ? `input:${n.role}`
        : n.kind === 'einsum'
          ? `einsum ${n.equation}`
          : n.kind === 'unary' || n.kind === 'binary'
            ? `${n.kind} ${n.op}`
            : n.kind === 'reduce'
              ? `reduce ${n.op}[${n.dims.join(',')}]`
              : n.kind;
    const s = plan.shardings[v.id]!;
    return {
      id: v.id,
      name: v.name,
      op,
      phase: v.phase,
      shape: v.shape,
      spec: spec(s),
      localShape: localShape(plan.mesh, s, v.shape),
      operands: operandsOf(n),
    };
  });
  const collectives = plan.collectives.map((c): PlanCollective => ({
    kind: c.kind,
    axes: c.axes,
    value: c.value,
    at: c.at,
    place: c.place,
    phase: c.phase,
    fromSpec: spec(c.from),
    toSpec: spec(c.to),
    bytesPerDevice: c.bytesPerDevice,
  }));
  return { nodes, collectives };
}
