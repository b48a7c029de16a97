// A live classroom round through the real UI in Chromium, on a real server with a temp database: the
// facilitator creates a session, a projector and four phones (two teams of two) join by the code, the round
// starts, each team edits its shared plan (one the level's reference labels, the other a worse plan), the
// captains lock, service plays, every page shows the same ranking, the facilitator reveals the winner (the
// dashboard marks which plan the projector shows), the podium says "Podium" once, and every leaderboard's
// bars share one track.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot, type WatchedPage } from './browser.ts';
import { useServedGame } from './useServedGame.ts';
import { brokenWords, incomparableBars, timesShown } from './projectorLayout.ts';

const PHONE = { width: 390, height: 844 };

const game = useServedGame();

const phaseOf = (page: Page, sel = '.cls-bar .phase') => page.locator(sel).getAttribute('data-phase');
const waitPhase = (page: Page, phase: string, sel = '.cls-bar .phase') =>
  expect.poll(() => phaseOf(page, sel), { timeout: 20_000 }).toBe(phase);
/** Which Reveal buttons of the dashboard are pressed (the plan on the projector), by team. */
const pressed = (page: Page) =>
  page
    .locator('[data-reveal]')
    .evaluateAll((els) =>
      Object.fromEntries(els.map((e) => [e.dataset.reveal, e.getAttribute('aria-pressed')])),
    );
/**
 * The points of a player's bar (who, phase, timer) that something else is drawn over, as "x,y" px: a grid
 * of points inside the bar. The planning panel's sticky footer once slid over the bar's lower half when the
 * page scrolled to the preview.
 */
const coveredInBar = (page: Page) =>
  page.evaluate(() => {
    const r = document.querySelector('.cls-bar')!.getBoundingClientRect();
    const covered: string[] = [];
    for (const fx of [0.1, 0.3, 0.5, 0.7, 0.9])
      for (const fy of [0.2, 0.5, 0.8]) {
        const [x, y] = [Math.round(r.left + fx * r.width), Math.round(r.top + fy * r.height)];
        if (!document.elementFromPoint(x, y)?.closest('.cls-bar')) covered.push(`${x},${y}`);
      }
    return covered;
  });
/** Team ids in the order a page lists the round's ranking. */
const ranking = (page: Page) =>
  page
    .locator('.result-list > li')
    .evaluateAll((els) => els.map((e) => `${e.dataset.team}#${e.dataset.rank}`));

describe('a classroom round in five pages at once', () => {
  it('plays create → join → plan → lock → service → results → reveal', async () => {
    const base = `http://127.0.0.1:${game.port}`;
    const host = await openPage(game.browser, `${base}/?host`);
    const hp = host.page;

    // The facilitator's create form: one round of fridge-too-small, two teams, five minutes.
    await hp.waitForSelector('#create-session');
    await hp.fill('#session-title', 'Workshop A');
    while ((await hp.locator('.round-list li').count()) > 0)
      await hp.locator('.round-list button').first().click();
    await hp.selectOption('#round-pick', 'fridge-too-small');
    await hp.getByRole('button', { name: 'Add round' }).click();
    expect(await hp.locator('.round-list li').allTextContents()).toEqual([
      expect.stringContaining('The fridge is too small'),
    ]);
    await hp.fill('#planning-seconds', '300');
    await hp.fill('#team-count', '2');
    // Stars and score hidden while planning: on by default for a class.
    expect(await hp.locator('#hide-scores').isChecked()).toBe(true);
    await screenshot(hp, 'classroom-host-create-1280');
    await hp.click('#create-session');
    await hp.waitForURL(/\?host=[A-Z2-9]{6}$/);
    const code = new URL(hp.url()).searchParams.get('host')!;
    await hp.waitForSelector('#session-code');
    expect(await hp.locator('#session-code').textContent()).toBe(`${code.slice(0, 3)} ${code.slice(3)}`);
    expect(await hp.evaluate((c) => localStorage.getItem(`mesh-kitchen.host.${c}`), code)).toBeTruthy();
    expect(await hp.locator('.host-head svg.qr').count()).toBe(1);

    const projector = await openPage(game.browser, `${base}/?projector=${code}`);
    const pp = projector.page;
    await pp.waitForSelector('#projector-code');
    expect(await pp.locator('.join-url').textContent()).toBe(`127.0.0.1:${game.port}/?join=${code}`);

    // Four phones join by the code; live validation refuses a bad nickname before anything is sent.
    const names = ['Mei', 'Bo', 'Li', '小厨师'];
    const phones: WatchedPage[] = [];
    for (const [i, name] of names.entries()) {
      // 小厨师 plays in Chinese: every new text of the round is checked in both languages.
      const phone = await openPage(game.browser, `${base}/?join=${code}`, PHONE, i === 3 ? 'zh-CN' : 'en-US');
      await phone.page.waitForSelector('#join-nickname');
      if (i === 0) {
        await phone.page.fill('#join-nickname', 'a<b>');
        expect(await phone.page.locator('#join-nick-hint').textContent()).toContain('only letters');
        expect(await phone.page.locator('#join-nickname').getAttribute('aria-invalid')).toBe('true');
      }
      await phone.page.fill('#join-nickname', name);
      await phone.page.click('#join-submit');
      await phone.page.waitForSelector('.cls-bar .phase');
      phones.push(phone);
    }
    await expect.poll(() => hp.locator('.host-players > li').count()).toBe(4);
    await expect
      .poll(() => pp.locator('.proj-teams .names').allTextContents())
      .toEqual(['Mei · Li', 'Bo · 小厨师']);
    const teamOf = (w: WatchedPage) => w.page.locator('.cls-bar').getAttribute('data-team');
    expect(await Promise.all(phones.map(teamOf))).toEqual(['t1', 't2', 't1', 't2']);
    await screenshot(pp, 'classroom-projector-lobby-1280');

    // Start (briefing), then advance to planning.
    await hp.click('[data-command="start"]');
    for (const p of phones) await waitPhase(p.page, 'briefing');
    expect(await phones[1]!.page.locator('.cls-body h2').first().textContent()).toBe(
      'The fridge is too small',
    );
    await hp.click('[data-command="advance"]');
    for (const p of phones) await waitPhase(p.page, 'planning');
    await waitPhase(pp, 'planning', '.proj-head .phase');
    // The dashboard names the round's level, as the projector does.
    await expect
      .poll(() => hp.locator('.phase-line .phase').textContent())
      .toBe('Round 1 of 1 · Planning · The fridge is too small');

    const [mei, bo, li, chef] = phones.map((p) => p.page) as [Page, Page, Page, Page];
    expect(await mei.locator('.chef-of').textContent()).toMatch(/You are the chef of kitchens? /);
    // The preview keeps memory fit and step time; stars and the rate wait for service (in words).
    expect(await mei.locator('.preview [data-metric="step"]').count()).toBe(1);
    expect(await mei.locator('.preview .mem').count()).toBeGreaterThan(0);
    for (const metric of ['stars', 'rate'])
      expect(await mei.locator(`.preview [data-metric="${metric}"]`).count()).toBe(0);
    expect(await mei.locator('.preview [data-metric="score-hidden"]').textContent()).toBe(
      'revealed at service',
    );
    expect(await chef.locator('.preview [data-metric="score-hidden"]').textContent()).toBe('上菜时揭晓');
    expect(await mei.locator('.preview').textContent()).not.toMatch(/★|☆|Stars now/u);
    expect(await mei.locator('.team-activity').textContent()).toBe('No change yet this round.');
    // Team 1 enters the reference labels, one dish each; each sees the other's edit live.
    await mei.getByLabel('w1, dimension 1').selectOption('model');
    await li.getByLabel('w2, dimension 0').selectOption('model');
    await expect.poll(() => mei.getByLabel('w2, dimension 0').inputValue()).toBe('model');
    await expect.poll(() => li.getByLabel('w1, dimension 1').inputValue()).toBe('model');
    // Who changed what, newest first, from the server: Mei sees Li's edit and her own.
    await expect
      .poll(() => mei.locator('.team-activity li').allTextContents())
      .toEqual([
        expect.stringMatching(/^Li cut W2 by rows \(model\) · (just now|\d+ s ago)$/u),
        expect.stringMatching(/^Mei cut W1 by columns \(model\) · (just now|\d+ s ago)$/u),
      ]);
    // Team 2 labels only w1: a worse plan. Team 2's plan never shows on team 1's screens.
    await bo.getByLabel('w1, dimension 1').selectOption('model');
    await expect
      .poll(() => chef.locator('.team-activity li').first().textContent())
      .toMatch(/^Bo 把 W1 按列切开（model） · (刚刚|\d+ 秒前)$/u);
    expect(await bo.locator('.team-activity li').first().textContent()).toMatch(/^Bo cut W1 by columns/u);
    expect(await mei.locator('.team-activity').textContent()).not.toContain('Bo');
    expect(await mei.getByLabel('w2, dimension 0').inputValue()).toBe('model');
    // A refused label (the same axis twice) shows JAX's message; the team plan is unchanged.
    await li.getByLabel('w2, dimension 1').selectOption('model');
    await expect.poll(() => li.locator('.refusal').isVisible()).toBe(true);
    expect(await li.locator('.refusal').textContent()).toContain('DuplicateSpecError');
    expect(await mei.getByLabel('w2, dimension 1').inputValue()).toBe('');
    await screenshot(mei, 'classroom-player-planning-390');
    await screenshot(chef, 'classroom-player-planning-zh-390');
    // A narrow bar wraps between the label's word groups, never inside a Chinese word ("备" over "菜").
    expect(await brokenWords(chef, '.cls-bar', ['小厨师', '粤菜', '备菜'])).toEqual([]);
    for (const [page, name] of [
      [mei, 'classroom-player-preview-hidden-390'],
      [chef, 'classroom-player-preview-hidden-zh-390'],
    ] as const) {
      await page.locator('.preview').scrollIntoViewIfNeeded();
      await screenshot(page, name);
      // Scrolled to the preview, the sticky footer passes under the player's bar, not over it.
      expect(await coveredInBar(page)).toEqual([]);
    }
    // The dashboard says each team's plan in words (every team's, which the players never see of each other).
    await expect
      .poll(() => hp.locator('[data-plan="t1"]').textContent())
      .toBe(
        'Plan: 4 kitchens in a row (model) · each kitchen holds a column slice of W1 (1/4, cut along model) · each kitchen holds a row slice of W2 (1/4, cut along model)',
      );
    await expect.poll(() => hp.locator('[data-plan="t2"]').textContent()).toContain('column slice of W1');
    await screenshot(hp, 'classroom-host-planning-1280');
    await screenshot(pp, 'classroom-projector-planning-1280');

    // Only captains (first member: Mei, Bo) see Lock; locking both ends planning early.
    expect(await li.locator('#lock-plan').isVisible()).toBe(false);
    await mei.click('#lock-plan');
    await expect.poll(() => li.locator('.lock-note').getAttribute('data-locked')).toBe('true');
    await bo.click('#lock-plan');
    // Service lasts 8 s: the two phones checked first, the others may already show the results.
    await waitPhase(mei, 'service');
    expect(await mei.locator('.timeline .lane').count()).toBeGreaterThan(0);
    // Service reveals the score planning hid: the locked plan's stars and rate.
    expect(await mei.locator('.service-score').textContent()).toBe(
      'Your plan: ★★★ (3 of 3 stars), 733 examples/s',
    );
    await waitPhase(chef, 'service');
    expect(await chef.locator('.service-score').textContent()).toMatch(/^你们的方案/u);
    await screenshot(chef, 'classroom-player-service-zh-390');
    for (const p of [bo, li]) await expect.poll(() => phaseOf(p)).toMatch(/^(service|results)$/u);

    // Results on every page, with the same ranking: the reference plan first.
    for (const p of phones) await waitPhase(p.page, 'results');
    await hp.waitForSelector('.host-results .result-list');
    await pp.waitForSelector('.proj-main .result-list');
    const want = await ranking(hp);
    expect(want[0]).toBe('t1#1');
    for (const page of [pp, mei, bo, li, chef]) expect(await ranking(page)).toEqual(want);
    expect(await mei.locator('.own-result').getAttribute('data-rank')).toBe('1');
    expect(await pp.locator('.histogram').count()).toBe(3);
    await expect.poll(() => pp.locator('.leaderboard li').first().getAttribute('data-team')).toBe('t1');
    // One track for every bar: the leader's fill is the full track, the 0-point team's track as long.
    expect(await incomparableBars(pp)).toEqual([]);
    // Before a reveal the dashboard says the projector shows the results; no Reveal is pressed.
    expect(await pressed(hp)).toEqual({ t1: 'false', t2: 'false' });
    expect(await hp.locator('.on-projector').textContent()).toBe(
      'On the projector: the round’s results (no plan revealed)',
    );

    // The facilitator reveals the winning plan on every screen.
    await hp.click('[data-reveal="t1"]');
    for (const page of [pp, mei, chef]) await page.waitForSelector('.reveal[data-team="t1"]');
    // The dashboard marks the plan on the projector: its Reveal pressed, and a line that names it.
    await expect.poll(() => pressed(hp)).toEqual({ t1: 'true', t2: 'false' });
    expect(await hp.locator('.on-projector').textContent()).toBe('On the projector: Sichuan’s plan');
    // The plan in the kitchen's words (not only code), beside par; the winner cites no better plan.
    expect(await pp.locator('.reveal [data-plan="this"] .plan-words li').allTextContents()).toEqual([
      '4 kitchens in a row (model)',
      'each kitchen holds a column slice of W1 (1/4, cut along model)',
      'each kitchen holds a row slice of W2 (1/4, cut along model)',
    ]);
    expect(await pp.locator('.reveal [data-plan="best"]').count()).toBe(0);
    expect(await pp.locator('.reveal [data-plan="par"] .plan-score').textContent()).toMatch(
      /^★★★ 733 examples\/s$/u,
    );
    expect(await pp.locator('.reveal .plan-summary').count()).toBe(0); // code for the engineers, off the projector
    expect(await mei.locator('.reveal .plan-summary').textContent()).toContain("w1=[None,'model']");
    expect(await pp.locator('.reveal .debrief').first().textContent()).toMatch(
      /^Debrief: Sichuan's plan: 1\.40 s a step, 733 examples\/s, fullest fridge 9\.0 GB/u,
    );
    expect(await chef.locator('.reveal [data-plan="this"] .plan-words li').first().textContent()).toBe(
      '4 间厨房排成一排（model）',
    );
    expect(await chef.locator('.reveal .lesson').textContent()).toMatch(
      /^这一关的道理（数字出自文中点名的方案，不是这一队的）：/u,
    );
    // Cantonese's plan overflowed and was never served: it has a fridge on the projector but no step time.
    const marksIn = (metric: string) =>
      pp.locator(`.histogram[data-metric="${metric}"] .hist-marks > *`).count();
    expect(await marksIn('worstMemoryGb')).toBe(2);
    expect(await marksIn('stepS')).toBe(1);
    await screenshot(hp, 'classroom-host-results-1280');
    await screenshot(pp, 'classroom-projector-reveal-1280');
    await screenshot(chef, 'classroom-player-results-390');
    await pp.setViewportSize({ width: 1920, height: 1080 });
    await screenshot(pp, 'classroom-projector-reveal-1920');
    // The runner-up's reveal (by keyboard) names the round's best plan and shows it beside, in the same
    // words; the mark moves to its button, which keeps the focus.
    await hp.focus('[data-reveal="t2"]');
    await hp.keyboard.press('Enter');
    for (const page of [pp, chef]) await page.waitForSelector('.reveal[data-team="t2"]');
    await expect.poll(() => pressed(hp)).toEqual({ t1: 'false', t2: 'true' });
    expect(await hp.evaluate(() => document.activeElement?.getAttribute('data-reveal'))).toBe('t2');
    expect(await hp.locator('.on-projector').textContent()).toBe('On the projector: Cantonese’s plan');
    expect(await pp.locator('.reveal [data-plan="best"] h4').textContent()).toBe(
      'Best of the round: Sichuan',
    );
    expect(await pp.locator('.reveal [data-plan="this"] .plan-words li').nth(1).textContent()).toBe(
      'each kitchen holds a column slice of W1 (1/4, cut along model)',
    );
    expect(await pp.locator('.reveal .debrief').first().textContent()).toMatch(
      /^Debrief: Cantonese's plan: /u,
    );
    expect(await pp.locator('.reveal .debrief').nth(1).textContent()).toMatch(
      /^The round's best plan, Sichuan's: 1\.40 s a step, 733 examples\/s/u,
    );
    expect(await chef.locator('.reveal [data-plan="best"] h4').textContent()).toBe('本轮最佳： 川菜');
    await screenshot(pp, 'classroom-projector-reveal-second-1920');
    await pp.setViewportSize({ width: 1280, height: 720 });
    await screenshot(pp, 'classroom-projector-reveal-second-1280');
    await screenshot(chef, 'classroom-player-reveal-zh-390');

    // Last round: Advance shows the podium everywhere.
    await hp.click('[data-command="advance"]');
    for (const p of phones) await waitPhase(p.page, 'podium');
    await pp.waitForSelector('.podium .step-1');
    await pp.setViewportSize({ width: 1920, height: 1080 });
    await screenshot(pp, 'classroom-projector-podium-1920');
    await screenshot(mei, 'classroom-player-podium-390');
    // A phone says "Podium" once too (its bar's phase), and where the player's own team finished.
    expect(await mei.locator('.own-result').textContent()).toBe(
      'Your team finished #1 of 2 with 1000 points',
    );
    expect(await timesShown(mei, 'Podium')).toBe(1);
    // "Podium" once on the projector (its head's phase line), not again as a heading right under it.
    expect(await timesShown(pp, 'Podium')).toBe(1);
    // The leader's full bar and the 0-point team's empty one are equally long, on the projector and a phone.
    expect(await incomparableBars(pp)).toEqual([]);
    expect(await incomparableBars(mei, '.cls-body')).toEqual([]);
    // The dashboard says the podium is on the projector (not the last reveal), offers no reveal, and can still
    // end the session, which closes it.
    await hp.waitForFunction(() => document.querySelector('.on-projector')?.textContent?.includes('podium'));
    expect(await hp.locator('.on-projector').textContent()).toBe(
      'On the projector: the podium, every round played',
    );
    expect(await hp.locator('[data-reveal]').count()).toBe(0);
    expect(await hp.locator('#hint-text').count()).toBe(0);
    expect(await hp.locator('[data-focus="cmd-end"]').isEnabled()).toBe(true);

    for (const w of [host, projector, ...phones]) expect(w.errors).toEqual([]);
  }, 180_000);
});
