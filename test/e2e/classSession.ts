// The class every classroom browser test starts from: a session created over the server's HTTP API (what the
// "Host a class" page posts) and the facilitator's dashboard opened with its host key, as a facilitator on
// another computer would (the key asked for once, then remembered by that browser).
import type { WatchedPage } from './browser.ts';

export interface NewClass {
  readonly rounds: readonly string[];
  readonly planningSeconds: number;
  readonly teams: number;
  readonly title: string;
}

/** POST /api/sessions on the server at `base` (http://127.0.0.1:PORT); the new session's code and host key. */
export async function createClass(
  base: string,
  body: NewClass,
): Promise<{ readonly code: string; readonly hostKey: string }> {
  const res = await fetch(`${base}/api/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST /api/sessions: ${res.status} ${await res.text()}`);
  return (await res.json()) as { code: string; hostKey: string };
}

/** Opens session `code`'s dashboard with `open` (a ServedGame's) and enters the host key; resolves once shown. */
export async function openDashboard(
  open: (path: string) => Promise<WatchedPage>,
  code: string,
  hostKey: string,
): Promise<WatchedPage> {
  const host = await open(`/?host=${code}`);
  await host.page.fill('#host-key', hostKey);
  await host.page.keyboard.press('Enter');
  await host.page.waitForSelector('#session-code');
  return host;
}

/** A 390×844 phone: the players' screen of the classroom tests. */
export const PHONE = { width: 390, height: 844 } as const;

/** Joins session `code` as `nickname` on a phone opened with `open` (in `locale`); resolves once in the class. */
export async function joinOnPhone(
  open: (path: string, viewport?: { width: number; height: number }, locale?: string) => Promise<WatchedPage>,
  code: string,
  nickname: string,
  locale?: string,
): Promise<WatchedPage> {
  const phone = await open(`/?join=${code}`, PHONE, locale);
  await phone.page.waitForSelector('#join-nickname');
  await phone.page.fill('#join-nickname', nickname);
  await phone.page.click('#join-submit');
  await phone.page.waitForSelector('.cls-bar .phase');
  return phone;
}
