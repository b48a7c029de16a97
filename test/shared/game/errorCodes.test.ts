// Every code an error can carry (the core's and the game's) is produced by a real input here, with the
// code's own type, and explained in both languages from its parameters. The table is typed by the code
// list, so a code without a case does not compile, and the run checks the list against the table again.
import { describe, expect, it } from 'vitest';
import { applyEdit } from '../../../shared/game/applyEdit.ts';
import { explain } from '../../../shared/game/explain.ts';
import type { GameErrorCode, PlainError } from '../../../shared/game/errors.ts';
import { forwardBody } from '../../../shared/game/forwardBody.ts';
import type { Level, TrainScenario } from '../../../shared/game/level.ts';
import { trainDocument } from '../../../shared/game/planDocuments.ts';
import { validatePlan } from '../../../shared/game/validatePlan.ts';
import type { PlanState } from '../../../shared/game/planState.ts';
import { RULE_ERROR_CODES, RULE_ERROR_TYPES } from '../../../shared/game/ruleErrorCodes.ts';
import { labelTarget } from '../../../shared/game/rules/labels.ts';
import { setCapacityFactor } from '../../../shared/game/rules/setCapacityFactor.ts';
import { setMode } from '../../../shared/game/rules/setMode.ts';
import { setPipeline } from '../../../shared/game/rules/setPipeline.ts';
import { sandboxLevel } from '../../../shared/game/sandbox.ts';
import { safeEvaluate } from '../../../shared/classroom/scoreRound.ts';
import { planReshard } from '../../../shared/sim/collectives/reshard.ts';
import { hardwarePreset } from '../../../shared/sim/cost/hardware.ts';
import { simulatePipeline, type PipelineInput } from '../../../shared/sim/cost/pipelineSimulation.ts';
import { onlyFields, readChoice, readMesh, readNumber } from '../../../shared/sim/input/fields.ts';
import { makeMesh, MAX_MESH_DEVICES } from '../../../shared/sim/mesh.ts';
import { checkDivisible, shardingFromSpec, type ShardingContext } from '../../../shared/sim/namedSharding.ts';
import { canonicalizeSpec } from '../../../shared/sim/partitionSpec.ts';
import { ProgramBuilder } from '../../../shared/sim/program/ProgramBuilder.ts';
import { SIM_ERROR_CODES, SIM_ERROR_TYPES, unwrap, type Result } from '../../../shared/sim/result.ts';
import type { Sharding } from '../../../shared/sim/sharding.ts';
import { buildShardMap, type ShardMapInput } from '../../../shared/sim/spmd/buildShardMap.ts';
import { parseManualPlan } from '../../../shared/sim/spmd/manualPlan.ts';
import { pmapAnnotations } from '../../../shared/sim/spmd/pmapMode.ts';
import { buildStep } from '../../../shared/sim/taste/buildStep.ts';
import { tastePlan } from '../../../shared/sim/taste/tastePlan.ts';
import { parseTasteRequest } from '../../../shared/sim/taste/tasteRequest.ts';
import { parseEinsum } from '../../../shared/sim/tensor/einsumEquation.ts';
import { parseTrainRequest } from '../../../shared/sim/train/trainRequest.ts';
import { shardingBlocks } from '../../../shared/sim/visualizeSharding.ts';
import { readInputDocument } from '../../../server/sim/readInputDocument.ts';
import { readSimArgs } from '../../../server/sim/readSimArgs.ts';
import { DESIGN_EXAMPLE, withChanges } from '../sim/train/helpers.ts';
import { level } from './helpers.ts';

type Outcome = { readonly ok: true } | { readonly ok: false; readonly error: PlainError };

const mesh = unwrap(
  makeMesh([
    ['x', 4],
    ['y', 2],
  ]),
);
const model4 = unwrap(makeMesh([['model', 4]]));
const ctx: ShardingContext = { argName: 'NamedSharding spec', what: 'device_put args' };
const shard = (dims: string[][], unreduced: string[] = []): Sharding => ({ dims, unreduced });

/** A shard_map over `model` of `x` (shape `shape`): the plan's fields default to `y = x`, replicated. */
function shardMap(plan: Record<string, unknown>, shape = [8]): Outcome {
  const inputs: ShardMapInput[] = [{ name: 'x', shape }];
  const parsed = parseManualPlan({
    inSpecs: { x: [] },
    outSpecs: { y: [] },
    body: [],
    outputs: { y: 'x' },
    ...plan,
  });
  return parsed.ok ? buildShardMap(model4, inputs, parsed.value) : parsed;
}
const body = (...ops: Record<string, unknown>[]) =>
  shardMap({ body: ops, outputs: { y: String(ops.at(-1)!['name']) } });

function taste(doc: Record<string, unknown>): Outcome {
  const req = parseTasteRequest({ model: { name: 'mlp2' }, mesh: { axes: [['model', 4]] }, ...doc });
  return req.ok ? tastePlan(req.value) : req;
}

const program = () => {
  const b = new ProgramBuilder();
  b.output('y', b.broadcast(b.input('x', [1], 'data'), [4]));
  return b.build();
};

const pipeline = (changes: Partial<PipelineInput>): Outcome =>
  simulatePipeline({
    schedule: '1f1b',
    stages: 2,
    microbatches: 4,
    forwardS: [1, 1],
    backwardS: [2, 2],
    ...changes,
  });

const train = (changes: Record<string, unknown>): Outcome =>
  parseTrainRequest(withChanges(DESIGN_EXAMPLE, changes));

const edit = (id: string, e: unknown, state?: PlanState): Outcome => {
  const l = level(id);
  return applyEdit(l, state ?? l.start, e as never);
};

const tasting = (): Level => level('the-tasting');
const manualAdd = { type: 'addManualOp', op: { name: 'p', op: 'psum', axes: ['model'], args: ['h'] } };

/** One real input per code. */
const CASES: { readonly [C in GameErrorCode]: () => Outcome | Promise<Outcome> } = {
  'mesh/no-axes': () => makeMesh([]),
  'mesh/axis-name': () => makeMesh([['1x', 2]]),
  'mesh/duplicate-axis': () =>
    makeMesh([
      ['x', 2],
      ['x', 2],
    ]),
  'mesh/axis-size': () => makeMesh([['x', 0]]),
  'mesh/too-many-devices': () => makeMesh([['x', 2 * MAX_MESH_DEVICES]]),
  'spec/not-a-list': () => canonicalizeSpec('x'),
  'spec/nested-tuple': () => canonicalizeSpec([['x', ['y']]]),
  'spec/empty-name': () => canonicalizeSpec([['x', '']]),
  'spec/bad-entry': () => canonicalizeSpec([5]),
  'spec/unreduced-overlap': () => shardingFromSpec(mesh, ['x'], 1, ctx, ['x']),
  'spec/duplicate-axis': () => shardingFromSpec(mesh, ['x', 'x'], 2, ctx),
  'spec/unknown-axis': () => shardingFromSpec(mesh, ['z'], 1, ctx),
  'spec/unknown-unreduced': () => shardingFromSpec(mesh, [], 1, ctx, ['z']),
  'spec/too-long': () => shardingFromSpec(mesh, ['x', null], 1, ctx),
  'sharding/indivisible': () => checkDivisible(mesh, shard([['x']]), [6]),
  'shard-map/in-spec-too-long': () => shardMap({ inSpecs: { x: ['model', null] } }),
  'shard-map/out-spec-too-long': () => shardMap({ outSpecs: { y: [null, null] } }),
  'shard-map/indivisible': () => shardMap({ inSpecs: { x: ['model'] } }, [6]),
  'shard-map/non-manual-axis': () => shardMap({ inSpecs: { x: ['zz'] } }),
  'shard-map/replication': () => shardMap({ inSpecs: { x: ['model'] } }),
  'shard-map/unknown-input': () => shardMap({ inSpecs: { nope: [] } }),
  'shard-map/name-is-input': () => body({ name: 'x', op: 'psum', axes: ['model'], args: ['x'] }),
  'shard-map/undefined-value': () => shardMap({ outputs: { y: 'nope' } }),
  'shard-map/unknown-output': () =>
    taste({
      mode: 'manual',
      manual: { inSpecs: {}, outSpecs: { zzz: [] }, body: [], outputs: { zzz: 'x' } },
    }),
  'manual/unbound-axis': () => body({ name: 's', op: 'psum', axes: ['zz'], args: ['x'] }),
  'manual/scatter-indivisible': () =>
    shardMap(
      {
        body: [{ name: 's', op: 'psum_scatter', axes: ['model'], dim: 0, args: ['x'] }],
        outputs: { y: 's' },
      },
      [6],
    ),
  'manual/all-to-all-indivisible': () =>
    shardMap(
      {
        body: [{ name: 's', op: 'all_to_all', axes: ['model'], splitDim: 0, concatDim: 0, args: ['x'] }],
        outputs: { y: 's' },
      },
      [6],
    ),
  'manual/ppermute-not-unique': () =>
    body({
      name: 's',
      op: 'ppermute',
      axis: 'model',
      perm: [
        [0, 1],
        [1, 1],
      ],
      args: ['x'],
    }),
  'manual/op-invalid': () => body({ name: 's', op: 'softmax', dim: 3, args: ['x'] }),
  'manual/duplicate-name': () =>
    body(
      { name: 's', op: 'psum', axes: ['model'], args: ['x'] },
      { name: 's', op: 'psum', axes: ['model'], args: ['x'] },
    ),
  'manual/no-body-op': () => forwardBody(program()),
  'pmap/one-axis': () => pmapAnnotations(mesh, program()),
  'pmap/axis-name': () => pmapAnnotations(model4, program(), 'zz'),
  'reshard/rank': () => planReshard(mesh, [8, 8], shard([['x']]), shard([[], []])),
  'reshard/unknown-axis': () => planReshard(mesh, [8], shard([['z']]), shard([[]])),
  'reshard/duplicate-axis': () => planReshard(mesh, [8, 8], shard([['x'], ['x']]), shard([[], []])),
  'reshard/indivisible': () => planReshard(mesh, [6], shard([['x']]), shard([[]])),
  'reshard/unreduced': () => planReshard(mesh, [8], shard([['x']]), shard([[]], ['y'])),
  'visualize/rank': () => shardingBlocks(mesh, shard([[], [], []]), [2, 2, 2]),
  'einsum/no-arrow': () =>
    parseEinsum('ij,jk', [
      [2, 3],
      [3, 4],
    ]),
  'einsum/many-arrows': () => parseEinsum('ij->j->i', [[2, 3]]),
  'einsum/ellipsis': () => parseEinsum('...i->i', [[2]]),
  'einsum/too-many-operands': () => parseEinsum('i,i,i->i', [[2], [2], [2]]),
  'einsum/operand-count': () => parseEinsum('i,i->i', [[2]]),
  'einsum/bad-subscript': () => parseEinsum('i1->i', [[2, 2]]),
  'einsum/bad-shape': () => parseEinsum('i->i', [[-1]]),
  'einsum/rank-mismatch': () => parseEinsum('ij->i', [[2]]),
  'einsum/repeated-label': () => parseEinsum('ii->i', [[2, 2]]),
  'einsum/size-mismatch': () =>
    parseEinsum('ij,jk->ik', [
      [2, 3],
      [4, 5],
    ]),
  'einsum/output-repeated': () => parseEinsum('ij->ii', [[2, 2]]),
  'einsum/output-unknown-label': () => parseEinsum('ij->k', [[2, 2]]),
  'auto/unknown-name': () => taste({ inShardings: { nope: [] } }),
  'model/unknown': () => buildStep('soup', {}, 'forward'),
  'model/cannot-build': () => buildStep('mlp2', { hidden: 0 }, 'forward'),
  'model/inference-only': () => taste({ model: { name: 'visionDecoder' }, step: 'train' }),
  'train/hidden-heads': () => train({ model: { hidden: 12289 } }),
  'train/model-too-large': () => train({ model: { hidden: 12288 * 64, heads: 96 * 64, layers: 10_000 } }),
  'train/too-many-devices': () => train({ parallel: { dp: MAX_MESH_DEVICES / 8 } }),
  'train/heads-tp': () => train({ model: { heads: 12, hidden: 12288 }, parallel: { tp: 8 } }),
  'train/ffn-tp': () => train({ model: { ffn: 12 } }),
  'train/seq-tp': () => train({ model: { seq: 12 }, parallel: { sequenceParallel: true } }),
  'train/virtual-stages': () => train({ parallel: { virtualStages: 2 } }),
  'train/layers-stages': () => train({ model: { layers: 90 } }),
  'train/layers-per-stage': () => train({ parallel: { layersPerStage: [12, 12, 12, 12, 12, 12, 12, 11] } }),
  'train/uneven-interleaved': () =>
    train({
      parallel: {
        schedule: 'interleaved',
        virtualStages: 2,
        globalBatch: 1536,
        layersPerStage: [13, 11, 12, 12, 12, 12, 12, 12],
      },
    }),
  'train/global-batch': () => train({ parallel: { globalBatch: 100 } }),
  'train/moe-needs-experts': () => train({ model: { topK: 2 } }),
  'train/ep-needs-experts': () => train({ parallel: { ep: 2 } }),
  'train/ep-dp': () => train({ model: { experts: 16 }, parallel: { ep: 16, sequenceParallel: true } }),
  'train/experts-ep': () => train({ model: { experts: 6 }, parallel: { ep: 4, sequenceParallel: true } }),
  'train/experts-need-sp': () => train({ model: { experts: 8 }, parallel: { ep: 8 } }),
  'train/zero3-hooks': () => train({ parallel: { zero3Hooks: true } }),
  'train/zero3-max-live': () => train({ parallel: { zero3MaxLiveParameters: 2e9 } }),
  'hardware/unknown': () => hardwarePreset('toaster'),
  'pipeline/unknown-schedule': () => pipeline({ schedule: 'zigzag' as never }),
  'pipeline/not-positive': () => pipeline({ microbatches: 0 }),
  'pipeline/chunks-need-interleaved': () => pipeline({ chunks: 2 }),
  'pipeline/interleaved-groups': () =>
    pipeline({
      schedule: 'interleaved',
      microbatches: 3,
      chunks: 2,
      forwardS: [1, 1, 1, 1],
      backwardS: [2, 2, 2, 2],
    }),
  'pipeline/too-large': () => pipeline({ microbatches: 1e9 }),
  'pipeline/stage-times': () => pipeline({ forwardS: [1] }),
  'pipeline/negative-time': () => pipeline({ backwardS: [1, -1] }),
  'pipeline/send-time': () => pipeline({ sendS: -1 }),
  'input/field': () => readMesh(5),
  'input/not-json': () => parseManualPlan('{'),
  'input/unknown-field': () => onlyFields({ extra: 1 }, ['mesh'], ''),
  'input/not-a-number': () => readNumber('1', 'size', { integer: true }),
  'input/out-of-range': () => readNumber(9, 'size', { min: 1, max: 8 }),
  'input/not-one-of': () => readChoice('zigzag', 'schedule', ['gpipe', '1f1b']),
  'input/unknown-command': () => readSimArgs(['cook'], ['shard']),
  'input/unknown-option': () => readSimArgs(['shard', '--fast'], ['shard']),
  'input/extra-argument': () => readSimArgs(['shard', 'a.json', 'b.json'], ['shard']),
  'input/unreadable-file': () => readInputDocument('/no/such/dir/plan.json'),
  'rule/unknown-edit': () => edit('fridge-too-small', { type: 'nope' }),
  'level/edit-not-offered': () => edit('fridge-too-small', { type: 'setMode', mode: 'manual' }),
  'level/too-many-devices': () =>
    edit('myth-more-shards-are-faster', { type: 'setMesh', axes: [{ name: 'model', size: 64 }] }),
  'level/axis-name': () =>
    edit('myth-more-shards-are-faster', { type: 'setMesh', axes: [{ name: 'zz', size: 2 }] }),
  'level/mode': () => edit('myth-pmap-is-pjit', { type: 'setMode', mode: 'manual' }),
  'level/tensor-fixed': () => edit('fridge-too-small', { type: 'setSpec', tensor: 'nope', spec: [] }),
  'rule/pmap-no-spec': () =>
    edit('myth-pmap-is-pjit', { type: 'setSpec', tensor: 'w1', spec: [null, 'data'] }),
  'rule/not-a-port': () => {
    const l = tasting();
    return labelTarget({ ...l, limits: { ...l.limits, tensors: ['h'] } }, l.start, 'h');
  },
  'rule/not-manual': () => edit('the-tasting', manualAdd, { ...tasting().start, mode: 'auto' }),
  'rule/no-manual-plan': () =>
    setMode(
      tasting(),
      { ...tasting().start, mode: 'auto', manual: null },
      { type: 'setMode', mode: 'manual' },
    ),
  'rule/op-position': () => edit('the-tasting', { ...manualAdd, index: 99 }),
  'rule/no-such-op': () => edit('the-tasting', { type: 'removeManualOp', name: 'nope' }),
  'rule/no-such-output': () => edit('the-tasting', { type: 'setManualOutput', output: 'nope', value: 'h' }),
  'rule/rename-not-string': () => edit('myth-pmap-is-pjit', { type: 'renameAxis', from: 'data', to: 5 }),
  'rule/no-such-axis': () => edit('myth-pmap-is-pjit', { type: 'renameAxis', from: 'zz', to: 'a' }),
  'rule/mesh-shape': () => edit('myth-more-shards-are-faster', { type: 'setMesh', axes: 'x' }),
  'rule/no-experts': () =>
    setCapacityFactor(level('fridge-too-small'), level('fridge-too-small').start, {
      type: 'setCapacityFactor',
      factor: 1,
    }),
  'rule/capacity-factor': () => edit('full-stations', { type: 'setCapacityFactor', factor: 7 }),
  'rule/pipeline-not-positive': () => edit('courses', { type: 'setPipeline', microbatches: 0 }),
  'rule/no-stage-axis': () => {
    const l = level('courses');
    return setPipeline(
      l,
      { ...l.start, mesh: [{ name: 'data', size: 8 }] },
      { type: 'setPipeline', stages: 2 },
    );
  },
  'rule/sequence-parallel': () => edit('the-banquet', { type: 'setSequenceParallel', enabled: 'yes' }),
  'rule/train-axis': () => {
    const l = level('courses');
    return trainDocument(l.scenario as TrainScenario, { ...l.start, mesh: [{ name: 'zz', size: 8 }] });
  },
  'rule/batch-split': () => edit('courses', { type: 'setPipeline', microbatches: 7 }),
  'rule/train-labels': () => {
    const l = level('the-profiler');
    return validatePlan(l, { ...l.start, specs: { w: ['model', 'model'] } });
  },
  'sandbox/unknown-menu': () => sandboxLevel({ menu: 'soup', hardware: 'a100-40gb', devices: 4 }),
  'sandbox/unknown-hardware': () => sandboxLevel({ menu: 'mlp2', hardware: 'toaster', devices: 4 }),
  'sandbox/devices': () => sandboxLevel({ menu: 'mlp2', hardware: 'a100-40gb', devices: 3 }),
  'rule/unservable': () => {
    const l = level('fridge-too-small');
    return safeEvaluate(l, { ...l.start, mesh: null } as unknown as PlanState);
  },
};

const TYPES: Readonly<Record<string, string>> = { ...SIM_ERROR_TYPES, ...RULE_ERROR_TYPES };

describe('error codes', () => {
  it('has one case for each code of the lists, and no other', () => {
    expect(Object.keys(CASES).sort()).toEqual([...SIM_ERROR_CODES, ...RULE_ERROR_CODES].sort());
  });

  it.each(Object.entries(CASES))('%s comes from a real input, typed and explained', async (code, run) => {
    const r = (await run()) as Outcome | Result<unknown>;
    expect(r.ok, code).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(r.error.type).toBe(TYPES[code]);
    expect(r.error.message.length).toBeGreaterThan(0);
    const e = explain(r.error);
    for (const locale of ['en', 'zh-CN'] as const) {
      expect(e[locale].length, locale).toBeGreaterThan(5);
      expect(e[locale], locale).not.toMatch(/undefined|NaN|\[object/);
      // whole sentences: a classroom zero puts "Score 0." after one (zeroReason.ts)
      expect(e[locale], locale).toMatch(/[.。!！?？]$/);
    }
    // A game error carries the same explanation it would be given by its code.
    if ('explanation' in r.error) expect(r.error.explanation).toEqual(e);
  });
});
