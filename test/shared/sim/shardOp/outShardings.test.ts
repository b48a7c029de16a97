// `sim shard` with `out`: jit's out_shardings compile as with_sharding_constraint on the returned value (the
// same HLO on JAX 0.10.2), so the einsum is partitioned as its operands and propagation say and then resharded;
// and where the other operand is replicated a group conflict is resharded to the result's layout rather than
// permuted onto a free axis (alignEinsumOperands.ts). The same cases run against XLA in test/jax/shardCases.ts.
import { describe, expect, it } from 'vitest';
import { parseShardRequest, shardOp } from '../../../../shared/sim/shardOp/shardOp.ts';

function run(raw: object) {
  const req = parseShardRequest({ ...raw, execute: true });
  if (!req.ok) throw new Error(req.error.message);
  const r = shardOp(req.value);
  if (!r.ok) throw new Error(r.error.message);
  return {
    spec: r.value.out.spec,
    collectives: r.value.collectives
      .filter((c) => c.kind !== 'all-slice')
      .map((c) => [c.kind, c.axes.join(','), c.tensor, c.bytesPerDevice]),
    flops: r.value.flopsPerDevice,
    ok: r.value.execution?.ok,
  };
}

describe('sim shard: out_shardings', () => {
  it('a batch-split product wanted replicated is computed split, then gathered once', () => {
    // Local [2,8,8]·[2,8,8]: 2·2·8·8·8 = 2048 FLOPs; the [2,8,8] f32 result block is 512 B. Planned as a fixed
    // result it gathered both operands (512 B each) and computed the whole 4096-FLOP product on every device.
    expect(
      run({
        mesh: { axes: [['x', 2]] },
        op: 'einsum',
        equation: 'bij,bjk->bik',
        operands: [
          { shape: [4, 8, 8], spec: ['x'] },
          { shape: [4, 8, 8], spec: ['x'] },
        ],
        out: [],
      }),
    ).toEqual({
      spec: [null, null, null],
      collectives: [['all-gather', 'x', 'out', 512]],
      flops: 2048,
      ok: true,
    });
  });

  it('with the other operand replicated, a contracting split is gathered, not moved onto y', () => {
    // b [8,16] with j on x: its [8,8] f32 block (256 B) all-gathered; a sliced by x for free. Local
    // [4,16]·[8,16]ᵀ: 2·4·8·16 = 1024 FLOPs. It was a permute onto y, then an all-reduce over y.
    expect(
      run({
        mesh: {
          axes: [
            ['x', 2],
            ['y', 2],
          ],
        },
        op: 'einsum',
        equation: 'ij,kj->ik',
        operands: [
          { shape: [8, 16], spec: [] },
          { shape: [8, 16], spec: [null, 'x'] },
        ],
        out: ['x', null],
      }),
    ).toEqual({
      spec: ['x', null],
      collectives: [['all-gather', 'x', 'operand1', 256]],
      flops: 1024,
      ok: true,
    });
  });

  it('with the other operand replicated, a contracting split on the wanted axis is one all-to-all', () => {
    // a [8,16] with j on y → i on y: each device keeps half of its [8,8] block and sends the other half,
    // 128 B. It was a permute onto x, then an all-reduce over x.
    expect(
      run({
        mesh: {
          axes: [
            ['x', 2],
            ['y', 2],
          ],
        },
        op: 'einsum',
        equation: 'ij,kj->ik',
        operands: [
          { shape: [8, 16], spec: [null, 'y'] },
          { shape: [8, 16], spec: [] },
        ],
        out: ['y', null],
      }),
    ).toEqual({
      spec: ['y', null],
      collectives: [['all-to-all', 'y', 'operand0', 128]],
      flops: 1024,
      ok: true,
    });
  });

  it('a batch-split product wanted split on i is computed batch-split, then one all-to-all', () => {
    // b on x=4 in both: local [1,8,8]·[1,8,8], 2·8·8·8 = 1024 FLOPs; the [1,8,8] f32 result block (256 B) is
    // all-to-all'd to i on x, sending 3/4 of it: 192 B. It used to gather the second operand (768 B) and
    // all-to-all the first.
    expect(
      run({
        mesh: { axes: [['x', 4]] },
        op: 'einsum',
        equation: 'bij,bjk->bik',
        operands: [
          { shape: [4, 8, 8], spec: ['x'] },
          { shape: [4, 8, 8], spec: ['x'] },
        ],
        out: [null, 'x', null],
      }),
    ).toEqual({
      spec: [null, 'x', null],
      collectives: [['all-to-all', 'x', 'out', 192]],
      flops: 1024,
      ok: true,
    });
  });
});
