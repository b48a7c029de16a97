// Runs a built shard_map program on real blocks: every device holds a Float32Array of each value, local ops
// run per device with the tensor kernels (evalOp), collectives move blocks between the simulated devices.
import { assemble, distribute } from '../collectives/distTensor.ts';
import type { CollectiveRecord } from '../collectives/ledger.ts';
import {
  allGatherLocal,
  allToAllLocal,
  ppermuteLocal,
  psum,
  psumScatterLocal,
  type LocalResult,
} from '../collectives/localCollectives.ts';
import type { Mesh } from '../mesh.ts';
import { evalOp } from '../program/evalOp.ts';
import { DTYPE_BYTES, operandsOf, type Node } from '../program/ir.ts';
import { sizeOf, type NdArray } from '../tensor/ndarray.ts';
import type { ShardMapProgram } from './buildShardMap.ts';

/** What running a shard_map program produced. */
export interface ShardMapRun {
  /** Global outputs assembled per out_specs; along unmentioned axes, the copy of the device at coordinate 0. */
  readonly outputs: Map<string, NdArray<Float32Array>>;
  /** Every collective the body executed, in program order, with the value it defined and the one it sent. */
  readonly records: { readonly value: string; readonly operand: string; readonly record: CollectiveRecord }[];
  /** Per player value name: one local array per device id. */
  readonly locals: Map<string, Float32Array[]>;
  /** Per output: largest |a − b| between devices that out_specs treats as copies (non-zero: not replicated). */
  readonly replicaDiff: Map<string, number>;
}

/** A manual collective across the devices' blocks `x` (each of local shape `shape`). */
function runCollective(
  mesh: Mesh,
  node: Node,
  x: readonly Float32Array[],
  shape: readonly number[],
  bytes: number,
): LocalResult {
  switch (node.kind) {
    case 'psum':
      return psum(mesh, x, shape, node.axes, bytes);
    case 'allGather':
      return allGatherLocal(mesh, x, shape, node.axes, node.dim, bytes);
    case 'psumScatter':
      return psumScatterLocal(mesh, x, shape, node.axes, node.dim, bytes);
    case 'allToAll':
      return allToAllLocal(mesh, x, shape, node.axes, node.splitDim, node.concatDim, bytes);
    case 'ppermute':
      return ppermuteLocal(mesh, x, shape, node.axis, node.perm, bytes);
    default:
      throw new Error(`shard_map: '${node.kind}' is not a collective`);
  }
}

const COLLECTIVES = new Set<Node['kind']>(['psum', 'allGather', 'psumScatter', 'allToAll', 'ppermute']);

/**
 * Runs a built shard_map program on `mesh` (the one it was built for): each device gets its block of every
 * input as a Float32Array, local ops run per device with the tensor kernels, collectives run across devices.
 * `globalInputs` must hold every input at its global shape (a programmer error otherwise).
 * @example runShardMap(mesh, program, new Map([['x', x]])).outputs.get('y')
 */
export function runShardMap(
  mesh: Mesh,
  sm: ShardMapProgram,
  globalInputs: ReadonlyMap<string, NdArray>,
): ShardMapRun {
  const values = sm.program.values;
  const locals: Float32Array[][] = [];
  const records: { value: string; operand: string; record: CollectiveRecord }[] = [];
  const playerName = new Map([...sm.names].map(([name, id]) => [id, name]));
  for (const v of values) {
    const n = v.node;
    if (n.kind === 'input') {
      const io = sm.inputs.find((i) => i.value === v.id)!;
      const g = globalInputs.get(io.name);
      if (
        g === undefined ||
        g.shape.length !== io.globalShape.length ||
        g.shape.some((d, i) => d !== io.globalShape[i])
      )
        throw new RangeError(`shard_map: input '${io.name}' needs shape [${io.globalShape.join(', ')}]`);
      locals.push([...distribute(mesh, g, io.sharding).shards]);
    } else if (COLLECTIVES.has(n.kind)) {
      const x = operandsOf(n)[0]!;
      const r = runCollective(mesh, n, locals[x]!, values[x]!.shape, DTYPE_BYTES[v.dtype]);
      records.push({
        value: playerName.get(v.id) ?? v.name,
        operand: playerName.get(x) ?? values[x]!.name,
        record: r.record,
      });
      locals.push(r.locals);
    } else {
      const ids = operandsOf(n);
      locals.push(
        Array.from({ length: mesh.deviceCount }, (_, d) => {
          const out = evalOp(
            n,
            ids.map((id) => ({ shape: values[id]!.shape, data: locals[id]![d]! })),
            v.shape,
          );
          if (sizeOf(out.shape) !== sizeOf(v.shape))
            throw new Error(`shard_map: '${v.name}' has the wrong size`);
          return out.data instanceof Float32Array ? out.data : Float32Array.from(out.data);
        }),
      );
    }
  }
  const outputs = new Map<string, NdArray<Float32Array>>();
  const replicaDiff = new Map<string, number>();
  for (const o of sm.outputs) {
    const { value, maxReplicaDiff } = assemble(mesh, {
      shape: o.globalShape,
      sharding: o.sharding,
      shards: locals[o.value]!,
    });
    outputs.set(o.name, { shape: [...o.globalShape], data: Float32Array.from(value.data) });
    replicaDiff.set(o.name, maxReplicaDiff);
  }
  return {
    outputs,
    records,
    locals: new Map([...sm.names].map(([name, id]) => [name, locals[id]!])),
    replicaDiff,
  };
}
