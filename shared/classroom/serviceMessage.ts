// What the projector plays during service (docs/design.md §5.2 "Service"): every playing team's locked plan
// evaluated by the core — the evaluation scoreRound scores (evaluateTeams, shared at service) and the solo
// dynamic view plays — cut down
// to what the dynamic view draws: the kitchen grid, the step's timeline, the kitchens' links and every
// fridge. The plan itself (labels, mode, options) is left out: it stays the team's until it is revealed.
import { meshPairs } from '../game/planState.ts';
import type { ServiceMessage, ServiceTeam } from '../protocol/classroom.ts';
import { evaluateTeams } from './scoreRound.ts';
import type { SessionSnapshot } from './session.ts';

/**
 * The service of the current round, from the teams' current (locked) plans; pure.
 * @example serviceMessage(s).teams[0]
 * // { team: 't1', mesh: [['model', 4]], step: { timeline, topology, memory, tastingOk, servedShare } }
 */
export function serviceMessage(s: SessionSnapshot, evaluated = evaluateTeams(s)): ServiceMessage {
  const teams = evaluated.map(({ team, plan, result: r }): ServiceTeam => {
    const mesh = meshPairs(plan);
    if (!r.ok) return { team, mesh, step: null, refusal: r.error.explanation };
    const e = r.evaluation;
    return {
      team,
      mesh,
      step: {
        timeline: e.timeline,
        topology: e.pricing.topology,
        memory: e.pricing.memory,
        tastingOk: e.tasting === null ? null : e.tasting.ok,
        servedShare: e.pricing.servedShare,
      },
    };
  });
  return { round: s.round, teams };
}
