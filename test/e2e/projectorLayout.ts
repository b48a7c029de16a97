// What the classroom browser tests measure of the projector page at projector distance: the smallest font of
// any visible text (the house minimum is 20 px at 1280×720) and how far any of its panes scrolls (none may);
// and of any classroom page: whether the leaderboard's bars compare across rows, how often a word shows, and
// which words a line break cuts in two.
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

/**
 * Each leaderboard row of `root`'s first leaderboard: its team, points, bar track's and fill's widths, px,
 * and how far its content runs past the right edge of the list's column (px, 0 when inside).
 */
export const leaderboardBars = (
  page: Page,
  root = '.projector-page',
): Promise<{ team: string; points: number; track: number; fill: number; past: number }[]> =>
  page.evaluate((sel) => {
    const list = document.querySelector(`${sel} .leaderboard`)!;
    const edge = list.parentElement!.getBoundingClientRect().right;
    return [...list.querySelectorAll<HTMLElement>(':scope > li')].map((li) => {
      const track = li.querySelector('.lead-bar')!;
      const right = Math.max(...[...li.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right));
      return {
        team: li.dataset.team!,
        points: Number(/\d+/u.exec(li.querySelector('.points')!.textContent!)![0]),
        track: track.getBoundingClientRect().width,
        fill: track.querySelector('span')!.getBoundingClientRect().width,
        past: Math.max(0, Math.round(right - edge)),
      };
    });
  }, root);

/**
 * Whether the leaderboard's bars compare: every row inside its column, its track as wide as the others'
 * (±1 px) and its fill the share of its points in the leader's (±1.5 px); the rows that do not, as "team: why".
 */
export async function incomparableBars(page: Page, root = '.projector-page'): Promise<string[]> {
  const rows = await leaderboardBars(page, root);
  const top = Math.max(...rows.map((r) => r.points));
  const width = rows[0]?.track ?? 0;
  return rows.flatMap((r) => [
    ...(r.past > 0 ? [`${r.team}: runs ${r.past} px past the column`] : []),
    ...(Math.abs(r.track - width) > 1 ? [`${r.team}: track ${r.track} px, not ${width} px`] : []),
    ...(top > 0 && Math.abs(r.fill - (r.track * r.points) / top) > 1.5
      ? [`${r.team}: fill ${r.fill} px of ${r.track} px for ${r.points} of ${top} points`]
      : []),
  ]);
}

/** How many times `text` shows on the page: visible text nodes (not hidden, not visually hidden) holding it. */
export const timesShown = (page: Page, text: string): Promise<number> =>
  page.evaluate((needle) => {
    let n = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement!;
      if (!node.textContent?.includes(needle) || el.closest('[hidden], .visually-hidden')) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden') n++;
    }
    return n;
  }, text);

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
