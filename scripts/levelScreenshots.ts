// Screenshots of every level for a person to look at (issue 13 item 7): the built client served by the real
// server, each level opened from the title screen at 1280×720 and 390×844 in English and Chinese, in the
// chosen views, written to test-output/screenshots/levels/ (git-ignored). Not a test: it checks nothing but
// page errors, which it prints. Run `npm run build` first, then
//   node --import tsx scripts/levelScreenshots.ts [--levels id,id] [--views local,static,dynamic]
//     [--sizes 1280x720,390x844] [--locales en,zh-CN] [--plan start|reference|trap] [--serve]
// With --serve the plan is also served and the score screen shot, its top as `…-served-…png` and its debrief
// as `…-debrief-…png`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { LEVELS, levelById } from '../shared/index.ts';
import { launchChromium, openPage, SCREENSHOT_DIR, startServedGame } from '../test/e2e/browser.ts';
import { editsBetween } from '../test/e2e/editsBetween.ts';

const arg = (name: string, fallback: string): string[] => {
  const i = process.argv.indexOf(`--${name}`);
  return (i >= 0 ? process.argv[i + 1]! : fallback).split(',');
};
const levels = arg('levels', LEVELS.map((l) => l.id).join(','));
const views = arg('views', 'local');
const sizes = arg('sizes', '1280x720,390x844').map((s) => s.split('x').map(Number) as [number, number]);
const locales = arg('locales', 'en,zh-CN');
const [plan] = arg('plan', 'start');
const serve = process.argv.includes('--serve');
const dir = path.join(SCREENSHOT_DIR, 'levels');
mkdirSync(dir, { recursive: true });

const server = await startServedGame();
const browser = await launchChromium();
try {
  for (const [width, height] of sizes)
    for (const locale of locales)
      for (const id of levels) {
        const { page, errors } = await openPage(browser, `http://127.0.0.1:${server.port}/`, {
          width,
          height,
        });
        try {
          await page.waitForFunction(() => window.__meshKitchen?.game.scene.isActive('title'));
          if (locale === 'zh-CN') await page.getByRole('button', { name: 'Switch to Chinese' }).click();
          if (id === 'title') {
            await page.screenshot({ path: path.join(dir, `title-${locale}-${width}.png`) });
            continue;
          }
          await page.click('#play');
          await page.evaluate(
            (level) => (window.__meshKitchen!.app as unknown as { play(id: string): void }).play(level),
            id,
          );
          await page.waitForFunction(() => window.__meshKitchen?.game.scene.isActive('kitchen'));
          const level = levelById(id)!;
          const target = plan === 'trap' ? level.trap.plan : plan === 'reference' ? level.reference : null;
          if (target)
            await page.evaluate(
              (edits) => {
                const scene = window.__meshKitchen!.game.scene.getScene('kitchen') as unknown as {
                  session: { edit(e: unknown): boolean };
                };
                for (const e of edits) scene.session.edit(e);
              },
              editsBetween(level.start, target),
            );
          for (const view of views) {
            await page.evaluate((v) => {
              const scene = window.__meshKitchen!.game.scene.getScene('kitchen') as unknown as {
                showView(v: string): void;
              };
              scene.showView(v);
            }, view);
            await page.evaluate(
              () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
            );
            await page.waitForTimeout(300);
            await page.screenshot({
              path: path.join(dir, `${id}-${plan}-${view}-${locale}-${width}.png`),
              fullPage: true,
            });
          }
          if (serve) {
            await page.getByRole('button', { name: locale === 'zh-CN' ? '上菜' : 'Serve' }).click();
            await page.waitForSelector('.score');
            await page.screenshot({
              path: path.join(dir, `${id}-${plan}-served-${locale}-${width}.png`),
              fullPage: true,
            });
            // below one star the debrief opens on request (ScorePanel.ts debriefSection)
            const locked = page.locator('details.debrief-locked summary');
            if ((await locked.count()) > 0) await locked.click();
            await page.locator('.debrief').scrollIntoViewIfNeeded();
            await page.screenshot({ path: path.join(dir, `${id}-${plan}-debrief-${locale}-${width}.png`) });
          }
          if (errors.length > 0) console.log(`${id} ${locale} ${width}: ${errors.join(' | ')}`);
        } finally {
          await page.context().close();
        }
      }
} finally {
  await browser.close();
  await server.close();
}
console.log(`screenshots in ${dir}`);
