// What the classroom browser tests measure of the projector page at projector distance: the smallest font of
// any visible text (the house minimum is 20 px at 1280×720) and how far any of its panes scrolls (none may);
// whether the paused band says so in big type, covering nothing; and of any classroom page: which words a
// line break cuts in two.
import type { Page } from 'playwright-core';

/** The smallest font of any visible text of the projector page, px. */
export const smallestTextPx = (page: Page): Promise<number> =>
  page.evaluate(() => {
    let smallest = Infinity;
    const walker = document.createTreeWalker(
      document.querySelector('.projector-page')!,
      NodeFilter.SHOW_TEXT,
    );
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement!;
      if (!n.textContent?.trim() || el.closest('[hidden], .visually-hidden')) continue;
      smallest = Math.min(smallest, parseFloat(getComputedStyle(el).fontSize));
    }
    return smallest;
  });

/** How far the projector's most overflowing pane scrolls, px (0: everything is on screen). */
export const projectorScrollPx = (page: Page): Promise<number> =>
  page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll<HTMLElement>('#panel, .proj-main, .proj-side')].map(
        (el) => el.scrollHeight - el.clientHeight,
      ),
    ),
  );

/**
 * The histogram counts not drawn whole on their bars (dark on blue: a count that stands out of its bar is lost
 * on the dark page), as "metric bin: count"; an empty bin's 0, muted above a 2 px line, is left out.
 */
export const cutHistogramCounts = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.histogram')].flatMap((figure) =>
      [...figure.querySelectorAll<HTMLElement>('.hist-bar')].flatMap((bar, i) => {
        if (bar.classList.contains('empty')) return [];
        const b = bar.getBoundingClientRect();
        const c = bar.querySelector('span')!.getBoundingClientRect();
        const whole = c.top >= b.top - 0.5 && c.bottom <= b.bottom + 0.5;
        return whole ? [] : [`${figure.dataset.metric} ${i}: ${bar.textContent}`];
      }),
    ),
  );

/** The `words` of `sel`'s text that a line break cuts in two (each word's range spans several lines). */
export const brokenWords = (page: Page, sel: string, words: readonly string[]): Promise<string[]> =>
  page.locator(sel).evaluate(
    (el, list) =>
      list.filter((word) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf(word);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + word.length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return tops.size > 1;
        }
        throw new Error(`"${word}" is not in ${el.textContent}`);
      }),
    words,
  );

/**
 * The projector's paused band: its big word, whether that word is at least 1.5× the projector's body type,
 * whether the band is clear of the rest (above the main column's content, left of the side column: it covers
 * nothing), and how far a pane scrolls (px).
 */
export const pausedBand = async (page: Page) => ({
  ...(await page.evaluate(() => {
    const band = document.querySelector<HTMLElement>('.proj-paused');
    if (!band || band.hidden) return { word: null, big: false, clear: false };
    const word = band.querySelector('strong')!;
    const px = (el: Element) => parseFloat(getComputedStyle(el).fontSize);
    const box = (sel: string) => document.querySelector(sel)!.getBoundingClientRect();
    const r = band.getBoundingClientRect();
    return {
      word: word.textContent,
      big: px(word) >= 1.5 * px(document.querySelector('.projector-page')!),
      clear: r.bottom <= box('.proj-main').top + 0.5 && r.right <= box('.proj-side').left + 0.5,
    };
  })),
  scrolls: await projectorScrollPx(page),
});
