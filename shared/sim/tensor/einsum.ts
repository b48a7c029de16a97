// Evaluates a parsed einsum as XLA's DotGeneral lowering does: reduce labels found in one operand only, lay
// both operands out as [batch, free, contracting] / [batch, contracting, free] matrices, one batched matmul,
// then permute the [batch, freeA, freeB] product into the output's label order.
import { classifyLabels, type EinsumEquation } from './einsumEquation.ts';
import { batchedMatmul } from './matmulKernel.ts';
import { allocate, precisionOf, type NdArray } from './ndarray.ts';
import { transpose } from './permute.ts';
import { reduce } from './reduce.ts';

const product = (labels: readonly string[], eq: EinsumEquation): number =>
  labels.reduce((n, l) => n * eq.sizes[l]!, 1);

/** Sums `a` (labelled by `term`) over `summed`; returns the array and its remaining labels. */
function sumOut(a: NdArray, term: string, summed: readonly string[]): { array: NdArray; labels: string } {
  if (summed.length === 0) return { array: a, labels: term };
  const dims = summed.map((l) => term.indexOf(l));
  return {
    array: reduce('sum', a, dims, false),
    labels: [...term].filter((l) => !summed.includes(l)).join(''),
  };
}

/** `a` (labelled by `term`) transposed so its dims follow `order` (a permutation of `term`'s labels). */
function arrange(a: NdArray, term: string, order: readonly string[]): NdArray {
  return transpose(
    a,
    order.map((l) => term.indexOf(l)),
  );
}

/** Checks that the operands match the shapes the equation was parsed against (a caller bug otherwise). */
function checkOperands(eq: EinsumEquation, operands: readonly NdArray[]): void {
  const fits =
    operands.length === eq.inputs.length &&
    operands.every((x, i) => {
      const term = eq.inputs[i]!;
      return x.shape.length === term.length && [...term].every((l, d) => eq.sizes[l] === x.shape[d]);
    });
  if (!fits)
    throw new RangeError(
      `einsum: operands of shapes ${operands.map((x) => `[${x.shape.join(', ')}]`).join(', ')} do not fit ` +
        `'${eq.inputs.join(',')}->${eq.output}'`,
    );
}

/**
 * Evaluates `eq` on its 1 or 2 operands (shapes as given to `parseEinsum`). The result has operand 0's
 * precision and shape `eq.output` (rank 0 → shape []). Products are summed in float64 (see batchedMatmul).
 * @example einsum(unwrap(parseEinsum('ij,jk->ik', [[2, 3], [3, 4]])), [a, b]) // a·b, shape [2, 4]
 */
export function einsum(eq: EinsumEquation, operands: readonly NdArray[]): NdArray {
  checkOperands(eq, operands);
  const cls = classifyLabels(eq);
  const outShape = [...eq.output].map((l) => eq.sizes[l]!);
  const a = sumOut(operands[0]!, eq.inputs[0]!, cls.summedA);
  if (operands.length === 1) {
    const { data } = arrange(a.array, a.labels, [...eq.output]);
    return { shape: outShape, data: data === operands[0]!.data ? data.slice() : data };
  }

  const b = sumOut(operands[1]!, eq.inputs[1]!, cls.summedB);
  const lhs = arrange(a.array, a.labels, [...cls.batch, ...cls.freeA, ...cls.contracting]);
  const rhs = arrange(b.array, b.labels, [...cls.batch, ...cls.contracting, ...cls.freeB]);
  const batch = product(cls.batch, eq);
  const m = product(cls.freeA, eq);
  const k = product(cls.contracting, eq);
  const n = product(cls.freeB, eq);
  const data = allocate(precisionOf(operands[0]!.data), batch * m * n);
  batchedMatmul(lhs.data, rhs.data, data, batch, m, k, n);
  const productLabels = [...cls.batch, ...cls.freeA, ...cls.freeB];
  const productShape = productLabels.map((l) => eq.sizes[l]!);
  const result = arrange({ shape: productShape, data }, productLabels.join(''), [...eq.output]);
  return { shape: outShape, data: result.data };
}
