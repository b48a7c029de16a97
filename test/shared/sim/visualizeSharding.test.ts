import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeMesh } from '../../../shared/sim/mesh.ts';
import { shardingFromSpec, type ShardingContext } from '../../../shared/sim/namedSharding.ts';
import type { PartitionSpec, SpecEntry } from '../../../shared/sim/partitionSpec.ts';
import { unwrap } from '../../../shared/sim/result.ts';
import { deviceBlock, shardCount, type Sharding } from '../../../shared/sim/sharding.ts';
import { renderShardingText, shardingBlocks } from '../../../shared/sim/visualizeSharding.ts';

const context: ShardingContext = { argName: 'NamedSharding spec', what: 'device_put args' };
// make_mesh((4, 2), ('a', 'b')) with row-major CPU ids (the §1.9 notebook uses TPU order 0,1,2,3,6,7,4,5).
const mesh = unwrap(
  makeMesh([
    ['a', 4],
    ['b', 2],
  ]),
);
const shard = (spec: PartitionSpec, rank = 2): Sharding =>
  unwrap(shardingFromSpec(mesh, spec, rank, context));
const render = (spec: PartitionSpec, shape = [8, 8]) =>
  unwrap(renderShardingText(mesh, shard(spec, shape.length), shape));
/** Labels per text row: the cells of each line that holds a label. */
const labelRows = (text: string): string[][] =>
  text
    .split('\n')
    .filter((line) => line.includes('CPU'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('│')
        .map((cell) => cell.trim()),
    );

describe('shardingBlocks', () => {
  it('groups replicas of a block and lists them sorted', () => {
    const grid = unwrap(shardingBlocks(mesh, shard(['a', null]), [8, 6]));
    expect(grid.rows).toBe(4);
    expect(grid.cols).toBe(1);
    expect(grid.cells[1]).toEqual({
      row: 1,
      col: 0,
      rowStart: 2,
      rowSize: 2,
      colStart: 0,
      colSize: 6,
      devices: [2, 3],
    });
  });

  it('draws a rank-1 array as one row', () => {
    const grid = unwrap(shardingBlocks(mesh, shard([['b', 'a']], 1), [16]));
    expect(grid.rows).toBe(1);
    expect(grid.cols).toBe(8);
    // ('b', 'a'): b major, so block k = b·4 + a.
    expect(grid.cells.map((c) => c.devices)).toEqual([[0], [2], [4], [6], [1], [3], [5], [7]]);
    expect(grid.cells[3]).toEqual({
      row: 0,
      col: 3,
      rowStart: 0,
      rowSize: 1,
      colStart: 6,
      colSize: 2,
      devices: [6],
    });
  });

  it('rejects ranks other than 1 and 2, and uneven shapes', () => {
    const error = {
      ok: false,
      error: expect.objectContaining({
        type: 'ValueError',
        code: 'visualize/rank',
        message: '`visualize_sharding` only works for shapes with 1 and 2 dimensions.',
      }),
    };
    expect(shardingBlocks(mesh, shard([], 3), [2, 2, 2])).toEqual(error);
    expect(shardingBlocks(mesh, shard([], 0), [])).toEqual(error);
    expect(renderShardingText(mesh, shard([], 3), [2, 2, 2])).toEqual(error);
    const uneven = shardingBlocks(mesh, shard(['a']), [6, 8]);
    expect(uneven.ok || uneven.error.type).toBe('IndivisibleError');
  });
});

describe('renderShardingText (docs/jax-semantics.md §1.9 examples, row-major ids)', () => {
  it("P('a', 'b'): 4 rows × 2 columns", () => {
    expect(render(['a', 'b'])).toBe(
      [
        '┌──────────┬──────────┐',
        '│  CPU 0   │  CPU 1   │',
        '├──────────┼──────────┤',
        '│  CPU 2   │  CPU 3   │',
        '├──────────┼──────────┤',
        '│  CPU 4   │  CPU 5   │',
        '├──────────┼──────────┤',
        '│  CPU 6   │  CPU 7   │',
        '└──────────┴──────────┘',
      ].join('\n'),
    );
  });

  it.each<[PartitionSpec, string[][]]>([
    [
      ['b', 'a'],
      [
        ['CPU 0', 'CPU 2', 'CPU 4', 'CPU 6'],
        ['CPU 1', 'CPU 3', 'CPU 5', 'CPU 7'],
      ],
    ],
    [
      ['a', null],
      [['CPU 0,1'], ['CPU 2,3'], ['CPU 4,5'], ['CPU 6,7']],
    ],
    [[null, 'b'], [['CPU 0,2,4,6', 'CPU 1,3,5,7']]],
    [[null, 'a'], [['CPU 0,1', 'CPU 2,3', 'CPU 4,5', 'CPU 6,7']]],
    [
      [['a', 'b'], null],
      [['CPU 0'], ['CPU 1'], ['CPU 2'], ['CPU 3'], ['CPU 4'], ['CPU 5'], ['CPU 6'], ['CPU 7']],
    ],
    [[], [['CPU 0,1,2,3,4,5,6,7']]],
  ])('%j', (spec, rows) => {
    expect(labelRows(render(spec))).toEqual(rows);
  });

  it('sizes cells in proportion to the blocks', () => {
    const full = render([]).split('\n');
    expect(full).toHaveLength(11); // base height 10 → 9 text lines + 2 rules
    expect(full[5]).toBe('│  CPU 0,1,2,3,4,5,6,7  │');
    const wide = render([null, 'b']).split('\n');
    expect(wide[0]).toBe('┌───────────┬───────────┐');
    expect(wide[5]).toBe('│CPU 0,2,4,6│CPU 1,3,5,7│');
  });

  it('draws rank 1 as a single line and upper-cases the platform', () => {
    const text = unwrap(renderShardingText(mesh, shard(['b'], 1), [8], 'tpu'));
    expect(text).toBe(
      ['┌───────────┬───────────┐', '│TPU 0,2,4,6│TPU 1,3,5,7│', '└───────────┴───────────┘'].join('\n'),
    );
  });
});

describe('device blocks tile the array', () => {
  const NAMES = ['a', 'b', 'c'];
  const scenario = fc
    .array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 })
    .filter((sizes) => sizes.reduce((p, s) => p * s, 1) <= 16)
    .chain((sizes) =>
      fc.record({
        sizes: fc.constant(sizes),
        rank: fc.integer({ min: 1, max: 3 }),
        // Per mesh axis: target dimension (≥ rank ⇒ unused), priority inside the dimension, unreduced if unused.
        axes: fc.array(fc.tuple(fc.nat(3), fc.nat(9), fc.boolean()), {
          minLength: sizes.length,
          maxLength: sizes.length,
        }),
        multipliers: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 3, maxLength: 3 }),
      }),
    );

  it('covers every element exactly (product of unused axis sizes) times', () => {
    fc.assert(
      fc.property(scenario, ({ sizes, rank, axes, multipliers }) => {
        const m = unwrap(makeMesh(sizes.map((s, i) => [NAMES[i]!, s] as const)));
        const perDim = Array.from({ length: rank }, (_, d) =>
          axes
            .map(([dim, priority], i) => ({ dim, priority, name: NAMES[i]! }))
            .filter((a) => a.dim === d)
            .sort((x, y) => x.priority - y.priority || x.name.localeCompare(y.name))
            .map((a) => a.name),
        );
        const spec: SpecEntry[] = perDim.map((names) =>
          names.length === 0 ? null : names.length === 1 ? names[0]! : names,
        );
        const unused = axes.flatMap(([dim], i) => (dim >= rank ? [i] : []));
        const unreduced = unused.filter((i) => axes[i]![2]).map((i) => NAMES[i]!);
        const sharding = unwrap(shardingFromSpec(m, spec, rank, context, unreduced));
        const shape = perDim.map((names, d) => shardCount(m, names) * multipliers[d]!);
        const replication = unused.reduce((p, i) => p * sizes[i]!, 1);

        const strides = shape.map((_, d) => shape.slice(d + 1).reduce((p, n) => p * n, 1));
        const total = shape.reduce((p, n) => p * n, 1);
        const cover = new Array<number>(total).fill(0);
        for (let id = 0; id < m.deviceCount; id++) {
          const { start, size } = deviceBlock(m, sharding, shape, id);
          for (let e = 0; e < total; e++) {
            const inside = shape.every((_, d) => {
              const i = Math.floor(e / strides[d]!) % shape[d]!;
              return i >= start[d]! && i < start[d]! + size[d]!;
            });
            if (inside) cover[e]!++;
          }
        }
        expect(cover.every((c) => c === replication)).toBe(true);

        if (rank <= 2) {
          const grid = unwrap(shardingBlocks(m, sharding, shape));
          expect(grid.cells).toHaveLength(perDim.reduce((p, names) => p * shardCount(m, names), 1));
          expect(grid.cells.every((c) => c.devices.length === replication)).toBe(true);
          const all = grid.cells.flatMap((c) => c.devices).sort((x, y) => x - y);
          expect(all).toEqual(Array.from({ length: m.deviceCount }, (_, i) => i));
        }
      }),
      { numRuns: 200 },
    );
  });
});
