import { describe, expect, it } from 'vitest';
import { mlp2 } from '../../../../shared/sim/models/mlp2.ts';
import { buildTrainStep } from '../../../../shared/sim/program/autodiff.ts';
import { interpret, outputsOf } from '../../../../shared/sim/program/interpret.ts';
import { convert } from '../../../../shared/sim/tensor/ndarray.ts';

/** (rows × inner) · (inner × cols), row-major, plain loops; `ta`/`tb` read an operand transposed. */
function matmul(
  a: Float64Array,
  b: Float64Array,
  rows: number,
  inner: number,
  cols: number,
  ta = false,
  tb = false,
): Float64Array {
  const out = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) {
      let s = 0;
      for (let k = 0; k < inner; k++)
        s += (ta ? a[k * rows + i]! : a[i * inner + k]!) * (tb ? b[j * inner + k]! : b[k * cols + j]!);
      out[i * cols + j] = s;
    }
  return out;
}

describe("the article's demo (两层 MLP, 4 fake devices, SGD lr 0.01)", () => {
  it('train step equals the NumPy lines computed by hand', () => {
    const spec = mlp2();
    expect(spec.optimizer).toEqual({ kind: 'sgd', lr: 0.01 });
    const inputs = new Map([...spec.initialInputs(42)].map(([k, v]) => [k, convert(v, 'f64')]));
    const step = buildTrainStep(spec.program, spec.loss!, spec.optimizer!);
    const out = outputsOf(step, interpret(step, inputs, 'f64'));
    const [x, y, w1, w2] = ['x', 'y', 'w1', 'w2'].map((n) => inputs.get(n)!.data as Float64Array) as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    // h = x @ w1 (the concatenation of the devices' x @ w1_i); pred = h @ w2 (the sum of h_i @ w2_i)
    const h = matmul(x, w1, 2, 8, 16);
    const pred = matmul(h, w2, 2, 16, 4);
    const err = pred.map((p, i) => p - y[i]!); // err = pred - y
    const dW2 = matmul(h, err, 16, 2, 4, true); // h.T @ err
    const dhFull = matmul(err, w2, 2, 4, 16, false, true); // err @ w2_full.T
    const dW1 = matmul(x, dhFull, 8, 2, 16, true); // x.T @ dh_full
    const close = (got: ArrayLike<number>, want: ArrayLike<number>): void => {
      expect(got.length).toBe(want.length);
      for (let i = 0; i < want.length; i++) expect(got[i]).toBeCloseTo(want[i]!, 10);
    };
    close(out.get('grad/w2')!.data, dW2);
    close(out.get('grad/w1')!.data, dW1);
    close(
      out.get('new/w2')!.data,
      w2.map((w, i) => w - 0.01 * dW2[i]!),
    ); // dev.w2 -= 0.01 * d_w2
    close(
      out.get('new/w1')!.data,
      w1.map((w, i) => w - 0.01 * dW1[i]!),
    ); // dev.w1 -= 0.01 * d_w1
    expect(out.get('loss')!.data[0]).toBeCloseTo(0.5 * err.reduce((s, e) => s + e * e, 0), 9);
  });

  it('has the backward pass of the article: err itself, dW2 = hᵀ·err, dh = err·W2ᵀ, dW1 = xᵀ·dh', () => {
    const spec = mlp2();
    const step = buildTrainStep(spec.program, spec.loss!, spec.optimizer!);
    const backward = step.values.filter((v) => v.phase === 'backward');
    expect(backward.map((v) => [v.name, v.node.kind === 'einsum' ? v.node.equation : v.node.kind])).toEqual([
      ['dh', 'bo,ho->bh'],
      ['grad/w2', 'bh,bo->ho'],
      ['grad/w1', 'bi,bh->ih'],
    ]);
  });
});
