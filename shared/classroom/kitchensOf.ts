// Which kitchens a player chefs (docs/design.md §5.2: "each player is the chef of one or more kitchens and sees
// their own kitchen's … local view"): the devices of the team's current grid dealt round-robin over the
// team's members who play this round, in join order — member i of n gets devices i, i + n, i + 2n, … A late
// joiner watches until the next round (joinedRound > round) and gets none: dealing them in moved half of a
// teammate's kitchens to someone told "you cook from the next round".
import { deviceCount } from '../game/planState.ts';
import { membersOf } from './roster.ts';
import type { SessionSnapshot } from './session.ts';

/**
 * Device ids (row-major over the team's mesh) this player chefs; [] for an unknown or kicked player, a late
 * joiner until their first round, or when there is no plan (lobby).
 * @example kitchensOf(s, 'p2') // second of 3 members on a 2×4 grid → [1, 4, 7]
 */
export function kitchensOf(s: SessionSnapshot, playerId: string): number[] {
  const player = s.players.find((p) => p.id === playerId && !p.kicked);
  if (player === undefined) return [];
  const plan = s.plans[player.team]?.plan;
  if (plan === undefined) return [];
  const members = membersOf(s, player.team).filter((m) => m.joinedRound <= s.round);
  const i = members.findIndex((m) => m.id === playerId);
  if (i < 0) return [];
  const devices = deviceCount(plan);
  const mine: number[] = [];
  for (let d = i; d < devices; d += members.length) mine.push(d);
  return mine;
}
