// The session API's refusals reach the facilitator in their language: the create page printed the server's
// English message whatever the page's language; an Error now carries the refusal's code and text.
import { afterEach, expect, it, vi } from 'vitest';
import { createSession } from '../../../client/classroom/sessionApi.ts';
import { refusalText } from '../../../client/classroom/viewModels/refusalText.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (status: number, body: unknown) =>
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status }));

it('a coded refusal is shown in the page’s language', async () => {
  answer(429, {
    error: 'This address has 30 sessions open.',
    code: 'too-many-open-sessions',
    text: { 'zh-CN': '这个网络地址已经开着 30 场课。', en: 'This address has 30 sessions open.' },
  });
  const e = await createSession('http://x', {
    rounds: ['fridge-too-small'],
    planningSeconds: 300,
    teams: 2,
  }).catch((err: unknown) => err);
  expect(refusalText(e, 'zh-CN', 'reload')).toBe('这个网络地址已经开着 30 场课。');
  expect(refusalText(e, 'en', 'reload')).toBe('This address has 30 sessions open.');
});

it('an uncoded one keeps the server’s message', async () => {
  answer(400, { error: 'POST /api/sessions: rounds: expected an array' });
  const e = await createSession('http://x', { rounds: [], planningSeconds: 300, teams: 2 }).catch(
    (err: unknown) => err,
  );
  expect(refusalText(e, 'zh-CN', 'reload')).toBe('POST /api/sessions: rounds: expected an array');
});
