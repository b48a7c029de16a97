// The captain locks (or unlocks) the team's plan for service (contract MSG_LOCK). When every team playing
// this round is locked, planning ends early: service starts, the round is scored. Not while the clock is
// paused (the facilitator's pause, or the one after a restart): a lock can end planning, an unlock reopens
// edits, and both wait for the clock as edits do (playerEdit.ts).
import { accept, refuse } from './errors.ts';
import { markPlayed } from './ghostSeats.ts';
import { enterService } from './phases.ts';
import { planningPlayer, teamPlanEffects } from './roster.ts';
import { playingTeams } from './scoreRound.ts';
import type { ClassroomResult, SessionSnapshot, SessionStep } from './session.ts';

/**
 * Sets the lock of the captain's team at `nowMs`; the same value again changes nothing and answers the team's
 * plan as it stands (the captain's page, a click behind, catches up).
 * @example setLock(planning, 'p1', true, now) // { ok: true, value: { effects: [{ kind: 'teamPlan', message: { locked: true, … } }] } }
 */
export function setLock(
  s: SessionSnapshot,
  playerId: string,
  locked: boolean,
  nowMs: number,
): ClassroomResult<SessionStep> {
  const p = planningPlayer(
    s,
    playerId,
    '只有备菜阶段才能锁定方案。',
    'The plan can be locked only during planning.',
  );
  if (!p.ok) return p;
  const team = p.value.team;
  if (s.teams.find((t) => t.id === team)?.captain !== p.value.id)
    return refuse('not-captain', '只有队长能锁定方案。', 'Only the captain can lock the plan.');
  if (typeof locked !== 'boolean')
    return refuse('bad-argument', '锁定状态无效。', 'The lock must be true or false.');
  if (s.timer.runningSinceMs === null)
    return refuse(
      'paused',
      '计时已暂停：继续后再锁定或解锁方案。',
      'The clock is paused: lock or unlock the plan when it resumes.',
    );
  const current = s.plans[team];
  if (current === undefined)
    return refuse('not-your-team', '你的队伍这一轮没有方案。', 'Your team has no plan this round.');
  if (current.locked === locked) return accept({ session: s, effects: teamPlanEffects(s, [team]) });
  const session: SessionSnapshot = {
    ...markPlayed(s, p.value.id),
    plans: { ...s.plans, [team]: { ...current, locked } },
  };
  const effects = teamPlanEffects(session, [team]);
  const playing = playingTeams(session);
  if (locked && playing.length > 0 && playing.every((t) => session.plans[t]?.locked === true)) {
    const service = enterService(session, nowMs);
    return accept({ session: service.session, effects: [...effects, ...service.effects] });
  }
  return accept({ session, effects });
}
