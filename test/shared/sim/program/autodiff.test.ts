import { describe, expect, it } from 'vitest';
import { buildTrainStep } from '../../../../shared/sim/program/autodiff.ts';
import type { BinaryOp, UnaryOp, ValueId } from '../../../../shared/sim/program/ir.ts';
import { interpret, outputsOf } from '../../../../shared/sim/program/interpret.ts';
import { ProgramBuilder } from '../../../../shared/sim/program/ProgramBuilder.ts';
import { createRng, fillNormal } from '../../../../shared/sim/rng.ts';
import type { NdArray } from '../../../../shared/sim/tensor/ndarray.ts';
import { gradCheck } from './gradCheck.ts';

const TOL = 1e-6;
let seed = 1;
const normal = (shape: number[]): NdArray => fillNormal(shape, 1, createRng(seed++), 'f64');
const positive = (shape: number[]): NdArray => {
  const a = normal(shape);
  a.data.forEach((v, i) => (a.data[i] = 0.5 + Math.abs(v)));
  return a;
};

/** loss = Σ r·f(params) with a random data weight r (a non-constant cotangent), or Σ f when r is omitted. */
function check(
  build: (b: ProgramBuilder, inputs: Map<string, NdArray>) => ValueId,
  opts: { weighted?: boolean } = {},
): number {
  const b = new ProgramBuilder();
  const inputs = new Map<string, NdArray>();
  const y = build(b, inputs);
  const all = b.shape(y).map((_, i) => i);
  let out = y;
  if (opts.weighted !== false) {
    const r = b.input('r', b.shape(y), 'data');
    inputs.set('r', normal([...b.shape(y)]));
    out = b.mul(y, r, 'weighted');
  }
  const loss = b.shape(out).length === 0 ? out : b.sum(out, all, false, 'loss');
  const report = gradCheck(b.build(), loss, inputs);
  expect(report.checked).toBeGreaterThan(0);
  expect(report.maxRelError, report.worst).toBeLessThan(TOL);
  return report.maxRelError;
}

function param(b: ProgramBuilder, inputs: Map<string, NdArray>, name: string, value: NdArray): ValueId {
  inputs.set(name, value);
  return b.input(name, value.shape, 'param');
}

describe('VJPs against central differences (f64, h = 1e-6)', () => {
  const unaryOps: UnaryOp[] = [
    'neg',
    'exp',
    'log',
    'tanh',
    'relu',
    'gelu',
    'square',
    'sqrt',
    'rsqrt',
    'reciprocal',
  ];
  for (const op of unaryOps)
    for (const weighted of [true, false])
      it(`unary ${op}${weighted ? '' : ' (constant cotangent)'}`, () => {
        check(
          (b, inputs) => {
            const needsPositive = op === 'log' || op === 'sqrt' || op === 'rsqrt' || op === 'reciprocal';
            const x = param(b, inputs, 'x', needsPositive ? positive([3, 4]) : normal([3, 4]));
            return b.unary(op, x);
          },
          { weighted },
        );
      });

  it('unary scale and addScalar', () => {
    check((b, inputs) => b.addScalar(b.scale(param(b, inputs, 'x', normal([5])), -2.5), 3));
  });

  const binaryOps: BinaryOp[] = ['add', 'sub', 'mul', 'div', 'max'];
  for (const op of binaryOps)
    for (const weighted of [true, false])
      it(`binary ${op} with broadcasting${weighted ? '' : ' (constant cotangent)'}`, () => {
        check(
          (b, inputs) => {
            const p = param(b, inputs, 'p', normal([3, 1, 4]));
            const q = param(b, inputs, 'q', op === 'div' ? positive([1, 2, 4]) : normal([1, 2, 4]));
            const full = param(b, inputs, 'full', normal([3, 2, 4]));
            // Both broadcast operands, then a full-shape one against a broadcast one, in both orders.
            return b.binary(op, b.binary(op, p, q), b.binary(op, full, op === 'div' ? q : p));
          },
          { weighted },
        );
      });

  const equations: [string, number[], number[]][] = [
    ['ab,bc->ac', [3, 4], [4, 2]],
    ['bij,bjk->bik', [2, 3, 4], [2, 4, 5]], // batch label b
    ['bsd,dnh->bsnh', [2, 3, 4], [4, 2, 3]],
    ['bsnh,btnh->bnst', [2, 3, 2, 4], [2, 5, 2, 4]],
    ['abc,cd->ad', [2, 3, 4], [4, 5]], // b summed in A only
    ['ab,cd->ad', [2, 3], [4, 5]], // b summed in A, c in B
    ['ij,jk->ikj', [2, 3], [3, 4]], // j kept in the output
    ['ab,c->abc', [2, 3], [4]], // outer product
    ['ab,ab->', [2, 3], [2, 3]], // rank-0 result
    ['ab,c->', [2, 3], [4]], // every label summed alone
  ];
  for (const [eq, sa, sb] of equations)
    for (const weighted of [true, false])
      it(`einsum ${eq}${weighted ? '' : ' (constant cotangent)'}`, () => {
        check(
          (b, inputs) => b.einsum(eq, param(b, inputs, 'a', normal(sa)), param(b, inputs, 'b', normal(sb))),
          {
            weighted,
          },
        );
      });

  it('einsum with the same operand twice and a data operand', () => {
    check((b, inputs) => {
      const w = param(b, inputs, 'w', normal([3, 4]));
      inputs.set('x', normal([2, 3]));
      const x = b.input('x', [2, 3], 'data');
      return b.einsum('ij,ij->ij', b.einsum('bi,ij->bj', x, w), b.einsum('bi,ij->bj', x, w));
    });
  });

  for (const [dims, keepDims] of [
    [[1], true],
    [[0, 2], true],
    [[1], false],
    [[0, 2], false],
    [[0, 1, 2], false],
    [[0, 1, 2], true],
  ] as const)
    it(`reduce sum over [${dims.join(', ')}] keepDims=${keepDims}`, () => {
      check((b, inputs) => b.square(b.sum(param(b, inputs, 'x', normal([2, 3, 4])), dims, keepDims)));
    });

  it('reduce max has a zero cotangent: exact for a shift-invariant use (softmax of x − max x)', () => {
    check((b, inputs) => {
      const x = param(b, inputs, 'x', normal([3, 5]));
      const e = b.exp(b.sub(x, b.reduceMax(x, [1], true)));
      return b.div(e, b.sum(e, [1], true));
    });
  });

  it('broadcast from size-1 dims and from rank 0', () => {
    check((b, inputs) => {
      const x = param(b, inputs, 'x', normal([1, 4]));
      const s = b.sum(param(b, inputs, 's', normal([2, 2])), [0, 1], false);
      return b.mul(b.broadcast(x, [3, 4]), b.broadcast(b.tanh(s), [3, 4]));
    });
  });

  it('softmax, logSoftmax, layerNorm', () => {
    check((b, inputs) => b.softmax(param(b, inputs, 'x', normal([2, 3, 5])), -1));
    check((b, inputs) => b.softmax(param(b, inputs, 'x', normal([4, 3])), 0));
    check((b, inputs) => b.logSoftmax(param(b, inputs, 'x', normal([2, 3, 5])), 2));
    check((b, inputs) => b.layerNorm(param(b, inputs, 'x', normal([2, 3, 6]))));
  });

  it('crossEntropy and meanSquaredError', () => {
    const labels = (): NdArray => {
      const a = { shape: [2, 3, 5], data: new Float64Array(30) };
      for (let i = 0; i < 6; i++) a.data[i * 5 + ((i * 3) % 5)] = 1;
      return a;
    };
    for (const loss of ['ce', 'mse'] as const)
      check(
        (b, inputs) => {
          const logits = b.scale(param(b, inputs, 'x', normal([2, 3, 5])), 2);
          inputs.set('t', loss === 'ce' ? labels() : normal([2, 3, 5]));
          const t = b.input('t', [2, 3, 5], 'data');
          return loss === 'ce' ? b.crossEntropy(logits, t) : b.meanSquaredError(logits, t);
        },
        { weighted: false },
      );
  });

  it('constraint passes the cotangent through under the same constraint', () => {
    check((b, inputs) => b.tanh(b.constraint(param(b, inputs, 'x', normal([4, 2])), ['x', null])));
    const b = new ProgramBuilder();
    const x = b.input('x', [4, 2], 'param');
    const loss = b.sum(b.tanh(b.constraint(x, ['x'])), [0, 1], false);
    const step = buildTrainStep(b.build(), loss, { kind: 'sgd', lr: 1 });
    const backward = step.values.filter((v) => v.phase === 'backward' && v.node.kind === 'constraint');
    expect(backward).toHaveLength(1);
  });
});

describe('buildTrainStep', () => {
  it('stopGradient blocks the gradient: d/dx Σ x·sg(x) = x', () => {
    const b = new ProgramBuilder();
    const x = b.input('x', [3], 'param');
    const loss = b.sum(b.mul(x, b.stopGradient(x)), [0], false);
    const step = buildTrainStep(b.build(), loss, { kind: 'sgd', lr: 0.5 });
    const x0 = { shape: [3], data: new Float64Array([1, -2, 3]) };
    const out = outputsOf(step, interpret(step, new Map([['x', x0]]), 'f64'));
    expect([...out.get('grad/x')!.data]).toEqual([1, -2, 3]);
    expect([...out.get('new/x')!.data]).toEqual([0.5, -1, 1.5]);
  });

  it('tags phases, gradOf and updates, gives unreachable params a zero gradient and data none', () => {
    const b = new ProgramBuilder();
    const w = b.input('w', [2], 'param');
    const unused = b.input('unused', [2], 'param');
    const x = b.input('x', [2], 'data');
    const loss = b.sum(b.mul(w, x), [0], false, 'loss');
    const step = buildTrainStep(b.build(), loss, { kind: 'sgd', lr: 0.1 });
    expect(step.outputs.map((o) => o.name)).toEqual(['loss', 'grad/w', 'grad/unused', 'new/w', 'new/unused']);
    const byName = new Map(step.values.map((v) => [v.name, v]));
    expect(byName.get('grad/w')?.gradOf).toBe(w);
    expect(byName.get('grad/w')?.phase).toBe('backward');
    expect(byName.get('grad/unused')?.gradOf).toBe(unused);
    expect(byName.get('new/w')?.updates).toBe(w);
    expect(byName.get('new/w')?.phase).toBe('update');
    expect(step.values.some((v) => v.gradOf === x)).toBe(false);
    step.values.forEach((v, i) => expect(v.id).toBe(i));
    expect(new Set(step.values.map((v) => v.name)).size).toBe(step.values.length);
    const inputs = new Map([
      ['w', { shape: [2], data: new Float64Array([1, 2]) }],
      ['unused', { shape: [2], data: new Float64Array([3, 4]) }],
      ['x', { shape: [2], data: new Float64Array([5, 6]) }],
    ]);
    const out = outputsOf(step, interpret(step, inputs, 'f64'));
    expect([...out.get('grad/w')!.data]).toEqual([5, 6]);
    expect([...out.get('grad/unused')!.data]).toEqual([0, 0]);
    // The gradient dW = x is a forward value; it gets its own backward copy.
    expect(byName.get('x')?.gradOf).toBeUndefined();
  });

  it('max splits the cotangent evenly on ties, as JAX', () => {
    const b = new ProgramBuilder();
    const w = b.input('w', [2], 'param');
    const loss = b.sum(b.max(w, b.scale(w, 1)), [0], false);
    const step = buildTrainStep(b.build(), loss, { kind: 'sgd', lr: 1 });
    const out = outputsOf(
      step,
      interpret(step, new Map([['w', { shape: [2], data: new Float64Array([1, -1]) }]]), 'f64'),
    );
    expect([...out.get('grad/w')!.data]).toEqual([1, 1]);
  });

  it('sums the cotangents of a value used several times with add', () => {
    const b = new ProgramBuilder();
    const w = b.input('w', [2], 'param');
    const h = b.tanh(w, 'h');
    const loss = b.sum(b.mul(h, b.mul(h, h)), [0], false);
    const step = buildTrainStep(b.build(), loss, { kind: 'sgd', lr: 0.1 });
    const dh = step.values.filter((v) => v.name.startsWith('dh'));
    expect(dh.some((v) => v.node.kind === 'binary' && v.node.op === 'add')).toBe(true);
  });

  it('rejects a non-scalar loss and manual collectives', () => {
    const b = new ProgramBuilder({ x: 2 });
    const w = b.input('w', [2], 'param');
    expect(() => buildTrainStep(b.build(), w, { kind: 'sgd', lr: 1 })).toThrow(/scalar/);
    const loss = b.sum(b.psum(w, ['x']), [0], false);
    expect(() => buildTrainStep(b.build(), loss, { kind: 'sgd', lr: 1 })).toThrow(/collective/);
  });

  it('adam: one step matches Kingma & Ba Algorithm 1 computed by hand', () => {
    const b = new ProgramBuilder();
    const w = b.input('w', [2], 'param');
    const x = b.input('x', [2], 'data');
    const loss = b.sum(b.mul(b.square(w), x), [0], false); // g = 2·w·x
    const [lr, beta1, beta2, eps, t] = [0.01, 0.9, 0.999, 1e-8, 3];
    const step = buildTrainStep(b.build(), loss, { kind: 'adam', lr, beta1, beta2, eps, step: t });
    const f64 = (...v: number[]): NdArray => ({ shape: [2], data: new Float64Array(v) });
    const inputs = new Map([
      ['w', f64(0.5, -1.5)],
      ['x', f64(2, 0.25)],
      ['m/w', f64(0.1, -0.2)],
      ['v/w', f64(0.01, 0.04)],
    ]);
    const out = outputsOf(step, interpret(step, inputs, 'f64'));
    expect(step.outputs.map((o) => o.name)).toEqual(['loss', 'grad/w', 'new/w', 'new/m/w', 'new/v/w']);
    for (let i = 0; i < 2; i++) {
      const [wi, xi, mi, vi] = [
        inputs.get('w')!,
        inputs.get('x')!,
        inputs.get('m/w')!,
        inputs.get('v/w')!,
      ].map((a) => a.data[i]!) as [number, number, number, number];
      const g = 2 * wi * xi;
      const m = beta1 * mi + (1 - beta1) * g;
      const v = beta2 * vi + (1 - beta2) * g * g;
      const mHat = m / (1 - beta1 ** t);
      const vHat = v / (1 - beta2 ** t);
      expect(out.get('grad/w')!.data[i]).toBeCloseTo(g, 14);
      expect(out.get('new/m/w')!.data[i]).toBeCloseTo(m, 14);
      expect(out.get('new/v/w')!.data[i]).toBeCloseTo(v, 14);
      expect(out.get('new/w')!.data[i]).toBeCloseTo(wi - (lr * mHat) / (Math.sqrt(vHat) + eps), 14);
    }
    const mIn = step.values.find((v) => v.name === 'm/w')!;
    expect(mIn.node).toEqual({ kind: 'input', role: 'optimizer' });
    expect(step.values.find((v) => v.name === 'new/m/w')?.updates).toBe(mIn.id);
  });
});
