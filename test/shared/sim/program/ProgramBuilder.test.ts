import { describe, expect, it } from 'vitest';
import { interpret } from '../../../../shared/sim/program/interpret.ts';
import { ProgramBuilder } from '../../../../shared/sim/program/ProgramBuilder.ts';
import type { NdArray } from '../../../../shared/sim/tensor/ndarray.ts';

const f64 = (shape: number[], ...v: number[]): NdArray => ({ shape, data: new Float64Array(v) });

describe('ProgramBuilder', () => {
  it('infers shapes: einsum from the equation, broadcasting, reductions', () => {
    const b = new ProgramBuilder();
    const x = b.input('x', [2, 3, 4], 'data');
    const w = b.input('w', [4, 2, 5], 'param', 'bf16');
    const q = b.einsum('bsd,dnh->bsnh', x, w, 'q');
    expect(b.shape(q)).toEqual([2, 3, 2, 5]);
    expect(b.value(q).dtype).toBe('f32');
    expect(b.shape(b.add(b.input('p', [1, 3, 1], 'param'), x))).toEqual([2, 3, 4]);
    expect(b.shape(b.sum(x, [-1], true))).toEqual([2, 3, 1]);
    expect(b.shape(b.sum(x, [0, 2], false))).toEqual([3]);
    expect(b.shape(b.broadcast(b.sum(x, [0, 1, 2], false), [5, 6]))).toEqual([5, 6]);
    expect(b.value(b.sum(x, [2, 0], true)).node).toMatchObject({ dims: [0, 2] });
  });

  it('throws clear messages for programmer errors', () => {
    const b = new ProgramBuilder();
    const x = b.input('x', [2, 3], 'data');
    const y = b.input('y', [3, 2], 'data');
    expect(() => b.add(x, y)).toThrow(/\[2, 3\] \('x'\) and \[3, 2\] \('y'\) do not broadcast/);
    expect(() => b.einsum('ab,bc->ac', x, x)).toThrow(/einsum 'ab,bc->ac'/);
    expect(() => b.sum(x, [2], true)).toThrow(/bad dims/);
    expect(() => b.broadcast(x, [4, 3])).toThrow(/cannot broadcast/);
    expect(() => b.constraint(x, ['a', 'b', null])).toThrow(/longer than the rank/);
    expect(() => b.unary('scale', x)).toThrow(/scalar/);
    expect(() => b.crossEntropy(x, y)).toThrow(/differ in shape/);
    expect(() => b.output('o', 99)).toThrow(/no value/);
  });

  it('names values uniquely and readably', () => {
    const b = new ProgramBuilder();
    const x = b.input('x', [2], 'data');
    const names = [b.neg(x, 'h'), b.neg(x, 'h'), b.neg(x, 'h'), b.exp(x)].map((id) => b.value(id).name);
    expect(names).toEqual(['h', 'h_1', 'h_2', 'exp']);
    b.output('out', x);
    expect(() => b.output('out', x)).toThrow(/duplicate/);
    const p = b.build();
    p.values.forEach((v, i) => expect(v.id).toBe(i));
    expect(p.values.every((v) => v.phase === 'forward')).toBe(true);
  });

  it('gives manual-mode collectives per-device shapes from the axis sizes', () => {
    const b = new ProgramBuilder({ data: 2, model: 4 });
    const x = b.input('x', [8, 4], 'data');
    expect(b.shape(b.psum(x, ['model']))).toEqual([8, 4]);
    expect(b.shape(b.allGather(x, ['data', 'model'], 1))).toEqual([8, 32]);
    expect(b.shape(b.psumScatter(x, ['model'], 0))).toEqual([2, 4]);
    expect(b.shape(b.allToAll(x, ['model'], 0, 1))).toEqual([2, 16]);
    expect(
      b.shape(
        b.ppermute(x, 'model', [
          [0, 1],
          [1, 2],
          [2, 3],
          [3, 0],
        ]),
      ),
    ).toEqual([8, 4]);
    expect(() => b.psumScatter(x, ['model', 'data'], 1)).toThrow(/not divisible by 8/);
    expect(() => b.psum(x, ['nope'])).toThrow(/unknown mesh axis 'nope'/);
    expect(() =>
      b.ppermute(x, 'model', [
        [0, 1],
        [1, 1],
      ]),
    ).toThrow(/distinct/);
    const plain = new ProgramBuilder();
    expect(() => plain.psum(plain.input('x', [2], 'data'), ['data'])).toThrow(/axisSizes/);
  });
});

describe('composites', () => {
  it('softmax, logSoftmax, layerNorm and crossEntropy match direct formulas', () => {
    const b = new ProgramBuilder();
    const x = b.input('x', [2, 3], 'data');
    const t = b.input('t', [2, 3], 'data');
    const sm = b.softmax(x, 1);
    const lsm = b.logSoftmax(x, 1);
    const ln = b.layerNorm(x);
    const ce = b.crossEntropy(x, t);
    const mse = b.meanSquaredError(x, t);
    const xs = [1, 2, 3, -1, 0, 1000];
    const ts = [0, 0, 1, 1, 0, 0];
    const v = interpret(
      b.build(),
      new Map([
        ['x', f64([2, 3], ...xs)],
        ['t', f64([2, 3], ...ts)],
      ]),
      'f64',
    );
    const rows = [xs.slice(0, 3), xs.slice(3)];
    const lse = rows.map(
      (r) => Math.max(...r) + Math.log(r.reduce((s, z) => s + Math.exp(z - Math.max(...r)), 0)),
    );
    xs.forEach((z, i) => {
      const r = Math.floor(i / 3);
      expect(v[lsm]!.data[i]).toBeCloseTo(z - lse[r]!, 12);
      expect(v[sm]!.data[i]).toBeCloseTo(Math.exp(z - lse[r]!), 12);
      const mean = rows[r]!.reduce((s, q) => s + q, 0) / 3;
      const variance = rows[r]!.reduce((s, q) => s + (q - mean) ** 2, 0) / 3;
      expect(v[ln]!.data[i]).toBeCloseTo((z - mean) / Math.sqrt(variance + 1e-5), 10);
    });
    expect(v[ce]!.data[0]).toBeCloseTo(-(3 - lse[0]! + (-1 - lse[1]!)) / 2, 10);
    expect(v[mse]!.data[0]).toBeCloseTo(xs.reduce((s, z, i) => s + (z - ts[i]!) ** 2, 0) / 6, 6);
  });
});

describe('interpret', () => {
  it('checks inputs and refuses collectives', () => {
    const b = new ProgramBuilder({ x: 2 });
    const a = b.input('a', [2], 'data');
    b.psum(a, ['x']);
    expect(() => interpret(b.build(), new Map(), 'f64')).toThrow(/missing input 'a'/);
    expect(() => interpret(b.build(), new Map([['a', f64([3], 1, 2, 3)]]), 'f64')).toThrow(/shape \[3\]/);
    expect(() => interpret(b.build(), new Map([['a', f64([2], 1, 2)]]), 'f64')).toThrow(/collective/);
  });

  it('converts inputs to the precision and treats constraint and stopGradient as identity', () => {
    const b = new ProgramBuilder();
    const a = b.input('a', [2], 'data');
    const c = b.stopGradient(b.constraint(a, ['x']));
    const v = interpret(b.build(), new Map([['a', f64([2], 0.1, 2)]]), 'f32');
    expect(v[c]!.data).toBeInstanceOf(Float32Array);
    expect([...v[c]!.data]).toEqual([Math.fround(0.1), 2]);
  });
});
