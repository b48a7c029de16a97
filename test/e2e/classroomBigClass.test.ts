// A class of 30 in six teams of five (issue 18 items 6–8): the students are colyseus.js clients, the
// facilitator's dashboard and two projectors (English and Chinese) are Chromium pages. The dashboard's
// controls stay where they are with 30 players, the results and a hint; the projector's histograms keep
// their labels inside the window at 1280×720 and 1920×1080; a runner-up's reveal names the round's best
// plan; the results CSV says which teams locked and which were served at time up.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './browser.ts';
import { useServedGame } from './useServedGame.ts';
import { barrier, join, type Peer } from '../server/classroom/harness.ts';
import type { PlanEdit } from '../../shared/index.ts';
import { createClass, openDashboard } from './classSession.ts';
import { cutHistogramCounts, projectorScrollPx, smallestTextPx } from './projectorLayout.ts';

const game = useServedGame();

const cut = (tensor: string, spec: (string | null)[]): PlanEdit => ({ type: 'setSpec', tensor, spec });
/** Each team's edits, one per member in turn: t1 and t5 reach the reference, the others worse plans. */
const PLANS: Record<string, PlanEdit[]> = {
  t1: [cut('w1', [null, 'model']), cut('w2', ['model', null])],
  t2: [cut('w1', [null, 'model'])],
  t3: [cut('w1', ['model', null]), cut('w2', [null, 'model'])],
  t4: [],
  t5: [cut('w2', ['model', null]), cut('w1', [null, 'model'])],
  t6: [cut('w2', ['model', null])],
};

/** Where the dashboard's controls are: the top of each pacing and Reveal button, px from the window's top. */
const controlTops = (page: Page) =>
  page
    .locator(
      '.host-controls [data-command]:visible, .host-controls [data-reveal], .hint-form button[type="submit"]',
    )
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));

/** Whether every histogram label ends inside its figure and the window, and the projector scrolls nowhere. */
const histogramFit = async (page: Page) => {
  const labels = await page.evaluate(() =>
    [...document.querySelectorAll('.proj-side .hist-label')].map((l) => {
      const figure = l.closest('figure')!.getBoundingClientRect();
      const r = l.getBoundingClientRect();
      return (
        r.bottom <= Math.ceil(figure.bottom) && r.bottom <= window.innerHeight && r.right <= window.innerWidth
      );
    }),
  );
  return {
    labels: labels.length,
    inside: labels.every(Boolean),
    scrolls: await projectorScrollPx(page),
    smallest: await smallestTextPx(page),
  };
};

describe('a class of 30 in six teams', () => {
  it('keeps the controls in place, the histogram labels on screen, and says who locked', async () => {
    const base = `http://127.0.0.1:${game.port}`;
    // The create page in Chinese: the score option is on by default, said in words.
    const create = await game.open('/?host', { width: 1280, height: 720 }, 'zh-CN');
    await create.page.waitForSelector('#hide-scores');
    expect(await create.page.locator('#hide-scores').isChecked()).toBe(true);
    expect(await create.page.locator('label[for="hide-scores"]').textContent()).toBe(
      '备菜时隐藏星级和得分（上菜时揭晓）',
    );
    await create.page.locator('#hide-scores').scrollIntoViewIfNeeded();
    await screenshot(create.page, 'classroom-host-create-zh-1280');
    const { code, hostKey } = await createClass(base, {
      rounds: ['fridge-too-small'],
      planningSeconds: 600,
      teams: 6,
      title: 'Big class',
    });
    const host = await openDashboard(game.open, code, hostKey);
    const hp = host.page;
    const projector = await game.open(`/?projector=${code}`);
    const zh = await game.open(`/?projector=${code}`, { width: 1920, height: 1080 }, 'zh-CN');
    const pp = projector.page;

    // 30 students, five per team, joined in team order: each team's first member is its captain.
    const students: Peer[] = [];
    for (let i = 0; i < 30; i++)
      students.push(
        await join(base, code, { role: 'player', nickname: `S${i + 1}`, team: `t${(i % 6) + 1}` }),
      );
    await expect.poll(() => hp.locator('.host-players > li').count(), { timeout: 20_000 }).toBe(30);
    const members = (team: string) => students.filter((_, i) => `t${(i % 6) + 1}` === team);

    await hp.click('[data-command="start"]');
    await hp.click('[data-command="advance"]');
    await expect.poll(() => hp.locator('.phase-line .phase').getAttribute('data-phase')).toBe('planning');
    // Planning: the controls do not move when a hint is sent, and stay on screen when the page scrolls.
    const before = await controlTops(hp);
    expect(before.length).toBeGreaterThan(3);
    await hp.fill('#hint-text', 'Cut the weights, not the kitchen: which dimension does each matrix share?');
    await hp.click('.hint-form button[type="submit"]');
    await hp.waitForSelector('#hint-now');
    expect(await controlTops(hp)).toEqual(before);
    await screenshot(hp, 'classroom-big-dashboard-planning-1280');
    await hp.evaluate(() => document.querySelector('#panel')!.scrollTo(0, 1e6));
    await expect
      .poll(() =>
        hp.locator('[data-command="endPlanning"]').evaluate((b) => {
          const r = b.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    // and leave most of a laptop's window to the teams scrolling under them (they took 350 of 720 px)
    const stuckBottom = await hp.locator('.host-controls').evaluate((c) => c.getBoundingClientRect().bottom);
    expect(stuckBottom).toBeLessThan(0.42 * 720);
    await screenshot(hp, 'classroom-big-dashboard-scrolled-1280');

    // Each team's members make its edits in turn; the captains of t1 and t3 lock, the others time runs out on.
    let seq = 0;
    for (const [team, edits] of Object.entries(PLANS))
      for (const [i, edit] of edits.entries()) members(team)[i % 5]!.room.send('edit', { seq: ++seq, edit });
    for (const s of students) await barrier(s);
    for (const team of ['t1', 't3']) members(team)[0]!.room.send('lock', { locked: true });
    for (const team of ['t1', 't3']) await barrier(members(team)[0]!);
    // While planning, the dashboard marks the teams whose captains locked, and only those.
    const lockedMarks = () =>
      hp
        .locator('.host-team')
        .evaluateAll((els) =>
          els
            .filter((e) => e.querySelector('header')!.textContent!.includes('· locked'))
            .map((e) => e.dataset.team),
        );
    await expect.poll(lockedMarks).toEqual(['t1', 't3']);
    hp.once('dialog', (d) => void d.accept());
    await hp.click('[data-command="endPlanning"]');
    await expect.poll(() => hp.locator('.phase-line .phase').getAttribute('data-phase')).toBe('service');
    await hp.click('[data-command="advance"]');
    await hp.waitForSelector('.host-results .result-list');
    // Service locked every plan: the mark would say every captain locked, so it is gone.
    expect(await lockedMarks()).toEqual([]);

    // Results: the Reveal buttons are with the controls, on screen above 6 results and 30 players.
    await hp.evaluate(() => document.querySelector('#panel')!.scrollTo(0, 0));
    const reveals = await hp
      .locator('.host-controls [data-reveal]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().bottom <= window.innerHeight));
    expect(reveals).toEqual([true, true, true, true, true, true]);
    const atResults = await controlTops(hp);
    await hp.fill('#hint-text', 'Look at the histograms');
    await hp.click('.hint-form button[type="submit"]');
    await expect.poll(() => hp.locator('#hint-now').textContent()).toContain('Look at the histograms');
    expect(await controlTops(hp)).toEqual(atResults);
    await hp.click('#hint-clear');
    await expect.poll(() => hp.locator('#hint-now').count()).toBe(0);
    expect(await controlTops(hp)).toEqual(atResults);

    // Reveal a runner-up: it names the round's best plan beside its own, in the kitchen's words.
    const ranks = await hp
      .locator('.host-results .result-list > li')
      .evaluateAll((els) => els.map((e) => [e.dataset.team, e.dataset.rank]));
    const runnerUp = ranks.find(([, rank]) => rank !== '1')![0]!;
    await hp.click(`[data-reveal="${runnerUp}"]`);
    for (const page of [pp, zh.page]) await page.waitForSelector(`.reveal[data-team="${runnerUp}"]`);
    expect(await pp.locator('.reveal [data-plan="best"] h4').textContent()).toMatch(/^Best of the round: /u);
    expect(await zh.page.locator('.reveal [data-plan="best"] h4').textContent()).toMatch(/^本轮最佳：/u);
    await screenshot(hp, 'classroom-big-dashboard-results-1280');

    // The projector at both sizes: every histogram label inside its figure and the window, every count whole
    // on its bar, nothing scrolls.
    for (const size of [
      { width: 1280, height: 720 },
      { width: 1920, height: 1080 },
    ]) {
      await pp.setViewportSize(size);
      await screenshot(pp, `classroom-big-projector-reveal-${size.width}`);
      await expect.poll(async () => (await histogramFit(pp)).scrolls).toBe(0);
      const fit = await histogramFit(pp);
      expect(fit).toMatchObject({ inside: true, scrolls: 0 });
      expect(fit.labels).toBeGreaterThanOrEqual(3);
      expect(fit.smallest).toBeGreaterThanOrEqual(20);
      expect(await cutHistogramCounts(pp)).toEqual([]);
      await screenshot(pp, `classroom-big-projector-reveal-${size.width}`);
    }
    expect((await histogramFit(zh.page)).inside).toBe(true);
    await screenshot(zh.page, 'classroom-big-projector-reveal-zh-1920');

    // The CSV says who locked (t1, t3) and who was served as the plan stood when planning ended.
    const csv = await (
      await fetch(`${base}/api/sessions/${code}/results.csv`, { headers: { 'x-host-key': hostKey } })
    ).text();
    const [cols, ...rows] = csv
      .slice(1)
      .trim()
      .split('\r\n')
      .map((l) => l.match(/("([^"]|"")*"|[^,]*)(,|$)/gu)!.map((f) => f.replace(/,$/u, '')));
    const at = (name: string) => cols!.indexOf(name);
    const served = Object.fromEntries(
      rows
        .filter((r) => r[at('row')] === 'team')
        .map((r) => [r[at('team')]!.split(' ')[1], r[at('served_as')]]),
    );
    expect(Object.values(served).sort()).toEqual([
      'locked',
      'locked',
      'time_up',
      'time_up',
      'time_up',
      'time_up',
    ]);
    expect(rows.filter((r) => r[at('row')] === 'player')).toHaveLength(30);

    for (const s of students) await s.room.leave();
    for (const w of [create, host, projector, zh]) expect(w.errors).toEqual([]);
  }, 240_000);
});
