// Evaluates one local op of the IR on whole arrays: shared by the single-device reference (interpret.ts),
// the auto-mode SPMD executor (per device, on shards) and shard_map (per device, on local blocks).
import { unwrap } from '../result.ts';
import { einsum } from '../tensor/einsum.ts';
import { parseEinsum } from '../tensor/einsumEquation.ts';
import { binary, broadcastTo, unary } from '../tensor/elementwise.ts';
import type { NdArray } from '../tensor/ndarray.ts';
import { reduce } from '../tensor/reduce.ts';
import { scatterAddRows, takeRows } from '../tensor/takeRows.ts';
import type { Node } from './ir.ts';

/**
 * The result of `node` applied to `operands` (in operand order). `shape` is the result's shape, which only
 * `broadcast` and `scatterAdd` need (on a device, the local shape). Inputs and manual collectives are not local ops: throws.
 */
export function evalOp(node: Node, operands: readonly NdArray[], shape: readonly number[]): NdArray {
  const first = operands[0]!;
  switch (node.kind) {
    case 'einsum':
      return einsum(
        unwrap(
          parseEinsum(
            node.equation,
            operands.map((o) => o.shape),
          ),
        ),
        operands,
      );
    case 'unary':
      return unary(node.op, first, node.scalar);
    case 'binary':
      return binary(node.op, first, operands[1]!);
    case 'reduce':
      return reduce(node.op, first, node.dims, node.keepDims);
    case 'broadcast': {
      const a = first;
      // A rank-0 operand (the cotangent of a full reduction) is read as all-size-1 dims first.
      return broadcastTo(a.shape.length === 0 ? { shape: shape.map(() => 1), data: a.data } : a, shape);
    }
    case 'take':
      return takeRows(first, operands[1]!, 0, NaN);
    case 'scatterAdd':
      return scatterAddRows(first, operands[1]!, shape[0]!, 0);
    case 'constraint':
    case 'stopGradient':
      return first;
    default:
      throw new Error(`evalOp: '${node.kind}' is not a local op`);
  }
}
