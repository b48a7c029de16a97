// One op of a shard_map body added to the per-device program. Collective argument errors follow
// jax/_src/lax/parallel.py: unbound axis names, reduce_scatter and all_to_all divisibility by the group size
// n = Π sizes of the named axes, and ppermute pairs that must be unique after taking indices modulo n.
import { axisSize, type Mesh } from '../mesh.ts';
import { pyStr, pyTuple } from '../partitionSpec.ts';
import type { ValueId } from '../program/ir.ts';
import type { ProgramBuilder } from '../program/ProgramBuilder.ts';
import { err, ok, withMessage, type Result } from '../result.ts';
import { parseEinsum } from '../tensor/einsumEquation.ts';
import type { ManualOp } from './manualOp.ts';

/** Python `str(axis_name)` as the collectives print it: `model` or `('a', 'b')`. */
const axisNameStr = (axes: readonly string[]): string =>
  axes.length === 1 ? axes[0]! : pyTuple(axes.map(pyStr));
const API_NAME: Partial<Record<ManualOp['kind'], string>> = {
  psum: 'psum',
  allGather: 'all_gather',
  psumScatter: 'reduce_scatter',
  allToAll: 'all_to_all',
  ppermute: 'ppermute',
};

/**
 * Adds body op `op` (at `path`, e.g. `body[3]`) reading `args` to `b`. Player mistakes → JAX's ValueError;
 * builder shape errors → a ValueError naming the op.
 */
export function addManualOp(
  b: ProgramBuilder,
  mesh: Mesh,
  op: ManualOp,
  args: readonly ValueId[],
  path: string,
): Result<ValueId> {
  const x = args[0]!;
  const shape = b.shape(x);
  const norm = (d: number): number => (d < 0 ? d + shape.length : d);
  const collAxes = op.kind === 'ppermute' ? [op.axis] : 'axes' in op ? op.axes : [];
  const unbound = collAxes.find((a) => axisSize(mesh, a) === undefined);
  if (unbound !== undefined)
    return err(
      'manual/unbound-axis',
      { axis: unbound },
      `Found an unbound axis name: ${unbound}. To fix this, please call ${API_NAME[op.kind]!} under \`jax.shard_map\`.`,
    );
  const n = collAxes.reduce((p, a) => p * axisSize(mesh, a)!, 1);
  if (op.kind === 'psumScatter' && (shape[norm(op.dim)] ?? 0) % n !== 0)
    return err(
      'manual/scatter-indivisible',
      { size: shape[norm(op.dim)]!, shards: n },
      `tiled reduce_scatter operand scatter dimension size ${shape[norm(op.dim)]!} must be divisible by shard_count ${n}`,
    );
  if (op.kind === 'allToAll' && (shape[norm(op.splitDim)] ?? 0) % n !== 0)
    return err(
      'manual/all-to-all-indivisible',
      { size: shape[norm(op.splitDim)]!, shards: n },
      `The size of all_to_all split_axis (${shape[norm(op.splitDim)]!}) has to be divisible by the size of the named ` +
        `axis ${axisNameStr(op.axes)} (${n})`,
    );
  // jax/_src/lax/parallel.py `_ppermute_lowering`: indices are taken modulo the group size, then must be unique.
  const perm =
    op.kind === 'ppermute' ? op.perm.map(([s, d]) => [((s % n) + n) % n, ((d % n) + n) % n] as const) : [];
  if (op.kind === 'ppermute' && [0, 1].some((k) => new Set(perm.map((p) => p[k])).size !== perm.length))
    return err(
      'manual/ppermute-not-unique',
      {},
      `ppermute sources and destinations must be unique, got ${pyTuple(op.perm.map((p) => pyTuple(p.map(String))))}.`,
    );
  const [a, c] = [x, args[1]!];
  const where = `${path} ('${op.name}' = ${op.op})`;
  if (op.kind === 'einsum' && c !== undefined) {
    // The builder's own check, as a value: an einsum mistake keeps its code (ProgramBuilder.einsum's message).
    const [sa, sc] = [b.shape(a), b.shape(c)];
    const eq = parseEinsum(op.equation, [sa, sc]);
    if (!eq.ok)
      return withMessage(
        eq.error,
        `${where}: einsum '${op.equation}' on [${sa.join(', ')}] and [${sc.join(', ')}]: ${eq.error.message}`,
      );
  }
  try {
    switch (op.kind) {
      case 'einsum':
        return ok(b.einsum(op.equation, a, c, op.name));
      case 'unary':
        return ok(b.unary(op.fn, a, op.scalar, op.name));
      case 'binary':
        return ok(b.binary(op.fn, a, c, op.name));
      case 'reduce':
        return ok(b.reduce(op.fn, a, op.dims, op.keepDims, op.name));
      case 'softmax':
        return ok(b.softmax(a, op.dim, op.name));
      case 'logSoftmax':
        return ok(b.logSoftmax(a, op.dim, op.name));
      case 'layerNorm':
        return ok(b.layerNorm(a, op.name));
      case 'psum':
        return ok(b.psum(a, op.axes, op.name));
      case 'allGather':
        return ok(b.allGather(a, op.axes, norm(op.dim), op.name));
      case 'psumScatter':
        return ok(b.psumScatter(a, op.axes, norm(op.dim), op.name));
      case 'allToAll':
        return ok(b.allToAll(a, op.axes, norm(op.splitDim), norm(op.concatDim), op.name));
      case 'ppermute':
        return ok(b.ppermute(a, op.axis, perm, op.name));
    }
  } catch (e) {
    const reason = (e as Error).message;
    return err('manual/op-invalid', { path, name: op.name, reason }, `${where}: ${reason}`);
  }
}
