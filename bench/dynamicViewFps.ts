// The dynamic view's frame rate in headless Chromium (issue 5: ≥ 50 FPS with a 64-kitchen mesh): the built
// client (dist/, built first if missing) served by the real server, the banquet level on a data 1 × stage 8
// × model 8 grid (64 kitchens) with 64 microbatches (8 pipeline lanes, ~4900 events), full recompute and
// sequence parallelism (without them the first stage's fridge needs 185.9 GB of 80 GB: nothing cooks, so
// nothing plays), the dynamic view playing at 1×; frames counted with requestAnimationFrame over 3 s, plus
// Phaser's game.loop.actualFps. JSON.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { launchChromium, openPage, ROOT, startServedGame } from '../test/e2e/browser.ts';

/** What the benchmark reaches through the page's probe (client/scenes/KitchenScene.ts getters). */
interface KitchenProbe {
  session: {
    edit(edit: unknown): boolean;
    view: {
      evaluation: {
        timeline: { lanes: { events: unknown[] }[] };
        pricing: { memory: { fits: boolean } };
      } | null;
    };
  };
  showView(view: string): void;
}

const SECONDS = 3;
const GRID = [
  { name: 'data', size: 1 },
  { name: 'stage', size: 8 },
  { name: 'model', size: 8 },
];

export async function benchDynamicViewFps(viewport = { width: 1280, height: 720 }) {
  if (!existsSync(path.join(ROOT, 'dist', 'index.html')))
    execFileSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
  const server = await startServedGame();
  const browser = await launchChromium();
  try {
    const { page, errors } = await openPage(browser, `http://127.0.0.1:${server.port}/`, viewport);
    await page.waitForFunction(() => window.__meshKitchen?.game.scene.isActive('title'));
    await page.click('#play');
    // The banquet from the level list when it is playable there, else through the app (the same call).
    const row = page.locator('[data-level="the-banquet"]');
    if (await row.isEnabled()) await row.click();
    else
      await page.evaluate(() =>
        (window.__meshKitchen!.app as unknown as { play(id: string): void }).play('the-banquet'),
      );
    await page.waitForFunction(() => window.__meshKitchen?.game.scene.isActive('kitchen'));
    const setup = await page.evaluate((axes) => {
      const scene = window.__meshKitchen!.game.scene.getScene('kitchen') as unknown as KitchenProbe;
      const accepted =
        scene.session.edit({ type: 'setMesh', axes }) &&
        scene.session.edit({ type: 'setPipeline', microbatches: 64 }) &&
        scene.session.edit({ type: 'setRecompute', policy: 'full' }) &&
        scene.session.edit({ type: 'setSequenceParallel', enabled: true });
      scene.showView('dynamic');
      const evaluation = scene.session.view.evaluation;
      const lanes = evaluation?.timeline.lanes ?? [];
      return {
        accepted,
        fits: evaluation?.pricing.memory.fits ?? false,
        lanes: lanes.length,
        events: lanes.reduce((n, l) => n + l.events.length, 0),
      };
    }, GRID);
    if (!setup.accepted)
      throw new Error('the banquet refused the 1 × 8 × 8 grid, 64 microbatches or its savers');
    if (!setup.fits)
      throw new Error('the 1 × 8 × 8 banquet plan does not fit its fridges: nothing would play');
    await page.click('[data-control="play"]');
    await page.waitForTimeout(500);
    // A string, not a function: tsx's esbuild would wrap named inner functions in a `__name` helper the
    // page does not have.
    const fps = (await page.evaluate(`new Promise((resolve) => {
      const game = window.__meshKitchen.game;
      let frames = 0;
      const start = performance.now();
      requestAnimationFrame(function tick(now) {
        frames++;
        if (now - start < ${SECONDS * 1000}) requestAnimationFrame(tick);
        else
          resolve({
            rafFps: (frames * 1000) / (now - start),
            actualFps: game.loop.actualFps,
            playing: document.querySelector('[data-control="play"]')?.getAttribute('data-playing') === 'true',
          });
      });
    })`)) as { rafFps: number; actualFps: number; playing: boolean };
    return {
      name: 'dynamic view frames per second (headless Chromium, Phaser Canvas renderer)',
      viewport: `${viewport.width}×${viewport.height}`,
      kitchens: GRID.reduce((n, a) => n * a.size, 1),
      lanes: setup.lanes,
      events: setup.events,
      seconds: SECONDS,
      rafFps: Math.round(fps.rafFps * 10) / 10,
      phaserActualFps: Math.round(fps.actualFps * 10) / 10,
      playing: fps.playing,
      consoleErrors: errors,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename))
  console.log(JSON.stringify(await benchDynamicViewFps(), null, 2));
