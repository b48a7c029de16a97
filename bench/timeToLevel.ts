// Time to the first level in real Chromium: the real server serves the built client on a free port; each of 5
// fresh page loads (a new browser context: empty cache and storage) clicks Play, then the first level, and
// records ms from navigation start (performance.now() in the page) to the title screen being interactive and to
// the first frame drawn with the level screen ready (the kitchen scene running, the plan form's first control
// enabled); medians, plus the JS heap then (CDP Runtime.getHeapUsage, after a forced garbage collection).
import type { Browser } from 'playwright-core';
import { launchChromium, startServedGame } from '../test/e2e/browser.ts';
import { ensureClientBuilt } from './clientBundle.ts';

const RUNS = 5;
const TIMEOUT_MS = 30_000;

export interface TimeToLevelRun {
  readonly titleInteractiveMs: number;
  readonly levelInteractiveMs: number;
  readonly heapUsedBytes: number;
}

export interface TimeToLevelReport {
  readonly name: string;
  readonly runs: readonly TimeToLevelRun[];
  readonly medianTitleInteractiveMs: number;
  readonly medianLevelInteractiveMs: number;
  readonly medianHeapUsedBytes: number;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function oneRun(browser: Browser, url: string): Promise<TimeToLevelRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(url);
    // Interactive title: the loading bar gone, the title scene running, the Play button there.
    await page.waitForFunction(
      () =>
        document.getElementById('loading')?.hidden === true &&
        window.__meshKitchen?.game.scene.isActive('title') === true &&
        document.getElementById('play') !== null,
      null,
      { polling: 'raf', timeout: TIMEOUT_MS },
    );
    const titleInteractiveMs = await page.evaluate(() => performance.now());
    await page.click('#play');
    await page.locator('.level-item:not([disabled])').first().click();
    await page.waitForFunction(
      () => {
        const mk = window.__meshKitchen;
        const control =
          document.querySelector('#panel form :is(select, input, button)') ??
          document.querySelector('#panel :is(select, input)');
        const kitchen = mk?.game.scene.getScene('kitchen');
        return (
          mk?.game.scene.isActive('kitchen') === true &&
          (kitchen?.children.length ?? 0) > 0 &&
          control !== null &&
          !(control as HTMLInputElement).disabled
        );
      },
      null,
      { polling: 'raf', timeout: TIMEOUT_MS },
    );
    // The level is on screen once Phaser has drawn the next frame.
    const levelInteractiveMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          window.__meshKitchen!.game.events.once('postrender', () => resolve(performance.now())),
        ),
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    return { titleInteractiveMs, levelInteractiveMs, heapUsedBytes: heap.usedSize };
  } finally {
    await context.close();
  }
}

export async function benchTimeToLevel(): Promise<TimeToLevelReport> {
  ensureClientBuilt();
  const server = await startServedGame();
  const browser = await launchChromium();
  try {
    const url = `http://127.0.0.1:${server.port}/`;
    await oneRun(browser, url); // warm-up: the server's first requests and Chromium's first process
    const runs: TimeToLevelRun[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await oneRun(browser, url));
    const round = (x: number) => Math.round(x * 10) / 10;
    return {
      name: `time to first level (Chromium 1280×720, ${RUNS} fresh loads, ms from navigation start)`,
      runs: runs.map((r) => ({
        titleInteractiveMs: round(r.titleInteractiveMs),
        levelInteractiveMs: round(r.levelInteractiveMs),
        heapUsedBytes: r.heapUsedBytes,
      })),
      medianTitleInteractiveMs: round(median(runs.map((r) => r.titleInteractiveMs))),
      medianLevelInteractiveMs: round(median(runs.map((r) => r.levelInteractiveMs))),
      medianHeapUsedBytes: median(runs.map((r) => r.heapUsedBytes)),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
