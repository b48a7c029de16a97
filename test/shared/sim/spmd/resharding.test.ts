// Every resharding kind of Shardy's table (docs/jax-semantics.md §3.4), reached through with_sharding_constraint in
// auto mode, with the bytes the executed collective moved equal to the planned ring formula.
import { describe, expect, it } from 'vitest';
import { ProgramBuilder } from '../../../../shared/sim/program/ProgramBuilder.ts';
import type { PartitionSpec } from '../../../../shared/sim/partitionSpec.ts';
import { collectiveSummary, mesh, runAuto } from './helpers.ts';

/** y = 1·x with x sharded `from` (in_shardings) and y `to` (out_shardings): the elementwise op reads x at `to`. */
function constrained(shape: number[]) {
  const b = new ProgramBuilder();
  const x = b.input('x', shape, 'data');
  const y = b.scale(x, 1, 'y');
  b.output('y', y);
  return b.build();
}

const cases: [string, [string, number][], number[], PartitionSpec, PartitionSpec, string[]][] = [
  ['all-gather: sharded → replicated', [['x', 4]], [8, 4], ['x', null], [null, null], ['all-gather(x) x→y']],
  [
    'all-gather of a suffix: {x,y} → {x}',
    [
      ['x', 2],
      ['y', 2],
    ],
    [8, 4],
    [['x', 'y'], null],
    ['x', null],
    ['all-gather(y) x→y'],
  ],
  [
    'all-slice: replicated → sharded, free',
    [
      ['x', 2],
      ['y', 2],
    ],
    [8, 4],
    [null, null],
    ['x', 'y'],
    ['all-slice(x) x→y', 'all-slice(y) x→y'],
  ],
  [
    'all-to-all: move x from dim 0 to dim 1',
    [['x', 4]],
    [8, 8],
    ['x', null],
    [null, 'x'],
    ['all-to-all(x) x→y'],
  ],
  [
    'collective-permute: swap equal-size axes',
    [
      ['x', 2],
      ['y', 2],
    ],
    [8, 8],
    ['x', 'y'],
    ['y', 'x'],
    ['collective-permute(x,y) x→y'],
  ],
];

describe('resharding kinds through with_sharding_constraint', () => {
  it.each(cases)('%s', (_title, axes, shape, from, to, expected) => {
    const { plan, execution, tasting } = runAuto(mesh(...axes), constrained(shape), {
      inShardings: { x: from },
      outShardings: { y: to },
    });
    expect(collectiveSummary(plan)).toEqual(expected);
    plan.collectives.forEach((c, i) => {
      expect(Math.max(...execution.records[i]!.bytesSent)).toBe(c.bytesPerDevice);
    });
    expect(tasting.ok).toBe(true);
  });

  it('all-slice moves no bytes; all-gather over 4 sends 3 blocks', () => {
    const gather = runAuto(mesh(['x', 4]), constrained([8, 4]), {
      inShardings: { x: ['x', null] },
      outShardings: { y: [] },
    });
    // [8, 4] f32 split 4 ways: [2, 4] = 32 B per block, 3 blocks forwarded around the ring = 96 B.
    expect(gather.plan.collectives[0]!.bytesPerDevice).toBe(96);
    const slice = runAuto(mesh(['x', 4]), constrained([8, 4]), {
      inShardings: { x: [] },
      outShardings: { y: ['x'] },
    });
    expect(slice.plan.collectives[0]!.bytesPerDevice).toBe(0);
  });

  it('rejects a constraint that names an axis the mesh lacks, with JAX’s message', () => {
    const b = new ProgramBuilder();
    const x = b.input('x', [8, 4], 'data');
    b.output('y', b.scale(x, 2, 'y'));
    const program = b.build();
    expect(() =>
      runAuto(mesh(['x', 2]), program, { inShardings: { x: [] }, constraints: { y: ['z', null] } }),
    ).toThrow("ValueError: y: Resource axis: z of P('z', None) is not found in mesh: ('x',).");
  });
});

describe('with_sharding_constraint written into the program', () => {
  it('is honoured like one given by name', () => {
    const b = new ProgramBuilder();
    const x = b.input('x', [8, 4], 'data');
    b.output('y', b.scale(b.constraint(x, [null, null], 'x_full'), 2, 'y'));
    const { plan, tasting } = runAuto(mesh(['x', 4]), b.build(), { inShardings: { x: ['x', null] } });
    expect(collectiveSummary(plan)).toEqual(['all-gather(x) x→x_full']);
    expect(tasting.ok).toBe(true);
  });
});
