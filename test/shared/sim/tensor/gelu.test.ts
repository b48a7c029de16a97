// geluGrad gives the same doubles whether or not it reuses the tanh values gelu kept for the same array.
import { describe, expect, it } from 'vitest';
import { gelu, geluGrad } from '../../../../shared/sim/tensor/gelu.ts';

const xs = () => Float64Array.from({ length: 257 }, (_, i) => Math.sin(i * 1.7) * 4);

describe('gelu and geluGrad', () => {
  it('reuse gives the values of a fresh computation, in float32 and float64', () => {
    for (const T of [Float32Array, Float64Array]) {
      const fresh = new T(257);
      geluGrad(T.from(xs()), fresh);
      const x = T.from(xs());
      gelu(x, new T(257));
      const reused = new T(257);
      geluGrad(x, reused);
      expect([...reused]).toEqual([...fresh]);
    }
  });

  it('notices an input written after gelu', () => {
    const x = xs();
    gelu(x, new Float64Array(257));
    x[3] = 0.25;
    const got = new Float64Array(257);
    geluGrad(x, got);
    const want = new Float64Array(257);
    geluGrad(Float64Array.from(x), want);
    expect([...got]).toEqual([...want]);
  });
});
