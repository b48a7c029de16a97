// The local view's pass rows on a laptop and a desktop (learner audit §14): "AllReduce 汇总分发
// loss_log_softmax_exp_sum · 47.7 µs ×16 · 28.7 kB…" lost its axis, and long rows were drawn smaller than short
// ones in the same list. Every pass row of cook-again's kitchen 0, scrolled into view, is now drawn at the
// list's one size, inside the view, with its time × times, bytes and axes whole (wrapped, never cut).
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { drawnRows } from './drawnRows.ts';
import { openLevel } from './openLevel.ts';
import { useServedGame } from './useServedGame.ts';

const game = useServedGame();

/** A local pass row's time × times per step (views.passRow in client/i18n/viewStrings.ts). */
const PASS_TIME = /\d[\d.]*\s(?:µs|ms|s)\s×\s?\d+/u;
/** Its figures to its end, its lines joined by spaces: time × times · bytes · axes. */
const PASS_FIGURES = /\d[\d.]*\s(?:µs|ms|s)\s×\s?\d+\s(?:·\s)?[\d.]+\s[kMGT]?B\s(?:·\s)?[\w+]+$/u;

describe('the local view’s pass rows', () => {
  it.each([
    [1280, 720, 'en'],
    [1280, 720, 'zh-CN'],
    [1440, 900, 'zh-CN'],
  ])('%i×%i (%s): one size, inside the view, figures whole', async (width, height, locale) => {
    const { page, errors } = await game.open('/', { width, height });
    try {
      await page.waitForFunction(() => window.__meshKitchen?.game.scene.isActive('title'));
      if (locale === 'zh-CN') await page.getByRole('button', { name: 'Switch to Chinese' }).click();
      await openLevel(page, 'cook-again');
      await page.click('#view-tab-local');
      // The passes close the list: scroll to its end.
      await page.evaluate(() =>
        (
          window.__meshKitchen!.game.scene.getScene('kitchen') as unknown as {
            scrollRows(rows: number): void;
          }
        ).scrollRows(1000),
      );
      const passes = (await drawnRows(page)).filter((r) => PASS_TIME.test(r.lines.join(' ')));
      expect(passes.length, 'some pass rows are in view').toBeGreaterThan(1);
      const panel = (await page.locator('#view-panel').boundingBox())!;
      for (const row of passes) {
        const text = row.lines.join(' ');
        expect(row.px, text).toBeGreaterThanOrEqual(14);
        expect(text).not.toContain('…');
        expect(text).toMatch(PASS_FIGURES);
        expect(row.x + row.width, text).toBeLessThanOrEqual(panel.x + panel.width);
      }
      expect(new Set(passes.map((r) => r.px.toFixed(2))).size, 'one size for the list').toBe(1);
      await screenshot(page, `local-rows-cook-again-${width}-${locale}`);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
