// The level screen's four views in Chromium, by keyboard: open 'column-then-row', Tab to the view tabs and
// walk Global → Local → Static → Dynamic with the arrow keys; in the global view pick kitchen 1 with the
// arrows and open it with Enter; page kitchens in the local view; scroll the static view; play, pause and
// scrub the dynamic view. Each view must draw something of its own (pixels of the canvas area); screenshots
// of every view at 1280×720 and 390×844; no console errors.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, tabTo } from './browser.ts';
import { useServedGame } from './useServedGame.ts';

const game = useServedGame();

const overlay = (page: Page, name: string) => page.locator('.views-overlay').getAttribute(`data-${name}`);
const sceneView = (page: Page) =>
  page.evaluate(
    () => (window.__meshKitchen!.game.scene.getScene('kitchen') as unknown as { viewName: string }).viewName,
  );

/**
 * A fingerprint of what the canvas shows under the view's panel: the number of distinct colours and a
 * hash of a coarse pixel sample (the canvas is copied through a 2D canvas, whatever Phaser renders with).
 */
async function fingerprint(page: Page): Promise<{ colours: number; hash: number }> {
  // Two animation frames first: Phaser draws a change on its next frame.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(() => {
    const canvas = document.querySelector('#game canvas') as HTMLCanvasElement;
    const box = document.getElementById('view-panel')!.getBoundingClientRect();
    const origin = canvas.getBoundingClientRect();
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0);
    const x = Math.max(0, Math.floor(box.left - origin.left));
    const y = Math.max(0, Math.floor(box.top - origin.top));
    const data = ctx.getImageData(x, y, Math.floor(box.width), Math.floor(box.height)).data;
    const colours = new Set<number>();
    let hash = 0;
    for (let i = 0; i < data.length; i += 4 * 37) {
      const c = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
      colours.add(c);
      hash = (hash * 31 + c) >>> 0;
    }
    return { colours: colours.size, hash };
  });
}

async function walkViews(page: Page, size: string): Promise<void> {
  await page.waitForFunction(() => window.__meshKitchen?.game.scene.isActive('title'));
  await page.click('#play');
  await page.click('[data-level="column-then-row"]');
  await page.waitForFunction(() => window.__meshKitchen?.game.scene.isActive('kitchen'));

  // Global: the kitchens and the dishes; the arrow keys pick kitchen 1, Enter opens it in the local view.
  await tabTo(page, 'view-tab-global');
  expect(await page.getAttribute('#view-tab-global', 'aria-selected')).toBe('true');
  const global = await fingerprint(page);
  expect(global.colours).toBeGreaterThan(8);
  await screenshot(page, `views-global-${size}`);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('view-panel');
  await page.keyboard.press('ArrowRight');
  expect(await overlay(page, 'kitchen')).toBe('1');
  await page.keyboard.press('Enter');
  expect(await sceneView(page)).toBe('local');
  expect(await page.locator('[data-control="kitchen"]').textContent()).toBe('Kitchen 1 of 4');

  // Local: the next kitchen with the arrow key on the panel.
  await page.keyboard.press('ArrowRight');
  expect(await page.locator('[data-control="kitchen"]').textContent()).toBe('Kitchen 2 of 4');
  const local = await fingerprint(page);
  expect(local.colours).toBeGreaterThan(8);
  expect(local.hash).not.toBe(global.hash);
  await screenshot(page, `views-local-${size}`);

  // Static: reached from the Local tab with the arrow key; the panel scrolls with the arrow keys.
  await page.focus('#view-tab-local');
  await page.keyboard.press('ArrowRight');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('view-tab-static');
  expect(await sceneView(page)).toBe('static');
  expect(await overlay(page, 'view')).toBe('static');
  const before = await fingerprint(page);
  expect(before.hash).not.toBe(local.hash);
  await screenshot(page, `views-static-${size}`);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('view-panel');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  expect((await fingerprint(page)).hash).not.toBe(before.hash);

  // Dynamic: play, pause, scrub to the end and back with the slider's keys.
  await page.focus('#view-tab-static');
  await page.keyboard.press('ArrowRight');
  expect(await sceneView(page)).toBe('dynamic');
  const time = page.locator('[data-control="time"]');
  expect(await time.textContent()).toBe('0.0 ms / 136.4 ms');
  await tabTo(page, 'view-panel');
  await page.keyboard.press('Tab');
  const play = page.locator('[data-control="play"]');
  expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.control)).toBe('play');
  await page.keyboard.press('Enter');
  expect(await play.getAttribute('data-playing')).toBe('true');
  await expect.poll(() => time.textContent(), { timeout: 5000 }).not.toBe('0.0 ms / 136.4 ms');
  const first = await fingerprint(page);
  await page.waitForTimeout(700);
  expect((await fingerprint(page)).hash).not.toBe(first.hash);
  await page.keyboard.press('Enter');
  expect(await play.getAttribute('data-playing')).toBe('false');
  const paused = await time.textContent();
  await page.waitForTimeout(300);
  expect(await time.textContent()).toBe(paused);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.control)).toBe('scrub');
  await page.keyboard.press('Home');
  expect(await time.textContent()).toBe('0.0 ms / 136.4 ms');
  // 10 steps of the slider's 1000: 1% of 136.4 ms.
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  expect(await time.textContent()).toBe('1.4 ms / 136.4 ms');
  await page.keyboard.press('End');
  expect(await time.textContent()).toBe('136.4 ms / 136.4 ms');
  // At 40% of the step every kitchen passes h_pre (all-reduce, 9.9–63.6 ms): dishes are in the windows.
  await page.evaluate(() => {
    const slider = document.querySelector('[data-control="scrub"]') as HTMLInputElement;
    slider.value = '250';
    slider.dispatchEvent(new Event('input'));
  });
  expect(await time.textContent()).toBe('34.1 ms / 136.4 ms');
  expect((await fingerprint(page)).colours).toBeGreaterThan(8);
  await screenshot(page, `views-dynamic-${size}`);
}

/** What the test reaches through the page's probe (client/scenes/KitchenScene.ts getters). */
interface KitchenProbe {
  session: { edit(edit: unknown): boolean };
  showView(view: string): void;
}

/** Opens level `id` (from the list, or through the app when the list keeps it locked). */
async function openLevel(page: Page, id: string): Promise<void> {
  await page.waitForFunction(() => window.__meshKitchen?.game.scene.isActive('title'));
  await page.click('#play');
  const row = page.locator(`[data-level="${id}"]`);
  if (await row.isEnabled()) await row.click();
  else
    await page.evaluate(
      (level) => (window.__meshKitchen!.app as unknown as { play(id: string): void }).play(level),
      id,
    );
  await page.waitForFunction(() => window.__meshKitchen?.game.scene.isActive('kitchen'));
}

/** Applies `edit` to the level's plan and shows `view`; the edit must be accepted. */
async function editAndShow(page: Page, edit: unknown, view: string): Promise<void> {
  const accepted = await page.evaluate(
    ([e, v]) => {
      const scene = window.__meshKitchen!.game.scene.getScene('kitchen') as unknown as KitchenProbe;
      const ok = e === null || scene.session.edit(e);
      scene.showView(v as string);
      return ok;
    },
    [edit, view] as const,
  );
  expect(accepted).toBe(true);
}

/** The node views: the myth of more shards' 16-way trap plan (4 per node), courses and the banquet. */
async function nodeViews(page: Page, size: string): Promise<void> {
  await openLevel(page, 'myth-more-shards-are-faster');
  await editAndShow(page, { type: 'setMesh', axes: [{ name: 'model', size: 16 }] }, 'global');
  expect((await fingerprint(page)).colours).toBeGreaterThan(8);
  await screenshot(page, `views-nodes-more-shards-${size}`);
  await editAndShow(page, null, 'static');
  await screenshot(page, `views-static-more-shards-${size}`);
  await editAndShow(page, null, 'dynamic');
  await screenshot(page, `views-dynamic-more-shards-${size}`);
  await page.goto(page.url());
  await openLevel(page, 'the-banquet');
  await editAndShow(page, null, 'global');
  expect((await fingerprint(page)).colours).toBeGreaterThan(8);
  await screenshot(page, `views-nodes-banquet-${size}`);
  await editAndShow(
    page,
    {
      type: 'setMesh',
      axes: [
        { name: 'data', size: 8 },
        { name: 'stage', size: 8 },
        { name: 'model', size: 8 },
      ],
    },
    'global',
  );
  await screenshot(page, `views-nodes-banquet-8x8x8-${size}`);
  await page.goto(page.url());
  await openLevel(page, 'courses');
  await editAndShow(page, null, 'global');
  await screenshot(page, `views-nodes-courses-${size}`);
}

/** The buffet's reference plan (experts on 16 kitchens): every view shows the dispatch and combine all-to-alls. */
async function buffetViews(page: Page, size: string): Promise<void> {
  await openLevel(page, 'the-buffet');
  await editAndShow(page, { type: 'setMesh', axes: [{ name: 'expert', size: 16 }] }, 'global');
  await editAndShow(page, { type: 'setSpec', tensor: 'expert_w1', spec: ['expert'] }, 'global');
  await editAndShow(page, { type: 'setSpec', tensor: 'expert_w2', spec: ['expert'] }, 'global');
  // The evaluation the views draw lists GShard's four all-to-alls (dispatch and combine, forward and back).
  const passes = await page.evaluate(() => {
    const scene = window.__meshKitchen!.game.scene.getScene('kitchen') as unknown as {
      session: {
        view: {
          evaluation: { tasting: { collectives: readonly { kind: string; phase: string }[] } | null } | null;
        };
      };
    };
    return (scene.session.view.evaluation?.tasting?.collectives ?? []).map((c) => `${c.phase} ${c.kind}`);
  });
  expect(passes.filter((p) => p.endsWith('all-to-all')).sort()).toEqual([
    'backward all-to-all',
    'backward all-to-all',
    'forward all-to-all',
    'forward all-to-all',
  ]);
  for (const view of ['global', 'local', 'static', 'dynamic']) {
    await editAndShow(page, null, view);
    expect((await fingerprint(page)).colours).toBeGreaterThan(8);
    await screenshot(page, `views-buffet-${view}-${size}`);
  }
}

describe('the four views in Chromium', () => {
  it('draws, switches and plays them by keyboard at 1280×720', async () => {
    const { page, errors } = await game.open('/');
    await walkViews(page, '1280');
    expect(errors).toEqual([]);
  });

  it('draws, switches and plays them by keyboard on a 390×844 phone', async () => {
    const { page, errors } = await game.open('/', {
      width: 390,
      height: 844,
    });
    await walkViews(page, '390');
    expect(errors).toEqual([]);
  });

  it("shows the buffet's dispatch and combine all-to-alls in every view, at 1280×720 and on a phone", async () => {
    for (const [viewport, size] of [
      [{ width: 1280, height: 720 }, '1280'],
      [{ width: 390, height: 844 }, '390'],
    ] as const) {
      const { page, errors } = await game.open('/', viewport);
      await buffetViews(page, size);
      expect(errors).toEqual([]);
    }
  });

  it('groups kitchens by node and draws windows by link at 1280×720 and on a phone', async () => {
    for (const [viewport, size] of [
      [{ width: 1280, height: 720 }, '1280'],
      [{ width: 390, height: 844 }, '390'],
    ] as const) {
      const { page, errors } = await game.open('/', viewport);
      await nodeViews(page, size);
      expect(errors).toEqual([]);
    }
  });
});
