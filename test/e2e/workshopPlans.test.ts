// A facilitator saves the create form as a named workshop plan, reloads the page and creates the next
// session from it: title, rounds, planning time and team count come back from this browser's storage.
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { useServedGame } from './useServedGame.ts';

const game = useServedGame();

describe('saved workshop plans on the create form', () => {
  it('saves, reloads and loads a plan of two rounds', async () => {
    const { page, errors } = await game.open('/?host');
    await page.locator('#round-pick').waitFor();
    await page.fill('#session-title', 'Week 3 · 第三周');
    await page.selectOption('#round-pick', 'column-then-row');
    await page.getByRole('button', { name: /Add round/ }).click();
    await page.fill('#planning-seconds', '240');
    await page.fill('#team-count', '3');
    await page.locator('.workshop-plans summary').click();
    await page.fill('#workshop-name', 'Week 3');
    await page.getByRole('button', { name: 'Save plan' }).click();
    await expect.poll(() => page.locator('.workshop-plans [role=status]').textContent()).toContain('Week 3');

    await page.reload();
    await page.locator('#round-pick').waitFor();
    expect(await page.locator('.round-list li').count()).toBe(1); // a fresh form: the first level only
    await page.locator('.workshop-plans summary').click();
    await page.selectOption('#workshop-pick', 'Week 3');
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    expect(await page.inputValue('#session-title')).toBe('Week 3 · 第三周');
    expect(await page.inputValue('#planning-seconds')).toBe('240');
    expect(await page.inputValue('#team-count')).toBe('3');
    expect(await page.locator('.round-list li').count()).toBe(2);
    await screenshot(page, 'classroom-host-create-workshop-1280');
    expect(errors).toEqual([]);
  });
});
