// The embedding's transpose as XLA's scatter partitioner does it (xla/service/spmd/gather_scatter_handler.cc,
// JAX 0.10.2): `scatterAdd` sums updates [B, D] into the rows ids [B] of a zero [V, D] table. XLA orders its
// scatter methods by an estimated (memory, communication) cost per device and takes the cheapest that
// applies. With the table's rows split n ways (the row dim has slice size 1) two apply:
//   - trivially sliced operand: the ids and updates are all-gathered and each device adds those that fall
//     in its own rows (offset ids; out of range adds nothing): no reduction. It holds V/n·D + B·D + B
//     elements per device (its rows, every update and id);
//   - index passthrough: each device adds its own updates (split m ways, as its ids) into a whole zero
//     table, and the table is all-reduced, then sliced into rows: V·D + B·D/m + B/m.
// XLA takes the first where it holds no more (f32 updates and s32 ids: 4 bytes each); otherwise the second,
// which is the one-hot einsum's partial sums (planEinsum). Checked on compiled HLO at 18 (n, V, B, D)
// points, n = 2, 4, 8, with the tie (n = 4, V = 64, B = 60: D = 15 gathers, D = 14 all-reduces); the
// recommender's [64, 16] table and 16 ids on 16 devices gather the [16, 16] updates (docs/conformance.md).
import type { Mesh } from '../mesh.ts';
import { shardCount, type Sharding } from '../sharding.ts';
import type { OperandPlan } from './operandShardings.ts';

/**
 * The plan of a scatter-add into the rows each device holds (`target`: the result's sharding, rows on dim 0),
 * or undefined where the table's rows are whole or XLA would all-reduce a whole table instead. `ids` is the
 * current sharding of the ids [B].
 */
export function scatterIntoOwnRows(
  mesh: Mesh,
  tableShape: readonly number[],
  idsShape: readonly number[],
  ids: Sharding,
  target: Sharding,
): OperandPlan | undefined {
  const [rows = [], cols = []] = target.dims;
  if (rows.length === 0 || target.unreduced.length > 0) return undefined;
  const [v = 0, d = 0] = tableShape;
  const b = idsShape[0] ?? 0;
  const n = shardCount(mesh, rows);
  const m = shardCount(mesh, ids.dims[0] ?? []);
  const ownRows = (v / n) * d + b * d + b;
  const wholeTable = v * d + (b * d) / m + b / m;
  if (ownRows > wholeTable) return undefined;
  return {
    operands: [
      { dims: [[], cols], unreduced: [] },
      { dims: [[]], unreduced: [] },
    ],
    natural: { dims: [rows, cols], unreduced: [] },
    maxOver: [],
  };
}
