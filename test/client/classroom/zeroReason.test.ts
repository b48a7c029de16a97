// A zero is explained in the page's language from the result's own figures, never the core's English log
// line on a Chinese screen: out of memory by worst − capacity, tasting wrong, too many guests turned away,
// or the core's refusal in the words of its error code.
import { describe, expect, it } from 'vitest';
import { zeroReason } from '../../../client/classroom/viewModels/zeroReason.ts';
import { translate } from '../../../client/i18n/strings.ts';
import type { TeamRoundResult } from '../../../shared/index.ts';
import { teamResult, wasRefused } from '../../../shared/classroom/scoreRound.ts';
import { ruleError } from '../../../shared/game/errors.ts';
import { levelById } from '../../../shared/game/levels/index.ts';

type Row = Parameters<typeof zeroReason>[0];
const zh = (r: Row): string => zeroReason(r, (k, p) => translate('zh-CN', k, p), 'zh-CN');
const en = (r: Row): string => zeroReason(r, (k, p) => translate('en', k, p), 'en');
const explanation = { en: 'Tokens per second is limited by compute.', 'zh-CN': '吞吐受计算限制。' };
const base = {
  fits: true,
  tastingOk: true,
  worstMemoryBytes: 8e9,
  capacityBytes: 16e9,
  score: 1234,
  limitedBy: 'compute' as const,
  explanation,
} satisfies Partial<TeamRoundResult>;

describe('zeroReason', () => {
  it('is empty for a scored plan', () => {
    expect(en(base)).toBe('');
  });
  it('says by how much the fullest kitchen overflows, in each language', () => {
    const oom = {
      ...base,
      fits: false,
      score: 0,
      worstMemoryBytes: 17.6e9,
      reason: 'out of memory on device 0 by 1.6 GB',
    };
    expect(zh(oom)).toBe('冷柜装不下：最满的厨房超出 1.6 GB。得 0 分。');
    expect(en(oom)).toContain('over its fridge by 1.6 GB');
    expect(zh(oom)).not.toContain('out of memory');
    expect(wasRefused(oom)).toBe(false);
  });
  it('names a wrong tasting', () => {
    expect(zh({ ...base, tastingOk: false, score: 0 })).toContain('试菜不对');
  });
  it('gives a refused plan the words of its error code, not the core’s English message', () => {
    const level = levelById('fridge-too-small')!;
    const refused = teamResult(
      'amber',
      level.start,
      ruleError('rule/unservable', {}, 'evaluatePlan threw: boom'),
    );
    expect(wasRefused(refused)).toBe(true);
    expect(refused.reason).toContain('boom'); // the log line stays in the row (and the CSV)
    expect(zh(refused)).toBe('这份方案无法上菜。得 0 分。');
    expect(en(refused)).toBe('This plan cannot be served. Score 0.');
    expect(zh(refused)).not.toContain('boom');
  });
  it('says "score 0" of an evaluated zero it has no other words for, not the evaluation’s explanation', () => {
    expect(en({ ...base, score: 0 })).toBe('Score 0');
  });
  it('says a plan that fits and tastes right but turns away too many guests serves nothing, in words', () => {
    const dropped = {
      ...base,
      score: 0,
      limitedBy: 'dropped' as const,
      reason: 'dropped 7.0% of the routed tokens',
    };
    expect(zh(dropped)).toBe('座位太少：档口拒掉了超过 1% 的客人。得 0 分。');
    expect(en(dropped)).toContain('more than 1% of the guests');
  });
});
