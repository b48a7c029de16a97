// The editors' pure models: which controls a level shows and offers, and the edit each control change makes.
import { describe, expect, it } from 'vitest';
import { applyEdit, levelById, planState, type Level } from '../../../shared/index.ts';
import { axisTokens, tokenDropEdit } from '../../../client/viewModels/axisTokens.ts';
import {
  addAxisEdit,
  gridForm,
  gridText,
  removeAxisEdit,
  renameAxisEdit,
  resizeAxisEdit,
  sizeChoices,
} from '../../../client/viewModels/meshGridForm.ts';
import {
  coursesEdit,
  coursesForm,
  divisors,
  editorSections,
} from '../../../client/viewModels/planOptionsForm.ts';
import { labelTable, specForm, takesLabels } from '../../../client/viewModels/specForm.ts';
import { DEVICE_COLOURS } from '../../../client/views/palette.ts';

const level = (id: string) => levelById(id) as Level;

describe('editor sections', () => {
  it('shows only the editors of the edits a level allows, most important first', () => {
    expect(editorSections(level('fridge-too-small'))).toEqual(['labels']);
    expect(editorSections(level('the-tasting'))).toEqual(['labels', 'manual']);
    expect(editorSections(level('myth-pmap-is-pjit'))).toEqual(['labels', 'grid', 'mode']);
    expect(editorSections(level('courses'))).toEqual(['courses']);
    expect(editorSections(level('cook-again'))).toEqual(['memory']);
    expect(editorSections(level('the-banquet'))).toEqual(['grid', 'courses', 'memory']);
    expect(editorSections(level('myth-more-shards-are-faster'))).toEqual(['grid']);
  });
});

describe('kitchen grid form', () => {
  const banquet = level('the-banquet');
  it('offers sizes that keep the grid within the level’s kitchens', () => {
    expect(sizeChoices(20, 3)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(sizeChoices(512, 1).slice(15)).toEqual([16, 32, 64, 128, 256, 512]);
    const f = gridForm(banquet, banquet.start); // data 512 × stage 1 × model 1, at most 512
    expect(f.devices).toBe(512);
    expect(f.rows[0]!.sizeOptions.at(-1)).toBe(512);
    expect(f.rows[1]!.sizeOptions).toEqual([1]); // 512 · 2 would exceed 512
    expect(f.nextName).toBeNull();
    const smaller = planState({
      mesh: [
        { name: 'data', size: 8 },
        { name: 'stage', size: 1 },
        { name: 'model', size: 1 },
      ],
    });
    expect(gridForm(banquet, smaller).rows[1]!.sizeOptions.at(-1)).toBe(64); // 512 / 8
  });

  it('makes setMesh and renameAxis edits', () => {
    const pmap = level('myth-pmap-is-pjit'); // data 4; names data, model
    const f = gridForm(pmap, pmap.start);
    expect(f.rows[0]!.nameOptions).toEqual(['data', 'model']);
    expect(f.nextName).toBe('model');
    expect(f.canRemove).toBe(false);
    expect(renameAxisEdit(pmap.start, 0, 'model')).toEqual({ type: 'renameAxis', from: 'data', to: 'model' });
    expect(resizeAxisEdit(pmap.start, 0, 2)).toEqual({ type: 'setMesh', axes: [{ name: 'data', size: 2 }] });
    const two = addAxisEdit(pmap.start, 'model');
    expect(two).toEqual({
      type: 'setMesh',
      axes: [
        { name: 'data', size: 4 },
        { name: 'model', size: 1 },
      ],
    });
    const plan = planState({
      mesh: [
        { name: 'data', size: 2 },
        { name: 'model', size: 2 },
      ],
    });
    expect(removeAxisEdit(plan, 0)).toEqual({ type: 'setMesh', axes: [{ name: 'model', size: 2 }] });
    expect(gridText(plan)).toBe('data 2 × model 2 = 4');
  });
});

describe('courses form', () => {
  const courses = level('courses'); // 64 sequences, dp 1, pp 8, 32 layers
  it('offers the microbatch counts that split the batch and the chunks that split a stage', () => {
    const f = coursesForm(courses, courses.start);
    expect(f.stages).toBe(8);
    expect(f.microbatchOptions).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect(f.virtualOptions).toEqual([1]);
    const interleaved = {
      ...courses.start,
      pipeline: { ...courses.start.pipeline, schedule: 'interleaved' as const },
    };
    expect(coursesForm(courses, interleaved).virtualOptions).toEqual([1, 2, 4]); // 32 / 8 = 4 layers a stage
    expect(divisors(12)).toEqual([1, 2, 3, 4, 6, 12]);
  });

  it('resets the chunks when leaving the interleaved schedule', () => {
    expect(coursesEdit('schedule', 'gpipe')).toEqual({
      type: 'setPipeline',
      schedule: 'gpipe',
      virtualStages: 1,
    });
    expect(coursesEdit('schedule', 'interleaved')).toEqual({ type: 'setPipeline', schedule: 'interleaved' });
    expect(coursesEdit('microbatches', '16')).toEqual({ type: 'setPipeline', microbatches: 16 });
    const r = applyEdit(courses, courses.start, coursesEdit('microbatches', '16'));
    expect(r.ok && r.state.pipeline.microbatches).toBe(16);
  });
});

describe('labels and axis tokens', () => {
  it('reads manual labels from in_specs / out_specs and none in pmap', () => {
    const tasting = level('the-tasting');
    expect(labelTable(tasting.start)).toEqual({ x: [], w1: [null, 'model'], w2: ['model', null], pred: [] });
    const pmap = level('myth-pmap-is-pjit');
    expect(takesLabels(pmap.start)).toBe(false);
    expect(labelTable(pmap.start)).toEqual({});
  });

  it('gives each axis a distinct colour and pattern, and maps a drop to setSpec', () => {
    const plan = planState({
      mesh: [
        { name: 'data', size: 2 },
        { name: 'model', size: 2 },
      ],
    });
    const tokens = axisTokens(plan);
    expect(tokens.map((t) => [t.axis, t.size, t.colour])).toEqual([
      ['data', 2, DEVICE_COLOURS[4]],
      ['model', 2, DEVICE_COLOURS[5]],
    ]);
    expect(tokens[0]!.pattern).not.toBe(tokens[1]!.pattern);
    const fridge = level('fridge-too-small');
    const form = specForm(fridge, fridge.start, new Map([['w1', [8, 16]]]))[0]!;
    expect(tokenDropEdit(form, 1, 'model', fridge.start)).toEqual({
      type: 'setSpec',
      tensor: 'w1',
      spec: [null, 'model'],
    });
    expect(tokenDropEdit(form, 5, 'model', fridge.start)).toBeNull(); // no such dimension
    expect(tokenDropEdit(form, 0, 'data', fridge.start)).toBeNull(); // not an axis of the grid
    const labelled = { ...fridge.start, specs: { w1: [null, 'model'] } };
    const again = specForm(fridge, labelled, new Map([['w1', [8, 16]]]))[0]!;
    expect(tokenDropEdit(again, 1, 'model', labelled)).toBeNull(); // already so
  });
});
