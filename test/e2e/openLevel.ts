// Opens a level as the browser tests do: wait for the title, Play, then the app's `play(id)` (the level list's
// own entry point), and wait for the kitchen scene.
import type { Page } from 'playwright-core';

export async function openLevel(page: Page, id: string): Promise<void> {
  await page.waitForFunction(() => window.__meshKitchen?.game.scene.isActive('title'));
  await page.click('#play');
  await page.evaluate(
    (level) => (window.__meshKitchen!.app as unknown as { play(id: string): void }).play(level),
    id,
  );
  await page.waitForFunction(() => window.__meshKitchen?.game.scene.isActive('kitchen'));
}
