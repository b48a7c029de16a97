// Every kind of edit through applyEdit: accepted edits give the next plan; refused edits carry the core's
// message (JAX's text for sharding errors), an explanation in both languages, and leave the plan exactly as
// it was (the plans are deep-frozen, so a handler that mutated its input would throw).
import { describe, expect, it } from 'vitest';
import type { PlanEdit } from '../../../shared/game/actions.ts';
import { PLAN_EDIT_TYPES } from '../../../shared/game/actions.ts';
import { applyEdit, type ApplyResult } from '../../../shared/game/applyEdit.ts';
import type { GameError, GameErrorType } from '../../../shared/game/errors.ts';
import type { Level } from '../../../shared/game/level.ts';
import type { PlanState } from '../../../shared/game/planState.ts';
import { deepFreeze, level } from './helpers.ts';

/** Applies `edit` to the frozen start of level `id` (or `from`), checking the input stays untouched. */
function apply(
  id: string,
  edit: PlanEdit,
  from?: PlanState,
): { l: Level; before: PlanState; r: ApplyResult } {
  const l = level(id);
  const before = deepFreeze(from ?? l.start);
  const snapshot = JSON.stringify(before);
  const r = applyEdit(l, before, edit);
  expect(JSON.stringify(before)).toBe(snapshot);
  return { l, before, r };
}

function accepted(id: string, edit: PlanEdit, from?: PlanState): PlanState {
  const { r } = apply(id, edit, from);
  if (!r.ok) throw new Error(`${r.error.type}: ${r.error.message}`);
  return r.state;
}

function refused(
  id: string,
  edit: PlanEdit,
  type: GameErrorType,
  message: RegExp | string,
  from?: PlanState,
): GameError {
  const { r } = apply(id, edit, from);
  if (r.ok) throw new Error(`${id}: ${JSON.stringify(edit)} was accepted`);
  expect(r.error.type).toBe(type);
  if (typeof message === 'string') expect(r.error.message).toBe(message);
  else expect(r.error.message).toMatch(message);
  expect(r.error.explanation['zh-CN'].length).toBeGreaterThan(0);
  expect(r.error.explanation.en.length).toBeGreaterThan(0);
  return r.error;
}

describe('setSpec / clearSpec (auto mode)', () => {
  it('labels a dish and clears the label again', () => {
    const s = accepted('fridge-too-small', { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] });
    expect(s.specs).toEqual({ w1: [null, 'model'] });
    expect(accepted('fridge-too-small', { type: 'clearSpec', tensor: 'w1' }, s).specs).toEqual({});
  });
  it('canonicalises the spec as P(*entries) does', () => {
    const s = accepted('fridge-too-small', { type: 'setSpec', tensor: 'w2', spec: [['model'], []] });
    expect(s.specs['w2']).toEqual(['model', null]);
  });
  it("refuses an unknown axis with JAX's message", () => {
    const e = refused(
      'fridge-too-small',
      { type: 'setSpec', tensor: 'w1', spec: ['y', null] },
      'ValueError',
      "w1: Resource axis: y of P('y', None) is not found in mesh: ('model',).",
    );
    expect(e.explanation.en).toMatch(/no row called 'y'/);
    expect(e.explanation['zh-CN']).toMatch(/没有名为“y”的一排/);
  });
  it('refuses an axis used twice (DuplicateSpecError)', () => {
    refused(
      'fridge-too-small',
      { type: 'setSpec', tensor: 'w1', spec: ['model', 'model'] },
      'DuplicateSpecError',
      "w1: A single in_shardings specification can map every mesh axis to at most one positional dimension, but P('model', 'model') has duplicate entries for `model`",
    );
  });
  it('refuses a spec longer than the rank', () => {
    const e = refused(
      'fridge-too-small',
      { type: 'setSpec', tensor: 'w1', spec: [null, 'model', null] },
      'ValueError',
      /is only valid for values of rank at least 3, but was applied to a value of rank 2\.$/,
    );
    expect(e.explanation.en).toBe(
      'The label has 3 entries but the dish has only 2 dimensions. Each entry of a label belongs to one dimension of the dish.',
    );
  });
  it('refuses a nested tuple', () => {
    refused(
      'fridge-too-small',
      { type: 'setSpec', tensor: 'w1', spec: [['model', ['x']]] as never },
      'ValueError',
      "A tuple inside PartitionSpec cannot contain a nested tuple. Got partition: ('model', ('x',)) and the nested tuple: ('x',)",
    );
  });
  it('refuses an uneven split at the tasting scale (IndivisibleError) and explains the numbers', () => {
    const e = refused(
      'giant-spice-rack',
      { type: 'setSpec', tensor: 'features', spec: [null, 'row'] },
      'IndivisibleError',
      /^features: Sharding NamedSharding\(mesh=Mesh\('row': 16, axis_types=\(Auto,\)\), spec=P\(None, 'row'\), memory_kind=device\) implies that array axis 1 is partitioned 16 times, but the dimension size is 8/,
    );
    expect(e.explanation.en).toMatch(
      /^Dimension 1 of this dish has 8 pieces, to be shared equally by 16 kitchens/,
    );
    expect(e.explanation['zh-CN']).toMatch(/第 1 维有 8 份，要平均分给 16 间厨房/);
  });
  it('refuses a dish the level does not let the player label', () => {
    refused(
      'fridge-too-small',
      { type: 'setSpec', tensor: 'x', spec: ['model', null] },
      'LevelRule',
      /'x' keeps/,
    );
  });
});

describe('setMesh', () => {
  it('changes the grid', () => {
    const s = accepted('myth-more-shards-are-faster', {
      type: 'setMesh',
      axes: [{ name: 'model', size: 8 }],
    });
    expect(s.mesh).toEqual([{ name: 'model', size: 8 }]);
  });
  it('refuses a grid the labels do not divide, with JAX’s message', () => {
    refused(
      'myth-more-shards-are-faster',
      { type: 'setMesh', axes: [{ name: 'model', size: 3 }] },
      'IndivisibleError',
      /^w1: Sharding NamedSharding.* array axis 1 is partitioned 3 times, but the dimension size is 128/,
    );
  });
  it('refuses malformed axes with the mesh messages', () => {
    refused(
      'myth-more-shards-are-faster',
      { type: 'setMesh', axes: [{ name: '9lives', size: 4 }] },
      'ValueError',
      `Mesh axis name "9lives" must be 1–16 letters, digits or '_' and start with a letter.`,
    );
    refused(
      'myth-more-shards-are-faster',
      { type: 'setMesh', axes: [{ name: 'model', size: 0 }] },
      'ValueError',
      "Mesh axis 'model' must have a positive integer size, got 0.",
    );
  });
  it("refuses more kitchens or other row names than the level's", () => {
    refused(
      'myth-more-shards-are-faster',
      { type: 'setMesh', axes: [{ name: 'model', size: 32 }] },
      'LevelRule',
      'This level has 16 devices; the mesh asks for 32.',
    );
    refused(
      'myth-more-shards-are-faster',
      { type: 'setMesh', axes: [{ name: 'other', size: 4 }] },
      'LevelRule',
      /'other' is not one of them/,
    );
  });
  it("refuses a Megatron grid the model does not split into, with the request parser's message", () => {
    refused(
      'the-banquet',
      {
        type: 'setMesh',
        axes: [
          { name: 'data', size: 1 },
          { name: 'stage', size: 1 },
          { name: 'model', size: 512 },
        ],
      },
      'ValueError',
      'Tensor parallelism splits the 96 attention heads over tp = 512; tp must divide them.',
    );
  });
});

describe('renameAxis and setMode', () => {
  it('renames a row and the mode changes from pmap to jit with shardings', () => {
    const renamed = accepted('myth-pmap-is-pjit', { type: 'renameAxis', from: 'data', to: 'model' });
    expect(renamed.mesh).toEqual([{ name: 'model', size: 4 }]);
    const auto = accepted('myth-pmap-is-pjit', { type: 'setMode', mode: 'auto' }, renamed);
    const labelled = accepted(
      'myth-pmap-is-pjit',
      { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] },
      auto,
    );
    const back = accepted('myth-pmap-is-pjit', { type: 'renameAxis', from: 'model', to: 'data' }, labelled);
    expect(back.specs['w1']).toEqual([null, 'data']); // labels follow the row
  });
  it('refuses unknown rows, names the level does not use, and modes it does not offer', () => {
    refused(
      'myth-pmap-is-pjit',
      { type: 'renameAxis', from: 'nope', to: 'model' },
      'PlanRule',
      /no axis named 'nope'/,
    );
    refused('myth-pmap-is-pjit', { type: 'renameAxis', from: 'data', to: 'rows' }, 'LevelRule', /'rows'/);
    refused('myth-pmap-is-pjit', { type: 'setMode', mode: 'manual' }, 'LevelRule', /not 'manual'/);
  });
  it('refuses a label under pmap, which takes none', () => {
    const e = refused(
      'myth-pmap-is-pjit',
      { type: 'setSpec', tensor: 'w1', spec: [null, 'data'] },
      'PlanRule',
      /^pmap takes no PartitionSpec/,
    );
    expect(e.explanation['zh-CN']).toMatch(/pmap 不收分片标签/);
  });
});

describe('setPipeline, setRecompute, setZero, setSequenceParallel (Megatron levels)', () => {
  it('sets microbatches, schedule and stages', () => {
    const s = accepted('courses', { type: 'setPipeline', microbatches: 64, schedule: '1f1b' });
    expect(s.pipeline).toEqual({ microbatches: 64, schedule: '1f1b', virtualStages: 1 });
    const four = accepted('courses', { type: 'setPipeline', stages: 4 }, s);
    expect(four.mesh.find((a) => a.name === 'stage')?.size).toBe(4);
  });
  it('refuses numbers the batch, the layers or the schedule cannot take', () => {
    refused(
      'courses',
      { type: 'setPipeline', microbatches: 3 },
      'PlanRule',
      /does not split into dp = 1 replicas × 3/,
    );
    refused('courses', { type: 'setPipeline', microbatches: 0 }, 'PlanRule', /positive integer/);
    refused(
      'courses',
      { type: 'setPipeline', stages: 3 },
      'ValueError',
      'The 32 layers must split evenly into pp·virtualStages = 3 model stages.',
    );
    refused(
      'courses',
      { type: 'setPipeline', microbatches: 4, schedule: 'interleaved', virtualStages: 2 },
      'ValueError',
      /^The interleaved schedule needs the number of microbatches \(4\) to be a multiple of the pipeline stages \(8\)/,
    );
    refused(
      'courses',
      { type: 'setPipeline', stages: 16 },
      'LevelRule',
      'This level has 8 devices; the mesh asks for 16.',
    );
  });
  it('sets the recompute policy, the ZeRO stage and sequence parallelism', () => {
    expect(accepted('cook-again', { type: 'setRecompute', policy: 'selective' }).recompute).toBe('selective');
    expect(accepted('seasoning-ledgers', { type: 'setZero', stage: 2 }).zeroStage).toBe(2);
    expect(accepted('the-banquet', { type: 'setSequenceParallel', enabled: true }).sequenceParallel).toBe(
      true,
    );
  });
  it('refuses values outside the choices', () => {
    refused(
      'cook-again',
      { type: 'setRecompute', policy: 'sometimes' as never },
      'InputError',
      `parallel.recompute: expected one of 'none', 'selective', 'full', got "sometimes"`,
    );
    refused(
      'seasoning-ledgers',
      { type: 'setZero', stage: 5 as never },
      'InputError',
      /between 0 and 3, got 5/,
    );
    refused(
      'the-banquet',
      { type: 'setSequenceParallel', enabled: 'yes' as never },
      'PlanRule',
      /true or false/,
    );
  });
});

describe('manual mode: addManualOp, removeManualOp, setManualOutput, in/out specs', () => {
  const psum = { name: 'pred_sum', op: 'psum', axes: ['model'], args: ['pred_partial'] } as const;
  it('places the missing psum and serves its result', () => {
    const added = accepted('the-tasting', { type: 'addManualOp', op: psum });
    expect(added.manual?.body.map((o) => o.name)).toEqual(['h', 'pred_partial', 'pred_sum']);
    const served = accepted(
      'the-tasting',
      { type: 'setManualOutput', output: 'pred', value: 'pred_sum' },
      added,
    );
    expect(served.manual?.outputs).toEqual({ pred: 'pred_sum' });
    const back = accepted(
      'the-tasting',
      { type: 'setManualOutput', output: 'pred', value: 'pred_partial' },
      served,
    );
    expect(
      accepted('the-tasting', { type: 'removeManualOp', name: 'pred_sum' }, back).manual?.body,
    ).toHaveLength(2);
  });
  it("refuses a collective over an unknown row with JAX's message", () => {
    refused(
      'the-tasting',
      { type: 'addManualOp', op: { ...psum, axes: ['y'] } },
      'ValueError',
      'Found an unbound axis name: y. To fix this, please call psum under `jax.shard_map`.',
    );
  });
  it('refuses a duplicate name, a bad position, an op still in use and unknown names', () => {
    refused(
      'the-tasting',
      { type: 'addManualOp', op: { ...psum, name: 'h' } },
      'InputError',
      "body[2].name: 'h' is already defined by body[0]",
    );
    refused('the-tasting', { type: 'addManualOp', op: psum, index: 9 }, 'PlanRule', /positions 0 to 2/);
    refused(
      'the-tasting',
      { type: 'removeManualOp', name: 'h' },
      'InputError',
      /'h' is neither an input nor an earlier body value/,
    );
    refused('the-tasting', { type: 'removeManualOp', name: 'zzz' }, 'PlanRule', "body: no op defines 'zzz'.");
    refused(
      'the-tasting',
      { type: 'setManualOutput', output: 'other', value: 'h' },
      'PlanRule',
      /no output named 'other'/,
    );
    refused(
      'the-tasting',
      { type: 'setManualOutput', output: 'pred', value: 'nothing' },
      'InputError',
      /'nothing' is neither/,
    );
  });
  it('labels in_specs and out_specs, and refuses labels that break the body', () => {
    const s = accepted('the-tasting', { type: 'setSpec', tensor: 'pred', spec: ['model', null] });
    expect(s.manual?.outSpecs['pred']).toEqual(['model', null]);
    const e = refused(
      'the-tasting',
      { type: 'setSpec', tensor: 'w1', spec: ['model', null] },
      'ValueError',
      /size of label 'i' is 8 in operand 0 but 2 in operand 1/,
    );
    expect(e.explanation.en).toMatch(/do not match: dimension 'i' is 8 on one side and 2 on the other/);
  });
  it('refuses manual edits outside manual mode', () => {
    refused('column-then-row', { type: 'addManualOp', op: psum }, 'LevelRule', /manual passes/);
  });
});

describe('edits a level does not offer, and unknown edits', () => {
  it('every edit type is refused by some level or accepted; a level refuses what it does not list', () => {
    for (const type of PLAN_EDIT_TYPES)
      if (!level('fridge-too-small').editable.includes(type))
        refused('fridge-too-small', { type } as PlanEdit, 'LevelRule', /does not let the player change/);
  });
  it('refuses an unknown edit', () => {
    refused('column-then-row', { type: 'bogus' } as unknown as PlanEdit, 'PlanRule', "Unknown edit 'bogus'.");
  });
});
