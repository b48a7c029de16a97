// The big screen during service and the phones while planning, in Chromium (issue 18, items 3 and 7): three
// teams of one on 'fridge-too-small' — t1 the reference labels, t2 one label, t3 the start plan (out of
// memory) — with four projectors (English and Chinese, 1280×720 and 1920×1080) and a dashboard. On the
// phones (390×844) the kitchen drawing starts folded away, the editors and the preview's headline are on
// the first screen with one scroll for everything, and the drawing comes back by keyboard. At service every
// projector plays the three services side by side on the canvas (the dynamic view): the two fitting plans
// cook (the canvas changes), the out-of-memory plan does not (its panel stands still, says why in words);
// its reveal shows the fridge overflowing instead of a service. No text below 20 px on the projectors.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, tabTo, type WatchedPage } from './browser.ts';
import { useServedGame } from './useServedGame.ts';
import { createClass, openDashboard } from './classSession.ts';
import { cutHistogramCounts, smallestTextPx } from './projectorLayout.ts';

const PHONE = { width: 390, height: 844 };
const SMALL = { width: 1280, height: 720 };
const LARGE = { width: 1920, height: 1080 };

/**
 * The server's clock, which the test stops during service (8 s of the server's time) so that four
 * projectors can be checked and photographed on a busy machine, then lets run on from where it stopped.
 */
const clock = {
  stoppedAt: null as number | null,
  shift: 0,
  now(): number {
    return clock.stoppedAt ?? Date.now() + clock.shift;
  },
  stop(): void {
    clock.stoppedAt = clock.now();
  },
  run(): void {
    if (clock.stoppedAt !== null) clock.shift = clock.stoppedAt - Date.now();
    clock.stoppedAt = null;
  },
};
const game = useServedGame({ now: () => clock.now() });

const phaseOf = (page: Page, sel = '.cls-bar .phase') => page.locator(sel).getAttribute('data-phase');
const waitPhase = (page: Page, phase: string, sel = '.cls-bar .phase') =>
  expect.poll(() => phaseOf(page, sel), { timeout: 20_000 }).toBe(phase);

/** Elements of the page that scroll on their own, other than the panel (the one scroll a phone needs). */
const nestedScrollers = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#panel *')]
      .filter((el) => {
        const y = getComputedStyle(el).overflowY;
        return (y === 'auto' || y === 'scroll') && el.scrollHeight > el.clientHeight + 1;
      })
      .map((el) => `${el.tagName}.${el.className}`),
  );

/** Whether `sel` is inside the window (a phone's first screen), px from the top. */
const onScreen = (page: Page, sel: string) =>
  page.locator(sel).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
  });

/** The texts of `sel`'s descendants that run past the window's right edge (nothing cut off across). */
const pastRightEdge = (page: Page, sel: string) =>
  page
    .locator(sel)
    .evaluate((el) =>
      [...el.querySelectorAll('*')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((e) => e.textContent),
    );

/**
 * A fingerprint of what the canvas shows in each service panel's hole: distinct colours and a hash of a
 * coarse pixel sample, by team (after two animation frames: Phaser draws a change on its next frame).
 */
async function holes(
  page: Page,
): Promise<Record<string, { colours: number; hash: number; overflow: boolean }>> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(() => {
    const canvas = document.querySelector('#game canvas') as HTMLCanvasElement;
    const origin = canvas.getBoundingClientRect();
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0);
    const out: Record<string, { colours: number; hash: number; overflow: boolean }> = {};
    for (const panel of document.querySelectorAll<HTMLElement>('.service-panel')) {
      const box = panel.querySelector('.service-canvas')!.getBoundingClientRect();
      const data = ctx.getImageData(
        Math.floor(box.left - origin.left),
        Math.floor(box.top - origin.top),
        Math.floor(box.width),
        Math.floor(box.height),
      ).data;
      const colours = new Set<number>();
      let hash = 0;
      let overflow = false;
      for (let i = 0; i < data.length; i += 4 * 7) {
        const c = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
        colours.add(c);
        hash = (hash * 31 + c) >>> 0;
        if (c === 0xd55e00) overflow = true; // the fridge's overflow frame (views/palette.ts OVERFLOW)
      }
      out[panel.dataset.team!] = { colours: colours.size, hash, overflow };
    }
    return out;
  });
}

describe('the service on the big screen, the plan on the phone', () => {
  it('plays every team’s service side by side, shows the out-of-memory plan failing', async () => {
    const base = `http://127.0.0.1:${game.port}`;
    const { code, hostKey } = await createClass(base, {
      rounds: ['fridge-too-small'],
      planningSeconds: 300,
      teams: 3,
      title: 'Class 7B',
    });
    const host = await openDashboard(game.open, code, hostKey);

    const projectors: { w: WatchedPage; name: string; zh: boolean }[] = [];
    for (const [size, viewport] of [
      ['1280', SMALL],
      ['1920', LARGE],
    ] as const)
      for (const zh of [false, true]) {
        const w = await game.open(`/?projector=${code}`, viewport, zh ? 'zh-CN' : 'en-US');
        await w.page.waitForSelector('#projector-code');
        projectors.push({ w, name: `${zh ? 'zh' : 'en'}-${size}`, zh });
      }

    const phones: WatchedPage[] = [];
    for (const [name, locale] of [
      ['Ann', 'en-US'],
      ['Bo', 'zh-CN'],
      ['Cy', 'en-US'],
    ] as const) {
      const phone = await game.open(`/?join=${code}`, PHONE, locale);
      await phone.page.fill('#join-nickname', name);
      await phone.page.click('#join-submit');
      await phone.page.waitForSelector('.cls-bar .phase');
      phones.push(phone);
    }
    const [ann, bo, cy] = phones.map((p) => p.page) as [Page, Page, Page];
    expect(
      await Promise.all(phones.map((p) => p.page.locator('.cls-bar').getAttribute('data-team'))),
    ).toEqual(['t1', 't2', 't3']);
    await host.page.click('[data-command="start"]');
    for (const p of phones) await waitPhase(p.page, 'briefing');
    await host.page.click('[data-command="advance"]');
    for (const p of phones) await waitPhase(p.page, 'planning');

    // Item 7: the phone's screen goes to the controls. The drawing starts folded away, the panel fills the
    // screen, the preview's headline is on the first screen (sticky), nothing scrolls inside the panel. The
    // footer says the fridge once (a second line under it once said it again in other words).
    const HEADLINE = '.panel-footer .preview-headline';
    /** How many times the sticky footer shows the fridge's capacity. */
    const fridgeSaid = (page: Page) =>
      page
        .locator('.panel-footer')
        .innerText()
        .then((text) => text.split('16.0 GB').length - 1);
    for (const [page, zh] of [
      [ann, false],
      [bo, true],
    ] as const) {
      await page.waitForSelector(`${HEADLINE}:not(:empty)`);
      expect(await page.locator('#kitchens-toggle').getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('#game').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
      expect(await page.locator('#panel').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(80);
      expect(await onScreen(page, HEADLINE)).toBe(true);
      expect(await pastRightEdge(page, '.panel-footer')).toEqual([]);
      expect(await page.locator(HEADLINE).textContent()).toContain(
        zh ? '✗ 35.6 GB / 16.0 GB：超出 19.6 GB' : '✗ 35.6 GB of 16.0 GB: over by 19.6 GB',
      );
      expect(await fridgeSaid(page)).toBe(1);
      expect(await page.locator('#plan-flag').isHidden()).toBe(true);
      expect(await nestedScrollers(page)).toEqual([]);
      await screenshot(page, `classroom-phone-planning-${zh ? 'zh' : 'en'}-390`);
    }
    // Scrolled to the labels, the headline is still in view and follows the edits.
    const w1 = ann.getByLabel('w1, dimension 1');
    await w1.scrollIntoViewIfNeeded();
    expect(await onScreen(ann, HEADLINE)).toBe(true);
    await w1.selectOption('model');
    await ann.getByLabel('w2, dimension 0').selectOption('model');
    await expect.poll(() => ann.locator(HEADLINE).textContent()).toMatch(/^✓ 9\.0 GB of 16\.0 GB: fits/);
    expect(await fridgeSaid(ann)).toBe(1);
    expect(await onScreen(ann, HEADLINE)).toBe(true);
    await screenshot(ann, 'classroom-phone-planning-edited-en-390');
    // By keyboard: Tab to the toggle, Enter shows the drawing above the panel, Enter folds it again.
    await ann.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await ann.evaluate(() => document.getElementById('panel')!.scrollTo(0, 0));
    await tabTo(ann, 'kitchens-toggle');
    await ann.keyboard.press('Enter');
    expect(await ann.locator('#kitchens-toggle').getAttribute('aria-expanded')).toBe('true');
    expect(await ann.locator('#game').evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
    expect(await ann.locator('#panel').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(250);
    expect(await ann.locator('#kitchens-toggle').textContent()).toBe('Hide the kitchens');
    await screenshot(ann, 'classroom-phone-planning-kitchens-en-390');
    await ann.keyboard.press('Enter');
    expect(await ann.locator('#kitchens-toggle').getAttribute('aria-expanded')).toBe('false');
    await bo.getByLabel('w1 的第 1 维').selectOption('model');
    await bo.getByLabel('w2 的第 1 维').selectOption('model');
    await expect.poll(() => bo.locator(HEADLINE).textContent()).toMatch(/^✓ .* \/ 16\.0 GB/u);

    // Item 3: every captain locks; service plays on every projector.
    await ann.click('#lock-plan');
    await bo.click('#lock-plan');
    // The server's clock stops before the last lock starts the service: its 8 s wait for the checks.
    clock.stop();
    await cy.click('#lock-plan');
    await Promise.all(
      projectors.map(async ({ w, name, zh }) => {
        const pp = w.page;
        await waitPhase(pp, 'service', '.proj-head .phase');
        await expect.poll(() => pp.locator('.service-panel').count(), { timeout: 5000 }).toBe(3);
        await expect.poll(() => pp.locator('#stage').getAttribute('data-canvas')).toBe('service');
        expect(
          await pp.locator('.service-panel').evaluateAll((els) => els.map((e) => e.dataset.state)),
        ).toEqual(['cooking', 'cooking', 'oom']);
        expect(await pp.locator('.service-panel[data-team="t3"] .service-note').textContent()).toBe(
          zh
            ? '✗ 冷柜装不下：最满的厨房要 35.6 GB，冷柜只有 16.0 GB。这一步做不了菜。'
            : '✗ Out of memory: needs 35.6 GB, the fridge holds 16.0 GB. The step cannot cook.',
        );
        const first = await holes(pp);
        await screenshot(pp, `classroom-projector-service-${name}`);
        // Cooking panels change from frame to frame (the cursor sweeps, stoves and dishes follow): poll, as a
        // busy machine may draw few frames.
        await expect
          .poll(async () => (await holes(pp)).t1!.hash, { timeout: 10_000 })
          .not.toBe(first.t1!.hash);
        const later = await holes(pp);
        // The fitting plans cook (stoves change, dishes cross); the out-of-memory plan stands still with its
        // fridges overflowing.
        for (const team of ['t1', 't2', 't3']) expect(first[team]!.colours).toBeGreaterThan(6);
        expect(later.t3!.hash).toBe(first.t3!.hash);
        expect(first.t3!.overflow).toBe(true);
        expect(first.t1!.overflow).toBe(false);
        expect(await smallestTextPx(pp)).toBeGreaterThanOrEqual(20);
        expect(
          await pp.evaluate(() => {
            const el = document.getElementById('panel')!;
            return el.scrollHeight - el.clientHeight;
          }),
        ).toBeLessThanOrEqual(0);
      }),
    );
    // The team's own phone: the out-of-memory plan's service does not cook either.
    await cy.waitForSelector('.failed-step[data-failed="oom"]');
    expect(await cy.locator('.timeline .lane').count()).toBe(0);
    await screenshot(cy, 'classroom-phone-service-oom-en-390');
    clock.run();

    // Results, then the reveal of the out-of-memory plan: the fridge overflows where the lanes would play.
    for (const { w } of projectors) await waitPhase(w.page, 'results', '.proj-head .phase');
    expect(await projectors[0]!.w.page.locator('#stage').getAttribute('data-canvas')).toBeNull();
    await host.page.click('[data-reveal="t3"]');
    for (const { w, name, zh } of projectors) {
      const pp = w.page;
      await pp.waitForSelector('.reveal[data-team="t3"] .failed-step');
      expect(await pp.locator('.reveal .lane').count()).toBe(0);
      expect(await pp.locator('.reveal .failed-why').textContent()).toContain(
        zh ? '冷柜装不下：最满的厨房要 35.6 GB' : 'Out of memory: needs 35.6 GB',
      );
      expect(await smallestTextPx(pp)).toBeGreaterThanOrEqual(20);
      expect(await cutHistogramCounts(pp)).toEqual([]);
      await screenshot(pp, `classroom-projector-reveal-oom-${name}`);
    }
    for (const w of [host, ...phones, ...projectors.map((p) => p.w)]) expect(w.errors).toEqual([]);
  }, 240_000);
});
