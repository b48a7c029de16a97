// What each op needs of its operands under auto mode, and what it produces before any resharding of the
// result (docs/jax-semantics.md §2.2, §3.3–3.4). The einsum rule is the scaling book's four cases:
//   1. no sharded contracting label: the result follows the operands, no communication;
//   2. a contracting label sharded in one operand only: that operand is all-gathered on it (or, when
//      cheaper, the other operand is sliced and the partial results all-reduced);
//   3. a contracting label sharded identically in both: local partial sums, unreduced on those axes;
//   4. one axis on two different labels: the operand off the result's choice is all-gathered.
// Output labels take the axes the propagated result sharding gives them (slicing an operand is free).
import type { Mesh } from '../mesh.ts';
import type { Program, Value } from '../program/ir.ts';
import { shardCount, type DimAxes, type Sharding } from '../sharding.ts';
import { sizeOf } from '../tensor/ndarray.ts';
import { einsumLabels } from './opFactors.ts';

export interface OperandPlan {
  /** Sharding each operand is resharded to before the local op runs. */
  readonly operands: readonly Sharding[];
  /** Sharding of the local results; `unreduced` lists axes of pending partial sums. */
  readonly natural: Sharding;
  /** Axes of a reduce-max over sharded dims: an all-reduce(max) runs right after the local op. */
  readonly maxOver: readonly string[];
}

const sharding = (dims: readonly DimAxes[]): Sharding => ({ dims, unreduced: [] });

/**
 * The operand and natural result shardings of the op producing `value`, given the current shardings of its
 * operands (`current`, indexed by value id) and the propagated sharding `target` of the result.
 */
export function planOperands(
  mesh: Mesh,
  program: Program,
  value: Value,
  current: readonly Sharding[],
  target: Sharding,
): OperandPlan {
  const node = value.node;
  const shapeOf = (id: number) => program.values[id]!.shape;
  switch (node.kind) {
    case 'einsum':
      return planEinsum(node.equation, [current[node.operands[0]]!, current[node.operands[1]]!], target, {
        mesh,
        shapes: [shapeOf(node.operands[0]), shapeOf(node.operands[1])],
        outShape: value.shape,
      });
    // A row lookup partitions as its one-hot product would (opFactors.ts): 'vd,b->bd', transposed 'bd,b->vd'.
    case 'take':
    case 'scatterAdd':
      return planEinsum(
        node.kind === 'take' ? 'vd,b->bd' : 'bd,b->vd',
        [current[node.operands[0]]!, current[node.operands[1]]!],
        target,
      );
    case 'binary':
    case 'broadcast': {
      const ids = node.kind === 'binary' ? node.operands : [node.operand];
      // A size-1 dim broadcast against a larger one is held whole by every device.
      const operands = ids.map((id) =>
        sharding(shapeOf(id).map((n, d) => (n === 1 && value.shape[d] !== 1 ? [] : target.dims[d]!))),
      );
      return { operands, natural: sharding(target.dims), maxOver: [] };
    }
    case 'reduce': {
      const operandShape = shapeOf(node.operand);
      const kept = operandShape.map((_, d) => d).filter((d) => !node.dims.includes(d));
      // XLA's SPMD partitioner reduces locally over sharded reduced dims and combines the partial results
      // afterwards (all-reduce, or reduce-scatter into the result's sharding): the reduced dims keep their
      // axes, and a kept dim takes the result's axes up to the first one the reduced dims already spend.
      // (Moving the operand's axes off the reduced dims instead would be an all-to-all of the whole operand,
      // e.g. a ZeRO-2 bias gradient summed over a data-sharded batch.)
      const spent = new Set(node.dims.flatMap((d) => current[node.operand]!.dims[d]!));
      const keptAxes = (d: number) => {
        const axes = target.dims[node.keepDims ? d : kept.indexOf(d)]!;
        const cut = axes.findIndex((a) => spent.has(a));
        return cut < 0 ? axes : axes.slice(0, cut);
      };
      const operandDims = operandShape.map((_, d) =>
        node.dims.includes(d) ? current[node.operand]!.dims[d]! : keptAxes(d),
      );
      const reducedAxes = node.dims.flatMap((d) => operandDims[d]!);
      const naturalDims = node.keepDims
        ? operandDims.map((axes, d) => (node.dims.includes(d) ? [] : axes))
        : kept.map(keptAxes);
      return node.op === 'sum'
        ? {
            operands: [sharding(operandDims)],
            natural: { dims: naturalDims, unreduced: reducedAxes },
            maxOver: [],
          }
        : { operands: [sharding(operandDims)], natural: sharding(naturalDims), maxOver: reducedAxes };
    }
    case 'unary':
    case 'stopGradient':
    case 'constraint':
      return { operands: [sharding(target.dims)], natural: sharding(target.dims), maxOver: [] };
    default:
      throw new Error(`no auto-mode rule for '${node.kind}'`);
  }
}

/** Sizes that let case 2 pick the cheaper of its two ways (Shardy decides by tensor sizes too). */
export interface EinsumSizes {
  readonly mesh: Mesh;
  readonly shapes: readonly [readonly number[], readonly number[]];
  readonly outShape: readonly number[];
}

/**
 * The four matmul cases for a two-operand einsum. In case 2 (a contracting label sharded in one operand
 * only) the book all-gathers that operand; when `sizes` are given and slicing the other operand instead
 * (free) followed by an all-reduce of the partial results moves fewer bytes — an embedding table sharded by
 * rows, looked up by a small batch — the partial-sum way is taken.
 */
export function planEinsum(
  equation: string,
  operands: readonly [Sharding, Sharding],
  target: Sharding,
  sizes?: EinsumSizes,
): OperandPlan {
  const { inputs, output } = einsumLabels(equation);
  const labelAxes = new Map<string, DimAxes>();
  const used = new Set<string>();
  const axesOf = (k: 0 | 1, label: string): DimAxes => {
    const d = inputs[k].indexOf(label);
    return d < 0 ? [] : operands[k].dims[d]!;
  };
  // Case 3 first: contracting labels sharded identically on both sides stay sharded (partial sums).
  const contracting = [...new Set(inputs[0] + inputs[1])].filter((l) => !output.includes(l));
  for (const label of contracting) {
    const [a, b] = [axesOf(0, label), axesOf(1, label)];
    const inBoth = inputs[0].includes(label) && inputs[1].includes(label);
    const same = inBoth && a.length > 0 && a.length === b.length && a.every((x, i) => b[i] === x);
    // A label summed within one operand only (not in the other, not in the output) keeps its axes too.
    const own = !inBoth ? (inputs[0].includes(label) ? a : b) : [];
    const axes = same ? a : inBoth && sizes ? cheaperAsPartialSums(label, a, b) : own;
    if (axes.length > 0 && axes.every((x) => !used.has(x))) {
      labelAxes.set(label, axes);
      axes.forEach((x) => used.add(x));
    } else labelAxes.set(label, []); // case 2 (or 4): gather the operand(s) on this label
  }
  /** Case 2: the sharded side's axes if reducing partial results beats gathering that operand. */
  function cheaperAsPartialSums(label: string, a: DimAxes, b: DimAxes): DimAxes {
    if (a.length > 0 === b.length > 0 || !sizes) return [];
    const k = a.length > 0 ? 0 : 1;
    const axes = k === 0 ? a : b;
    const other = operands[1 - k]!;
    if ([...other.dims.flat(), ...other.unreduced].some((x) => axes.includes(x))) return [];
    const n = shardCount(sizes.mesh, axes);
    const gather = (sizeOf(sizes.shapes[k]) / shardCount(sizes.mesh, operands[k].dims.flat())) * (n - 1);
    const outShards = shardCount(
      sizes.mesh,
      target.dims.flat().filter((x) => !axes.includes(x)),
    );
    const reduce = ((2 * (n - 1)) / n) * (sizeOf(sizes.outShape) / outShards);
    return reduce < gather && inputs[k].includes(label) ? axes : [];
  }
  // Output labels: the result's propagated axes, minus those the contraction already spends.
  [...output].forEach((label, d) => {
    const axes = target.dims[d]!;
    const cut = axes.findIndex((x) => used.has(x));
    const kept = cut < 0 ? axes : axes.slice(0, cut);
    kept.forEach((x) => used.add(x));
    labelAxes.set(label, kept);
  });
  const operandShardings = inputs.map((labels) => sharding([...labels].map((l) => labelAxes.get(l)!)));
  const unreduced = contracting.flatMap((l) => labelAxes.get(l)!);
  return {
    operands: operandShardings,
    natural: { dims: [...output].map((l) => labelAxes.get(l)!), unreduced },
    maxOver: [],
  };
}
