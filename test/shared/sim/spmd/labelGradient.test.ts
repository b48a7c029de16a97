// A label on a value labels its gradient too: JAX transposes with_sharding_constraint into the same constraint
// on the cotangent (jax/_src/pjit.py, ad.deflinear2(sharding_constraint_p, …)), so XLA keeps dh whole where h
// is labelled whole (test/jax/levels.conformance.test.ts, passing-styles). Hand-worked: h = x·w1 [8,16] with
// w1 split by model, pred = h·w2 with w2 split by rows; h labelled whole.
import { describe, expect, it } from 'vitest';
import { ProgramBuilder } from '../../../../shared/sim/program/ProgramBuilder.ts';
import { buildTrainStep } from '../../../../shared/sim/program/autodiff.ts';
import { fixedShardings } from '../../../../shared/sim/spmd/autoMode.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { mesh } from './helpers.ts';

function twoLayerStep() {
  const b = new ProgramBuilder();
  const x = b.input('x', [8, 4], 'data');
  const y = b.input('y', [8, 4], 'data');
  const w1 = b.input('w1', [4, 16], 'param');
  const w2 = b.input('w2', [16, 4], 'param');
  const h = b.einsum('bi,ih->bh', x, w1, 'h');
  const pred = b.einsum('bh,ho->bo', h, w2, 'pred');
  const loss = b.meanSquaredError(pred, y, 'loss');
  return buildTrainStep(b.build(), loss, { kind: 'sgd', lr: 0.1 });
}

describe('a label on a value, and its gradient', () => {
  const step = twoLayerStep();
  const m = mesh(['model', 4]);
  const h = step.values.find((v) => v.name === 'h')!;

  it('records the cotangent of h, a backward value of h alone', () => {
    const cot = step.cotangents?.find((c) => c.of === h.id);
    expect(cot).toBeDefined();
    const v = step.values[cot!.value]!;
    expect(v.phase).toBe('backward');
    expect(v.shape).toEqual(h.shape);
    expect(step.cotangents!.filter((c) => c.value === cot!.value)).toHaveLength(1);
  });

  it('fixes the cotangent of a labelled value to the label, and leaves an unlabelled one free', () => {
    const cot = step.cotangents!.find((c) => c.of === h.id)!.value;
    const specs = { inShardings: { w1: [null, 'model'], w2: ['model', null] } };
    const labelled = unwrap(fixedShardings(m, step, { ...specs, constraints: { h: [null, null] } }));
    expect(labelled.get(cot)).toEqual(labelled.get(h.id));
    const free = unwrap(fixedShardings(m, step, specs));
    expect(free.has(cot)).toBe(false);
  });
});
