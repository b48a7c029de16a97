// The first page in a real browser: the built client served by the real server renders the title screen
// with the Canvas renderer, joins the lobby room (ping answered), switches language, and logs no console errors.
// English punctuation and × are not full-width although the font stack leads with Noto Sans CJK
// (client/style.css).
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { useServedGame } from './useServedGame.ts';

const game = useServedGame();

/** Reads the page's state through the test probe in client/main.ts. */
const probe = `(() => {
  const mk = window.__meshKitchen;
  const scene = mk.game.scene.getScene('title');
  return {
    renderer: mk.game.renderer.type === 2 ? 'WEBGL' : mk.game.renderer.type === 1 ? 'CANVAS' : 'OTHER',
    sceneActive: mk.game.scene.isActive('title'),
    texts: (function collect(list) {
      return list.flatMap((o) => (o.type === 'Text' ? [o.text] : o.list ? collect(o.list) : []));
    })(scene.children.list),
    connection: mk.connection.current,
    locale: mk.locales.locale,
    button: document.getElementById('lang').textContent,
  };
})()`;

/** Width of `glyph` in the page's font, in ems: Noto Sans CJK draws ’ and × 1 em wide, which English text
 *  must not show ("parameter’s", not "parameter’ s"; client/style.css). */
const widthEm = (glyph: string) => `(async () => {
  await document.fonts.ready;
  const span = document.createElement('span');
  span.textContent = ${JSON.stringify(glyph)};
  span.style.position = 'absolute';
  document.body.appendChild(span);
  const em = span.getBoundingClientRect().width / parseFloat(getComputedStyle(span).fontSize);
  span.remove();
  return em;
})()`;

interface Probe {
  renderer: string;
  sceneActive: boolean;
  texts: string[];
  connection: { kind: string; rttMs?: number };
  locale: string;
  button: string;
}

describe('title screen in Chromium', () => {
  it('renders with the Canvas renderer, answers a ping, switches language, and logs no errors', async () => {
    const { page, errors } = await game.open('/');
    // Online and drawn: the lobby can answer before Phaser has booted into the title scene (a loaded machine).
    await page.waitForFunction(
      () =>
        window.__meshKitchen?.connection.current.kind === 'online' &&
        window.__meshKitchen.game.scene.isActive('title'),
      null,
      { timeout: 15_000 },
    );
    const en = (await page.evaluate(probe)) as Probe;
    expect(en.renderer).toBe('CANVAS');
    expect(en.sceneActive).toBe(true);
    expect(en.locale).toBe('en');
    expect(en.texts).toContain('Mesh Kitchen');
    expect(en.texts.filter((t) => /^Kitchen \d$/.test(t)).sort()).toEqual([
      'Kitchen 0',
      'Kitchen 1',
      'Kitchen 2',
      'Kitchen 3',
    ]);
    expect(en.texts.some((t) => t.includes("Mesh('data': 2, 'model': 2)"))).toBe(true);
    expect(en.connection.kind).toBe('online');
    expect(await page.evaluate(widthEm('\u2019'))).toBeLessThan(0.5);
    expect(await page.evaluate(widthEm('\u00d7'))).toBeLessThan(0.9);

    // The canvas really drew something: the kitchens' colours are in its pixels.
    const shot = await page.locator('canvas').screenshot();
    expect(shot.byteLength).toBeGreaterThan(5_000);
    await screenshot(page, 'title-en-1280x720');

    await page.getByRole('button', { name: 'Switch to Chinese' }).press('Enter');
    const zh = (await page.evaluate(probe)) as Probe;
    expect(zh.locale).toBe('zh-CN');
    expect(zh.texts).toContain('模型并行厨房');
    expect(zh.texts).toContain('0 号厨房');
    expect(zh.button).toBe('English');
    expect(await page.evaluate(widthEm('\u2019'))).toBeGreaterThan(0.8);
    await screenshot(page, 'title-zh-1280x720');
    expect(errors).toEqual([]);
  });

  it('fits a phone screen and starts in Chinese for a zh browser', async () => {
    const { page, errors } = await game.open('/', { width: 390, height: 844 }, 'zh-CN');
    await page.waitForFunction(() => window.__meshKitchen?.game.scene.isActive('title'));
    const zh = (await page.evaluate(probe)) as Probe;
    expect(zh.locale).toBe('zh-CN');
    const box = await page.locator('canvas').boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'title-zh-390x844');
    expect(errors).toEqual([]);
  });
});
