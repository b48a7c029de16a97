// Evaluates a parsed einsum as XLA's DotGeneral lowering does: reduce labels found in one operand only, view
// both operands as [batch][free][contracting] / [batch][contracting][free] matrices, one matmul per batch
// index, and the [batch][freeA][freeB] product lands in the output's label order. Strided views replace the
// transposes wherever the labels allow (einsumPlan.ts), so most einsums copy nothing.
import type { EinsumEquation } from './einsumEquation.ts';
import { einsumPlan, type MatrixLayout } from './einsumPlan.ts';
import { newFloat32, newFloat64 } from './arena.ts';
import { matmulBatch, type MatrixBatch } from './matmulKernel.ts';
import { precisionOf, type FloatArray, type NdArray } from './ndarray.ts';
import { transpose } from './permute.ts';
import { reduce } from './reduce.ts';

/** Sums `a` (labelled by `term`) over the `summed` labels (none: `a` itself). */
function sumOut(a: NdArray, term: string, summed: readonly string[]): NdArray {
  if (summed.length === 0) return a;
  return reduce(
    'sum',
    a,
    summed.map((l) => term.indexOf(l)),
    false,
  );
}

/** Checks that the operands match the shapes the equation was parsed against (a caller bug otherwise). */
function checkOperands(eq: EinsumEquation, operands: readonly NdArray[]): void {
  let fits = operands.length === eq.inputs.length;
  for (let i = 0; fits && i < operands.length; i++) {
    const shape = operands[i]!.shape;
    const term = eq.inputs[i]!;
    fits = shape.length === term.length;
    for (let d = 0; fits && d < shape.length; d++) fits = eq.sizes[term[d]!] === shape[d];
  }
  if (!fits)
    throw new RangeError(
      `einsum: operands of shapes ${operands.map((x) => `[${x.shape.join(', ')}]`).join(', ')} do not fit ` +
        `'${eq.inputs.join(',')}->${eq.output}'`,
    );
}

/** `data` holding one matrix per batch index as `layout` places them. */
function batchOf(data: FloatArray, layout: MatrixLayout): MatrixBatch {
  return { data, length: data.length, offsets: layout.batchOffsets, rows: layout.rows, cols: layout.cols };
}

/** The data of `a` laid out as `layout` needs (transposed first when it says so). */
const laidOut = (a: NdArray, layout: MatrixLayout): FloatArray =>
  layout.perm ? transpose(a, layout.perm).data : a.data;

/**
 * Evaluates `eq` on its 1 or 2 operands (shapes as given to `parseEinsum`). The result has operand 0's
 * precision and shape `eq.output` (rank 0 → shape []). Products are summed in float64 (see matmulKernel.ts).
 * @example einsum(unwrap(parseEinsum('ij,jk->ik', [[2, 3], [3, 4]])), [a, b]) // a·b, shape [2, 4]
 */
export function einsum(eq: EinsumEquation, operands: readonly NdArray[]): NdArray {
  checkOperands(eq, operands);
  const plan = einsumPlan(eq);
  const outShape = [...plan.outShape];
  const first = operands[0]!;
  const a = sumOut(first, eq.inputs[0]!, plan.cls.summedA);
  if (operands.length === 1) {
    const { data } = transpose(a, plan.singlePerm);
    return { shape: outShape, data: data === first.data ? data.slice() : data };
  }

  const b = sumOut(operands[1]!, eq.inputs[1]!, plan.cls.summedB);
  const { batch, m, k, n } = plan;
  const total = batch * m * n;
  const data = precisionOf(first.data) === 'f32' ? newFloat32(total, false) : newFloat64(total, false);
  matmulBatch(
    batchOf(laidOut(a, plan.a), plan.a),
    batchOf(laidOut(b, plan.b), plan.b),
    batchOf(data, plan.out),
    batch,
    m,
    k,
    n,
  );
  const outPerm = plan.out.perm;
  if (!outPerm) return { shape: outShape, data };
  const productShape = outPerm.map((_, d) => outShape[outPerm.indexOf(d)]!);
  return { shape: outShape, data: transpose({ shape: productShape, data }, outPerm).data };
}
