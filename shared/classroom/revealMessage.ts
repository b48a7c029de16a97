// The facilitator's reveal (docs/design.md §5.2 "Results": the reveal of the best plan and the debrief): a scored
// team's plan, its result row, its service timeline (the plan re-evaluated: the core is deterministic), the
// plan in the kitchen's words beside the round's best plan and the level's par in the same words, and a
// debrief that speaks to the revealed plan (its figures; every other plan it cites named).
import { planFigures } from '../game/debrief.ts';
import type { EvaluateResult } from '../game/evaluatePlan.ts';
import { levelPar } from '../game/par/levelPar.ts';
import { planInWords } from '../game/planWords.ts';
import type { PlanState } from '../game/planState.ts';
import { text } from '../game/i18n.ts';
import type { RevealMessage } from '../protocol/classroom.ts';
import { accept, refuse } from './errors.ts';
import { lessonOf, revealDebrief, type CitedPlan } from './revealDebrief.ts';
import { teamById } from './roster.ts';
import { roundLevel, safeEvaluate, teamResult } from './scoreRound.ts';
import type { ClassroomResult, SessionSnapshot } from './session.ts';

const passesOf = (r: EvaluateResult): Pick<CitedPlan, 'passes' | 'passesHeading'> => {
  if (!r.ok) return { passes: text('', ''), passesHeading: text('', '') };
  const zh = planFigures(r.evaluation, 'zh-CN');
  const en = planFigures(r.evaluation, 'en');
  return { passes: text(zh.passes, en.passes), passesHeading: text(zh.passesHeading, en.passesHeading) };
};

/**
 * The reveal of `team`'s plan in the results of the current round.
 * @example revealMessage(results, 't2') // { ok: true, value: { team: 't2', words, best: { result: t1's, words }, par, debrief, … } }
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
  const unit = last!.throughputUnit;
  const r = safeEvaluate(level, plan);
  const timeline = r.ok ? r.evaluation.timeline : { stepS: 0, criticalLane: 0, lanes: [] };
  // The round's best: rank 1 with a score, another team's (a tie with the revealed team cites none).
  const top = last!.teams.find((x) => x.rank === 1 && x.score > 0 && x.team !== team && result.rank !== 1);
  const topPlan: PlanState | undefined = top && s.plans[top.team]?.plan;
  const nameOf = (id: string) => s.teams.find((x) => x.id === id)?.name ?? { 'zh-CN': id, en: id };
  const cited = (id: string, row: typeof result, e: EvaluateResult): CitedPlan => ({
    name: nameOf(id),
    result: row,
    ...passesOf(e),
  });
  // Teams sharing rank 1 with the cited one: the debrief names them all, as the screens' ranks do.
  const tiedWith = top
    ? last!.teams.filter((x) => x.rank === 1 && x.team !== top.team).map((x) => nameOf(x.team))
    : [];
  const best =
    top && topPlan
      ? { result: top, words: planInWords(level, topPlan), eval: safeEvaluate(level, topPlan) }
      : undefined;
  const par = levelPar(level.id);
  const parRow = par && teamResult('par', par.plan, safeEvaluate(level, par.plan));
  return accept({
    round: s.round,
    team,
    plan,
    result,
    throughputUnit: unit,
    timeline,
    words: planInWords(level, plan),
    ...(best ? { best: { result: best.result, words: best.words } } : {}),
    ...(par && parRow ? { par: { result: withoutTeam(parRow), words: planInWords(level, par.plan) } } : {}),
    debrief: revealDebrief(
      cited(team, result, r),
      best ? { ...cited(best.result.team, best.result, best.eval), tiedWith } : undefined,
      unit,
    ),
    lesson: lessonOf(level),
  });
}

function withoutTeam<T extends { team: string }>(row: T): Omit<T, 'team'> {
  const { team: _team, ...rest } = row;
  return rest;
}
