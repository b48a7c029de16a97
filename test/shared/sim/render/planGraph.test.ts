import { describe, expect, it } from 'vitest';
import { planGraph } from '../../../../shared/sim/render/planGraph.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { planAuto } from '../../../../shared/sim/spmd/autoMode.ts';
import { einsumProgram, mesh } from '../spmd/helpers.ts';

describe('planGraph', () => {
  // The sim contract's example: A P('x','y') · B P('y', None) → out P('x', None) after an all-reduce over y.
  const m = mesh(['x', 4], ['y', 2]);
  const plan = unwrap(
    planAuto(m, einsumProgram('ij,jk->ik', [8, 32], [32, 16]), {
      inShardings: { a: ['x', 'y'], b: ['y', null] },
      outShardings: { out: ['x', null] },
    }),
  );
  const graph = planGraph(plan);

  it('lists every value with its op, spec, local shape and operands', () => {
    expect(graph.nodes).toEqual([
      {
        id: 0,
        name: 'a',
        op: 'input:data',
        phase: 'forward',
        shape: [8, 32],
        spec: "P('x', 'y')",
        localShape: [2, 16],
        operands: [],
      },
      {
        id: 1,
        name: 'b',
        op: 'input:data',
        phase: 'forward',
        shape: [32, 16],
        spec: "P('y', None)",
        localShape: [16, 16],
        operands: [],
      },
      {
        id: 2,
        name: 'out',
        op: 'einsum ij,jk->ik',
        phase: 'forward',
        shape: [8, 16],
        spec: "P('x', None)",
        localShape: [2, 16],
        operands: [0, 1],
      },
    ]);
  });

  it('pins the all-reduce after the einsum, from the unreduced partial sums to the reduced result', () => {
    expect(graph.collectives).toEqual([
      {
        kind: 'all-reduce',
        axes: ['y'],
        value: 2,
        at: 2,
        place: 'result',
        phase: 'forward',
        fromSpec: "P('x', None, unreduced={'y'})",
        toSpec: "P('x', None)",
        bytesPerDevice: 128,
      },
    ]);
  });
});
