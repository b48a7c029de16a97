// The projector's round results: the results table (or the facilitator's reveal, which takes the room) in the
// main area, and the class histograms of the round in the side column, each team's value marked with its
// colour and pattern.
import {
  histogramValues,
  type HistogramMetric,
  type ResultsMessage,
  type RevealMessage,
} from '../../shared/index.ts';
import { h } from '../ui/dom.ts';
import type { ClassroomContext } from './context.ts';
import { translator } from './context.ts';
import { revealCard } from './RevealCard.ts';
import { resultRows } from './viewModels/leaderboard.ts';
import type { RoomState } from './viewModels/roomState.ts';
import { histogram, resultTable } from './widgets.ts';

/** The main area in the results phase: the round's results table, or the reveal `shown`. */
export function projectorResults(
  ctx: ClassroomContext,
  state: RoomState,
  results: ResultsMessage,
  shown: RevealMessage | undefined,
) {
  const t = translator(ctx);
  const locale = ctx.locales.locale;
  const rows = resultRows(results, state.teams, locale);
  // With a reveal the head's "Round n of m · Results" is heading enough: the debrief gets the room.
  if (shown) return [revealCard(shown, state, t, locale, true, results)];
  return [
    h('h2', {}, t('cls.results.heading', { n: results.round + 1 })),
    resultTable(rows, results.throughputUnit, t, locale),
  ];
}

/** The class histograms of the round, each team's value marked with its colour and pattern. */
export function projectorHistograms(
  ctx: ClassroomContext,
  state: RoomState,
  results: ResultsMessage,
): HTMLElement {
  const t = translator(ctx);
  const locale = ctx.locales.locale;
  const rows = resultRows(results, state.teams, locale);
  // A team without the figure (an unserved plan's step time) gets no mark: NaN falls in no bin.
  const marks = (metric: HistogramMetric) =>
    rows.map((r) => ({ name: r.name, colour: r.colour, value: histogramValues(r)[metric] ?? NaN }));
  return h(
    'div',
    { class: 'histograms' },
    histogram(
      'tokensPerS',
      results.histograms.tokensPerS,
      marks('tokensPerS'),
      results.throughputUnit,
      t,
      locale,
    ),
    histogram(
      'worstMemoryGb',
      results.histograms.worstMemoryGb,
      marks('worstMemoryGb'),
      results.throughputUnit,
      t,
      locale,
    ),
    histogram('stepS', results.histograms.stepS, marks('stepS'), results.throughputUnit, t, locale),
  );
}
