// The setup every browser test shares: the real server on a free port (temporary database) and one
// Chromium, started before the file's tests and stopped after them, even when a test fails.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { RunningGameServer } from '../../server/createGameServer.ts';
import { launchChromium, openPage, startServedGame, type WatchedPage } from './browser.ts';

export interface ServedGame {
  readonly browser: Browser;
  readonly port: number;
  /** Opens `path` (e.g. '/' or '/?join=ABC234') of the served game in a fresh browser context. */
  open(path: string, viewport?: { width: number; height: number }, locale?: string): Promise<WatchedPage>;
}

/** Registers the file's beforeAll/afterAll hooks; the getters are valid inside tests; `clock` as startServedGame's. */
export function useServedGame(clock: { now?: () => number } = {}): ServedGame {
  let server: RunningGameServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServedGame(clock);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useServedGame: used outside a test');
    return value;
  };
  return {
    get browser() {
      return started(browser);
    },
    get port() {
      return started(server).port;
    },
    open: (path, viewport, locale) =>
      openPage(started(browser), `http://127.0.0.1:${started(server).port}${path}`, viewport, locale),
  };
}
