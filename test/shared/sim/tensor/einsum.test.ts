import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { einsum } from '../../../../shared/sim/tensor/einsum.ts';
import { parseEinsum } from '../../../../shared/sim/tensor/einsumEquation.ts';
import { sizeOf, type NdArray } from '../../../../shared/sim/tensor/ndarray.ts';
import { unwrap } from '../../../../shared/sim/result.ts';

const f64 = (shape: number[], values: number[]): NdArray => ({ shape, data: Float64Array.from(values) });

/** Parses against the operands' shapes and evaluates. */
function run(equation: string, ...operands: NdArray[]): NdArray {
  return einsum(
    unwrap(
      parseEinsum(
        equation,
        operands.map((x) => x.shape),
      ),
    ),
    operands,
  );
}

/** Reference einsum: loops over every assignment of every label, accumulating in float64. */
function naiveEinsum(equation: string, operands: readonly NdArray[], abs = false): Float64Array {
  const [lhs, output] = equation.split('->') as [string, string];
  const terms = lhs.split(',');
  const size: Record<string, number> = {};
  terms.forEach((t, i) => [...t].forEach((l, d) => (size[l] = operands[i]!.shape[d]!)));
  const labels = [...new Set(terms.join(''))];
  const out = new Float64Array([...output].reduce((n, l) => n * size[l]!, 1));
  const offset = (term: string, at: Record<string, number>): number =>
    [...term].reduce((o, l) => o * size[l]! + at[l]!, 0);
  const at: Record<string, number> = {};
  const visit = (i: number): void => {
    if (i === labels.length) {
      let p = 1;
      terms.forEach((t, o) => (p *= operands[o]!.data[offset(t, at)]!));
      const o = offset(output, at);
      out[o] = out[o]! + (abs ? Math.abs(p) : p);
      return;
    }
    for (let v = 0; v < size[labels[i]!]!; v++) {
      at[labels[i]!] = v;
      visit(i + 1);
    }
  };
  visit(0);
  return out;
}

describe('einsum, hand-worked', () => {
  it('ij,jk->ik', () => {
    const y = run('ij,jk->ik', f64([2, 3], [1, 2, 3, 4, 5, 6]), f64([3, 2], [1, 0, 0, 1, 1, 1]));
    expect(y.shape).toEqual([2, 2]);
    expect([...y.data]).toEqual([4, 5, 10, 11]);
  });

  it('bij,bjk->bik', () => {
    const a = f64([2, 2, 2], [1, 2, 3, 4, 1, 0, 0, 1]);
    const b = f64([2, 2, 1], [1, 1, 5, 6]);
    const y = run('bij,bjk->bik', a, b);
    expect(y.shape).toEqual([2, 2, 1]);
    expect([...y.data]).toEqual([3, 7, 5, 6]);
  });

  it('bsd,dnh->bsnh', () => {
    const x = f64([1, 2, 2], [1, 2, 3, 4]);
    const w = f64([2, 2, 2], [1, 2, 3, 4, 5, 6, 7, 8]);
    const y = run('bsd,dnh->bsnh', x, w);
    expect(y.shape).toEqual([1, 2, 2, 2]);
    expect([...y.data]).toEqual([11, 14, 17, 20, 23, 30, 37, 44]);
  });

  it('bsnh,btnh->bnst (attention scores)', () => {
    const q = f64([1, 2, 2, 2], [1, 0, 1, 1, 0, 1, 2, 0]);
    const k = f64([1, 2, 2, 2], [1, 2, 3, 0, 3, 4, 1, 1]);
    const y = run('bsnh,btnh->bnst', q, k);
    expect(y.shape).toEqual([1, 2, 2, 2]);
    expect([...y.data]).toEqual([1, 3, 2, 4, 3, 2, 6, 2]);
  });

  it('contracts over two labels: abc,bcd->ad', () => {
    const a = f64([2, 2, 2], [1, 2, 3, 4, 1, 1, 1, 1]);
    const b = f64([2, 2, 1], [5, 6, 7, 8]);
    const y = run('abc,bcd->ad', a, b);
    expect(y.shape).toEqual([2, 1]);
    expect([...y.data]).toEqual([70, 26]);
  });

  it('contracts to rank 0: ij,ji->', () => {
    const y = run('ij,ji->', f64([2, 2], [1, 2, 3, 4]), f64([2, 2], [1, 2, 1, 2]));
    expect(y.shape).toEqual([]);
    expect([...y.data]).toEqual([1 + 2 + 6 + 8]);
  });

  it('outer product i,j->ij', () => {
    const y = run('i,j->ij', f64([2], [1, 2]), f64([3], [3, 4, 5]));
    expect(y.shape).toEqual([2, 3]);
    expect([...y.data]).toEqual([3, 4, 5, 6, 8, 10]);
  });

  it('sums labels found in one operand only', () => {
    expect([...run('ij,k->i', f64([2, 2], [1, 2, 3, 4]), f64([3], [1, 2, 3])).data]).toEqual([18, 42]);
    expect([...run('ij,jk->i', f64([2, 2], [1, 2, 3, 4]), f64([2, 2], [1, 1, 2, 0])).data]).toEqual([6, 14]);
  });

  it('evaluates one operand: transpose, partial and full sums', () => {
    const a = f64([2, 3], [1, 2, 3, 4, 5, 6]);
    expect([...run('ij->ji', a).data]).toEqual([1, 4, 2, 5, 3, 6]);
    expect([...run('ij->j', a).data]).toEqual([5, 7, 9]);
    const total = run('ij->', a);
    expect(total.shape).toEqual([]);
    expect([...total.data]).toEqual([21]);
    const same = run('ij->ij', a);
    expect(same.data).not.toBe(a.data);
    expect([...same.data]).toEqual([...a.data]);
  });

  it("keeps operand 0's precision", () => {
    const a: NdArray = { shape: [1, 2], data: Float32Array.from([0.1, 0.2]) };
    const b = f64([2, 1], [1, 1]);
    const y = run('ij,jk->ik', a, b);
    expect(y.data).toBeInstanceOf(Float32Array);
    expect(y.data[0]).toBe(Math.fround(Math.fround(0.1) + Math.fround(0.2)));
  });

  it('handles size-0 dims', () => {
    expect([...run('ij,jk->ik', f64([2, 0], []), f64([0, 2], [])).data]).toEqual([0, 0, 0, 0]);
    expect(run('ij,jk->ik', f64([0, 2], []), f64([2, 2], [1, 2, 3, 4])).shape).toEqual([0, 2]);
  });

  it('throws on operands that do not fit the equation', () => {
    const eq = unwrap(
      parseEinsum('ij,jk->ik', [
        [2, 3],
        [3, 4],
      ]),
    );
    expect(() => einsum(eq, [f64([2, 3], [1, 2, 3, 4, 5, 6])])).toThrow(RangeError);
  });
});

/** Deterministic values in [-1, 1) from a seed (Park–Miller). */
function fill(n: number, seed: number): number[] {
  let s = (seed % 2147483646) + 1;
  return Array.from({ length: n }, () => {
    s = (s * 16807) % 2147483647;
    return (2 * s) / 2147483647 - 1;
  });
}

const POOL = ['a', 'b', 'c', 'd', 'e', 'f'];
/** Random valid equations of 1 or 2 operands with 1–4 distinct labels each, sizes 1–3, and a seed. */
const arbCase = fc
  .record({
    a: fc.shuffledSubarray(POOL, { minLength: 1, maxLength: 4 }),
    b: fc.option(fc.shuffledSubarray(POOL, { minLength: 1, maxLength: 4 }), { nil: undefined }),
    sizes: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: POOL.length, maxLength: POOL.length }),
    seed: fc.nat(),
  })
  .chain((c) =>
    fc
      .shuffledSubarray([...new Set([...c.a, ...(c.b ?? [])])])
      .map((out) => ({ ...c, equation: `${c.a.join('')}${c.b ? `,${c.b.join('')}` : ''}->${out.join('')}` })),
  );

describe('einsum equals a naive reference', () => {
  for (const precision of ['f64', 'f32'] as const) {
    it(`for random equations (${precision})`, () => {
      fc.assert(
        fc.property(arbCase, (c) => {
          const terms = c.b ? [c.a, c.b] : [c.a];
          const operands = terms.map((t, i): NdArray => {
            const shape = t.map((l) => c.sizes[POOL.indexOf(l)]!);
            const values = fill(sizeOf(shape), c.seed + 7919 * i);
            return {
              shape,
              data: precision === 'f64' ? Float64Array.from(values) : Float32Array.from(values),
            };
          });
          const got = run(c.equation, ...operands);
          const want = naiveEinsum(c.equation, operands);
          const scale = naiveEinsum(c.equation, operands, true);
          expect(got.data.length).toBe(want.length);
          got.data.forEach((v, i) =>
            expect(Math.abs(v - want[i]!)).toBeLessThanOrEqual(1e-5 * scale[i]! + 1e-30),
          );
        }),
        { numRuns: 100 },
      );
    });
  }
});
