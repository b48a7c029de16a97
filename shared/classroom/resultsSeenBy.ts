// What a screen may see of a round's results before the reveal (issue 10, item 8): scores, ranks and the
// class histograms are public, but a team's plan summary (its mesh and labels) is its own until the
// facilitator reveals it (the reveal message carries it then). The facilitator sees every summary.
import type { ResultsMessage } from '../protocol/classroom.ts';

/**
 * `message` as the members of `team` receive it (null: a screen of no team, e.g. the projector): other teams'
 * `planSummary` is ''. The facilitator is sent `message` itself.
 * @example resultsSeenBy(results, 't1').teams[1].planSummary // ''
 */
export function resultsSeenBy(message: ResultsMessage, team: string | null): ResultsMessage {
  return {
    ...message,
    teams: message.teams.map((r) => (r.team === team ? r : { ...r, planSummary: '' })),
  };
}
