// Plays 'column-then-row' end to end with the mouse only (clicks and drags, no key presses): the loading bar
// runs to 100 % and goes, Play → the level from the list → clear W1's label, drag the 'model' token onto
// W1's columns, see a drop on W2's rows refused (the plan unchanged), clear W2 and drop again → 3 stars →
// Serve → the score screen → switch language → mute; the sound cues heard, at 1280×720 and 390×844.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { columnThenRow } from '../../shared/game/levels/columnThenRow.ts';
import { screenshot } from './browser.ts';
import { useServedGame } from './useServedGame.ts';

const game = useServedGame();

const LEVEL = columnThenRow.id;
/** The reference plan, as the labels read on screen: W1 by columns, W2 by rows. */
const REFERENCE = ["P(None, 'model')", "P('model', None)"];
const specs = (page: Page) => page.locator('.dish .spec').allTextContents();
/** The ✕ button that takes dish `tensor`'s label off. */
const clearButton = (page: Page, tensor: string) =>
  page
    .locator('fieldset.dish')
    .filter({ has: page.locator('.dish-name', { hasText: new RegExp(`^${tensor}$`) }) })
    .locator('.clear-label');
const heard = (page: Page) => page.evaluate(() => window.__meshKitchen!.sounds.log);

/**
 * Drags the axis token `axis` with the mouse onto dimension `dim` of dish `tensor`: first the mouse wheel
 * scrolls the panel until the token row is at its top (the drop target then shows below it), as a player would.
 */
async function dragToken(page: Page, axis: string, tensor: string, dim: number): Promise<void> {
  const token = page.locator(`[data-token="${axis}"]`);
  const target = page.locator(`[data-drop-tensor="${tensor}"][data-drop-dim="${dim}"]`);
  const panelTop = (await page.locator('#panel').boundingBox())!.y;
  for (let i = 0; i < 5; i++) {
    const from = await centre(token);
    const delta = from.y - panelTop - 16; // the tokens at the top, the dishes above the sticky footer
    if (Math.abs(delta) < 4) break;
    await page.mouse.move(
      from.x,
      Math.max(panelTop + 10, Math.min(from.y, page.viewportSize()!.height - 10)),
    );
    await page.mouse.wheel(0, delta);
    await page.waitForTimeout(50);
  }
  const from = await centre(token);
  const to = await centre(target);
  const footerTop = (await page.locator('.panel-footer').boundingBox())!.y;
  expect(to.y, `${tensor} dim ${dim} must show between the tokens and the footer`).toBeLessThan(footerTop);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function playWithTheMouse(page: Page, size: string): Promise<void> {
  // The loading bar: real progress to 100 %, then gone once the title screen has drawn.
  await page.waitForFunction(() => window.__meshKitchen?.game.scene.isActive('title'));
  const loading = page.locator('#loading');
  await expect.poll(() => loading.isHidden()).toBe(true);
  expect(await loading.getAttribute('role')).toBe('progressbar');
  expect(await loading.getAttribute('aria-valuenow')).toBe('100');
  expect(await page.locator('#mute').getAttribute('aria-pressed')).toBe('false');

  await page.locator('#play').click();
  await page.locator(`[data-level="${LEVEL}"]`).click();
  await page.waitForFunction(() => window.__meshKitchen?.game.scene.isActive('kitchen'));
  expect(await page.locator('#level-heading').textContent()).toBe('Column then row');
  expect(await specs(page)).toEqual(["P('model', None)", "P(None, 'model')"]); // the start plan
  await screenshot(page, `mouse-level-start-${size}`);

  await clearButton(page, 'w1').click();
  expect((await specs(page))[0]).toBe('no label (the sous-chef chooses)');
  await dragToken(page, 'model', 'w1', 1);
  expect((await specs(page))[0]).toBe(REFERENCE[0]);

  // W2 still names 'model' on its columns: labelling its rows too is refused, the plan stays.
  await dragToken(page, 'model', 'w2', 0);
  const refusal = page.locator('.refusal');
  await expect.poll(() => refusal.isVisible()).toBe(true);
  expect(await refusal.textContent()).toContain('DuplicateSpecError');
  expect((await specs(page))[1]).toBe("P(None, 'model')");
  await screenshot(page, `mouse-level-refused-${size}`);

  await clearButton(page, 'w2').click();
  await dragToken(page, 'model', 'w2', 0);
  expect(await specs(page)).toEqual(REFERENCE);
  expect(await refusal.isVisible()).toBe(false);
  expect(await page.locator('[data-metric="stars"]').textContent()).toContain('3 of 3');
  await screenshot(page, `mouse-level-solved-${size}`);

  // The sound cues (the first click unlocked the audio): clicks, a tap per accepted edit, a buzz for the refusal.
  expect(await page.evaluate(() => window.__meshKitchen!.sounds.unlocked)).toBe(true);
  const sounds = await heard(page);
  expect(sounds).toContain('click');
  expect(sounds.filter((s) => s === 'accept')).toHaveLength(4);
  expect(sounds.filter((s) => s === 'refuse')).toHaveLength(1);

  await page.getByRole('button', { name: 'Serve' }).click();
  await page.waitForSelector('.score');
  expect(await page.locator('[data-score="stars"]').textContent()).toBe('3 of 3 stars');
  expect(await page.locator('.big-stars').textContent()).toBe('★★★');
  await screenshot(page, `mouse-score-en-${size}`);

  await page.getByRole('button', { name: 'Switch to Chinese' }).click();
  expect(await page.locator('[data-score="stars"]').textContent()).toBe('3 颗星中得到 3 颗');
  expect(await page.locator('.score h2').textContent()).toContain('先竖切，再横切');
  const mute = page.locator('#mute');
  expect(await mute.getAttribute('aria-label')).toBe('静音：关闭音效');

  await mute.click();
  expect(await mute.getAttribute('aria-pressed')).toBe('true');
  expect(await page.evaluate(() => localStorage.getItem('mesh-kitchen.muted'))).toBe('1');
  await screenshot(page, `mouse-score-zh-muted-${size}`);
  // Muted: clicking on is silent.
  const before = (await heard(page)).length;
  await page.getByRole('button', { name: '返回关卡列表' }).click();
  expect(await page.locator(`[data-level="${LEVEL}"] .stars`).getAttribute('aria-label')).toBe(
    '3 颗星中得到 3 颗',
  );
  expect((await heard(page)).length).toBe(before);

  // The choice survives a reload; unmuting by mouse works.
  await page.reload();
  await page.waitForFunction(() => window.__meshKitchen?.game.scene.isActive('title'));
  expect(await mute.getAttribute('aria-pressed')).toBe('true');
  await mute.click();
  expect(await mute.getAttribute('aria-pressed')).toBe('false');
  expect(await page.evaluate(() => localStorage.getItem('mesh-kitchen.muted'))).toBe('0');
}

// 120 s each: a whole level, a reload and two dozen screenshots on a shared two-core machine.
describe('a level played with the mouse in Chromium', () => {
  it('reaches three stars at 1280×720', async () => {
    const { page, errors } = await game.open('/');
    await playWithTheMouse(page, '1280x720');
    expect(errors).toEqual([]);
  }, 120_000);

  it('reaches three stars on a 390×844 phone', async () => {
    const { page, errors } = await game.open('/', {
      width: 390,
      height: 844,
    });
    await playWithTheMouse(page, '390x844');
    expect(errors).toEqual([]);
  }, 120_000);
});
