// The tasting's graph for the static view: every tasted value names its operands and the passes inserted at
// it. Expectations worked out by hand from the 'column-then-row' start plan (w1 P('model', None), w2
// P(None, 'model') on Mesh('model': 4)) and the-tasting's shard_map reference plan.
import { describe, expect, it } from 'vitest';
import { evaluate, level } from './helpers.ts';

describe('Tasting.tensors operands and passesAt', () => {
  const l = level('column-then-row');
  const tasting = evaluate(l, l.start).tasting!;
  const byName = new Map(tasting.tensors.map((t) => [t.name, t]));

  it('names each value’s operands in operand order, none for an input', () => {
    expect(byName.get('w1')!.operands).toEqual([]);
    expect(byName.get('h_pre')!.operands).toEqual(['x', 'w1']);
    expect(byName.get('y')!.operands).toEqual(['h', 'w2']);
    expect(byName.get('grad/w1')!.operands).toEqual(['x', 'dh_pre']);
    expect(byName.get('new/w1')!.operands).toEqual(['w1', 'w1_step']);
  });

  it('pins the all-reduce of h_pre (rows of w1 ⇒ partial sums) after h_pre itself', () => {
    const h = byName.get('h_pre')!;
    expect(h.passesAt).toHaveLength(1);
    expect(tasting.collectives[h.passesAt[0]!]).toMatchObject({
      kind: 'all-reduce',
      tensor: 'h_pre',
      axes: ['model'],
      // 8 × 128 f32 = 4096 B; a ring all-reduce over 4 sends 2 · (4 − 1)/4 of it: 6144 B.
      bytesSent: 6144,
    });
  });

  it('pins w_in’s slice on the edge w_in → x_proj (an operand pass)', () => {
    const p = byName.get('x_proj')!;
    expect(p.operands).toEqual(['x0', 'w_in']);
    expect(p.passesAt.map((k) => tasting.collectives[k]!.tensor)).toEqual(['w_in']);
  });

  it('places every pass exactly once, on the value it moves or on one of that value’s consumers', () => {
    const placed = tasting.tensors.flatMap((t) => t.passesAt);
    expect([...placed].sort((a, b) => a - b)).toEqual(tasting.collectives.map((_, k) => k));
    for (const t of tasting.tensors)
      for (const k of t.passesAt) {
        const moved = tasting.collectives[k]!.tensor;
        expect(moved === t.name || t.operands.includes(moved)).toBe(true);
      }
  });

  it('gives a shard_map output the inputs its body reads', () => {
    const m = level('the-tasting');
    const t = evaluate(m, m.reference).tasting!;
    expect(t.tensors.map((v) => [v.name, v.operands])).toEqual([
      ['x', []],
      ['y', []],
      ['w1', []],
      ['w2', []],
      ['pred', ['x', 'w1', 'w2']],
    ]);
    // The psum runs inside the body (pred_sum = psum(pred_partial)), not at a tasted value; it is named by
    // the value it sends, as the local view's priced pass is.
    expect(t.tensors.every((v) => v.passesAt.length === 0)).toBe(true);
    expect(t.collectives.map((c) => c.tensor)).toEqual(['pred_partial']);
  });
});
