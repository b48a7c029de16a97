// What each class histogram of the results (docs/design.md §5.2 "Results") counts of one team's result, so
// the projector's bars and each team's mark on them are facts of that team's plan as the score screens show it:
//   tokensPerS    the served throughput, the score: 0 for a plan that is not served (score.ts)
//   worstMemoryGb the fullest fridge (GB = 1e9 bytes) of any plan the core evaluated; none for a plan it
//                 could not evaluate (an illegal label, capacity 0)
//   stepS         the step time of a served plan only: a plan that overflows, tastes wrong or turns away
//                 too many guests is never served, and the classroom's screens print no step time for it
import type { TeamRoundResult } from '../protocol/classroom.ts';

/** The metrics of the class histograms. */
export type HistogramMetric = 'tokensPerS' | 'worstMemoryGb' | 'stepS';

type Figures = Pick<TeamRoundResult, 'score' | 'stepS' | 'worstMemoryBytes' | 'capacityBytes'>;

/** Each histogram's value for one team, or null where its result has no such figure. */
export function histogramValues(t: Figures): Record<HistogramMetric, number | null> {
  return {
    tokensPerS: t.score,
    worstMemoryGb: t.capacityBytes > 0 ? t.worstMemoryBytes / 1e9 : null,
    stepS: t.score > 0 ? t.stepS : null,
  };
}

/** The values of every team that has the figure, in team order (the results message's histograms). */
export function classHistograms(teams: readonly Figures[]): Record<HistogramMetric, number[]> {
  const values = teams.map(histogramValues);
  const of = (m: HistogramMetric) => values.flatMap((v) => (v[m] === null ? [] : [v[m]]));
  return { tokensPerS: of('tokensPerS'), worstMemoryGb: of('worstMemoryGb'), stepS: of('stepS') };
}
