// Browser-test helpers: Debian's Chromium through playwright-core (docs/stack.md §3), a real game server on a
// free port serving the built client, console-error capture, and screenshots under test-output/
// (git-ignored).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { startGameServer, type RunningGameServer } from '../../server/createGameServer.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SCREENSHOT_DIR = path.join(ROOT, 'test-output', 'screenshots');

/** The flags docs/stack.md §3 lists; the background-networking ones keep Chromium off the network. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Console noise that is not an error of ours: SwiftShader's software-GL warnings and the favicon probe. */
const IGNORED_CONSOLE = [/GPU stall due to ReadPixels/, /GL Driver Message/, /favicon\.ico/, /swiftshader/i];

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  const found = execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser || true'])
    .toString()
    .trim();
  if (!found)
    throw new Error(
      "Chromium not found: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH",
    );
  return found;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

/**
 * Starts the real server on a free loopback port serving dist/ (built by `npm run test:e2e`), with its
 * classroom sessions in a fresh temporary database; `clock.now` replaces the server's clock (a test holds a
 * phase by stopping it).
 */
export async function startServedGame(clock: { now?: () => number } = {}): Promise<RunningGameServer> {
  const distDir = path.join(ROOT, 'dist');
  if (!existsSync(path.join(distDir, 'index.html')))
    throw new Error('dist/ is missing: run `npm run build` (npm run test:e2e does it)');
  const dbDir = mkdtempSync(path.join(os.tmpdir(), 'mesh-kitchen-e2e-'));
  const server = await startGameServer({
    port: 0,
    host: '127.0.0.1',
    distDir,
    dbPath: path.join(dbDir, 'sessions.sqlite'),
    ...clock,
  });
  return {
    ...server,
    close: async () => {
      await server.close();
      rmSync(dbDir, { recursive: true, force: true });
    },
  };
}

export interface WatchedPage {
  readonly page: Page;
  /** Console errors and uncaught page errors seen so far, less the known harmless ones. */
  readonly errors: string[];
}

export async function openPage(
  browser: Browser,
  url: string,
  viewport = { width: 1280, height: 720 },
  locale = 'en-US',
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport, locale });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() !== 'error') return;
    const text = `${msg.text()} ${msg.location().url}`;
    if (!IGNORED_CONSOLE.some((re) => re.test(text))) errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.goto(url);
  return { page, errors };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * Presses Tab until the focused element's describing text is `want` (its aria-label, id, data-level or
 * text); `limit` presses at most.
 */
export async function tabTo(page: Page, want: string, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? [el.getAttribute('aria-label'), el.id, el.dataset.level, el.textContent?.trim()] : [];
    });
    if (focused.includes(want)) return;
  }
  throw new Error(`Tab never reached ${want}`);
}
