// `sim shard` with op reshard: only data moves, so no FLOPs, whatever the partitioner plans the move with.
import { describe, expect, it } from 'vitest';
import { parseShardRequest, shardOp } from '../../../../shared/sim/shardOp/shardOp.ts';
import { unwrap } from '../../../../shared/sim/result.ts';

const reshard = (spec: (string | null)[], out: (string | null)[]) =>
  unwrap(
    shardOp(
      unwrap(
        parseShardRequest({
          mesh: {
            axes: [
              ['x', 4],
              ['y', 2],
            ],
          },
          op: 'reshard',
          operands: [{ shape: [64, 128], spec }],
          out,
          execute: true,
        }),
      ),
    ),
  );

describe('sim shard: reshard', () => {
  it('gathers [64, 128] f32 sharded on x with no arithmetic: one all-gather of 3 × 8 KiB, 0 FLOPs', () => {
    const r = reshard(['x', null], [null, null]);
    // Each device holds a [16, 128] f32 block (8 KiB) and receives the other three: 24,576 B.
    expect(r.collectives).toEqual([
      { kind: 'all-gather', axes: ['x'], tensor: 'operand0', bytesPerDevice: 24576 },
    ]);
    expect(r.flopsPerDevice).toBe(0);
    expect(r.execution?.ok).toBe(true);
  });

  it.each([
    [[], ['x', null]],
    [
      ['x', null],
      [null, 'x'],
    ],
    [
      ['x', 'y'],
      ['y', 'x'],
    ],
    [
      ['x', 'y'],
      ['x', 'y'],
    ],
  ])('%j → %j computes nothing', (from, to) => {
    expect(reshard(from, to).flopsPerDevice).toBe(0);
  });
});
