// What a player may do with the team's plan during planning (docs/design.md §5.5 "late join goes into the next
// round"): edit it, only watch it because the captain locked it, or only watch it because they joined after
// this round's planning began (the core would refuse their edits with 'late-joiner'), or only watch it while
// the clock is paused (the facilitator's Pause, or a session restored paused after a restart).
import type { RoomState } from './roomState.ts';

/** 'edit': the editor is live; the others read-only (the core would refuse with 'paused' while paused). */
export type PlanningAccess = 'edit' | 'locked' | 'late' | 'paused' | 'none';

/**
 * The player's access to the team plan in `state`; 'none' outside planning or for an unknown player.
 * @example planningAccess({ phase: 'planning', round: 1, players: [{ id: 'p4', joinedRound: 2, … }], … }, 'p4') // 'late'
 */
export function planningAccess(
  state: Pick<RoomState, 'phase' | 'round' | 'players' | 'teams' | 'timer'>,
  playerId: string,
): PlanningAccess {
  if (state.phase !== 'planning') return 'none';
  const me = state.players.find((p) => p.id === playerId);
  if (me === undefined) return 'none';
  if (me.joinedRound > state.round) return 'late';
  if (state.teams.find((t) => t.id === me.team)?.locked === true) return 'locked';
  return state.timer.running ? 'edit' : 'paused';
}
