// How einsum lays a parsed equation onto the matmul kernel, worked out once per equation (every device of a
// mesh and every call of the reference reuse it). Each operand (after summing out its private labels) is
// read in place as [batch][rows][cols] when its free and contracting labels each merge into one stride;
// otherwise it is first transposed to [batch, rows, cols]. The product is written in place into the output
// layout when its free labels of A and of B each merge into one stride; otherwise into a [batch, freeA,
// freeB] buffer that is then transposed. Batch labels may have any strides (a table of offsets).
import { classifyLabels, type EinsumEquation, type LabelClasses } from './einsumEquation.ts';

/** Where one operand's (or the output's) matrices are: per batch index an offset, then two strides. */
export interface MatrixLayout {
  readonly batchOffsets: readonly number[];
  readonly rows: number;
  readonly cols: number;
  /** Transpose to apply first (operands) or afterwards (output); undefined when read/written in place. */
  readonly perm: readonly number[] | undefined;
}

export interface EinsumPlan {
  readonly cls: LabelClasses;
  readonly outShape: readonly number[];
  /** One operand: the transpose of the (summed) operand into the output order. */
  readonly singlePerm: readonly number[];
  /** Labels of each operand after its private labels are summed out. */
  readonly termA: string;
  readonly termB: string;
  readonly batch: number;
  readonly m: number;
  readonly k: number;
  readonly n: number;
  readonly a: MatrixLayout;
  readonly b: MatrixLayout;
  readonly out: MatrixLayout;
}

const plans = new WeakMap<EinsumEquation, EinsumPlan>();

/** Row-major strides of an array labelled `labels`, by label. */
function stridesByLabel(labels: string, eq: EinsumEquation): Map<string, number> {
  const strides = new Map<string, number>();
  let s = 1;
  for (let d = labels.length - 1; d >= 0; d--) {
    const l = labels[d]!;
    strides.set(l, s);
    s *= eq.sizes[l]!;
  }
  return strides;
}

/**
 * The one stride S with address = S · (row-major index over `labels`), or undefined when the labels do not
 * merge: each label's stride must be the next (non-size-1) label's stride times its size. Size-1 labels
 * never move the address; all of size 1 (or none) gives 0.
 */
function mergedStride(labels: readonly string[], strides: Map<string, number>, eq: EinsumEquation) {
  let stride: number | undefined;
  let expected = 0;
  for (let i = labels.length - 1; i >= 0; i--) {
    const l = labels[i]!;
    const size = eq.sizes[l]!;
    if (size === 1) continue;
    const s = strides.get(l)!;
    if (stride === undefined) stride = s;
    else if (s !== expected) return undefined;
    expected = s * size;
  }
  return stride ?? 0;
}

/** Offsets of every batch index (row-major over `batch` labels) in an array with `strides`. */
function batchOffsets(batch: readonly string[], strides: Map<string, number>, eq: EinsumEquation): number[] {
  let offsets = [0];
  for (const l of batch) {
    const size = eq.sizes[l]!;
    const s = strides.get(l)!;
    const next: number[] = [];
    for (const o of offsets) for (let i = 0; i < size; i++) next.push(o + i * s);
    offsets = next;
  }
  return offsets;
}

/** Layout of an array labelled `term` seen as [batch][rows][cols]; transposed to that order if it must be. */
function layoutOf(
  term: string,
  batch: readonly string[],
  rows: readonly string[],
  cols: readonly string[],
  eq: EinsumEquation,
): MatrixLayout {
  const strides = stridesByLabel(term, eq);
  const r = mergedStride(rows, strides, eq);
  const c = mergedStride(cols, strides, eq);
  if (r !== undefined && c !== undefined)
    return { batchOffsets: batchOffsets(batch, strides, eq), rows: r, cols: c, perm: undefined };
  const order = [...batch, ...rows, ...cols];
  const packed = stridesByLabel(order.join(''), eq);
  return {
    batchOffsets: batchOffsets(batch, packed, eq),
    rows: mergedStride(rows, packed, eq)!,
    cols: mergedStride(cols, packed, eq)!,
    perm: order.map((l) => term.indexOf(l)),
  };
}

const product = (labels: readonly string[], eq: EinsumEquation): number =>
  labels.reduce((n, l) => n * eq.sizes[l]!, 1);

const without = (term: string, summed: readonly string[]): string =>
  [...term].filter((l) => !summed.includes(l)).join('');

/** The plan of `eq` (cached per parsed equation). */
export function einsumPlan(eq: EinsumEquation): EinsumPlan {
  const cached = plans.get(eq);
  if (cached) return cached;
  const cls = classifyLabels(eq);
  const termA = without(eq.inputs[0]!, cls.summedA);
  const termB = without(eq.inputs[1] ?? '', cls.summedB);
  const output = [...eq.output];
  const a = layoutOf(termA, cls.batch, cls.freeA, cls.contracting, eq);
  const b = layoutOf(termB, cls.batch, cls.contracting, cls.freeB, eq);
  const out = layoutOf(eq.output, cls.batch, cls.freeA, cls.freeB, eq);
  // The output's transpose runs the other way: from [batch, freeA, freeB] into the output's order.
  const productLabels = [...cls.batch, ...cls.freeA, ...cls.freeB].join('');
  const plan: EinsumPlan = {
    cls,
    outShape: output.map((l) => eq.sizes[l]!),
    singlePerm: output.map((l) => termA.indexOf(l)),
    termA,
    termB,
    batch: product(cls.batch, eq),
    m: product(cls.freeA, eq),
    k: product(cls.contracting, eq),
    n: product(cls.freeB, eq),
    a,
    b,
    out: out.perm ? { ...out, perm: output.map((l) => productLabels.indexOf(l)) } : out,
  };
  plans.set(eq, plan);
  return plan;
}
