// An honest fast player is never refused 'rate-limited' (D4 of the hardening audit): the page paces what it
// sends under the server's limit (client/net/SendPacer.ts), in order, dropping and merging nothing, with room
// for the network's jitter. And when the server does refuse an edit with its seq, the team plan session drops
// exactly that edit, replays the others over the server's plan and shows why in both languages.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { levelById, planState, type EditMessage, type PlanEdit } from '../../../shared/index.ts';
import { SESSION_SEND_PACE, SendPacer } from '../../../client/net/SendPacer.ts';
import { TeamPlanSession } from '../../../client/classroom/TeamPlanSession.ts';
import { MessageRate, SESSION_MESSAGE_RATE, rateLimitedError } from '../../../server/rooms/MessageRate.ts';
import { editRefusal } from '../../../server/rooms/refusals.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Sends `n` messages at once through a pacer; the clock time (ms) each was delivered at, in order. */
function paced(n: number): number[] {
  const pacer = new SendPacer(SESSION_SEND_PACE, () => Date.now());
  const start = Date.now();
  const delivered: [number, number][] = [];
  for (let i = 0; i < n; i++) pacer.send(() => delivered.push([i, Date.now() - start]));
  vi.advanceTimersByTime(60_000);
  expect(pacer.queued).toBe(0);
  expect(delivered.map(([i]) => i)).toEqual([...Array(n).keys()]);
  return delivered.map(([, t]) => t);
}

/** How many of the messages arriving at `arrivals` (ms, any order) the server's limit refuses. */
function refusedByServer(arrivals: number[]): number {
  let clock = 0;
  const rate = new MessageRate(SESSION_MESSAGE_RATE, () => clock);
  let refused = 0;
  for (const t of [...arrivals].sort((a, b) => a - b)) {
    clock = t;
    if (rate.take('page') !== 'ok') refused++;
  }
  return refused;
}

describe('the page paces its messages', () => {
  it('sends a burst at once and the rest in order at the pace, none dropped', () => {
    const times = paced(200);
    expect(times.filter((t) => t === 0)).toHaveLength(SESSION_SEND_PACE.burst);
    // 180 more at 15 a second: the last about 12 s later
    expect(times.at(-1)!).toBeGreaterThanOrEqual(11_900);
    expect(times.at(-1)!).toBeLessThanOrEqual(12_100);
  });

  it('is never refused by the server, even with 1.3 s of jitter bunching the arrivals', () => {
    const times = paced(300);
    expect(refusedByServer(times)).toBe(0);
    // the worst case: the first messages delayed by 1.3 s, those from 1.3 s on not at all
    const bunched = times.map((t) => Math.max(t, 1300));
    expect(refusedByServer(bunched)).toBe(0);
    // unpaced, the same 300 at once would be refused 260 times
    expect(refusedByServer(times.map(() => 0))).toBe(300 - SESSION_MESSAGE_RATE.burst);
  });

  it('keeps the order of interleaved sends of different kinds', () => {
    const pacer = new SendPacer(SESSION_SEND_PACE, () => Date.now());
    const out: string[] = [];
    for (let i = 0; i < 30; i++) pacer.send(() => out.push(`edit ${i}`));
    pacer.send(() => out.push('lock'));
    vi.advanceTimersByTime(5_000);
    expect(out.at(-1)).toBe('lock');
    expect(out).toHaveLength(31);
  });
});

describe('an edit refused with its seq', () => {
  const level = levelById('fridge-too-small')!;
  const w1: PlanEdit = { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] };
  const w2: PlanEdit = { type: 'setSpec', tensor: 'w2', spec: ['model', null] };

  it('is rolled back alone; the others are replayed over the server’s plan; the reason shows in both languages', () => {
    const sent: EditMessage[] = [];
    const s = new TeamPlanSession(level, 'p1', (m) => sent.push(m));
    s.edit(w1);
    s.edit(w2);
    expect(s.unconfirmed).toBe(2);
    const refusal = editRefusal(1, rateLimitedError(SESSION_MESSAGE_RATE));
    s.applyRefusal(refusal);
    expect(s.unconfirmed).toBe(1);
    expect(s.view.plan.specs).toEqual({ w2: ['model', null] });
    expect(s.view.error?.code).toBe('rate-limited');
    expect(s.view.error?.explanation.en).toMatch(/not saved/);
    expect(s.view.error?.explanation['zh-CN']).toMatch(/没有保存/);
    s.applyTeamPlan({
      team: 't1',
      plan: planState({ mesh: level.start.mesh, specs: { w2: ['model', null] } }),
      version: 1,
      locked: false,
      by: 'p1',
      seq: 2,
    });
    expect(s.unconfirmed).toBe(0);
    expect(s.view.plan.specs).toEqual({ w2: ['model', null] });
    // the confirmation of a later edit does not wipe the only sign that the first was not saved
    expect(s.view.error?.code).toBe('rate-limited');
    // a teammate's edit neither
    s.applyTeamPlan({
      team: 't1',
      plan: planState({ mesh: level.start.mesh, specs: { w2: ['model', null], w1: [null, 'model'] } }),
      version: 2,
      locked: false,
      by: 'p2',
      seq: 9,
    });
    expect(s.view.error?.code).toBe('rate-limited');
    // the player's next edit does
    s.edit({ type: 'clearSpec', tensor: 'w1' });
    expect(s.view.error).toBeNull();
  });
});
