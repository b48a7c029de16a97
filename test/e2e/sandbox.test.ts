// The sandbox through the real UI: the 175B GPT on 512 A100s from the list, the level screen's preview
// priced at full scale, and the exports: the plan as a JAX file and the step as a Chrome trace.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { useServedGame } from './useServedGame.ts';

const game = useServedGame();

describe('sandbox', () => {
  it('builds GPT-3 175B on 512 A100s and exports its plan and trace', async () => {
    const { page, errors } = await game.open('/');
    await page.locator('#play').click();
    await page.locator('#sandbox-entry').click();
    await page.selectOption('#sandbox-menu', 'gpt-175b');
    await page.selectOption('#sandbox-kitchen', 'a100-80gb');
    await page.selectOption('#sandbox-devices', '512');
    await page.locator('#sandbox-start').click();
    await page.locator('#level-heading').waitFor();
    expect(await page.locator('#level-heading').textContent()).toContain('175');
    // The preview prices the start plan at full scale: a fridge verdict per kitchen group. The start (every
    // kitchen a whole copy of 175B parameters) does not fit, so it is not served: no step time, no rate.
    await expect.poll(() => page.locator('.mem.overflow').count()).toBeGreaterThan(0);
    expect(await page.locator('.mem').first().textContent()).toMatch(/\d+(\.\d)? (GB|TB) of 80\.0 GB/);
    expect(await page.locator('[data-metric="rate"]').textContent()).toBe('—');
    expect(await page.locator('[data-metric="step"]').textContent()).toBe('—');

    await page.locator('summary', { hasText: 'Export the plan' }).first().click();
    const py = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download JAX (.py)' }).click();
    const jax = readFileSync(await (await py).path(), 'utf8');
    expect(jax).toContain('import jax');
    expect(jax).toMatch(/Mesh|make_mesh/);
    const json = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download trace (.json)' }).click();
    const trace = JSON.parse(readFileSync(await (await json).path(), 'utf8')) as {
      traceEvents: { ph: string; name: string; dur?: number }[];
    };
    // The start plan: one SPMD lane whose forward, backward and update are complete ('X') events.
    const complete = trace.traceEvents.filter((e) => e.ph === 'X');
    expect(complete.map((e) => e.name)).toEqual(expect.arrayContaining([expect.stringMatching(/forward/i)]));
    expect(complete.every((e) => (e.dur ?? 0) > 0)).toBe(true);
    await screenshot(page, 'sandbox-gpt175b-1280');
    expect(errors).toEqual([]);
  });
});
