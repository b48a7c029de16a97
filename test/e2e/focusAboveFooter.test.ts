// Keyboard focus never hides under the level panel's sticky undo / redo / serve footer (WCAG 2.2 2.4.11): on
// the Courses level at 1280×720, Tab reached the schedule select while the footer covered it whole, with no
// focus ring in sight (the audit of 2026-12-07). Every control Tab reaches in the panel now sits above it.
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { openLevel } from './openLevel.ts';
import { useServedGame } from './useServedGame.ts';

const game = useServedGame();

describe('focus and the sticky footer', () => {
  it.each([
    ['courses', 1280, 720],
    ['the-banquet', 390, 844],
  ])('%s at %d×%d: each control Tab reaches clears the footer', async (id, width, height) => {
    const { page, errors } = await game.open('/', { width, height });
    await openLevel(page, id);
    await page.focus('#level-heading');
    let checked = 0;
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const footer = document.querySelector('.panel-footer');
        if (!el || !footer || !el.closest('.level-panel') || footer.contains(el)) return null;
        const e = el.getBoundingClientRect();
        const f = footer.getBoundingClientRect();
        // covered: the control's box and the footer's overlap
        return {
          name: el.id || el.tagName,
          covered: e.bottom > f.top && e.top < f.bottom,
          at: [e.top, e.bottom, f.top],
        };
      });
      if (where === null) continue;
      expect(where.covered, `${where.name} after ${i + 1} tabs: ${JSON.stringify(where)}`).toBe(false);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
    await screenshot(page, `focus-above-footer-${id}-${width}`);
    expect(errors).toEqual([]);
  });
});
