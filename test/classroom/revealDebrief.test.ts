// The reveal's debrief speaks of a team's plan with the figures the result rows show: a plan that serves
// nothing has no rate (not "0 examples/s"), whatever kept it from serving, and a Chinese count reads as it
// is typeset ("85.8 万个样本", no space inside the count).
import { describe, expect, it } from 'vitest';
import { resultFigures, revealDebrief } from '../../shared/classroom/revealDebrief.ts';
import { teamResult } from '../../shared/classroom/scoreRound.ts';
import { ruleError } from '../../shared/game/errors.ts';
import { evaluatePlan } from '../../shared/game/evaluatePlan.ts';
import { lessonPlan } from '../../shared/game/lessonPlans.ts';
import { levelById } from '../../shared/game/levels/index.ts';
import type { PlanState } from '../../shared/game/planState.ts';
import type { Level } from '../../shared/game/level.ts';

const row = (level: Level, plan: PlanState) => teamResult('t1', plan, evaluatePlan(level, plan));

describe('resultFigures', () => {
  const fridge = levelById('fridge-too-small')!;
  const stations = levelById('full-stations')!;
  const tasting = levelById('the-tasting')!;

  it('gives a served plan its step, rate and fridge; a Chinese count in 万 has no space before 个', () => {
    const served = row(tasting, tasting.reference);
    expect(served.score).toBeGreaterThan(1e4); // the rate is counted in 万 in Chinese
    const f = resultFigures(served, 'examples');
    expect(f['zh-CN']).toMatch(/^一步 [\d.]+ m?s，每秒 [\d.]+ 万个样本，最满的冷柜 [\d.]+ GB$/u);
    expect(f.en).toMatch(/^[\d.]+ m?s a step, [\d.]+k examples\/s, fullest fridge [\d.]+ GB$/);
  });

  it('says a plan that turns away too many guests is not served, with no rate', () => {
    const dropped = row(stations, lessonPlan(stations, 'factor1')!);
    expect(dropped.score).toBe(0);
    expect(dropped.fits).toBe(true);
    const f = resultFigures(dropped, 'tokens');
    expect(f.en).toMatch(/^[\d.]+ ms a step but not served, too many guests turned away \(fullest fridge/);
    expect(f['zh-CN']).toContain('但没能上菜：被拒的客人太多');
    expect(`${f.en}${f['zh-CN']}`).not.toMatch(/tokens\/s|每秒/);
  });

  it('says why an overflowing or refused plan served nothing', () => {
    expect(resultFigures(row(fridge, fridge.start), 'examples').en).toMatch(/^out of memory: /);
    const refused = teamResult('t1', fridge.start, ruleError('rule/unservable', {}, 'boom'));
    expect(resultFigures(refused, 'examples').en).toBe('this plan cannot be served');
  });
});

describe('revealDebrief', () => {
  const tasting = levelById('the-tasting')!;
  const best = { ...row(tasting, tasting.reference), rank: 1, points: 1000 };
  const mine = { ...row(tasting, tasting.start), rank: 3, points: 0 };
  const name = (zh: string, en: string) => ({ 'zh-CN': zh, en });
  const none = name('', '');
  const revealed = { name: name('鲁菜', 'Shandong'), result: mine, passes: none, passesHeading: none };
  const sichuan = { name: name('川菜', 'Sichuan'), result: best, passes: none, passesHeading: none };

  it("cites the round's best plan by its team", () => {
    const d = revealDebrief(revealed, sichuan, 'examples');
    expect(d.en).toContain("The round's best plan, Sichuan's: ");
    expect(d['zh-CN']).toContain('本轮最佳的是川菜的方案：');
  });

  it('names every team of a tie for the best, not one of them as if alone', () => {
    const tied = { ...sichuan, tiedWith: [name('粤菜', 'Cantonese'), name('湘菜', 'Hunan')] };
    const d = revealDebrief(revealed, tied, 'examples');
    expect(d.en).toContain(
      "The round's best plans, tied, are those of Sichuan, Cantonese, and Hunan; Sichuan's: ",
    );
    expect(d.en).not.toContain("The round's best plan,");
    expect(d['zh-CN']).toContain('本轮并列最佳的是川菜、粤菜和湘菜的方案，其中川菜的：');
  });
});
