// The global, local and static views' models on the 'column-then-row' level's start plan (row then column:
// w1 P('model', None), w2 P(None, 'model') on Mesh('model': 4)), worked out from the specs by hand.
import { describe, expect, it } from 'vitest';
import {
  evaluatePlan,
  levelById,
  makeMesh,
  meshPairs,
  unwrap,
  type Evaluation,
} from '../../../shared/index.ts';
import {
  blockLabel,
  captionLines,
  dishPictures,
  shownDimensions,
} from '../../../client/viewModels/dishPictures.ts';
import { kitchenDetails } from '../../../client/viewModels/kitchenDetails.ts';
import { planListing } from '../../../client/viewModels/planListing.ts';

const level = levelById('column-then-row')!;
const r = evaluatePlan(level, level.start);
if (!r.ok) throw new Error(r.error.message);
const evaluation: Evaluation = r.evaluation;
const mesh = unwrap(makeMesh(meshPairs(level.start)));

describe('dishPictures', () => {
  it('cuts w1 into 4 row blocks and w2 into 4 column blocks, one kitchen each', () => {
    const [w1, w2] = dishPictures(level, evaluation, mesh);
    expect(w1!.name).toBe('w1');
    expect([w1!.grid.rows, w1!.grid.cols]).toEqual([4, 1]);
    expect(w1!.grid.cells.map((c) => c.devices)).toEqual([[0], [1], [2], [3]]);
    expect(w1!.grid.cells[2]).toMatchObject({ rowStart: 16, rowSize: 8, colStart: 0, colSize: 128 });
    expect([w2!.grid.rows, w2!.grid.cols]).toEqual([1, 4]);
    expect(w2!.spec).toBe("P(None, 'model')");
  });

  it('labels a block by the core\'s kitchen list: a pair of copies is "0–1", as the serve report writes it', () => {
    expect(blockLabel([1, 0], (k) => `copies ${k}`)).toBe('copies 0–1');
    expect(blockLabel([0, 1, 2, 3, 6], (k) => k)).toBe('0–3, 6');
    expect(blockLabel([2], () => 'never')).toBe('2');
  });

  it('fits a long dish name into two lines at a readable size instead of shrinking it (14+ dishes)', () => {
    expect(captionLines('w1', 6)).toEqual(['w1']);
    expect(captionLines('self/wqkv', 6)).toEqual(['self/', 'wqkv']);
    expect(captionLines('grad/blk0/wqkv', 9)).toEqual(['grad/', 'blk0/wqkv']);
    expect(captionLines('route1_dispatch', 8)).toEqual(['route1_', 'dispatch']);
    // No break point, or a part still too long: its middle gives way, never its ends.
    expect(captionLines('unembedding', 6)).toEqual(['une…ng']);
    for (const line of captionLines('cross/attention_weights', 7)) expect(line.length).toBeLessThanOrEqual(7);
  });

  it('shows a rank-3 array over its split dimension and its last one', () => {
    expect(shownDimensions({ dims: [[], ['x'], []], unreduced: [] })).toEqual([1, 2]);
    expect(shownDimensions({ dims: [['x'], [], ['y']], unreduced: [] })).toEqual([0, 2]);
    expect(shownDimensions({ dims: [[], [], []], unreduced: [] })).toEqual([1, 2]);
    expect(shownDimensions({ dims: [], unreduced: [] })).toEqual([]);
  });
});

describe('kitchenDetails', () => {
  it("gives kitchen 2 its w1 rows 16–23 (block 2 of 4) and w2's third column block", () => {
    const d = kitchenDetails(level, evaluation, mesh, 2);
    expect(d.portions).toEqual([
      { name: 'w1', shape: [32, 128], localShape: [8, 128], block: { index: [2, 0], of: [4, 1] } },
      { name: 'w2', shape: [128, 32], localShape: [128, 8], block: { index: [0, 2], of: [1, 4] } },
    ]);
    expect(d.memory).toEqual(evaluation.pricing.memory.groups[0]!.bytes);
    const s = d.stove;
    expect(s.compute + s.communication + s.bubble + s.other).toBeCloseTo(1, 9);
    expect(d.passes.map((c) => c.kind)).toContain('all-reduce');
  });

  it('counts a pipeline kitchen’s sends, and apart from them the waits for a dish on the wire', () => {
    // interleaved-courses' reference, kitchen 0 of p stages with v chunks over m microbatches: forward sends
    // from every chunk (v·m), gradient sends from chunks 1…v−1 ((v−1)·m); it receives as many (each
    // activation in is answered by a gradient out), but waits only for those still on the wire.
    const l = levelById('interleaved-courses')!;
    const e = evaluatePlan(l, l.reference);
    if (!e.ok) throw new Error(e.error.message);
    const { microbatches: m, virtualStages: v } = l.reference.pipeline!;
    const d = kitchenDetails(l, e.evaluation, unwrap(makeMesh(meshPairs(l.reference))), 0);
    expect(d.sends).toBe((2 * v - 1) * m);
    expect(d.recvWaits).toBeGreaterThan(0);
    expect(d.recvWaits).toBeLessThan(d.sends);
  });

  it('lists each pipeline kitchen its own stage’s passes, as many sends as it makes', () => {
    // courses' reference (1F1B, v = 1, m microbatches): the first stage only sends forward, a middle stage
    // both ways, the last only gradients back; the tied embedding's all-reduce is the first and last stage's.
    const l = levelById('courses')!;
    const e = evaluatePlan(l, l.reference);
    if (!e.ok) throw new Error(e.error.message);
    const m = l.reference.pipeline!.microbatches;
    const mesh = unwrap(makeMesh(meshPairs(l.reference)));
    const stageOf = (k: number) => e.evaluation.pricing.passGroups!.findIndex((g) => g.devices.includes(k));
    const pipeline = (k: number) =>
      kitchenDetails(l, e.evaluation, mesh, k)
        .passes.filter((c) => c.axes.includes('stage'))
        .map((c) => `${c.tensor} ×${c.perStep}`);
    const p = e.evaluation.pricing.passGroups!.length;
    const [first, middle, last] = [0, Math.floor(p / 2), p - 1].map(
      (s) => e.evaluation.pricing.passGroups![s]!.devices[0]!,
    );
    expect(stageOf(middle!)).toBeGreaterThan(0);
    expect(pipeline(first!)).toEqual([`stage_out ×${m}`, 'grad/tied_embed ×1']);
    expect(pipeline(middle!)).toEqual([`stage_out ×${m}`, `grad/stage_out ×${m}`]);
    expect(pipeline(last!)).toEqual([`grad/stage_out ×${m}`, 'grad/tied_embed ×1']);
    for (const k of [first!, middle!, last!]) {
      const d = kitchenDetails(l, e.evaluation, mesh, k);
      const sends = d.passes.filter((c) => c.kind === 'ppermute').reduce((n, c) => n + c.perStep, 0);
      expect(sends, `kitchen ${k}`).toBe(d.sends);
    }
    // only the last stage computes the logits: the banquet's output-layer passes are its kitchens' alone
    const b = levelById('the-banquet')!;
    const eb = evaluatePlan(b, b.reference);
    if (!eb.ok) throw new Error(eb.error.message);
    const groups = eb.evaluation.pricing.passGroups!;
    const bMesh = unwrap(makeMesh(meshPairs(b.reference)));
    const output = (k: number) =>
      kitchenDetails(b, eb.evaluation, bMesh, k).passes.some((c) => c.scope?.startsWith('output'));
    expect(groups.map((g) => output(g.devices[0]!))).toEqual(groups.map((_, s) => s === groups.length - 1));
  });

  it('refuses a kitchen the grid does not have', () => {
    expect(() => kitchenDetails(level, evaluation, mesh, 4)).toThrow(/no kitchen 4/);
  });
});

describe('planListing', () => {
  it('groups values by phase, pins the all-reduce of h_pre below it and w_in’s slice above x_proj', () => {
    const rows = planListing(evaluation, level.limits.tensors, () => false);
    expect(rows[0]).toEqual({ type: 'phase', phase: 'forward', scale: 'tasting' });
    const at = rows.findIndex((row) => row.type === 'node' && row.name === 'h_pre');
    expect(rows[at]).toMatchObject({ spec: 'P(None, None)', local: '8×128', dish: false });
    expect(rows[at + 1]).toEqual({
      type: 'edge',
      kind: 'all-reduce',
      tensor: 'h_pre',
      axes: 'model',
      bytes: '6.14 kB',
      place: 'result',
    });
    expect(rows[at]).toMatchObject({ operands: ['x', 'w1'] });
    // w_in's slice (no bytes move) sits on the edge w_in → x_proj, right above x_proj.
    const proj = rows.findIndex((row) => row.type === 'node' && row.name === 'x_proj');
    expect(rows[proj - 1]).toMatchObject({
      type: 'edge',
      kind: 'all-slice',
      tensor: 'w_in',
      place: 'operand',
      at: 'x_proj',
    });
    expect(rows.find((row) => row.type === 'node' && row.name === 'w1')).toMatchObject({ dish: true });
    expect(
      rows.filter((row) => row.type === 'phase').map((row) => row.type === 'phase' && row.phase),
    ).toEqual(['forward', 'backward', 'update']);
    const nodes = rows.filter((row) => row.type === 'node');
    expect(nodes).toHaveLength(evaluation.tasting!.tensors.length);
  });
});
