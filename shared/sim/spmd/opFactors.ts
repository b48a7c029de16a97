// The factor view of an op (Shardy `docs/propagation.md`, docs/jax-semantics.md §3.2): every dimension of every
// operand and of the result is mapped to a factor (an einsum label, or a position for elementwise ops), so
// a sharding known on one tensor's dimension can be copied to the dimensions of the same factor elsewhere.
// Size-1 broadcast dimensions and reduced dimensions of a keepDims result map to no factor (null).
import type { Program, Value } from '../program/ir.ts';

export interface OpFactors {
  /** Factor per dimension of each operand, in operand order. */
  readonly operands: readonly (readonly (string | null)[])[];
  readonly result: readonly (string | null)[];
  /** Factors that appear in operands but not in the result (contracted or reduced). */
  readonly reduced: readonly string[];
  /** Pass-through ops propagate first (Shardy's operation-based priority). */
  readonly passThrough: boolean;
}

const positional = (value: Value, result: Value): (string | null)[] =>
  value.shape.map((n, d) => (n === 1 && (result.shape[d] ?? 1) !== 1 ? null : `d${d}`));

/** Labels of a two-operand einsum equation `ab,bc->ac` (validated when the program was built). */
export function einsumLabels(equation: string): { inputs: [string, string]; output: string } {
  const [lhs = '', output = ''] = equation.replace(/\s+/g, '').split('->');
  const [a = '', b = ''] = lhs.split(',');
  return { inputs: [a, b], output };
}

/** Factors of the op producing `value`, or undefined for inputs (and manual-mode collectives). */
export function opFactors(program: Program, value: Value): OpFactors | undefined {
  const node = value.node;
  const get = (id: number) => program.values[id]!;
  switch (node.kind) {
    case 'einsum': {
      const { inputs, output } = einsumLabels(node.equation);
      const all = new Set([...inputs[0], ...inputs[1]]);
      return {
        operands: inputs.map((labels) => [...labels]),
        result: [...output],
        reduced: [...all].filter((l) => !output.includes(l)),
        passThrough: false,
      };
    }
    // A row lookup reads table [v, d] at ids [b]: v is summed over (a row-sharded table leaves partial rows,
    // as the one-hot product 'bv,vd->bd' would); its transpose sums updates [b, d] into rows [v, d].
    case 'take':
      return { operands: [['v', 'd'], ['b']], result: ['b', 'd'], reduced: ['v'], passThrough: false };
    case 'scatterAdd':
      return { operands: [['b', 'd'], ['b']], result: ['v', 'd'], reduced: ['b'], passThrough: false };
    case 'unary':
    case 'stopGradient':
    case 'constraint':
    case 'broadcast':
      return {
        operands: [positional(get(node.operand), value)],
        result: value.shape.map((_, d) => `d${d}`),
        reduced: [],
        passThrough: true,
      };
    case 'binary':
      return {
        operands: node.operands.map((id) => positional(get(id), value)),
        result: value.shape.map((_, d) => `d${d}`),
        reduced: [],
        passThrough: true,
      };
    case 'reduce': {
      const operand = get(node.operand);
      const kept = operand.shape.map((_, d) => d).filter((d) => !node.dims.includes(d));
      return {
        operands: [operand.shape.map((_, d) => `d${d}`)],
        result: node.keepDims
          ? operand.shape.map((_, d) => (node.dims.includes(d) ? null : `d${d}`))
          : kept.map((d) => `d${d}`),
        reduced: node.dims.map((d) => `d${d}`),
        passThrough: false,
      };
    }
    default:
      return undefined;
  }
}
