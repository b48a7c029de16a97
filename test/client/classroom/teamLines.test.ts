// A chef's kitchens read as a range, as on every other screen ('0–3 号厨房', not '0, 1, 2 和 3 号厨房'), and
// a Chinese team line lists its names with the enumeration comma ('Bo ★、小厨师', not 'Bo ★, 小厨师').
import { describe, expect, it } from 'vitest';
import { chefLine, teamLine } from '../../../client/classroom/viewModels/teamLines.ts';
import { translate } from '../../../client/i18n/strings.ts';
import type { Translate } from '../../../client/ui/translate.ts';

const zh: Translate = (key, params) => translate('zh-CN', key, params);
const en: Translate = (key, params) => translate('en', key, params);
const members = [
  { id: 'a', nickname: 'Bo' },
  { id: 'b', nickname: '小厨师' },
  { id: 'c', nickname: 'Ann' },
];

describe('chefLine', () => {
  it('names the kitchens as a range, in each language', () => {
    expect(chefLine([0, 1, 2, 3], zh)).toBe('你是 0–3 号厨房的厨师。');
    expect(chefLine([3, 2, 1, 0], en)).toBe('You are the chef of kitchens 0–3.');
  });
  it('agrees with one kitchen', () => {
    expect(chefLine([5], zh)).toBe('你是 5 号厨房的厨师。');
    expect(chefLine([5], en)).toBe('You are the chef of kitchen 5.');
  });
  it('says so when the player chefs none', () => {
    expect(chefLine([], en)).toBe(en('cls.plan.noKitchen'));
  });
});

describe('teamLine', () => {
  it('lists Chinese names with 、 and stars the captain', () => {
    expect(teamLine(members, 'a', zh)).toBe('你的队伍：Bo ★、小厨师、Ann');
  });
  it('lists English names with commas', () => {
    expect(teamLine(members, 'b', en)).toBe('Your team: Bo, 小厨师 ★, Ann');
  });
});
