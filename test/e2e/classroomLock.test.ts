// Who may join a running class, through the real UI in Chromium (issue 10, item 5): the facilitator locks
// the session from the dashboard and a new player — on an English and on a Chinese phone — is told why they
// cannot join; a seated player still comes back after a reload; a kicked player is refused (in their
// language) until the dashboard lets them back, then takes the same seat again.
import { describe, expect, it } from 'vitest';
import { screenshot, type WatchedPage } from './browser.ts';
import { useServedGame } from './useServedGame.ts';
import { createClass, openDashboard } from './classSession.ts';

const PHONE = { width: 390, height: 844 };
const game = useServedGame();

async function tryJoin(nickname: string, code: string, locale = 'en-US'): Promise<WatchedPage> {
  const phone = await game.open(`/?join=${code}`, PHONE, locale);
  await phone.page.waitForSelector('#join-nickname');
  await phone.page.fill('#join-nickname', nickname);
  await phone.page.click('#join-submit');
  return phone;
}
const seated = (w: WatchedPage) => w.page.waitForSelector('.cls-bar .phase');
const joinError = (w: WatchedPage) => w.page.locator('.join-form .form-error').textContent();

describe('locking a session and letting a removed player back', () => {
  it('lock toggle, the refusal in en and zh-CN, kick, readmit', async () => {
    const base = `http://127.0.0.1:${game.port}`;
    const { code, hostKey } = await createClass(base, {
      rounds: ['fridge-too-small'],
      planningSeconds: 300,
      teams: 2,
      title: 'Lock',
    });
    const host = await openDashboard(game.open, code, hostKey);
    const hp = host.page;
    await hp.waitForSelector('#lock-joins');
    expect(await hp.locator('#joins-state').getAttribute('data-locked')).toBe('false');

    const ann = await tryJoin('Ann', code);
    await seated(ann);
    const bo = await tryJoin('Bo', code, 'zh-CN');
    await seated(bo);

    // Lock: the dashboard says so; new players on either language's page see why.
    await hp.click('#lock-joins');
    await expect.poll(() => hp.locator('#joins-state').getAttribute('data-locked')).toBe('true');
    expect(await hp.locator('#lock-joins').getAttribute('aria-pressed')).toBe('true');
    expect(await hp.locator('#lock-joins').textContent()).toBe('Unlock the session');
    await screenshot(hp, 'classroom-dashboard-locked-1280');
    const zed = await tryJoin('Zed', code);
    await expect.poll(() => joinError(zed)).toContain('The facilitator has locked this session');
    await screenshot(zed.page, 'classroom-join-locked-390');
    const xiao = await tryJoin('Xiao', code, 'zh-CN');
    await expect.poll(() => joinError(xiao)).toContain('老师已锁定这场课');
    await screenshot(xiao.page, 'classroom-join-locked-zh-390');

    // A seated player still comes back while locked.
    await ann.page.reload();
    await seated(ann);

    // Kick Bo: the removed list shows Bo; Bo's "Join again" is refused in Chinese, with what to do.
    hp.once('dialog', (d) => void d.accept());
    await hp.click('button[data-focus="kick-p2"]');
    await expect.poll(() => bo.page.locator('h2').first().textContent()).toBe('主持人已将你移出本场。');
    await hp.waitForSelector('[data-removed="p2"]');
    await screenshot(hp, 'classroom-dashboard-removed-1280');
    await bo.page.getByRole('button', { name: '重新加入' }).click();
    await bo.page.fill('#join-nickname', 'Bo');
    await bo.page.click('#join-submit');
    await expect.poll(() => joinError(bo)).toContain('请老师让你回来');
    await screenshot(bo.page, 'classroom-join-removed-zh-390');

    // Let Bo back in: the same seat (p2), even though the session is still locked.
    await hp.getByRole('button', { name: 'Let Bo back in' }).click();
    await expect.poll(() => hp.locator('[data-removed]').count()).toBe(0);
    await bo.page.click('#join-submit');
    await seated(bo);
    await expect.poll(() => hp.locator('.host-players li[data-player="p2"]').count()).toBe(1);

    // Unlock: a new player joins.
    await hp.click('#lock-joins');
    await expect.poll(() => hp.locator('#joins-state').getAttribute('data-locked')).toBe('false');
    await zed.page.click('#join-submit');
    await seated(zed);
    await screenshot(hp, 'classroom-dashboard-unlocked-1280');
    for (const w of [host, ann, bo, zed, xiao]) expect(w.errors).toEqual([]);
  });
});
