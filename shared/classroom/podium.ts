// Final (or running) standings (docs/design.md §5.1 "a running leaderboard and a final podium"): teams by total
// points, highest first; equal points share a rank (1, 1, 3), team order breaks ties in the listing.
import type { Text } from '../game/i18n.ts';
import type { SessionSnapshot } from './session.ts';

/** One line of the podium. */
export interface PodiumEntry {
  readonly team: string;
  readonly name: Text;
  readonly colour: number;
  readonly points: number;
  readonly rank: number;
}

/**
 * @example podium(s) // [{ team: 't2', name: 粤菜 Cantonese, points: 2000, rank: 1 }, { team: 't1', points: 1500, rank: 2 }]
 */
export function podium(s: SessionSnapshot): PodiumEntry[] {
  return s.teams
    .map((t, i) => ({ t, i }))
    .sort((a, b) => b.t.points - a.t.points || a.i - b.i)
    .map(({ t }) => ({
      team: t.id,
      name: t.name,
      colour: t.colour,
      points: t.points,
      rank: 1 + s.teams.filter((o) => o.points > t.points).length,
    }));
}
