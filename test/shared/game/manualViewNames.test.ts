// A shard_map plan reads the same in every view (learner audit, stop 46): the label panel wrote x's in_specs
// P() as "P(None, None)" while the global and static views printed "P()"; the local view named the psum by
// the value it sends ("AllReduce pred_partial") and the static view by the one it defines ("pred_sum").
import { describe, expect, it } from 'vitest';
import { evaluatePlan, specFromSharding, specToString } from '../../../shared/index.ts';
import { level } from './helpers.ts';

const tasting = level('the-tasting');

describe("a shard_map plan's labels and passes", () => {
  const r = evaluatePlan(tasting, tasting.reference);
  if (!r.ok) throw new Error(r.error.message);
  const e = r.evaluation;

  it('prints every label with one entry per dimension, as auto mode and the label panel do', () => {
    const specs = new Map(e.tasting!.tensors.map((t) => [t.name, t.spec]));
    // x and y have no in_specs entry (P()), pred's out_specs is P(): matrices all.
    expect(specs.get('x')).toBe('P(None, None)');
    expect(specs.get('y')).toBe('P(None, None)');
    expect(specs.get('pred')).toBe('P(None, None)');
    expect(specs.get('w1')).toBe("P(None, 'model')");
    expect(specs.get('w2')).toBe("P('model', None)");
    for (const t of e.tasting!.tensors)
      expect(t.spec.match(/None|'model'/g)?.length, t.name).toBe(t.shape.length);
    expect(e.tasting!.outputs.map((o) => o.name)).toEqual(['pred']);
  });

  it('names the psum by the value it sends, in the tasting (static view) as in the pricing (local view)', () => {
    expect(e.tasting!.collectives.map((c) => [c.kind, c.tensor])).toEqual([['all-reduce', 'pred_partial']]);
    expect(e.pricing.collectives.map((c) => [c.kind, c.tensor])).toEqual([['all-reduce', 'pred_partial']]);
  });

  it('prints an auto-mode label the same way (specFromSharding keeps trailing None)', () => {
    expect(specToString(specFromSharding({ dims: [[], []], unreduced: [] }))).toBe('P(None, None)');
  });
});
