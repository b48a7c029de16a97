// The facilitator's controls and the seats' resilience through the real UI in Chromium: a player reloads
// during planning and is back in the team's plan; a late joiner watches read-only; pause freezes every
// timer and refuses edits, resume, +60 s, move, kick and a hint reach the pages; the projector's reveal
// fits 1280×720 and 1920×1080 with ≥ 20 px text; the results CSV matches the ranking on screen.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, type WatchedPage } from './browser.ts';
import { useServedGame } from './useServedGame.ts';
import { createClass, joinOnPhone, openDashboard } from './classSession.ts';
import { pausedBand, projectorScrollPx, smallestTextPx } from './projectorLayout.ts';

const game = useServedGame();

const phaseOf = (page: Page, sel = '.cls-bar .phase') => page.locator(sel).getAttribute('data-phase');
const waitPhase = (page: Page, phase: string, sel = '.cls-bar .phase') =>
  expect.poll(() => phaseOf(page, sel), { timeout: 20_000 }).toBe(phase);
const teamOf = (page: Page) => page.locator('.cls-bar').getAttribute('data-team');
/** The m:ss of a page's timer, in seconds. */
const seconds = async (page: Page, sel: string): Promise<number> => {
  const [m, s] = ((await page.locator(sel).textContent()) ?? '').split(':').map(Number);
  return m! * 60 + s!;
};
const PLAYER_TIMER = '.cls-bar .timer';
const PROJECTOR_TIMER = '.proj-head .timer';

const joinAs = (nickname: string, code: string): Promise<WatchedPage> =>
  joinOnPhone(game.open, code, nickname);

/** RFC 4180 records (CRLF line ends, quoted fields with doubled quotes). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      for (i++; i < text.length && !(text[i] === '"' && text[i + 1] !== '"'); i++) {
        field += text[i];
        if (text[i] === '"') i++;
      }
    } else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      [field, record] = ['', []];
      i++;
    } else field += c;
  }
  return records;
}

/**
 * Whether the projector shows everything without scrolling: how far the page or a column scrolls, px, and
 * whether the histograms (null: none shown) end inside the window; and the smallest font of any text, px.
 */
const projectorFit = async (page: Page) => {
  const hist = await page.evaluate(
    () => document.querySelector('.proj-side .histograms')?.getBoundingClientRect().bottom ?? null,
  );
  return {
    scrolls: await projectorScrollPx(page),
    histogramsBottom: hist === null ? null : hist <= page.viewportSize()!.height,
    smallest: await smallestTextPx(page),
  };
};

describe('classroom controls in six pages', () => {
  it('reload, late join, pause/resume/+60 s, move, kick, hint, projector layout and the CSV', async () => {
    const base = `http://127.0.0.1:${game.port}`;
    const { code, hostKey } = await createClass(base, {
      rounds: ['fridge-too-small'],
      planningSeconds: 300,
      teams: 2,
      title: 'Controls',
    });

    // The facilitator opens the dashboard from another browser: the host key is asked for once.
    const host = await openDashboard(game.open, code, hostKey);
    const hp = host.page;
    const projector = await game.open(`/?projector=${code}`);
    const pp = projector.page;
    await pp.waitForSelector('#projector-code');

    const ann = await joinAs('Ann', code);
    const bo = await joinAs('Bo', code);
    const cy = await joinAs('Cy', code);
    expect(await Promise.all([ann, bo, cy].map((w) => teamOf(w.page)))).toEqual(['t1', 't2', 't1']);
    await hp.click('[data-command="start"]');
    await waitPhase(ann.page, 'briefing');
    await hp.click('[data-command="advance"]');
    for (const w of [ann, bo, cy]) await waitPhase(w.page, 'planning');
    await waitPhase(pp, 'planning', '.proj-head .phase');
    expect(await projectorFit(pp)).toEqual({
      scrolls: 0,
      histogramsBottom: null,
      smallest: expect.any(Number),
    });
    expect((await projectorFit(pp)).smallest).toBeGreaterThanOrEqual(20);

    // (a) Ann edits, reloads, and is back in planning: same nickname, team and the plan's current version.
    await ann.page.getByLabel('w1, dimension 1').selectOption('model');
    await expect.poll(() => cy.page.locator('fieldset.team-plan').getAttribute('data-version')).toBe('1');
    await ann.page.reload();
    await waitPhase(ann.page, 'planning');
    expect(await ann.page.locator('.cls-bar .who strong').textContent()).toBe('Ann');
    expect(await teamOf(ann.page)).toBe('t1');
    await expect.poll(() => ann.page.locator('fieldset.team-plan').getAttribute('data-version')).toBe('1');
    expect(await ann.page.getByLabel('w1, dimension 1').inputValue()).toBe('model');
    expect(await hp.locator('.host-players > li').count()).toBe(3); // the same seat, not a new one

    // A late joiner (auto-balanced into t2) watches the plan read-only, with the reason on top.
    const eve = await joinAs('Eve', code);
    const ep = eve.page;
    await waitPhase(ep, 'planning');
    expect(await teamOf(ep)).toBe('t2');
    expect(await ep.locator('.late-note').textContent()).toBe(
      "You joined during this round: watch your team's plan; you cook from the next round.",
    );
    expect(await ep.locator('fieldset.team-plan').getAttribute('disabled')).not.toBeNull();
    expect(await ep.getByLabel('w1, dimension 1').isDisabled()).toBe(true);
    expect(await ann.page.locator('.late-note').isHidden()).toBe(true);
    // … and chefs no kitchen until then: dealing Eve in moved half of a teammate's kitchens mid-round
    expect(await ep.locator('.chef-of').textContent()).toBe(
      'You are not chef of a kitchen in this grid: help your team decide.',
    );
    await screenshot(ep, 'classroom-late-joiner-390');

    // (b) Pause: the timers stop on the player's and the projector's pages, every screen says "Paused" in
    // words, and the plan's controls are disabled with the reason said once (no refused edit to show).
    await hp.click('[data-command="pause"]');
    await expect.poll(() => bo.page.locator(PLAYER_TIMER).getAttribute('data-urgency')).toBe('paused');
    await expect.poll(() => pp.locator(PROJECTOR_TIMER).getAttribute('data-urgency')).toBe('paused');
    const frozen = [await seconds(bo.page, PLAYER_TIMER), await seconds(pp, PROJECTOR_TIMER)];
    for (const [page, sel] of [
      [bo.page, '.cls-bar .phase'],
      [pp, '.proj-head .phase'],
      [hp, '.phase-line .phase'],
    ] as const)
      await expect.poll(() => page.locator(sel).textContent()).toMatch(/ · Paused( · |$)/);
    await expect.poll(() => bo.page.getByLabel('w1, dimension 1').isDisabled()).toBe(true);
    expect(await bo.page.locator('fieldset.team-plan').getAttribute('data-access')).toBe('paused');
    // the captain's lock waits for the clock too (the server refuses it while paused: setLock.ts)
    expect(await bo.page.locator('#lock-plan').isDisabled()).toBe(true);
    expect(await bo.page.getByText('Paused by the facilitator').count()).toBe(1);
    expect(await bo.page.locator('.refusal:visible').count()).toBe(0);
    await screenshot(bo.page, 'classroom-paused-390');
    await screenshot(pp, 'classroom-projector-paused-1280');
    // The projector says it for the back of the room: a band under the head with "Paused" in big type,
    // clear of the teams and the side (covering nothing), and the screen still fits without scrolling.
    expect(await pausedBand(pp)).toEqual({ word: 'Paused', big: true, clear: true, scrolls: 0 });
    expect([await seconds(bo.page, PLAYER_TIMER), await seconds(pp, PROJECTOR_TIMER)]).toEqual(frozen);

    // Resume, then +60 s: the clock jumps by a minute.
    await hp.click('[data-command="resume"]');
    await expect.poll(() => bo.page.locator(PLAYER_TIMER).getAttribute('data-urgency')).toBe('calm');
    await expect.poll(() => pp.locator('.proj-paused').isHidden()).toBe(true);
    await expect.poll(() => bo.page.locator('#lock-plan').isDisabled()).toBe(false);
    const before = await seconds(bo.page, PLAYER_TIMER);
    await hp.click('[data-command="extend"]');
    await expect.poll(() => seconds(bo.page, PLAYER_TIMER)).toBeGreaterThanOrEqual(before + 58);
    expect(await seconds(bo.page, PLAYER_TIMER)).toBeLessThanOrEqual(before + 60);
    expect(await seconds(pp, PROJECTOR_TIMER)).toBeGreaterThanOrEqual(before + 57);

    // Move Cy to t2: Cy's page shows the new team.
    await hp.locator('select[data-player="p3"]').selectOption('t2');
    await expect.poll(() => teamOf(cy.page)).toBe('t2');

    // Kick Eve (after the confirm): Eve's page says so.
    hp.once('dialog', (d) => void d.accept());
    await hp.click('button[data-focus="kick-p4"]');
    await expect
      .poll(() => ep.locator('h2').first().textContent())
      .toBe('The facilitator removed you from this session.');
    await expect.poll(() => hp.locator('.host-players > li').count()).toBe(3);

    // A hint shows on every page that is still in the session; a second replaces it; Clear takes it off.
    const hinted = (page: Page) => page.locator('.cls-hint, #hint-now').first();
    await hp.fill('#hint-text', 'Look at w1 first');
    await hp.click('.hint-form button[type="submit"]');
    await expect.poll(() => hinted(pp).textContent()).toContain('Look at w1 first');
    await hp.fill('#hint-text', 'Split the weights, not the kitchen!');
    await hp.getByRole('button', { name: 'Replace hint' }).click();
    for (const page of [ann.page, bo.page, cy.page, pp, hp])
      await expect.poll(() => hinted(page).textContent()).toContain('Split the weights, not the kitchen!');
    expect(await ann.page.locator('.cls-hint').textContent()).not.toContain('w1 first');
    await screenshot(hp, 'classroom-dashboard-hint-1280');
    await hp.click('#hint-clear');
    for (const page of [ann.page, bo.page, cy.page, pp])
      await expect.poll(() => page.locator('.cls-hint').isHidden()).toBe(true);
    await expect.poll(() => hp.locator('#hint-now').count()).toBe(0);
    // A hint of planning goes with planning: sent again, it is gone once service starts.
    await hp.fill('#hint-text', 'Split the weights, not the kitchen!');
    await hp.click('.hint-form button[type="submit"]');
    await expect.poll(() => ann.page.locator('.cls-hint').isHidden()).toBe(false);

    // Ann (t1 captain) labels w2 too; end planning, skip the service animation, reveal the winner.
    await ann.page.getByLabel('w2, dimension 0').selectOption('model');
    // The dashboard's edit counts follow about once a second (MSG_EDIT_COUNTS, server/rooms/editCounts.ts),
    // so this waits longer than expect.poll's default second.
    await expect
      .poll(() => hp.locator('.host-team[data-team="t1"]').textContent(), { timeout: 5_000 })
      .toContain('edits: 2');
    // End planning asks first while a team is unlocked (both are): dismissed, nothing happens.
    let asked = '';
    hp.once('dialog', (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await hp.click('[data-command="endPlanning"]');
    await expect.poll(() => asked).toContain('Not locked yet: Sichuan, Cantonese');
    expect(await phaseOf(ann.page)).toBe('planning');
    hp.once('dialog', (d) => void d.accept());
    await hp.click('[data-command="endPlanning"]');
    await waitPhase(ann.page, 'service');
    for (const page of [ann.page, pp])
      await expect.poll(() => page.locator('.cls-hint').isHidden()).toBe(true);
    await hp.click('[data-command="advance"]');
    await hp.waitForSelector('.host-results .result-list');
    await hp.click('[data-reveal="t1"]');
    await pp.waitForSelector('.reveal[data-team="t1"]');
    await pp.waitForSelector('.proj-side .histograms');

    // The projector's reveal fits without scrolling, histograms included, text ≥ 20 px, at both sizes.
    await screenshot(pp, 'classroom-controls-projector-reveal-1280');
    expect(await projectorFit(pp)).toEqual({
      scrolls: 0,
      histogramsBottom: true,
      smallest: expect.any(Number),
    });
    expect((await projectorFit(pp)).smallest).toBeGreaterThanOrEqual(20);
    await pp.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(async () => (await projectorFit(pp)).scrolls).toBe(0);
    expect((await projectorFit(pp)).histogramsBottom).toBe(true);
    expect((await projectorFit(pp)).smallest).toBeGreaterThanOrEqual(20);
    await screenshot(pp, 'classroom-controls-projector-reveal-1920');

    // (c) The CSV (fetched by the page with the stored host key, and by the dashboard's link) matches the
    // ranking on screen: team, rank, points and tokens/s.
    const csv = await hp.evaluate(async (c) => {
      const key = localStorage.getItem(`mesh-kitchen.host.${c}`) ?? '';
      // Decoded keeping the byte order mark, which spreadsheet programs need to read UTF-8.
      const text = async (r: Response) =>
        new TextDecoder('utf-8', { ignoreBOM: true }).decode(await r.arrayBuffer());
      const res = await fetch(`/api/sessions/${c}/results.csv`, { headers: { 'x-host-key': key } });
      const href = document.querySelector<HTMLAnchorElement>('#csv-link')!.href;
      return {
        type: res.headers.get('content-type'),
        byHeader: await text(res),
        byLink: await text(await fetch(href)),
      };
    }, code);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    expect(csv.byLink).toBe(csv.byHeader);
    expect(csv.byHeader.startsWith('\uFEFFsession,round,level,row,team,player,')).toBe(true);
    const [cols, ...records] = parseCsv(csv.byHeader.slice(1));
    const all = records.map((r) => Object.fromEntries(r.map((v, i) => [cols![i]!, v])));
    const rows = all.filter((r) => r.row === 'team');
    // One row per player of the round beside the team rows, with the team's rank.
    expect(all.filter((r) => r.row === 'player').map((r) => [r.player, r.rank])).toEqual(
      rows.flatMap((t) => t.players!.split('; ').map((p) => [p, t.rank])),
    );
    const shown = await hp.locator('.host-results .result-list > li').evaluateAll((els) =>
      els.map((e) => ({
        team: e.querySelector('.team-badge')!.textContent!.trim(),
        rank: e.dataset.rank,
        points: e.querySelector('.points')!.textContent!.replace('+', ''),
        figures: e.querySelector('.result-figures')!.textContent!,
      })),
    );
    expect(rows).toHaveLength(shown.length);
    expect(shown).toHaveLength(2);
    const byRank = [...rows].sort((a, b) => Number(a.rank) - Number(b.rank));
    shown.forEach((s, i) => {
      const row = byRank[i]!;
      expect(row.session).toBe(code);
      expect(row.team!.endsWith(` ${s.team}`)).toBe(true);
      expect(row.rank).toBe(s.rank);
      expect(String(Math.round(Number(row.points)))).toBe(s.points);
      if (row.fits === 'true') expect(s.figures).toContain(Number(row.served_per_s).toPrecision(3));
      else expect(s.figures).toMatch(/^✗/);
    });
    expect(byRank.map((r) => r.players)).toEqual(['Ann', 'Bo; Cy']);

    for (const w of [host, projector, ann, bo, cy]) expect(w.errors).toEqual([]);
  }, 240_000);
});
