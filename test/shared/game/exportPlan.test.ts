// What a Megatron level's export declares and lists (docs/conformance.md, "The Megatron layer"): the layer on
// one stage's devices, no group over an axis of one device, and the backward re-gathers the step is priced
// with. The collectives themselves are checked against XLA's in test/jax/levels.conformance.test.ts.
import { describe, expect, it } from 'vitest';
import { exportPlan, type PlanExport } from '../../../shared/game/exportPlan.ts';
import { levelById } from '../../../shared/game/levels/index.ts';

const exported = (id: string): PlanExport => {
  const level = levelById(id)!;
  const r = exportPlan(level, level.reference, 'banquet');
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe("a Megatron level's one-layer export", () => {
  it('declares the devices of one stage (data × model), not the whole mesh', () => {
    // the-profiler's reference: data 2 × stage 4 × model 4 = 32 devices; one stage's layer runs on 8.
    const e = exported('the-profiler');
    expect(e.devices).toBe(8);
    expect(e.mesh.axes).toEqual([
      ['data', 2],
      ['model', 4],
    ]);
    expect(e.python).toContain("jax.make_mesh((2, 4), ('data', 'model')");
    expect(e.python).not.toMatch(/'stage'/);
  });

  it('lists no group over an axis of one device', () => {
    // seasoning-ledgers' reference has model 1 (the layer's four tensor-parallel all-reduces move nothing);
    // cook-again's has data 1 (the layer-norm gradients reduce over model alone).
    for (const [id, one] of [
      ['seasoning-ledgers', 'model'],
      ['cook-again', 'data'],
    ] as const) {
      const e = exported(id);
      expect(e.collectives.length).toBeGreaterThan(0);
      expect(e.collectives.filter((c) => c.axes.includes(one))).toEqual([]);
      expect(e.collectives.every((c) => c.axes.length > 0)).toBe(true);
    }
  });

  it("lists the backward re-gathers Megatron's sequence parallelism is priced with", () => {
    const regathers = exported('cook-again').collectives.filter(
      (c) => c.kind === 'all-gather' && c.phase === 'backward' && (c.tensor === 'ln1' || c.tensor === 'ln2'),
    );
    expect(regathers.map((c) => c.tensor).sort()).toEqual(['ln1', 'ln2']);
  });
});
