// The activity line of a team's plan: "how long ago" comes from the server's clock at sending plus the time
// the page has held the message, so a phone whose clock is minutes off still says "12 s ago".
import { describe, expect, it } from 'vitest';
import { activityLines, agoMs, agoText } from '../../../client/classroom/viewModels/activityLine.ts';
import { translate } from '../../../client/i18n/strings.ts';
import type { Translate } from '../../../client/ui/translate.ts';

const zh: Translate = (key, params) => translate('zh-CN', key, params);
const en: Translate = (key, params) => translate('en', key, params);
const alice = {
  player: 'p1',
  nickname: 'Alice',
  what: { 'zh-CN': '把 W1 按列切开（model）', en: 'cut W1 by columns (model)' },
  atMs: 1_000_000,
};

describe('activity line', () => {
  // The server sent at 1 003 000 (3 s after the edit); the phone's clock reads 50 000 000 when it arrives.
  const clock = { activity: [alice], serverNowMs: 1_003_000, receivedAtMs: 50_000_000 };

  it('counts from the server’s clock, not the phone’s', () => {
    expect(agoMs(alice, clock, 50_000_000)).toBe(3000);
    expect(agoMs(alice, clock, 50_009_000)).toBe(12_000);
    // a server clock behind the edit's stamp never gives a negative age
    expect(agoMs(alice, { ...clock, serverNowMs: 999_000 }, 50_000_000)).toBe(0);
  });

  it('says just now, seconds, then minutes, in both languages', () => {
    expect([4999, 5000, 59_999, 60_000, 185_000].map((ms) => agoText(ms, en))).toEqual([
      'just now',
      '5 s ago',
      '59 s ago',
      '1 min ago',
      '3 min ago',
    ]);
    expect([0, 12_000, 120_000].map((ms) => agoText(ms, zh))).toEqual(['刚刚', '12 秒前', '2 分钟前']);
  });

  it('writes one line per edit, newest first, with the name and the edit in the kitchen’s words', () => {
    const bob = {
      ...alice,
      player: 'p2',
      nickname: 'Bob',
      what: { 'zh-CN': '让 W2 保持整份', en: 'kept W2 whole' },
      atMs: 1_002_000,
    };
    const two = { ...clock, activity: [bob, alice] };
    expect(activityLines(two, 50_009_000, 'en', en)).toEqual([
      'Bob kept W2 whole · 10 s ago',
      'Alice cut W1 by columns (model) · 12 s ago',
    ]);
    expect(activityLines(two, 50_000_000, 'zh-CN', zh)[1]).toBe('Alice 把 W1 按列切开（model） · 刚刚');
    expect(activityLines({ ...clock, activity: [] }, 0, 'en', en)).toEqual([]);
  });
});
