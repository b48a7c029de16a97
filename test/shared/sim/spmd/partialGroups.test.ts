// Partial sums over several reduced dims, each split on its own axis, are combined one dim at a time, as
// XLA's SPMD partitioner does (JAX 0.10.2; test/jax/shardCases.ts has the same cases against XLA): a layer-norm
// gain's gradient under sequence parallelism, tokens split by batch over data and by sequence over model,
// is all-reduced over model, then over data. A dim split over both axes together is one all-reduce.
import { describe, expect, it } from 'vitest';
import { ProgramBuilder } from '../../../../shared/sim/program/ProgramBuilder.ts';
import { collectiveSummary, einsumProgram, mesh, runAuto } from './helpers.ts';

const m = mesh(['data', 2], ['model', 2]);

describe('a sum over dims split on different axes', () => {
  it('an einsum: all-reduce over model, then over data, and tastes right', () => {
    const { plan, tasting } = runAuto(m, einsumProgram('bsh,bsh->h', [4, 8, 16], [4, 8, 16]), {
      inShardings: { a: ['data', 'model'], b: ['data', 'model'] },
      outShardings: { out: [null] },
    });
    expect(collectiveSummary(plan)).toEqual(['all-reduce(model) out', 'all-reduce(data) out']);
    // Each all-reduce moves the [16] f32 result over 2 devices: 2(n−1)/n · 64 B = 64 B.
    expect(plan.collectives.map((c) => c.bytesPerDevice)).toEqual([64, 64]);
    expect(plan.ops.at(-1)!.resultSteps).toHaveLength(2);
    expect(tasting.ok).toBe(true);
  });

  it('a reduce: the same, dim 0 last whatever its axis', () => {
    const b = new ProgramBuilder();
    const x = b.input('a', [4, 8, 16], 'data');
    b.output('out', b.reduce('sum', x, [0, 1], false, 'out'));
    const { plan, tasting } = runAuto(m, b.build(), {
      inShardings: { a: ['model', 'data'] },
      outShardings: { out: [null] },
    });
    expect(collectiveSummary(plan)).toEqual(['all-reduce(data) out', 'all-reduce(model) out']);
    expect(tasting.ok).toBe(true);
  });

  it('wanted sharded: the first dims all-reduced, the last reduce-scattered into place', () => {
    const { plan, tasting } = runAuto(m, einsumProgram('bsh,bsh->h', [4, 8, 16], [4, 8, 16]), {
      inShardings: { a: ['data', 'model'], b: ['data', 'model'] },
      outShardings: { out: ['data'] },
    });
    expect(collectiveSummary(plan)).toEqual(['all-reduce(model) out', 'reduce-scatter(data) out']);
    expect(tasting.ok).toBe(true);
  });

  it('one dim split over both axes: one all-reduce over both', () => {
    const { plan } = runAuto(m, einsumProgram('bsh,bsh->h', [4, 8, 16], [4, 8, 16]), {
      inShardings: { a: [['data', 'model']], b: [['data', 'model']] },
      outShardings: { out: [null] },
    });
    expect(collectiveSummary(plan)).toEqual(['all-reduce(data,model) out']);
  });
});
