// The static view's groups told to screen readers (issue 13) in Chromium: the keyboard's cursor is the focused
// item of a WAI-ARIA tree (phases at aria-level 1, groups at 2), so the accessible name (part, phase, counts,
// bytes with their scale) and aria-expanded change as the arrows move it and Enter opens or folds the group;
// in English and zh-CN, for a tasting level and for a priced-only one. No page error; every page closed.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tabTo } from './browser.ts';
import { useServedGame } from './useServedGame.ts';
import { openLevel } from './openLevel.ts';

const game = useServedGame();

/** The focused element's role, level, accessible name (its text) and expanded state. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      role: el?.getAttribute('role') ?? null,
      level: el?.getAttribute('aria-level') ?? null,
      name: el?.textContent ?? '',
      expanded: el?.getAttribute('aria-expanded') ?? null,
      group: el?.dataset.group ?? null,
    };
  });

async function openStatic(page: Page, level: string): Promise<void> {
  await openLevel(page, level);
  await page.click('#view-tab-static');
  await page.waitForFunction(() => document.querySelector('#view-panel [role="tree"]:not([hidden])'));
}

describe('the static view’s groups for screen readers', () => {
  it('the copying myth: the focused tree item names the cursor’s group and its state (English)', async () => {
    const { page, errors } = await game.open('/', { width: 1280, height: 720 });
    try {
      await openStatic(page, 'myth-model-parallel-is-copying');
      const tree = page.getByRole('tree', { name: 'Parts of the model, by phase' });
      expect(await tree.count()).toBe(1);
      // Phases are level-1 items, each group a level-2 item, all folded.
      const phases = tree.locator('[role="treeitem"][aria-level="1"]');
      expect(await phases.count()).toBe(3);
      expect(await phases.first().getAttribute('aria-label')).toBe('Forward · tasting scale (small arrays)');
      const folded = tree.getByRole('treeitem', { expanded: false });
      expect(await folded.count()).toBe(9);

      await tabTo(page, 'view-panel');
      await page.keyboard.press('ArrowDown');
      const first = await focused(page);
      expect(first).toMatchObject({ role: 'treeitem', level: '2', expanded: 'false', group: 'forward::0' });
      expect(first.name).toMatch(/^inputs and data, Forward: 3 values, 0 passes$/);
      await page.keyboard.press('ArrowDown');
      const attention = await focused(page);
      expect(attention).toMatchObject({ role: 'treeitem', expanded: 'false' });
      expect(attention.group).toBe('forward:block/attention:0');
      expect(attention.name).toMatch(
        /^block\/attention, Forward: 30 values, (0 passes|\d+ passes, [\d.]+ [kMG]?B sent \(tasting scale\))$/,
      );
      expect(await page.locator('.views-overlay').getAttribute('data-group')).toBe(attention.group);

      await page.keyboard.press('Enter');
      expect(await focused(page)).toMatchObject({ group: 'forward:block/attention:0', expanded: 'true' });
      await expect
        .poll(() =>
          tree.getByRole('treeitem', { name: /^block\/attention, Forward/, expanded: true }).count(),
        )
        .toBe(1);
      await page.keyboard.press('Enter');
      expect(await focused(page)).toMatchObject({ group: 'forward:block/attention:0', expanded: 'false' });
      await page.keyboard.press('ArrowUp');
      expect((await focused(page)).group).toBe('forward::0');

      // Another view hides the tree and gives the focus back to the panel.
      await page.click('#view-tab-global');
      expect(await page.locator('#view-panel [role="tree"]').isHidden()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('in zh-CN, a priced-only level (cook-again): names in Chinese, banquet-scale bytes per step', async () => {
    const { page, errors } = await game.open('/', { width: 390, height: 844 }, 'zh-CN');
    try {
      await openStatic(page, 'cook-again');
      const tree = page.getByRole('tree', { name: '模型的各部分，按阶段分组' });
      expect(await tree.count()).toBe(1);
      await tabTo(page, 'view-panel');
      await page.keyboard.press('ArrowDown');
      const layer = await focused(page);
      // the full-size layer's two halves (megatronLayer.ts scopes), then the output layer
      expect(layer).toMatchObject({ role: 'treeitem', level: '2', group: 'forward:layer/attention:0' });
      expect(layer.name).toMatch(/^layer\/attention，前向：\d+ 次传菜，每步 [\d.]+ [kMGT]?B（宴席规模）$/);
      await page.keyboard.press('ArrowDown');
      expect((await focused(page)).group).toBe('forward:layer/mlp:0');
      await page.keyboard.press('ArrowDown');
      const output = await focused(page);
      expect(output.group).toBe('forward:output:0');
      expect(output.name).toMatch(/^output，前向：/);
      const before = output.expanded;
      await page.keyboard.press('Enter');
      expect((await focused(page)).expanded).toBe(before === 'true' ? 'false' : 'true');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
