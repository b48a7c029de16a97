// A server restart in the middle of planning, in Chromium, without a reload: the server runs as its own
// process (server/index.ts on a temp database); a dashboard, a projector and three phones are in planning
// with an edited plan; the process is killed (SIGKILL: no shutdown code runs) and started again on the same
// port and database. The pages say the server cannot be reached (not that the session ended), the dashboard
// reopens the session by itself, every page comes back in its seat showing "Paused", and once the
// facilitator resumes every page is planning again with the clock running. Then a SIGTERM: the pages are
// told "restarting" by the close code and come back the same way.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, stopAll, type ServerProcess } from '../server/support/processes.ts';
import { launchChromium, openPage, screenshot, type WatchedPage } from './browser.ts';
import { createClass, openDashboard } from './classSession.ts';

const PHONE = { width: 390, height: 844 };
const dbDir = mkdtempSync(path.join(os.tmpdir(), 'mesh-kitchen-restart-'));
const dbPath = path.join(dbDir, 'sessions.sqlite');
let browser: Browser | undefined;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stopAll();
  rmSync(dbDir, { recursive: true, force: true });
});

const phaseOf = (page: Page, sel = '.cls-bar .phase') => page.locator(sel).getAttribute('data-phase');
const pausedOf = (page: Page, sel = '.cls-bar .phase') => page.locator(sel).getAttribute('data-paused');
const banner = (page: Page) => page.locator('.cls-banner').first().textContent();

const killed = (server: ServerProcess, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> =>
  new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill(signal);
  });

describe('a server restart during planning', () => {
  it('brings every page back in its seat, paused, without a reload; resume runs the clock again', async () => {
    let server = await startServerProcess({ port: 0, dbPath, readyTimeoutMs: 60_000 });
    const port = server.port;
    const base = `http://127.0.0.1:${port}`;
    const { code, hostKey } = await createClass(base, {
      rounds: ['fridge-too-small'],
      planningSeconds: 300,
      teams: 2,
      title: 'Restart',
    });

    const host = await openDashboard((p) => openPage(browser!, `${base}${p}`), code, hostKey);
    const hp = host.page;
    // Bound to loopback: the server says phones cannot reach it, and the dashboard warns about its link.
    expect(server.output()).toContain('No network address');
    await expect.poll(() => hp.locator('.localhost-warning').count()).toBe(1);
    const projector = await openPage(browser!, `${base}/?projector=${code}`, { width: 1280, height: 720 });
    const pp = projector.page;
    await pp.waitForSelector('#projector-code');
    const phones: WatchedPage[] = [];
    for (const [i, name] of ['Ann', 'Bo', 'Cy'].entries()) {
      const phone = await openPage(browser!, `${base}/?join=${code}`, PHONE, i === 2 ? 'zh-CN' : 'en-US');
      await phone.page.fill('#join-nickname', name);
      await phone.page.click('#join-submit');
      await phone.page.waitForSelector('.cls-bar .phase');
      phones.push(phone);
    }
    const [ann, bo, cy] = phones as [WatchedPage, WatchedPage, WatchedPage];
    await hp.click('[data-command="start"]');
    await expect.poll(() => phaseOf(ann.page)).toBe('briefing');
    await hp.click('[data-command="advance"]');
    for (const w of phones) await expect.poll(() => phaseOf(w.page), { timeout: 20_000 }).toBe('planning');
    await ann.page.getByLabel('w1, dimension 1').selectOption('model');
    await expect.poll(() => cy.page.locator('fieldset.team-plan').getAttribute('data-version')).toBe('1');
    const pages = [hp, pp, ...phones.map((w) => w.page)];
    // A mark a reload would wipe.
    for (const p of pages) await p.evaluate(() => ((window as { noReload?: boolean }).noReload = true));
    const seats = async () =>
      Promise.all(
        phones.map(async (w) => [
          await w.page.locator('.cls-bar .who strong').textContent(),
          await w.page.locator('.cls-bar').getAttribute('data-team'),
        ]),
      );
    const before = await seats();
    expect(before).toEqual([
      ['Ann', 't1'],
      ['Bo', 't2'],
      ['Cy', 't1'],
    ]);

    for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
      await killed(server, signal);
      // Down: no page says the session ended, and its clock stops. A SIGTERM's close code says the server
      // restarts; after a SIGKILL a page only knows the server cannot be reached (its own network may be down).
      const [en, zh, host] =
        signal === 'SIGTERM'
          ? ['The server is restarting', '服务器正在重启', 'reopens the session by itself']
          : ['The server cannot be reached', '连不上服务器', 'reconnects, or reopens the session, by itself'];
      await expect.poll(() => banner(ann.page), { timeout: 20_000 }).toContain(en);
      await expect.poll(() => banner(cy.page), { timeout: 20_000 }).toContain(zh);
      await expect.poll(() => banner(hp)).toContain(host);
      await expect.poll(() => banner(pp)).toContain(en);
      expect(await ann.page.locator('.cls-bar .timer').getAttribute('data-urgency')).toBe('paused');
      if (signal === 'SIGKILL') await screenshot(ann.page, 'classroom-restart-down-390');

      server = await startServerProcess({ port, dbPath, readyTimeoutMs: 60_000 });
      // The dashboard reopens the session; every page rejoins its seat and shows the restored pause in words.
      await expect.poll(() => banner(hp), { timeout: 30_000 }).toContain('Reopened after a server restart');
      for (const w of phones) await expect.poll(() => pausedOf(w.page), { timeout: 30_000 }).toBe('true');
      await expect.poll(() => pausedOf(pp, '.proj-head .phase'), { timeout: 30_000 }).toBe('true');
      expect(await ann.page.locator('.cls-bar .phase').textContent()).toContain('Paused');
      expect(await cy.page.locator('.cls-bar .phase').textContent()).toContain('已暂停');
      expect(await pp.locator('.proj-head .phase').textContent()).toContain('Paused');
      expect(await hp.locator('.phase-line .phase').textContent()).toContain('Paused');
      expect(await seats()).toEqual(before);
      // The header's server pill comes back too (it said "Offline" under "every seat and plan is back").
      for (const p of pages)
        await expect
          .poll(() => p.locator('#connection').getAttribute('data-state'), { timeout: 30_000 })
          .toBe('online');
      await expect.poll(() => bo.page.locator('fieldset.team-plan').count()).toBe(1);
      expect(await ann.page.getByLabel('w1, dimension 1').inputValue()).toBe('model');
      if (signal === 'SIGKILL') {
        await screenshot(hp, 'classroom-restart-dashboard-restored-1280');
        await screenshot(pp, 'classroom-restart-projector-paused-1280');
        await screenshot(cy.page, 'classroom-restart-paused-zh-390');
      }

      await hp.click('[data-command="resume"]');
      for (const p of pages.slice(2))
        await expect.poll(() => p.locator('.cls-bar .timer').getAttribute('data-urgency')).toBe('calm');
      for (const w of phones) {
        expect(await phaseOf(w.page)).toBe('planning');
        expect(await pausedOf(w.page)).toBe('false');
        expect(await banner(w.page)).toBe('');
      }
      await expect.poll(() => pausedOf(pp, '.proj-head .phase')).toBe('false');
      for (const p of pages)
        expect(await p.evaluate(() => (window as { noReload?: boolean }).noReload)).toBe(true);
    }
    // A taken nickname: the server numbers it and the page says so (the form's preview said "Ann").
    const twin = await openPage(browser!, `${base}/?join=${code}`, PHONE);
    await twin.page.fill('#join-nickname', 'Ann');
    await twin.page.click('#join-submit');
    await expect.poll(() => twin.page.locator('.cls-bar .who strong').textContent()).toBe('Ann 2');
    expect(await banner(twin.page)).toBe('“Ann” was already taken in this class: you appear as “Ann 2”.');
    for (const w of [host, projector, ...phones])
      expect(w.errors.filter((e) => !/WebSocket|ERR_CONNECTION|Failed to load|status/i.test(e))).toEqual([]);
  }, 400_000);
});
