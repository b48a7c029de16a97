// A step that does not fit has nothing to play (issue 13, screenshots of the START plans): the dynamic view
// says the fridge overflows and offers no Play button or clock ("0.0 s / 19.6 s" beside "nothing cooks"
// contradicted it); once the plan fits, the controls come back. No page error; the page is closed.
import { describe, expect, it } from 'vitest';
import { levelById } from '../../shared/index.ts';
import { editsBetween } from './editsBetween.ts';
import { useServedGame } from './useServedGame.ts';
import { openLevel } from './openLevel.ts';

const game = useServedGame();

describe('the dynamic view of a plan that does not fit', () => {
  it('courses (start: 322.7 GB of 40 GB) offers nothing to play; the reference does', async () => {
    const { page, errors } = await game.open('/', { width: 1280, height: 720 });
    try {
      await openLevel(page, 'courses');
      await page.click('#view-tab-dynamic');
      expect(await page.locator('[data-control="play"]').isVisible()).toBe(false);
      expect(await page.locator('[data-control="time"]').isVisible()).toBe(false);
      const level = levelById('courses')!;
      await page.evaluate(
        (edits) => {
          const scene = window.__meshKitchen!.game.scene.getScene('kitchen') as unknown as {
            session: { edit(e: unknown): boolean };
          };
          for (const e of edits) scene.session.edit(e);
        },
        editsBetween(level.start, level.reference),
      );
      await page.locator('[data-control="play"]').waitFor({ state: 'visible' });
      expect(await page.locator('[data-control="time"]').textContent()).toMatch(/^0\.0+ m?s \/ [\d.]+ m?s$/);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
