// The session's results as CSV for the facilitator (contract RESULTS_CSV_COLUMNS; RFC 4180: CRLF line ends,
// fields with a comma, quote, CR or LF quoted, quotes doubled). One row per team per scored round; rounds
// are numbered from 1 here (the snapshot counts from 0); worst memory in decimal GB.
import { RESULTS_CSV_COLUMNS } from '../protocol/classroom.ts';
import type { SessionSnapshot } from './session.ts';

/** One field, quoted when RFC 4180 requires it. */
export function csvField(value: string | number | boolean): string {
  const s = String(value);
  return /[",\r\n]/u.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * @example resultsCsv(s).split('\r\n')[0] // 'session,round,level,team,players,plan,…,points,rank'
 */
export function resultsCsv(s: SessionSnapshot): string {
  const rows: (string | number | boolean)[][] = [];
  s.results.forEach((r, i) => {
    const roster = s.rosters[i] ?? {};
    for (const t of r.teams) {
      const team = s.teams.find((x) => x.id === t.team);
      const row: Record<(typeof RESULTS_CSV_COLUMNS)[number], string | number | boolean> = {
        session: s.code,
        round: r.round + 1,
        level: r.level,
        team: team === undefined ? t.team : `${team.name['zh-CN']} ${team.name.en}`,
        players: (roster[t.team] ?? []).join('; '),
        plan: t.planSummary,
        tokens_per_s: t.tokensPerS,
        step_s: t.stepS,
        worst_memory_gb: t.worstMemoryBytes / 1e9,
        fits: t.fits,
        tasting: t.tastingOk === null ? '' : t.tastingOk ? 'ok' : 'wrong',
        limited_by: t.limitedBy,
        stars: t.stars,
        score: t.score,
        points: t.points,
        rank: t.rank,
      };
      rows.push(RESULTS_CSV_COLUMNS.map((c) => row[c]));
    }
  });
  return [[...RESULTS_CSV_COLUMNS], ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
