// A tie at the top through the real UI in Chromium: three teams of one on 'fridge-too-small', two of them
// lock the same (reference) plan and share place 1 with 1000 points, the third a slower plan that fits (912
// points, place 3). Every screen that names a place names both first teams alike: the round's ranking, each
// phone's own line ("shares #1 … with …"), the reveal's best of the round, the podium (two steps of one
// height, side by side, "Tied for place 1"), on an English projector at 1280×720 and a Chinese one at
// 1920×1080. The leaderboard's bars compare (912 is 91.2 % of the leaders' track), and a pause is
// unmistakable on the projector in both languages.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, type WatchedPage } from './browser.ts';
import { useServedGame } from './useServedGame.ts';
import { createClass, joinOnPhone, openDashboard } from './classSession.ts';
import { incomparableBars, leaderboardBars, pausedBand, timesShown } from './projectorLayout.ts';

const game = useServedGame();

const phaseOf = (page: Page, sel = '.cls-bar .phase') => page.locator(sel).getAttribute('data-phase');
const waitPhase = (page: Page, phase: string, sel = '.cls-bar .phase') =>
  expect.poll(() => phaseOf(page, sel), { timeout: 20_000 }).toBe(phase);
/** Team ids with their place, in the order `sel`'s list shows them. */
const places = (page: Page, sel: string) =>
  page.locator(sel).evaluateAll((els) => els.map((e) => `${e.dataset.team}#${e.dataset.rank}`));
/** The podium's steps: team, the place said on it, and the step's top and height (px). */
const steps = (page: Page) =>
  page.locator('.podium > li').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return {
        team: e.dataset.team,
        place: e.querySelector('.place')!.textContent,
        top: Math.round(r.top),
        height: Math.round(r.height),
      };
    }),
  );

const joinAs = (nickname: string, code: string, locale: string): Promise<WatchedPage> =>
  joinOnPhone(game.open, code, nickname, locale);

describe('a tie for first place', () => {
  it('names both first teams alike on every screen, from the results to the podium', async () => {
    const base = `http://127.0.0.1:${game.port}`;
    const { code, hostKey } = await createClass(base, {
      rounds: ['fridge-too-small'],
      planningSeconds: 300,
      teams: 3,
      title: 'Tie break',
    });
    const host = await openDashboard(game.open, code, hostKey);
    const hp = host.page;
    const en = await game.open(`/?projector=${code}`);
    const zh = await game.open(`/?projector=${code}`, { width: 1920, height: 1080 }, 'zh-CN');
    for (const w of [en, zh]) await w.page.waitForSelector('#projector-code');
    const ann = await joinAs('Ann', code, 'en-US');
    const bo = await joinAs('Bo', code, 'zh-CN');
    const cy = await joinAs('Cy', code, 'en-US');
    expect(
      await Promise.all([ann, bo, cy].map((w) => w.page.locator('.cls-bar').getAttribute('data-team'))),
    ).toEqual(['t1', 't2', 't3']);
    await hp.click('[data-command="start"]');
    await waitPhase(ann.page, 'briefing');
    await hp.click('[data-command="advance"]');
    for (const w of [ann, bo, cy]) await waitPhase(w.page, 'planning');

    // Paused: a band in big type under the head of either projector, in its language; gone on resume.
    await hp.click('[data-command="pause"]');
    await expect.poll(() => zh.page.locator('.proj-paused').isVisible()).toBe(true);
    await expect.poll(() => en.page.locator('.proj-paused').isVisible()).toBe(true);
    await screenshot(zh.page, 'classroom-ties-projector-paused-zh-1920');
    await screenshot(en.page, 'classroom-ties-projector-paused-1280');
    expect(await pausedBand(zh.page)).toEqual({ word: '已暂停', big: true, clear: true, scrolls: 0 });
    expect(await pausedBand(en.page)).toEqual({ word: 'Paused', big: true, clear: true, scrolls: 0 });
    await hp.click('[data-command="resume"]');
    for (const w of [en, zh]) await expect.poll(() => w.page.locator('.proj-paused').isHidden()).toBe(true);

    // Sichuan and Cantonese label the dishes as the level's reference does; Shandong cuts both by rows.
    await ann.page.getByLabel('w1, dimension 1').selectOption('model');
    await ann.page.getByLabel('w2, dimension 0').selectOption('model');
    await bo.page.getByLabel('w1 的第 1 维').selectOption('model');
    await bo.page.getByLabel('w2 的第 0 维').selectOption('model');
    await cy.page.getByLabel('w1, dimension 0').selectOption('model');
    await cy.page.getByLabel('w2, dimension 0').selectOption('model');
    for (const w of [ann, bo, cy])
      await expect.poll(() => w.page.locator('fieldset.team-plan').getAttribute('data-version')).toBe('2');
    for (const w of [ann, bo, cy]) await w.page.click('#lock-plan');
    for (const w of [ann, bo, cy]) await waitPhase(w.page, 'results');
    for (const w of [en, zh]) await w.page.waitForSelector('.proj-main .result-list');

    // The round: both first teams at place 1, the third at place 3, on the projectors and the dashboard.
    await hp.waitForSelector('.host-results .result-list');
    for (const page of [en.page, zh.page, hp])
      expect(await places(page, '.result-list > li')).toEqual(['t1#1', 't2#1', 't3#3']);
    // Each phone says its own place; a shared one as shared, naming the team it is shared with.
    expect(await ann.page.locator('.own-result').textContent()).toBe(
      'Your team shares #1 of 3 with Cantonese: +1000 points',
    );
    expect(await bo.page.locator('.own-result').textContent()).toBe('你的队伍与川菜并列第 1/3 名：+1000 分');
    expect(await cy.page.locator('.own-result').textContent()).toBe('Your team is #3 of 3: +912 points');
    await screenshot(bo.page, 'classroom-ties-player-results-zh-390');

    // The leaderboard's bars share one track: the leaders' fills are full, Shandong's 91.2 % of it.
    for (const w of [en, zh]) {
      expect(await places(w.page, '.leaderboard > li')).toEqual(['t1#1', 't2#1', 't3#3']);
      expect((await leaderboardBars(w.page)).map((r) => r.points)).toEqual([1000, 1000, 912]);
      expect(await incomparableBars(w.page)).toEqual([]);
    }

    // Shandong's reveal cites a best plan of the round, and says that Cantonese's scored the same.
    await hp.click('[data-reveal="t3"]');
    for (const w of [en, zh, cy]) await w.page.waitForSelector('.reveal[data-team="t3"]');
    expect(await en.page.locator('.reveal [data-plan="best"] h4').textContent()).toBe(
      'Best of the round: Sichuan (tied with Cantonese)',
    );
    expect(await zh.page.locator('.reveal [data-plan="best"] h4').textContent()).toBe(
      '本轮最佳： 川菜 （与粤菜并列）',
    );
    // Its debrief (built by the server) names both best plans too.
    expect(await en.page.locator('.reveal .debrief').nth(1).textContent()).toMatch(
      /^The round's best plans, tied, are those of Sichuan and Cantonese; Sichuan's: 1\.40 s a step/u,
    );
    expect(await zh.page.locator('.reveal .debrief').nth(1).textContent()).toMatch(
      /^本轮并列最佳的是川菜和粤菜的方案，其中川菜的：一步 1\.40 s/u,
    );
    expect(await hp.locator('[data-reveal="t3"]').getAttribute('aria-pressed')).toBe('true');
    await screenshot(en.page, 'classroom-ties-projector-reveal-1280');
    await screenshot(hp, 'classroom-ties-dashboard-results-1280');

    // The podium: Sichuan and Cantonese on steps of one height side by side, both "tied for place 1".
    await hp.click('[data-command="advance"]');
    for (const w of [en, zh]) await w.page.waitForSelector('.podium .step-1');
    const [zhSteps, enSteps] = [await steps(zh.page), await steps(en.page)];
    expect(enSteps.map((s) => [s.team, s.place])).toEqual([
      ['t1', 'Tied for place 1'],
      ['t2', 'Tied for place 1'],
      ['t3', 'Place 3'],
    ]);
    expect(zhSteps.map((s) => s.place)).toEqual(['并列第 1 名', '并列第 1 名', '第 3 名']);
    for (const [first, second] of [enSteps, zhSteps].map((s) => [s[0]!, s[1]!] as const))
      expect([second.top, second.height]).toEqual([first.top, first.height]);
    // The head says "Podium", once; the leaderboard beside fits its column, its bars compared.
    for (const w of [en, zh]) expect(await incomparableBars(w.page)).toEqual([]);
    expect(await timesShown(en.page, 'Podium')).toBe(1);
    expect(await timesShown(zh.page, '领奖台')).toBe(1);
    await screenshot(zh.page, 'classroom-ties-projector-podium-zh-1920');
    await screenshot(en.page, 'classroom-ties-projector-podium-1280');
    await waitPhase(bo.page, 'podium');
    expect(await bo.page.locator('.own-result').textContent()).toBe(
      '你的队伍与川菜并列第 1/3 名，共 1000 分',
    );
    expect(await timesShown(bo.page, '领奖台')).toBe(1);
    expect(await places(bo.page, '.podium > li')).toEqual(['t1#1', 't2#1', 't3#3']);
    expect(await incomparableBars(bo.page, '.cls-body')).toEqual([]);
    await screenshot(bo.page, 'classroom-ties-player-podium-zh-390');

    for (const w of [host, en, zh, ann, bo, cy]) expect(w.errors).toEqual([]);
  }, 240_000);
});
