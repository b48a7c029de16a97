import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binary, broadcastShapes, broadcastTo, unary } from '../../../../shared/sim/tensor/elementwise.ts';
import { sizeOf, stridesOf, type NdArray } from '../../../../shared/sim/tensor/ndarray.ts';
import type { BinaryOp, UnaryOp } from '../../../../shared/sim/program/ir.ts';

const f64 = (shape: number[], values: number[]): NdArray => ({ shape, data: Float64Array.from(values) });
const apply = (op: UnaryOp, values: number[], scalar?: number): number[] => [
  ...unary(op, f64([values.length], values), scalar).data,
];

describe('unary', () => {
  it('computes each op', () => {
    expect(apply('neg', [1, -2])).toEqual([-1, 2]);
    expect(apply('exp', [0, 1])).toEqual([1, Math.E]);
    expect(apply('log', [1, Math.E])).toEqual([0, 1]);
    expect(apply('tanh', [0])).toEqual([0]);
    expect(apply('relu', [-2, 0, 3])).toEqual([0, 0, 3]);
    expect(apply('square', [-3, 0.5])).toEqual([9, 0.25]);
    expect(apply('sqrt', [4, 2.25])).toEqual([2, 1.5]);
    expect(apply('rsqrt', [4, 0.25])).toEqual([0.5, 2]);
    expect(apply('reciprocal', [4, -0.5])).toEqual([0.25, -2]);
    expect(apply('scale', [1, -2], 3)).toEqual([3, -6]);
    expect(apply('addScalar', [1, -2], 3)).toEqual([4, 1]);
    expect(apply('step', [-1, 0, 1e-9])).toEqual([0, 0, 1]);
  });

  it('computes gelu with the tanh approximation', () => {
    const [g0, g1, gm1, g3] = apply('gelu', [0, 1, -1, 3]);
    expect(g0).toBe(0);
    expect(g1).toBeCloseTo(0.841192, 6);
    expect(gm1).toBeCloseTo(-0.158808, 6);
    expect(g3).toBeCloseTo(2.996363, 6);
    expect(apply('geluGrad', [0])).toEqual([0.5]);
  });

  it('gives geluGrad as the derivative of gelu (central differences)', () => {
    const h = 1e-5;
    for (let x = -6; x <= 6; x += 0.25) {
      const [up, down] = apply('gelu', [x + h, x - h]);
      const [grad] = apply('geluGrad', [x]);
      expect(Math.abs(grad! - (up! - down!) / (2 * h))).toBeLessThan(1e-8);
    }
  });

  it('keeps shape and precision; needs a scalar for scale and addScalar', () => {
    const y = unary('exp', { shape: [1, 2], data: Float32Array.from([0, 1]) });
    expect(y.shape).toEqual([1, 2]);
    expect(y.data).toBeInstanceOf(Float32Array);
    expect(y.data[1]).toBe(Math.fround(Math.E));
    expect(() => unary('scale', f64([1], [1]))).toThrow(RangeError);
  });
});

describe('binary', () => {
  it('computes each op on equal shapes', () => {
    const a = f64([2], [6, -1]);
    const b = f64([2], [3, 2]);
    const run = (op: BinaryOp): number[] => [...binary(op, a, b).data];
    expect(run('add')).toEqual([9, 1]);
    expect(run('sub')).toEqual([3, -3]);
    expect(run('mul')).toEqual([18, -2]);
    expect(run('div')).toEqual([2, -0.5]);
    expect(run('max')).toEqual([6, 2]);
  });

  it('broadcasts size-1 dims', () => {
    expect(binary('add', f64([2, 1], [10, 20]), f64([1, 3], [1, 2, 3]))).toEqual(
      f64([2, 3], [11, 12, 13, 21, 22, 23]),
    );
    expect(binary('sub', f64([2, 3], [1, 2, 3, 4, 5, 6]), f64([2, 1], [1, 4]))).toEqual(
      f64([2, 3], [0, 1, 2, 0, 1, 2]),
    );
    expect(binary('mul', f64([2, 3], [1, 2, 3, 4, 5, 6]), f64([1, 3], [1, 0, -1]))).toEqual(
      f64([2, 3], [1, 0, -3, 4, 0, -6]),
    );
    expect(binary('div', f64([1, 1], [12]), f64([1, 2], [3, 4]))).toEqual(f64([1, 2], [4, 3]));
    expect(binary('max', f64([], [2]), f64([], [5]))).toEqual(f64([], [5]));
    // [2, 1, 2] against [1, 2, 1]: y[i,j,k] = a[i,0,k] + b[0,j,0].
    expect(binary('add', f64([2, 1, 2], [0, 1, 2, 3]), f64([1, 2, 1], [10, 20]))).toEqual(
      f64([2, 2, 2], [10, 11, 20, 21, 12, 13, 22, 23]),
    );
  });

  it('throws a RangeError on shapes that do not broadcast', () => {
    expect(() => binary('add', f64([2, 3], [1, 2, 3, 4, 5, 6]), f64([3, 2], [1, 2, 3, 4, 5, 6]))).toThrow(
      RangeError,
    );
    expect(() => binary('add', f64([3], [1, 2, 3]), f64([1, 3], [1, 2, 3]))).toThrow(RangeError);
    expect(() => broadcastShapes([2], [3])).toThrow(RangeError);
  });

  it('matches per-element index arithmetic for random broadcasts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 2 })), { maxLength: 4 }),
        fc.constantFrom<BinaryOp>('add', 'sub', 'mul', 'div', 'max'),
        (dims, op) => {
          // Per dim: size s, and which operand (if any) has size 1 there.
          const shape = dims.map(([s]) => s);
          const aShape = dims.map(([s, w]) => (w === 1 ? 1 : s));
          const bShape = dims.map(([s, w]) => (w === 2 ? 1 : s));
          const a: NdArray = {
            shape: aShape,
            data: Float64Array.from({ length: sizeOf(aShape) }, (_, i) => i + 1),
          };
          const b: NdArray = {
            shape: bShape,
            data: Float64Array.from({ length: sizeOf(bShape) }, (_, i) => 7 - i),
          };
          const y = binary(op, a, b);
          expect(y.shape).toEqual(shape);
          const strides = stridesOf(shape);
          const at = (x: NdArray, o: number): number => {
            const xs = stridesOf(x.shape);
            return x.data[
              shape.reduce(
                (s, n, d) => s + (x.shape[d] === 1 ? 0 : Math.floor(o / strides[d]!) % n) * xs[d]!,
                0,
              )
            ]!;
          };
          const f = {
            add: (p: number, q: number) => p + q,
            sub: (p: number, q: number) => p - q,
            mul: (p: number, q: number) => p * q,
            div: (p: number, q: number) => p / q,
            max: Math.max,
          }[op];
          y.data.forEach((v, o) => expect(v).toBe(f(at(a, o), at(b, o))));
          expect([...broadcastTo(a, shape).data]).toEqual(
            Array.from({ length: sizeOf(shape) }, (_, o) => at(a, o)),
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('broadcastTo', () => {
  it('expands size-1 dims and copies', () => {
    expect(broadcastTo(f64([1, 2], [1, 2]), [3, 2])).toEqual(f64([3, 2], [1, 2, 1, 2, 1, 2]));
    expect(broadcastTo(f64([2, 1], [1, 2]), [2, 2])).toEqual(f64([2, 2], [1, 1, 2, 2]));
    const x = f64([2], [1, 2]);
    expect(broadcastTo(x, [2]).data).not.toBe(x.data);
  });

  it('throws a RangeError on incompatible shapes', () => {
    expect(() => broadcastTo(f64([2], [1, 2]), [3])).toThrow(RangeError);
    expect(() => broadcastTo(f64([2], [1, 2]), [1, 2])).toThrow(RangeError);
  });
});
