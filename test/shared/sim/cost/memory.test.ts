// Memory from the specs: ZeRO's worked example comes out of sharding the optimizer state, the gradients
// and the parameters over the data axis; the capacity check names the worst device and the overflow.
import { describe, expect, it } from 'vitest';
import {
  capacityCheck,
  memoryBreakdown,
  modelStateBytes,
  peakTransientBytes,
  savedForBackward,
} from '../../../../shared/sim/cost/memory.ts';
import { zeroModelStateBytes } from '../../../../shared/sim/cost/modelFormulas.ts';
import { makeMesh } from '../../../../shared/sim/mesh.ts';
import { buildTrainStep } from '../../../../shared/sim/program/autodiff.ts';
import { ProgramBuilder } from '../../../../shared/sim/program/ProgramBuilder.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { planAuto } from '../../../../shared/sim/spmd/autoMode.ts';

describe("ZeRO's worked example (Rajbhandari et al. 2020): Ψ = 7.5B, N_d = 64", () => {
  // One weight of 75,000,000 × 100 = 7.5e9 parameters, trained with Adam on 64 data-parallel devices.
  const b = new ProgramBuilder();
  const x = b.input('x', [64, 75_000_000], 'data');
  const w = b.input('w', [75_000_000, 100], 'param');
  const loss = b.sum(b.einsum('bi,io->bo', x, w, 'y'), [0, 1], false, 'loss');
  const opt = { kind: 'adam', lr: 1e-3, beta1: 0.9, beta2: 0.999, eps: 1e-8, step: 1 } as const;
  const program = buildTrainStep(b.build(), loss, opt);
  const mesh = unwrap(makeMesh([['data', 64]]));
  const D = ['data', null];
  const specs = (stage: number) => ({
    inShardings: {
      x: D,
      w: stage >= 3 ? D : [],
      'm/w': stage >= 1 ? D : [],
      'v/w': stage >= 1 ? D : [],
    },
    outShardings: {
      'grad/w': stage >= 2 ? D : [],
      'new/w': stage >= 3 ? D : [],
      'new/m/w': stage >= 1 ? D : [],
      'new/v/w': stage >= 1 ? D : [],
    },
  });
  it.each([
    [0, 120e9],
    [1, 31.40625e9],
    [2, 16.640625e9],
    [3, 1.875e9],
  ] as const)('stage %i: %d bytes per device', (stage, expected) => {
    const state = modelStateBytes(unwrap(planAuto(mesh, program, specs(stage))), 'bf16-mixed');
    expect(state.params + state.grads + state.optimizer).toBe(expected);
    expect(state.params + state.grads + state.optimizer).toBe(zeroModelStateBytes(7.5e9, stage, 64));
    expect(state.globalParams).toBe(7.5e9);
  });
  it('fp32 training: 4 + 4 + 8 bytes per parameter', () => {
    const state = modelStateBytes(unwrap(planAuto(mesh, program, specs(0))), 'fp32');
    expect(state.params + state.grads + state.optimizer).toBe(16 * 7.5e9);
    expect(state.optimizer).toBe(8 * 7.5e9);
  });
});

describe('saved for the backward pass', () => {
  it('are the forward values the backward pass reads, not the parameters', () => {
    const b = new ProgramBuilder();
    const x = b.input('x', [4, 8], 'data');
    const w1 = b.input('w1', [8, 16], 'param');
    const w2 = b.input('w2', [16, 2], 'param');
    const h = b.relu(b.einsum('bd,df->bf', x, w1, 'h_pre'), 'h');
    const loss = b.sum(b.einsum('bf,fo->bo', h, w2, 'y'), [0, 1], false, 'loss');
    const program = buildTrainStep(b.build(), loss, { kind: 'sgd', lr: 0.1 });
    const plan = unwrap(planAuto(unwrap(makeMesh([['x', 1]])), program, {}));
    const names = savedForBackward(plan).map((id) => program.values[id]!.name);
    expect(names.sort()).toEqual(['h', 'h_pre', 'x']);
  });
});

describe('capacity check', () => {
  it('names the worst device and by how much it overflows', () => {
    expect(capacityCheck([10e9, 18e9, 12e9], [0, 8, 16], 16e9)).toEqual({
      fits: false,
      worstDevice: 8,
      worstBytes: 18e9,
      overflowBytes: 2e9,
    });
    expect(capacityCheck([10e9], [3], 16e9)).toMatchObject({ fits: true, worstDevice: 3, overflowBytes: 0 });
  });
  it('adds up a breakdown', () => {
    expect(memoryBreakdown({ params: 1, grads: 2, optimizer: 3, activations: 4, temporaries: 5 }).total).toBe(
      15,
    );
  });
});

describe('the largest transient working set of one op', () => {
  // Forward only: y = x·w with x [8, 64] (data input) and w [64, 32] (param), f32, on 4 devices.
  const b = new ProgramBuilder();
  const x = b.input('x', [8, 64], 'data');
  const w = b.input('w', [64, 32], 'param');
  b.einsum('bi,io->bo', x, w, 'y');
  const program = b.build();
  const mesh = unwrap(makeMesh([['model', 4]]));
  const resident = (plan: ReturnType<typeof planAuto>) => {
    const p = unwrap(plan);
    return { plan: p, params: new Set(p.program.values.filter((v) => v.name === 'w').map((v) => v.id)) };
  };
  it('counts the data input and the output, not the resident weight', () => {
    // w P(None, 'model'): x whole 8·64·4 = 2048 B read, y [8, 8] local 256 B written; w's 2 KB shard is resident.
    const { plan, params } = resident(planAuto(mesh, program, { inShardings: { w: [null, 'model'] } }));
    expect(peakTransientBytes(plan, params)).toBe(2048 + 256);
  });
  it('counts the partial sums of a contraction split over the kitchens', () => {
    // x P(None, 'model') and w P('model', None): x's local [8, 16] = 512 B, the local partial sums y [8, 32]
    // = 1024 B before the all-reduce; the weight's [16, 32] shard is resident.
    const { plan, params } = resident(
      planAuto(mesh, program, { inShardings: { x: [null, 'model'], w: ['model', null] } }),
    );
    expect(peakTransientBytes(plan, params)).toBe(512 + 1024);
  });
});
