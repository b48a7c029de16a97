// The Megatron layer trains as mixed-precision Adam does (Micikevicius et al. 2018 §3.1): 16-bit weights, an
// fp32 master copy and fp32 moments, 2 + 2 + 12 bytes per parameter, as the memory model counts them. ZeRO
// stages 1–2 all-gather the 16-bit parameters after the step (Rajbhandari et al. 2020 §5.1: Ψ·2 bytes), not
// the fp32 masters: each device converts its own shard first. Worked by hand on a small layer.
import { describe, expect, it } from 'vitest';
import { megatronLayer } from '../../../../shared/sim/train/megatronLayer.ts';
import { A100, report, withChanges } from './helpers.ts';

const DIMS = { batch: 4, seq: 128, hidden: 256, heads: 8, ffn: 1024 };

describe('the Megatron layer program', () => {
  it('bf16: every parameter has an fp32 master and fp32 moments; its cast is a value of its own', () => {
    const { program } = megatronLayer(DIMS, false, 'bf16');
    const byName = new Map(program.values.map((v) => [v.name, v]));
    for (const w of ['wqkv', 'wo', 'w1', 'w2']) {
      expect(byName.get(w)?.dtype, w).toBe('bf16');
      for (const state of [`master/${w}`, `m/${w}`, `v/${w}`]) {
        const v = byName.get(state);
        expect(v?.node.kind, state).toBe('input');
        expect(v?.dtype, state).toBe('f32');
      }
      expect(byName.get(`cast/${w}`)?.dtype).toBe('bf16');
      expect(byName.get(`new/${w}`)?.node.kind).toBe('constraint');
    }
  });

  it('fp32: no master copies (the weights are the masters)', () => {
    const { program } = megatronLayer(DIMS, false, 'f32');
    expect(program.values.some((v) => v.name.startsWith('master/'))).toBe(false);
    expect(program.values.some((v) => v.name.startsWith('cast/'))).toBe(false);
  });
});

describe('ZeRO-1 after the step, priced: h 1024, ffn 4096, TP 2, DP 4 on one node of 8', () => {
  const doc = {
    model: { layers: 2, hidden: 1024, heads: 16, seq: 256, vocab: 1024 },
    hardware: A100,
    parallel: { tp: 2, pp: 1, dp: 4, globalBatch: 8, microBatch: 2, zeroStage: 1 },
    precision: 'bf16-mixed',
  };
  const gathers = (zeroStage: number) =>
    report(withChanges(doc, { parallel: { zeroStage } })).collectives.filter(
      (c) => c.block === 'layer' && c.phase === 'update' && c.kind === 'all-gather',
    );

  it('all-gathers each 16-bit weight over data: (dp − 1)/dp × its local elements × 2 bytes', () => {
    const h = 1024;
    const local = { wqkv: (3 * h * h) / 2, wo: (h * h) / 2, w1: (h * 4 * h) / 2, w2: (4 * h * h) / 2 };
    const byValue = new Map(gathers(1).map((c) => [c.tensor, c]));
    for (const [w, elements] of Object.entries(local)) {
      const c = byValue.get(`cast/${w}`);
      expect(c, w).toBeDefined();
      expect(c!.axes).toEqual(['data']);
      expect(c!.bytesPerDevice, w).toBe((3 / 4) * elements * 2);
    }
    expect(gathers(1).some((c) => c.tensor.startsWith('new/master/'))).toBe(false);
  });

  it('the exported JAX converts on the shard, then pins the 16-bit weight to its own sharding', () => {
    const jax = (report({ ...doc, exports: ['jax'] }) as { jax?: string }).jax ?? '';
    expect(jax).toContain(
      "cast_w1 = jax.lax.with_sharding_constraint(new_master_w1.astype(jnp.bfloat16), S(P('data', 'model')))",
    );
    expect(jax).toContain(
      "new_w1 = jax.lax.with_sharding_constraint(cast_w1, NamedSharding(mesh, P(None, 'model')))",
    );
  });

  it('ZeRO-2 gathers the same bytes; without ZeRO nothing is gathered after the step', () => {
    const bytes = (cs: ReturnType<typeof gathers>) => cs.reduce((s, c) => s + c.bytesPerDevice, 0);
    expect(bytes(gathers(2))).toBe(bytes(gathers(1)));
    expect(gathers(0)).toEqual([]);
  });
});
