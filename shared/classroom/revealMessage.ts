// The facilitator's reveal (docs/design.md §5.2 "Results": the reveal of the best plan and the debrief): a scored
// team's plan, its result row, its service timeline (the plan re-evaluated: the core is deterministic) and
// the round's debrief text.
import { lesson } from '../game/lesson.ts';
import { accept, refuse } from './errors.ts';
import { teamById } from './roster.ts';
import { roundLevel, safeEvaluate } from './scoreRound.ts';
import type { ClassroomResult, SessionSnapshot } from './session.ts';
import type { RevealMessage } from '../protocol/classroom.ts';

/**
 * The reveal of `team`'s plan in the results of the current round.
 * @example revealMessage(results, 't1') // { ok: true, value: { round: 0, team: 't1', plan, result, timeline, debrief } }
 */
export function revealMessage(s: SessionSnapshot, team: string): ClassroomResult<RevealMessage> {
  if (s.phase !== 'results')
    return refuse('wrong-phase', '只能在公布成绩时展示方案。', 'Plans can be revealed only during results.');
  const t = teamById(s, team);
  if (!t.ok) return t;
  const last = s.results[s.results.length - 1];
  const result = last?.round === s.round ? last.teams.find((r) => r.team === team) : undefined;
  const plan = s.plans[team]?.plan;
  if (result === undefined || plan === undefined)
    return refuse('bad-argument', '这个队这一轮没有参赛。', 'That team did not play this round.');
  const level = roundLevel(s);
  const r = safeEvaluate(level, plan);
  const timeline = r.ok ? r.evaluation.timeline : { stepS: 0, criticalLane: 0, lanes: [] };
  return accept({
    round: s.round,
    team,
    plan,
    result,
    throughputUnit: last!.throughputUnit,
    timeline,
    debrief: lesson(level),
  });
}
