// The running leaderboard (teams by points over the scored rounds) and one round's ranking from the results
// message, both in standard competition ranking (equal points share a rank: 1, 1, 3).
import type { Locale, ResultsMessage, TeamRoundResult } from '../../../shared/index.ts';
import { teamName, type TeamView } from './roomState.ts';

export interface LeaderRow {
  readonly team: string;
  readonly name: string;
  readonly colour: number;
  readonly points: number;
  readonly rank: number;
  /** Share of the leader's points, 0–1 (the bar's length); 0 when nobody has points. */
  readonly share: number;
}

/** Teams by points, most first, ties by team id; equal points share a rank. */
export function leaderboard(teams: readonly TeamView[], locale: Locale): LeaderRow[] {
  const sorted = [...teams].sort(
    (a, b) => b.points - a.points || a.id.localeCompare(b.id, 'en', { numeric: true }),
  );
  const top = sorted[0]?.points ?? 0;
  let rank = 0;
  return sorted.map((t, i) => {
    if (i === 0 || t.points !== sorted[i - 1]!.points) rank = i + 1;
    return {
      team: t.id,
      name: teamName(t, locale),
      colour: t.colour,
      points: t.points,
      rank,
      share: top > 0 ? Math.max(0, t.points) / top : 0,
    };
  });
}

export interface ResultRow extends TeamRoundResult {
  readonly name: string;
  readonly colour: number;
}

/** One round's results by rank (the server's ranks), ties by team id, with names and colours. */
export function resultRows(results: ResultsMessage, teams: readonly TeamView[], locale: Locale): ResultRow[] {
  const byId = new Map(teams.map((t) => [t.id, t]));
  return [...results.teams]
    .sort((a, b) => a.rank - b.rank || a.team.localeCompare(b.team, 'en', { numeric: true }))
    .map((r) => {
      const t = byId.get(r.team);
      return { ...r, name: t ? teamName(t, locale) : r.team, colour: t?.colour ?? 7 };
    });
}

/** The top three of the leaderboard for the podium, in podium order (2nd, 1st, 3rd), ties kept together. */
export function podiumOrder(rows: readonly LeaderRow[]): LeaderRow[] {
  const top = rows.filter((r) => r.rank <= 3);
  const place = (rank: number) => top.filter((r) => r.rank === rank);
  return [...place(2), ...place(1), ...place(3)];
}

/**
 * The other teams that share `team`'s rank (a tie: equal points, or an equal score in a round), in list
 * order; none when `team` is alone at its rank or not listed. Every screen that names a place names them all.
 */
export function tiedWith<R extends { readonly team: string; readonly rank: number }>(
  rows: readonly R[],
  team: string,
): R[] {
  const rank = rows.find((r) => r.team === team)?.rank;
  return rank === undefined ? [] : rows.filter((r) => r.rank === rank && r.team !== team);
}

/** Team names as a sentence lists them: "Sichuan and Hunan", "Sichuan, Hunan, and Fujian", "川菜和湘菜". */
export const nameList = (names: readonly string[], locale: Locale): string =>
  new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names);

/**
 * Where `team` stands in `rows`, as the results and podium screens say it (`words` fills their strings);
 * undefined when it has no row.
 */
export function ownStanding(
  rows: readonly {
    readonly team: string;
    readonly name: string;
    readonly rank: number;
    readonly points: number;
  }[],
  team: string,
  locale: Locale,
): { tied: boolean; words: { rank: number; of: number; points: number; teams: string } } | undefined {
  const own = rows.find((r) => r.team === team);
  if (own === undefined) return undefined;
  // A shared place is said as shared, naming the teams it is shared with (equal scores, equal rank).
  const tied = tiedWith(rows, team).map((r) => r.name);
  return {
    tied: tied.length > 0,
    words: { rank: own.rank, of: rows.length, points: Math.round(own.points), teams: nameList(tied, locale) },
  };
}
