// `sim shard` with `out`: jit's out_shardings compile as with_sharding_constraint on the returned value (the
// same HLO on JAX 0.10.2), planned as a constraint after the einsum; where the other operand is replicated a
// group conflict is resharded to the result's layout rather than permuted onto a free axis
// (alignEinsumOperands.ts); a batch-split product is computed batch-split (batchFirstTarget.ts). The cases are
// the curated ones test/jax/shard.conformance.test.ts runs against XLA; here each is worked out by hand, run
// shard by shard and tasted, without JAX.
import { describe, expect, it } from 'vitest';
import { parseShardRequest, shardOp } from '../../../../shared/sim/shardOp/shardOp.ts';
import { CURATED } from '../../../jax/shardCases.ts';

function run(name: string) {
  const c = CURATED.find((x) => x.name === name);
  if (c === undefined) throw new Error(`no curated case '${name}'`);
  const { name: _, ...request } = c;
  const req = parseShardRequest({ ...request, mesh: { axes: c.mesh }, execute: true });
  if (!req.ok) throw new Error(req.error.message);
  const r = shardOp(req.value);
  if (!r.ok) throw new Error(r.error.message);
  return {
    spec: r.value.out.spec,
    collectives: r.value.collectives
      .filter((x) => x.kind !== 'all-slice')
      .map((x) => [x.kind, x.axes.join(','), x.tensor, x.bytesPerDevice]),
    flops: r.value.flopsPerDevice,
    ok: r.value.execution?.ok,
  };
}

describe('sim shard: out_shardings', () => {
  it.each([
    // Local [2,8,8]·[2,8,8]: 2·2·8·8·8 = 2048 FLOPs; the [2,8,8] f32 result block is 512 B. Planned as a fixed
    // result it gathered both operands (512 B each) and computed the whole 4096-FLOP product on every device.
    [
      'out_shardings replicated, batch split: the result gathered once',
      [null, null, null],
      [['all-gather', 'x', 'out', 512]],
      2048,
    ],
    // b on x=4 in both: local [1,8,8]·[1,8,8], 2·8·8·8 = 1024 FLOPs; the [1,8,8] f32 result block (256 B) is
    // all-to-all'd to i on x, sending 3/4 of it: 192 B. It used to gather the second operand (768 B) and
    // all-to-all the first.
    [
      'batch split in both, result wanted on i: batch-split product, one all-to-all',
      [null, 'x', null],
      [['all-to-all', 'x', 'out', 192]],
      1024,
    ],
    // B [8,16] with j on x: its [8,8] f32 block (256 B) all-gathered; A sliced by x for free. Local
    // [4,16]·[8,16]ᵀ: 2·4·8·16 = 1024 FLOPs. It was a permute onto y, then an all-reduce over y.
    [
      'replicated other operand, contracting dim on x, result wanted on x: one all-gather',
      ['x', null],
      [['all-gather', 'x', 'operand1', 256]],
      1024,
    ],
    // A [8,16] with j on y → i on y: each device keeps half of its [8,8] block and sends the other half,
    // 128 B. It was a permute onto x, then an all-reduce over x.
    [
      'replicated other operand, contracting dim on y, result wanted on y: one all-to-all',
      ['y', null],
      [['all-to-all', 'y', 'operand0', 128]],
      1024,
    ],
    // B [8,16] with j on x=2, wanted k on y=4: B sliced by y for free to a [2,8] block (64 B), all-gathered
    // over x; A whole. Local [8,16]·[2,16]ᵀ: 2·8·2·16 = 512 FLOPs. It was A sliced by x and the [8,2] partial
    // sums all-reduced over x.
    [
      'case 2, result wanted split on an axis the operands do not hold there: all-gather, no all-reduce',
      [null, 'y'],
      [['all-gather', 'x', 'operand1', 64]],
      512,
    ],
  ] as const)('%s', (name, spec, collectives, flops) => {
    expect(run(name)).toEqual({ spec, collectives, flops, ok: true });
  });
});
