// The projector's reveal of a pipeline plan (the courses level: 8 stations, so 8 lanes of service) and of a plan
// that did not cook, at 1920×1080 and 1280×720: the debrief stands under the shorter column (RevealCard.ts), so
// nothing of the reveal is below the screen. A facilitator audit found the best plan's debrief 180 px below a
// 1080-px projector, in a box nobody scrolls in class.
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { useServedGame } from './useServedGame.ts';
import { barrier, join } from '../server/classroom/harness.ts';
import { levelById } from '../../shared/index.ts';
import { createClass, openDashboard } from './classSession.ts';
import { editsBetween } from './editsBetween.ts';
import { projectorScrollPx, smallestTextPx } from './projectorLayout.ts';

const game = useServedGame();

describe("the projector's reveal of a pipeline", () => {
  it('shows the plans, eight lanes and the debrief without scrolling, and a plan that did not cook too', async () => {
    const base = `http://127.0.0.1:${game.port}`;
    const { code, hostKey } = await createClass(base, {
      rounds: ['courses'],
      planningSeconds: 600,
      teams: 2,
      title: 'Pipelines',
    });
    const host = await openDashboard(game.open, code, hostKey);
    const hp = host.page;
    const pp = (await game.open(`/?projector=${code}`, { width: 1920, height: 1080 })).page;
    const zh = (await game.open(`/?projector=${code}`, { width: 1920, height: 1080 }, 'zh-CN')).page;
    const ann = await join(base, code, { role: 'player', nickname: 'Ann', team: 't1' });
    const bo = await join(base, code, { role: 'player', nickname: 'Bo', team: 't2' });
    await hp.click('[data-command="start"]');
    await hp.click('[data-command="advance"]');
    await expect.poll(() => hp.locator('.phase-line .phase').getAttribute('data-phase')).toBe('planning');
    // Ann's team serves the reference (1F1B, 64 rounds); Bo's keeps the start, which does not fit.
    const courses = levelById('courses')!;
    let seq = 0;
    for (const edit of editsBetween(courses.start, courses.reference))
      ann.room.send('edit', { seq: ++seq, edit });
    await barrier(ann);
    await barrier(bo);
    hp.once('dialog', (d) => void d.accept());
    await hp.click('[data-command="endPlanning"]');
    await expect.poll(() => hp.locator('.phase-line .phase').getAttribute('data-phase')).toBe('service');
    await hp.click('[data-command="advance"]');
    await hp.waitForSelector('.host-results .result-list');

    for (const team of ['t1', 't2']) {
      await hp.click(`[data-reveal="${team}"]`);
      for (const [page, locale] of [
        [pp, 'en'],
        [zh, 'zh'],
      ] as const) {
        await page.waitForSelector(`.reveal[data-team="${team}"] .debrief`);
        for (const size of [
          { width: 1920, height: 1080 },
          { width: 1280, height: 720 },
        ]) {
          await page.setViewportSize(size);
          const where = `${team} in ${locale} at ${size.width}`;
          await expect.poll(() => projectorScrollPx(page), { message: where }).toBe(0);
          expect(await smallestTextPx(page), where).toBeGreaterThanOrEqual(20);
          await screenshot(page, `classroom-pipeline-reveal-${team}-${locale}-${size.width}`);
        }
      }
    }
    expect(await pp.locator('.reveal .lane').count()).toBe(0); // t2 did not cook: no lanes
  }, 120_000);
});
