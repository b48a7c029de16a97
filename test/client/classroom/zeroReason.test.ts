// A zero is explained in the page's language from the result's own figures, never the core's English log
// line on a Chinese screen: out of memory by worst − capacity, tasting wrong, too many guests turned away,
// or the core's refusal.
import { describe, expect, it } from 'vitest';
import { zeroReason } from '../../../client/classroom/viewModels/zeroReason.ts';
import { translate } from '../../../client/i18n/strings.ts';
import type { Translate } from '../../../client/ui/translate.ts';

const zh: Translate = (key, params) => translate('zh-CN', key, params);
const en: Translate = (key, params) => translate('en', key, params);
const base = {
  fits: true,
  tastingOk: true,
  worstMemoryBytes: 8e9,
  capacityBytes: 16e9,
  score: 1234,
  limitedBy: 'compute' as const,
};

describe('zeroReason', () => {
  it('is empty for a scored plan', () => {
    expect(zeroReason(base, en)).toBe('');
  });
  it('says by how much the fullest kitchen overflows, in each language', () => {
    const oom = {
      ...base,
      fits: false,
      score: 0,
      worstMemoryBytes: 17.6e9,
      reason: 'out of memory on device 0 by 1.6 GB',
    };
    expect(zeroReason(oom, zh)).toBe('冷柜装不下：最满的厨房超出 1.6 GB。得 0 分。');
    expect(zeroReason(oom, en)).toContain('over its fridge by 1.6 GB');
    expect(zeroReason(oom, zh)).not.toContain('out of memory');
  });
  it('names a wrong tasting, and keeps the core’s refusal of an unservable plan', () => {
    expect(zeroReason({ ...base, tastingOk: false, score: 0 }, zh)).toContain('试味不对');
    const refused = {
      ...base,
      fits: false,
      capacityBytes: 0,
      tastingOk: null,
      score: 0,
      reason: 'PlanRule: x',
    };
    expect(zeroReason(refused, en)).toBe('PlanRule: x');
  });
  it('says a plan that fits and tastes right but turns away too many guests serves nothing, in words', () => {
    const dropped = {
      ...base,
      score: 0,
      limitedBy: 'dropped' as const,
      reason: 'dropped 7.0% of the routed tokens',
    };
    expect(zeroReason(dropped, zh)).toBe('座位太少：档口拒掉了超过 1% 的客人。得 0 分。');
    expect(zeroReason(dropped, en)).toContain('more than 1% of the guests');
  });
});
