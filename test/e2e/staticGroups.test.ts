// The static view grouped by phase and by part of the model in Chromium (issue 13 item 6): the copying myth
// (one unprefixed block, 121 rows open) opens with its groups folded — headings with totals, no value rows —
// and the keyboard opens one: Tab to the panel, the arrow keys put the cursor on a group (data-group), Enter
// opens it (its values are listed), Enter again folds it; a click on a heading opens it too. No page error.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, tabTo } from './browser.ts';
import { useServedGame } from './useServedGame.ts';
import { openLevel } from './openLevel.ts';

const game = useServedGame();

/** The texts the static view shows (visible Text objects of the kitchen scene, in row order). */
const shownTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    type Node = { type: string; text?: string; visible?: boolean; list?: Node[] };
    const scene = window.__meshKitchen!.game.scene.getScene('kitchen') as unknown as {
      children: { list: Node[] };
    };
    const out: string[] = [];
    const walk = (n: Node) => {
      if (n.visible === false) return;
      if (n.type === 'Text' && n.text) out.push(n.text);
      for (const c of n.list ?? []) walk(c);
    };
    for (const c of scene.children.list) walk(c);
    return out;
  });

const group = (page: Page) => page.locator('.views-overlay').getAttribute('data-group');
const frame = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

describe('the static view’s groups', () => {
  it.each([
    [1280, 720],
    [390, 844],
  ])(
    'folds the copying myth’s 121 rows into its parts and opens one by keyboard and by click (%i px)',
    async (width, height) => {
      const { page, errors } = await game.open('/', { width, height });
      await openLevel(page, 'myth-model-parallel-is-copying');
      await page.click('#view-tab-static');
      await frame(page);
      const folded = await shownTexts(page);
      const headings = folded.filter((t) => t.startsWith('▸'));
      expect(headings).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^▸ block\/attention · values: 30 · passes: \d+/),
          expect.stringMatching(/^▸ block\/mlp · values: 15 · passes: \d+/),
          expect.stringMatching(/^▸ inputs and data · values: 3/),
        ]),
      );
      expect(folded.some((t) => t.startsWith('▾'))).toBe(false);
      expect(folded.some((t) => t.startsWith('qkv:') || t.startsWith('ln1'))).toBe(false);
      // Every phase heading names the scale (on a phone the list scrolls: the first at least is in view).
      const phases = folded.filter((t) => /· tasting scale \(small arrays\)$/.test(t));
      // A group's bytes name their scale too.
      for (const g of headings.filter((t) => !/passes: 0$/.test(t)))
        expect(g).toMatch(/ · [\d.]+ [kMG]?B \(tasting\)$/);
      expect(phases.length).toBe(width > 1000 ? 3 : phases.length);
      expect(phases.length).toBeGreaterThan(0);
      await screenshot(page, `static-groups-folded-${width}`);

      await tabTo(page, 'view-panel');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await group(page)).toBe('forward:block/attention:0');
      await page.keyboard.press('Enter');
      await frame(page);
      const opened = await shownTexts(page);
      expect(opened.some((t) => t.startsWith('▾ block/attention · values: 30'))).toBe(true);
      expect(opened.some((t) => /^wqkv\b/.test(t))).toBe(true);
      await screenshot(page, `static-groups-open-${width}`);
      await page.keyboard.press('Enter');
      await frame(page);
      expect((await shownTexts(page)).some((t) => /^wqkv\b/.test(t))).toBe(false);

      // A click on the MLP's heading opens it.
      const at = await page.evaluate(() => {
        const scene = window.__meshKitchen!.game.scene.getScene('kitchen') as unknown as {
          children: { list: { type: string; text?: string; list?: unknown[] }[] };
        };
        type T = {
          type: string;
          text?: string;
          visible?: boolean;
          list?: T[];
          getBounds?: () => { centerX: number; centerY: number };
        };
        let found: { x: number; y: number } | undefined;
        const walk = (n: T) => {
          if (n.type === 'Text' && n.visible && n.text?.startsWith('▸ block/mlp') && !found) {
            const b = n.getBounds!();
            found = { x: b.centerX, y: b.centerY };
          }
          for (const c of n.list ?? []) walk(c);
        };
        for (const c of scene.children.list as T[]) walk(c);
        const canvas = document.querySelector('#game canvas')!.getBoundingClientRect();
        return found && { x: found.x + canvas.left, y: found.y + canvas.top };
      });
      expect(at).toBeDefined();
      await page.mouse.click(at!.x, at!.y);
      await frame(page);
      expect((await shownTexts(page)).some((t) => t.startsWith('▾ block/mlp · values: 15'))).toBe(true);
      expect(errors).toEqual([]);
    },
  );
});
