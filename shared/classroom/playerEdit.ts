// A player's edit of the team's shared plan (docs/design.md §5.2 "Planning"): only during planning, only the
// player's own team, not while the clock is paused, not once the captain locked it, not by a player who joined after the round began. The
// core's applyEdit decides whether the edit is valid; a refused edit leaves the session unchanged.
import type { PlanEdit } from '../game/actions.ts';
import { applyEdit } from '../game/applyEdit.ts';
import { editInWords } from '../game/editWords.ts';
import { accept, editRefused, refuse } from './errors.ts';
import { markPlayed } from './ghostSeats.ts';
import { planningPlayer, teamPlanEffects } from './roster.ts';
import { roundLevel } from './scoreRound.ts';
import {
  TEAM_ACTIVITY_KEPT,
  type ClassroomResult,
  type SessionSnapshot,
  type SessionStep,
} from './session.ts';

/**
 * Applies `edit` to the player's team plan; accepted edits bump its version and lead the team's activity
 * (who changed what, when: the activity line of a team of five).
 * @example playerEdit(planning, 'p1', { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] }, now)
 *   // { ok: true, value: { session, effects: [{ kind: 'teamPlan', message: { team: 't1', version: 1, by: 'p1', … } }] } }
 */
export function playerEdit(
  s: SessionSnapshot,
  playerId: string,
  edit: PlanEdit,
  nowMs: number,
): ClassroomResult<SessionStep> {
  const p = planningPlayer(
    s,
    playerId,
    '现在不能改方案：备菜还没开始或已结束。',
    'The plan can be changed only during planning.',
  );
  if (!p.ok) return p;
  // A paused clock freezes the kitchens too: no team gains planning time while the facilitator talks.
  if (s.timer.runningSinceMs === null)
    return refuse(
      'paused',
      '计时已暂停：主持人讲解时先停手，继续后再改方案。',
      'The clock is paused: hands off while the facilitator talks; edit again when it resumes.',
    );
  if (p.value.joinedRound > s.round)
    return refuse(
      'late-joiner',
      '你在这一轮开始后才加入，下一轮再动手吧。',
      'You joined after this round began: you cook from the next round.',
    );
  const team = p.value.team;
  const current = s.plans[team];
  if (current === undefined)
    return refuse('not-your-team', '你的队伍这一轮没有方案。', 'Your team has no plan this round.');
  if (current.locked)
    return refuse(
      'locked',
      '队长已锁定方案，解锁后才能修改。',
      'Your captain locked the plan: unlock it to change it.',
    );
  const r = applyEdit(roundLevel(s), current.plan, edit);
  if (!r.ok) return editRefused(r.error);
  const done = {
    player: playerId,
    nickname: p.value.nickname,
    what: editInWords(edit, r.state),
    atMs: nowMs,
  };
  const activity = [done, ...(current.activity ?? [])].slice(0, TEAM_ACTIVITY_KEPT);
  const session: SessionSnapshot = {
    ...markPlayed(s, playerId),
    plans: {
      ...s.plans,
      [team]: { plan: r.state, version: current.version + 1, locked: false, activity },
    },
  };
  return accept({ session, effects: teamPlanEffects(session, [team], playerId) });
}
