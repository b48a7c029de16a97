// Einsum equations over single-letter labels (`bsd,dnh->bsnh`), parsed and checked against operand shapes.
// Messages follow NumPy's and JAX's einsum errors; traces and diagonals (a label repeated in one term) are
// outside the game's vocabulary and refused.
import { memo } from '../memo.ts';
import { err, ok, type Result } from '../result.ts';
import { cutText } from '../input/quoteValue.ts';

/** A checked einsum equation: one label string per operand, the output labels, and every label's size. */
export interface EinsumEquation {
  readonly inputs: readonly string[];
  readonly output: string;
  readonly sizes: Readonly<Record<string, number>>;
}

/**
 * Labels of a one- or two-operand equation by role (A = operand 0, B = operand 1). Each list keeps the order
 * of the term it is read from: `batch` the output's, `freeA`/`contracting`/`summedA` A's, `freeB`/`summedB` B's.
 */
export interface LabelClasses {
  /** In both inputs and in the output. */
  readonly batch: readonly string[];
  /** In A and the output only. */
  readonly freeA: readonly string[];
  /** In B and the output only. */
  readonly freeB: readonly string[];
  /** In both inputs, not in the output (summed by the matmul). */
  readonly contracting: readonly string[];
  /** In A only (summed out of A before the matmul). */
  readonly summedA: readonly string[];
  /** In B only (summed out of B before the matmul). */
  readonly summedB: readonly string[];
}

const LABEL = /^[A-Za-z]$/;

/** First label that occurs twice in `term`, or undefined. */
function repeatedLabel(term: string): string | undefined {
  const seen = new Set<string>();
  for (const label of term) {
    if (seen.has(label)) return label;
    seen.add(label);
  }
  return undefined;
}

/**
 * Parses `equation` (explicit `->` form, 1 or 2 operands, whitespace ignored) and checks it against the
 * operands' shapes.
 * @example parseEinsum('ij,jk->ik', [[2, 3], [3, 4]]) // ok({ inputs: ['ij', 'jk'], output: 'ik', sizes: { i: 2, j: 3, k: 4 } })
 */
export function parseEinsum(
  equation: string,
  shapes: readonly (readonly number[])[],
): Result<EinsumEquation> {
  return parsed.get(`${equation}|${shapes.join(';')}`, () => parse(equation, shapes));
}

/**
 * Equations parsed so far, by equation and shapes: the same equation object comes back for the same
 * arguments (every device of a mesh, every step), so per-equation work cached on it (einsumPlan.ts) is done
 * once (memo.ts: bounded, emptied by resetCaches).
 */
const parsed = memo<Result<EinsumEquation>>(512);

function parse(equation: string, shapes: readonly (readonly number[])[]): Result<EinsumEquation> {
  const shown = cutText(equation); // what a message repeats of it
  const text = equation.replace(/\s+/g, '');
  const arrow = text.indexOf('->');
  if (arrow < 0)
    return err(
      'einsum/no-arrow',
      { equation },
      `einsum equation '${shown}' has no '->': implicit output is not supported, ` +
        `write the output subscripts explicitly (e.g. 'ij,jk->ik')`,
    );
  if (text.indexOf('->', arrow + 2) >= 0)
    return err('einsum/many-arrows', { equation }, `einsum equation '${shown}' contains '->' more than once`);
  if (text.includes('.'))
    return err(
      'einsum/ellipsis',
      { equation },
      `einsum equation '${shown}' uses an ellipsis ('...'), which is not supported: name every dimension`,
    );
  const inputs = text.slice(0, arrow).split(',');
  const output = text.slice(arrow + 2);
  if (inputs.length > 2)
    return err(
      'einsum/too-many-operands',
      { equation, operands: inputs.length },
      `einsum supports 1 or 2 operands, but equation '${shown}' names ${inputs.length}`,
    );
  if (inputs.length !== shapes.length)
    return err(
      'einsum/operand-count',
      { equation, named: inputs.length, given: shapes.length },
      `einsum equation '${shown}' names ${inputs.length} operand${inputs.length === 1 ? '' : 's'} ` +
        `but ${shapes.length} ${shapes.length === 1 ? 'was' : 'were'} given`,
    );
  for (const label of [...inputs.join(''), ...output])
    if (!LABEL.test(label))
      return err(
        'einsum/bad-subscript',
        { equation, label },
        `invalid subscript '${label}' in einsum equation '${shown}': subscripts must be single ASCII letters`,
      );

  const sizes: Record<string, number> = {};
  const firstOperand: Record<string, number> = {};
  for (let i = 0; i < inputs.length; i++) {
    const term = inputs[i]!;
    const shape = shapes[i]!;
    if (!shape.every((d) => Number.isSafeInteger(d) && d >= 0))
      return err(
        'einsum/bad-shape',
        { operand: i, shape },
        `einsum operand ${i} has an invalid shape [${shape.join(', ')}]`,
      );
    if (term.length !== shape.length)
      return err(
        'einsum/rank-mismatch',
        { operand: i, rank: shape.length, subscripts: term },
        `einsum operand ${i} has rank ${shape.length} but its subscripts '${cutText(term)}' name ${term.length} ` +
          `dimension${term.length === 1 ? '' : 's'}`,
      );
    const repeated = repeatedLabel(term);
    if (repeated !== undefined)
      return err(
        'einsum/repeated-label',
        { operand: i, label: repeated },
        `einsum subscripts '${cutText(term)}' of operand ${i} repeat label '${repeated}': traces and diagonals ` +
          `are not supported, give each dimension its own label`,
      );
    for (let d = 0; d < term.length; d++) {
      const label = term[d]!;
      const size = shape[d]!;
      const known = sizes[label];
      if (known === undefined) {
        sizes[label] = size;
        firstOperand[label] = i;
      } else if (known !== size)
        return err(
          'einsum/size-mismatch',
          { label, first: known, size },
          `size of label '${label}' is ${known} in operand ${firstOperand[label]} but ${size} in operand ${i}`,
        );
    }
  }
  const repeated = repeatedLabel(output);
  if (repeated !== undefined)
    return err(
      'einsum/output-repeated',
      { label: repeated },
      `einsum output subscripts '${cutText(output)}' repeat label '${repeated}': diagonals are not supported, ` +
        `each output dimension needs its own label`,
    );
  for (const label of output)
    if (sizes[label] === undefined)
      return err(
        'einsum/output-unknown-label',
        { label },
        `einsum output label '${label}' does not appear in any input subscripts ('${cutText(inputs.join(','))}')`,
      );
  return ok({ inputs, output, sizes });
}

/** Sorts the labels of a one- or two-operand equation by role (see `LabelClasses`). */
export function classifyLabels(eq: EinsumEquation): LabelClasses {
  const a = eq.inputs[0] ?? '';
  const b = eq.inputs[1] ?? '';
  const inOut = (l: string): boolean => eq.output.includes(l);
  return {
    batch: [...eq.output].filter((l) => a.includes(l) && b.includes(l)),
    freeA: [...a].filter((l) => !b.includes(l) && inOut(l)),
    freeB: [...b].filter((l) => !a.includes(l) && inOut(l)),
    contracting: [...a].filter((l) => b.includes(l) && !inOut(l)),
    summedA: [...a].filter((l) => !b.includes(l) && !inOut(l)),
    summedB: [...b].filter((l) => !a.includes(l) && !inOut(l)),
  };
}

/**
 * Floating-point operations of the equation: for two operands 2 × ∏ sizes of all distinct labels (a
 * multiply-add counts 2); for one operand ∏ sizes of the input's labels (one add per element).
 */
export function einsumFlops(eq: EinsumEquation): number {
  const labels = new Set(eq.inputs.join(''));
  let product = 1;
  for (const label of labels) product *= eq.sizes[label]!;
  return eq.inputs.length === 2 ? 2 * product : product;
}
