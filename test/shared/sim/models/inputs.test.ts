import { describe, expect, it } from 'vitest';
import { causalMask, ModelInputs } from '../../../../shared/sim/models/inputs.ts';
import { ProgramBuilder } from '../../../../shared/sim/program/ProgramBuilder.ts';
import { createRng, fillNormal, nextFloat, nextInt, nextUint32 } from '../../../../shared/sim/rng.ts';

const total = (a: ArrayLike<number>, f = (v: number): number => v): number =>
  Array.from(a).reduce((s, v) => s + f(v), 0);

describe('rng (shared/sim/rng.ts)', () => {
  it('is a pure function of the seed, with fixed values on every machine', () => {
    const a = createRng(42);
    const b = createRng(42);
    const xs = Array.from({ length: 5 }, () => nextUint32(a));
    expect(Array.from({ length: 5 }, () => nextUint32(b))).toEqual(xs);
    expect(xs).toEqual([763744907, 2711839145, 2121928412, 3759587137, 2652876385]);
    expect(nextUint32(createRng(43))).not.toBe(xs[0]);
  });

  it('draws uniforms in [0, 1), integers in range and standard normals', () => {
    const rng = createRng(1);
    for (let i = 0; i < 1000; i++) {
      const u = nextFloat(rng);
      expect(u >= 0 && u < 1).toBe(true);
      const k = nextInt(rng, 7);
      expect(Number.isInteger(k) && k >= 0 && k < 7).toBe(true);
    }
    const z = fillNormal([100, 100], 2, createRng(2), 'f64').data;
    const mean = total(z) / z.length;
    const variance = total(z, (v) => (v - mean) ** 2) / z.length;
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(Math.abs(variance - 4)).toBeLessThan(0.15);
    expect(fillNormal([2], 1, createRng(2), 'f32').data).toBeInstanceOf(Float32Array);
    expect(() => nextInt(rng, 0)).toThrow(RangeError);
  });
});

describe('ModelInputs', () => {
  it('fills params at 1/√fan_in, one-hot rows and the causal mask', () => {
    const m = new ModelInputs(new ProgramBuilder());
    m.param('w', [400, 50], 400);
    m.data('ids', [3, 4, 5], { kind: 'oneHot' });
    m.data('mask', [1, 1, 3, 3], causalMask);
    const program = m.b.build();
    const inputs = m.initialInputs(program, 0);
    const w = inputs.get('w')!.data;
    const std = Math.sqrt(total(w, (v) => v * v) / w.length);
    expect(Math.abs(std - 1 / 20)).toBeLessThan(0.002);
    const ids = inputs.get('ids')!.data;
    for (let row = 0; row < 12; row++) expect(total(ids.slice(row * 5, row * 5 + 5))).toBe(1);
    expect([...inputs.get('mask')!.data]).toEqual([0, -1e9, -1e9, 0, 0, -1e9, 0, 0, 0]);
    m.b.input('other', [2], 'data');
    expect(() => m.initialInputs(m.b.build(), 0)).toThrow(/no initialisation for input 'other'/);
  });
});
