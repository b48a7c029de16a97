// The facilitator's reveal of one team's plan (docs/design.md §5.2 results): the plan in one line, its score,
// its service playing out (TimelineStrip) and the round's debrief, on every screen at once.
import { formatRate, type Locale, type RevealMessage } from '../../shared/index.ts';
import { h } from '../ui/dom.ts';
import type { Translate } from '../ui/translate.ts';
import { failedStep } from './FailedStep.ts';
import { timelineStrip } from './TimelineStrip.ts';
import { teamName, type RoomState } from './viewModels/roomState.ts';
import { teamBadge } from './widgets.ts';
import { zeroReason } from './viewModels/zeroReason.ts';

/**
 * `compact` (the projector) leaves out the one-line explanation (the debrief says it at room size) and runs
 * the debrief's heading into its text.
 */
export function revealCard(
  reveal: RevealMessage,
  state: RoomState,
  t: Translate,
  locale: Locale,
  compact = false,
): HTMLElement {
  const team = state.teams.find((x) => x.id === reveal.team);
  const r = reveal.result;
  return h(
    'section',
    { class: 'reveal', 'aria-labelledby': 'reveal-heading', 'data-team': reveal.team },
    h(
      'h3',
      { id: 'reveal-heading' },
      t('cls.reveal.heading'),
      ' ',
      teamBadge(team ? teamName(team, locale) : reveal.team, team?.colour ?? 7),
    ),
    h('p', {}, h('code', { class: 'plan-summary' }, r.planSummary)),
    h(
      'p',
      { class: 'lead' },
      r.fits && r.tastingOk !== false
        ? t('cls.reveal.score', {
            rank: r.rank,
            rate: formatRate(r.tokensPerS),
            unit: t(`cls.unit.${reveal.throughputUnit}`),
            points: Math.round(r.points),
          })
        : `✗ ${zeroReason(r, t)}`,
    ),
    compact ? null : h('p', {}, r.explanation[locale]),
    // A plan out of memory did not cook: its fridge overflows where the service's lanes would play.
    !r.fits && r.capacityBytes > 0
      ? failedStep({ needBytes: r.worstMemoryBytes, capacityBytes: r.capacityBytes, fits: false }, t)
      : timelineStrip(reveal.timeline, t, locale),
    // On the projector the heading runs into the text: one line more for the debrief at 1280×720.
    compact ? null : h('h4', {}, t('cls.debrief')),
    h(
      'p',
      { class: 'debrief' },
      compact ? h('strong', {}, `${t('cls.debrief')}: `) : null,
      reveal.debrief[locale],
    ),
  );
}
