// A message that carries a reason reads as English and Chinese do: a reason that is a sentence follows as the
// next sentence ('Your plan serves nothing. Out of memory: …'), never after a colon with its capital
// ('Your plan serves nothing: Out of memory: …', 'Could not join: The facilitator…'); a fragment keeps its colon.
import { describe, expect, it } from 'vitest';
import { refusalText } from '../../../client/classroom/viewModels/refusalText.ts';
import { withReason } from '../../../client/classroom/viewModels/withReason.ts';
import { zeroReason } from '../../../client/classroom/viewModels/zeroReason.ts';
import { translate } from '../../../client/i18n/strings.ts';
import type { Translate } from '../../../client/ui/translate.ts';

const zh: Translate = (key, params) => translate('zh-CN', key, params);
const en: Translate = (key, params) => translate('en', key, params);

const oom = {
  fits: false,
  tastingOk: true,
  worstMemoryBytes: 17.6e9,
  capacityBytes: 16e9,
  score: 0,
  limitedBy: 'memory' as const,
  explanation: { en: '', 'zh-CN': '' },
};

describe('withReason', () => {
  it('puts a plan that served nothing and its reason in two sentences', () => {
    expect(withReason(en('cls.play.serviceZero'), zeroReason(oom, en, 'en'), en)).toBe(
      'Your plan serves nothing. Out of memory: the fullest kitchen is over its fridge by 1.6 GB. Score 0.',
    );
    expect(withReason(zh('cls.play.serviceZero'), zeroReason(oom, zh, 'zh-CN'), zh)).toBe(
      '你们的方案上不了菜。冷柜装不下：最满的厨房超出 1.6 GB。得 0 分。',
    );
  });
  it('puts a refused join and the server’s sentence in two sentences', () => {
    const refusal = {
      code: 'joins-locked',
      text: { en: 'The facilitator has locked the class.', 'zh-CN': '老师已锁定课堂。' },
    };
    expect(withReason(en('cls.join.failed'), refusalText(refusal, 'en', ''), en)).toBe(
      'Could not join. The facilitator has locked the class.',
    );
    expect(withReason(zh('cls.join.failed'), refusalText(refusal, 'zh-CN', ''), zh)).toBe(
      '无法加入。老师已锁定课堂。',
    );
  });
  it('keeps a fragment after the colon, lower-cased where it starts with a word', () => {
    expect(withReason(en('cls.join.failed'), 'Failed to fetch', en)).toBe('Could not join: failed to fetch');
    expect(withReason(en('cls.host.createFailed'), 'HTTP 500', en)).toBe(
      'The session could not be created: HTTP 500',
    );
    expect(withReason(zh('cls.host.levelsFailed'), 'HTTP 500', zh)).toBe('无法载入关卡列表：HTTP 500');
  });
  it('ends the lead alone as a sentence', () => {
    expect(withReason(en('cls.join.failed'), '', en)).toBe('Could not join.');
    expect(withReason(zh('cls.join.failed'), ' ', zh)).toBe('无法加入。');
  });
});
