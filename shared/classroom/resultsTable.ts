// The session's results as a table for the facilitator's CSV (contract RESULTS_CSV_COLUMNS): the header, then
// the rows. The server writes it as RFC 4180 CSV with csv-stringify (server/http/resultsCsv.ts). Rounds are
// numbered from 1 here (the snapshot counts from 0); worst memory in decimal GB; figures to 4 significant
// digits, points whole.
import { RESULTS_CSV_COLUMNS } from '../protocol/classroom.ts';
import { histogramValues } from './histogramValues.ts';
import type { SessionSnapshot } from './session.ts';

/** One field of the results table. */
export type ResultsField = string | number | boolean;

/** `x` to `digits` significant digits, as a number (728.5427768515666 → 728.5). */
const sig = (x: number, digits = 4): number => (x === 0 ? 0 : Number(x.toPrecision(digits)));

/**
 * One 'team' row per team per scored round, then one 'player' row per player of that team in that round
 * (the team's figures beside each name, as quiz reports list students). `served_as` is 'locked' (the captain
 * locked the plan) or 'time_up' (served as it stood when planning ended). `served_per_s` is the served rate —
 * the score, 0 for a plan out of memory or tasting wrong — in `rate_unit` (tokens or examples per second);
 * `step_s` is empty for a plan that was not served and `worst_memory_gb` for one the core could not evaluate,
 * as the projector's histograms leave them out (histogramValues.ts).
 * @example resultsTable(s)[0] // ['session', 'round', 'level', 'row', 'team', 'player', 'players', 'plan', …]
 */
export function resultsTable(s: SessionSnapshot): ResultsField[][] {
  const rows: ResultsField[][] = [];
  s.results.forEach((r, i) => {
    const roster = s.rosters[i] ?? {};
    for (const t of r.teams) {
      const team = s.teams.find((x) => x.id === t.team);
      const players = roster[t.team] ?? [];
      const figures = histogramValues(t);
      const row: Record<(typeof RESULTS_CSV_COLUMNS)[number], ResultsField> = {
        session: s.code,
        round: r.round + 1,
        level: r.level,
        row: 'team',
        team: team === undefined ? t.team : `${team.name['zh-CN']} ${team.name.en}`,
        player: '',
        players: players.join('; '),
        plan: t.planSummary,
        served_as: t.locked === undefined ? '' : t.locked ? 'locked' : 'time_up',
        served_per_s: sig(t.score),
        rate_unit: `${r.throughputUnit}/s`,
        step_s: figures.stepS === null ? '' : sig(figures.stepS),
        worst_memory_gb: figures.worstMemoryGb === null ? '' : sig(figures.worstMemoryGb, 3),
        fits: t.fits,
        tasting: t.tastingOk === null ? '' : t.tastingOk ? 'ok' : 'wrong',
        limited_by: t.limitedBy,
        stars: t.stars,
        score: sig(t.score),
        points: Math.round(t.points),
        rank: t.rank,
      };
      rows.push(RESULTS_CSV_COLUMNS.map((c) => row[c]));
      for (const nickname of players)
        rows.push(RESULTS_CSV_COLUMNS.map((c) => ({ ...row, row: 'player', player: nickname })[c]));
    }
  });
  return [[...RESULTS_CSV_COLUMNS], ...rows];
}
