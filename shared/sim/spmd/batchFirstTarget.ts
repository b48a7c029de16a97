// A batch-split product wanted in another layout is computed batch-split, then resharded. Where both operands
// split a batch label (in both operands and the result) on the same axes and the wanted result spends those
// axes on another dim, XLA's SPMD dot partitioner (JAX 0.10.2; `PartitionDotGroupOnBatch` in
// xla/service/spmd/dot_handler.cc) partitions the dot on the batch dims as the operands are, and reshards the
// result to what was wanted: `bij,bjk->bik` on x=4 with b on x in both, wanted with i on x, is one all-to-all
// of the result, not a gather of one operand and an all-to-all of the other.
import { isAxesPrefix, type DimAxes, type Sharding } from '../sharding.ts';

/** The result sharding to compute the einsum in (undefined: the wanted one). */
export function batchFirstTarget(
  inputs: readonly [string, string],
  output: string,
  operands: readonly [Sharding, Sharding],
  target: Sharding,
): Sharding | undefined {
  if (target.unreduced.length > 0) return undefined;
  let dims: DimAxes[] | undefined; // copied on the first change (this runs on every einsum planned)
  for (let d = 0; d < output.length; d++) {
    const label = output[d]!;
    const [i0, i1] = [inputs[0].indexOf(label), inputs[1].indexOf(label)];
    if (i0 < 0 || i1 < 0) continue;
    const axes = operands[0].dims[i0]!;
    if (axes.length === 0 || !sameAxes(axes, operands[1].dims[i1]!)) continue;
    const now = dims ?? target.dims;
    if (sameAxes(now[d]!, axes)) continue;
    // Only where the wanted result spends those axes elsewhere (a conflict, not a missing split).
    if (!axes.some((x) => now.some((other, e) => e !== d && other.includes(x)))) continue;
    dims = now.map((other, e) => (e === d ? [...axes] : other.filter((x) => !axes.includes(x))));
  }
  return dims === undefined ? undefined : { dims, unreduced: [] };
}

const sameAxes = (a: DimAxes, b: DimAxes): boolean => a.length === b.length && isAxesPrefix(a, b);
