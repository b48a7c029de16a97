// The manual-mode editor's model: ops in JAX's words, fresh names, and the op each collective form makes.
import { describe, expect, it } from 'vitest';
import { applyEdit, levelById, type Level } from '../../../shared/index.ts';
import {
  addCollectiveEdit,
  bodyRows,
  collectiveOp,
  freshName,
  opText,
  outputRows,
  valueOptions,
  type CollectiveDraft,
} from '../../../client/viewModels/manualBodyForm.ts';

const tasting = levelById('the-tasting') as Level;
const manual = tasting.start.manual!;
const draft = (d: Partial<CollectiveDraft>): CollectiveDraft => ({
  name: '',
  kind: 'psum',
  input: 'pred_partial',
  axis: 'model',
  dim: 0,
  to: 'varying',
  splitDim: 0,
  concatDim: 0,
  shift: 1,
  ...d,
});

describe('manual body form', () => {
  it('lists the body, the values and the outputs', () => {
    expect(bodyRows(manual)).toEqual([
      { name: 'h', text: "h = einsum('bi,ih->bh', x, w1)", collective: false },
      { name: 'pred_partial', text: "pred_partial = einsum('bh,ho->bo', h, w2)", collective: false },
    ]);
    expect(valueOptions(manual)).toEqual(['x', 'w1', 'w2', 'h', 'pred_partial']);
    expect(outputRows(manual)).toEqual([{ output: 'pred', value: 'pred_partial' }]);
    expect(freshName(manual, 'h', 'psum')).toBe('h_psum');
    const withOne = { ...manual, body: [...manual.body, { name: 'h_psum', op: 'psum', args: ['h'] }] };
    expect(freshName(withOne, 'h', 'psum')).toBe('h_psum_2');
  });

  it('makes each collective with its parameters', () => {
    const plan = tasting.start; // model 4
    expect(collectiveOp(draft({}), plan)).toEqual({
      name: 'pred_partial_psum',
      op: 'psum',
      args: ['pred_partial'],
      axes: ['model'],
    });
    expect(collectiveOp(draft({ kind: 'all_gather', input: 'h', dim: 1, to: 'invarying' }), plan)).toEqual({
      name: 'h_all_gather',
      op: 'all_gather',
      args: ['h'],
      axes: ['model'],
      dim: 1,
      to: 'invarying',
    });
    expect(collectiveOp(draft({ kind: 'psum_scatter', dim: 0 }), plan)).toMatchObject({
      axes: ['model'],
      dim: 0,
    });
    expect(collectiveOp(draft({ kind: 'all_to_all', splitDim: 0, concatDim: 1 }), plan)).toMatchObject({
      splitDim: 0,
      concatDim: 1,
    });
    // A ring of 4 shifted by −1: 0→3, 1→0, 2→1, 3→2.
    expect(collectiveOp(draft({ kind: 'ppermute', shift: -1, name: 'back' }), plan)).toEqual({
      name: 'back',
      op: 'ppermute',
      args: ['pred_partial'],
      axis: 'model',
      perm: [
        [0, 3],
        [1, 0],
        [2, 1],
        [3, 2],
      ],
    });
    expect(opText(collectiveOp(draft({ kind: 'all_gather', input: 'h', dim: 1 }), plan))).toBe(
      "h_all_gather = all_gather(h, 'model', axis=1, tiled=True)",
    );
  });

  it('adds the missing psum the core accepts, and the core refuses a bad axis', () => {
    const r = applyEdit(
      tasting,
      tasting.start,
      addCollectiveEdit(draft({ name: 'pred_sum' }), tasting.start),
    );
    expect(r.ok && r.state.manual!.body.at(-1)).toEqual({
      name: 'pred_sum',
      op: 'psum',
      args: ['pred_partial'],
      axes: ['model'],
    });
    const bad = applyEdit(tasting, tasting.start, addCollectiveEdit(draft({ axis: 'data' }), tasting.start));
    expect(bad.ok).toBe(false);
  });
});
