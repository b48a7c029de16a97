// The service and the failing step in words, from the core's evaluation of real plans of 'fridge-too-small'
// (start plan: 35.6 GB per kitchen against a 16.0 GB fridge; the reference fits at 9.0 GB): the same
// out-of-memory line on the projector's panel, the reveal and a phone; the critical kitchens' shares for
// a plan that cooks; the panels' columns; what a phone's footer adds to the panel's headline (a wrong
// tasting only: the fridge once).
import { describe, expect, it } from 'vitest';
import { evaluatePlan, levelById, type Evaluation, type ServiceTeam } from '../../../shared/index.ts';
import { lessonEvaluations } from '../../../shared/game/lessonPlans.ts';
import { tastingFlag } from '../../../client/classroom/viewModels/tastingFlag.ts';
import {
  serviceColumns,
  serviceNote,
  serviceState,
} from '../../../client/classroom/viewModels/serviceNote.ts';
import { translate } from '../../../client/i18n/strings.ts';
import type { Translate } from '../../../client/ui/translate.ts';
import { oomText } from '../../../client/viewModels/oomText.ts';
import { overflows, stepHeadline } from '../../../client/viewModels/stepHeadline.ts';

const zh: Translate = (key, params) => translate('zh-CN', key, params);
const en: Translate = (key, params) => translate('en', key, params);
const level = levelById('fridge-too-small')!;
const evaluate = (plan = level.start): Evaluation => {
  const r = evaluatePlan(level, plan);
  if (!r.ok) throw new Error(r.error.message);
  return r.evaluation;
};
const served = (e: Evaluation): ServiceTeam => ({
  team: 't1',
  mesh: [['model', 4]],
  step: {
    timeline: e.timeline,
    topology: e.pricing.topology,
    memory: e.pricing.memory,
    tastingOk: e.tasting?.ok ?? null,
    servedShare: e.pricing.servedShare,
  },
});

describe('an out-of-memory step in words', () => {
  const start = evaluate();
  it('says what the fullest kitchen needs and what a fridge holds, in both languages', () => {
    expect(start.pricing.memory.fits).toBe(false);
    const m = { needBytes: start.pricing.memory.worst.total, capacityBytes: 16e9, fits: false };
    expect(oomText(m, en)).toBe(
      'Out of memory: needs 35.6 GB, the fridge holds 16.0 GB. The step cannot cook.',
    );
    expect(oomText(m, zh)).toBe('冷柜装不下：最满的厨房要 35.6 GB，冷柜只有 16.0 GB。这一步做不了菜。');
    expect(oomText({ ...m, fits: true }, en)).toBe('');
  });
  it('is the service panel’s note and the step’s headline, not its shares', () => {
    const team = served(start);
    expect(overflows(team.step)).toBe(true);
    expect(serviceState(team)).toBe('oom');
    expect(serviceNote(team, en, 'en')).toBe(`✗ ${stepHeadline(team.step!, en)}`);
    expect(stepHeadline(team.step!, en)).toContain('needs 35.6 GB');
    // The phone's footer already says the fridge (the panel's headline): its own line does not repeat it.
    expect(tastingFlag(start, zh)).toBe('');
  });
});

describe('a step that cooks', () => {
  const reference = evaluate(level.reference);
  it('is headed by every kitchen’s shares (one SPMD step); the phone’s footer flags only a wrong tasting', () => {
    const team = served(reference);
    expect(serviceState(team)).toBe('cooking');
    expect(serviceNote(team, en, 'en')).toMatch(/^Every kitchen \(0–3\): cooking \d+%/);
    expect(tastingFlag(reference, en)).toBe('');
    const wrong: Evaluation = { ...reference, tasting: { ...reference.tasting!, ok: false } };
    expect(tastingFlag(wrong, en)).toBe('✗ the tasting is wrong');
    expect(tastingFlag(wrong, zh)).toBe('✗ 试菜不对');
  });
  it('a plan the core refused says why, with no step', () => {
    const refused: ServiceTeam = {
      team: 't2',
      mesh: [['model', 64]],
      step: null,
      refusal: { en: 'No.', 'zh-CN': '不行。' },
    };
    expect(serviceState(refused)).toBe('refused');
    expect(serviceNote(refused, zh, 'zh-CN')).toBe('✗ 不行。');
  });
  it('a plan that cooks but turns away too many guests says it serves nothing (full counters, factor 1)', () => {
    const stations = lessonEvaluations(levelById('full-stations')!);
    const factor1 = stations('factor1');
    expect(factor1.score.reason).toMatch(/^dropped /);
    const team = served(factor1);
    expect(serviceState(team)).toBe('cooking');
    expect(serviceNote(team, en, 'en')).toBe(
      '✗ Too few seats: the counters turned away more than 1% of the guests. Score 0.',
    );
    expect(serviceNote(team, zh, 'zh-CN')).toBe('✗ 座位太少：档口拒掉了超过 1% 的客人。得 0 分。');
    // the reference (factor 1.25) seats enough
    expect(serviceNote(served(stations('reference')), en, 'en')).not.toMatch(/^✗/);
  });
});

describe('serviceColumns', () => {
  it('keeps up to 3 teams in one row, 4 in 2 × 2, then 3 and 4 columns', () => {
    expect([1, 2, 3, 4, 5, 6, 9, 10, 12].map(serviceColumns)).toEqual([1, 2, 3, 2, 3, 3, 3, 4, 4]);
  });
});
