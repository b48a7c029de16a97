// Ties at the top: equal points share a place, and every screen that names a place names all the teams in
// it — the podium's order, a team's own result line, the reveal's "best of the round" — in both languages.
import { describe, expect, it } from 'vitest';
import {
  leaderboard,
  nameList,
  ownStanding,
  podiumOrder,
  tiedWith,
} from '../../../client/classroom/viewModels/leaderboard.ts';
import { translate } from '../../../client/i18n/strings.ts';
import { teamView } from './teamView.ts';

const NAMES: Record<string, { en: string; zh: string }> = {
  t1: { en: 'Sichuan', zh: '川菜' },
  t2: { en: 'Cantonese', zh: '粤菜' },
  t3: { en: 'Hunan', zh: '湘菜' },
  t4: { en: 'Fujian', zh: '闽菜' },
};
const team = (id: string, points: number) => teamView(id, points, 0, NAMES[id]);

describe('a tie for first place', () => {
  const rows = leaderboard([team('t3', 912), team('t2', 1000), team('t1', 1000), team('t4', 0)], 'en');

  it('gives both teams place 1 and the next team place 3, bars as shares of the leaders', () => {
    expect(rows.map((r) => [r.team, r.rank, r.share])).toEqual([
      ['t1', 1, 1],
      ['t2', 1, 1],
      ['t3', 3, 0.912],
      ['t4', 4, 0],
    ]);
  });

  it('stands both first-placed teams side by side on the podium, the third beside them', () => {
    expect(podiumOrder(rows).map((r) => `${r.team}#${r.rank}`)).toEqual(['t1#1', 't2#1', 't3#3']);
  });

  it('names the teams a place is shared with, and none for a place held alone', () => {
    expect(tiedWith(rows, 't1').map((r) => r.name)).toEqual(['Cantonese']);
    expect(tiedWith(rows, 't2').map((r) => r.name)).toEqual(['Sichuan']);
    expect(tiedWith(rows, 't3')).toEqual([]);
    expect(tiedWith(rows, 'nobody')).toEqual([]);
  });

  it("says a team's own standing on the podium, shared or alone, in both languages", () => {
    const t1 = ownStanding(rows, 't1', 'en')!;
    expect(t1).toEqual({
      tied: true,
      words: { rank: 1, of: 4, points: 1000, teams: 'Cantonese' },
    });
    expect(translate('en', 'cls.podium.ownTied', t1.words)).toBe(
      'Your team shares #1 of 4 with Cantonese: 1000 points',
    );
    const t3 = ownStanding(rows, 't3', 'zh-CN')!;
    expect(t3.tied).toBe(false);
    expect(translate('zh-CN', 'cls.podium.own', t3.words)).toBe('你的队伍最终排第 3/4 名，共 912 分');
    expect(ownStanding(rows, 'nobody', 'en')).toBeUndefined();
  });

  it('says a shared place as shared, in both languages', () => {
    const zh = leaderboard([team('t1', 1000), team('t2', 1000), team('t3', 1000)], 'zh-CN');
    const line = (locale: 'en' | 'zh-CN', teams: string) =>
      translate(locale, 'cls.results.ownTied', { rank: 1, of: 4, points: 1000, teams });
    expect(line('en', nameList(['Cantonese'], 'en'))).toBe(
      'Your team shares #1 of 4 with Cantonese: +1000 points',
    );
    expect(
      line(
        'zh-CN',
        nameList(
          tiedWith(zh, 't1').map((r) => r.name),
          'zh-CN',
        ),
      ),
    ).toBe('你的队伍与粤菜和湘菜并列第 1/4 名：+1000 分');
    expect(nameList(['Cantonese', 'Hunan', 'Fujian'], 'en')).toBe('Cantonese, Hunan, and Fujian');
    expect(translate('en', 'cls.podium.tied', { n: 1 })).toBe('Tied for place 1');
    expect(translate('zh-CN', 'cls.podium.tied', { n: 1 })).toBe('并列第 1 名');
    expect(translate('zh-CN', 'cls.play.bestTied', { teams: '浙菜' })).toBe('（与浙菜并列）');
  });
});
