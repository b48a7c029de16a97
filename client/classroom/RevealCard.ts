// The facilitator's reveal of one team's plan (docs/design.md §5.2 results; issue 18 item 6): the plan in the
// kitchen's words beside the round's best plan and the level's par in the same words (the core's planInWords),
// each with its score, then its service playing out (TimelineStrip) and a debrief that speaks to this plan —
// on every screen at once. The one line of code (planSummary) stays for the engineers, off the projector.
import { type Locale, type ResultsMessage, type RevealMessage, type Text } from '../../shared/index.ts';
import { h } from '../ui/dom.ts';
import type { Translate } from '../ui/translate.ts';
import { failedStep } from './FailedStep.ts';
import { timelineStrip } from './TimelineStrip.ts';
import { nameList } from './viewModels/leaderboard.ts';
import { teamName, type RoomState } from './viewModels/roomState.ts';
import { teamBadge } from './widgets.ts';
import { rankedScoreLine, scoreLine } from './viewModels/revealScore.ts';

/** A line that stands for the words of a plan shown beside (the same text in either language). */
const sameAs = (line: string): Text => ({ 'zh-CN': line, en: line });

/** One plan's column: whose it is, its score, its words. */
function planColumn(
  kind: 'this' | 'best' | 'par',
  heading: (string | HTMLElement)[],
  score: string,
  words: readonly Text[],
  locale: Locale,
): HTMLElement {
  return h(
    'article',
    { class: `reveal-plan ${kind}`, 'data-plan': kind },
    h('h4', {}, ...heading),
    h('p', { class: 'plan-score' }, score),
    h('ul', { class: 'plan-words' }, ...words.map((w) => h('li', {}, w[locale]))),
  );
}

/**
 * `compact` (the projector) leaves out the line of code and the level's lesson (phones and the dashboard
 * show them) and runs the debrief's heading into its text. `results` (the round's) names the teams that
 * share the best score with the plan cited as the round's best: a tie is said, not one of them crowned.
 */
export function revealCard(
  reveal: RevealMessage,
  state: RoomState,
  t: Translate,
  locale: Locale,
  compact = false,
  results?: ResultsMessage,
): HTMLElement {
  const nameOf = (id: string) => {
    const team = state.teams.find((x) => x.id === id);
    return team ? teamName(team, locale) : id;
  };
  const badge = (id: string) => teamBadge(nameOf(id), state.teams.find((x) => x.id === id)?.colour ?? 7);
  const bestTeam = reveal.best?.result.team;
  const alsoBest =
    results?.round === reveal.round && bestTeam !== undefined
      ? results.teams
          .filter((x) => x.rank === 1 && x.score > 0 && x.team !== bestTeam && x.team !== reveal.team)
          .map((x) => nameOf(x.team))
      : [];
  const r = reveal.result;
  const unit = reveal.throughputUnit;
  const words = reveal.words;
  const thisScore = rankedScoreLine(r, unit, t, locale);
  const columns = [planColumn('this', [t('cls.play.thisPlan')], thisScore, words, locale)];
  /** About how many lines the plans take (a heading, a score, a line per word): where the debrief goes. */
  let planLines = 2 + words.length + (reveal.best ? 2 + reveal.best.words.length : 0);
  if (reveal.best)
    columns.push(
      planColumn(
        'best',
        [
          t('cls.play.bestPlan'),
          ' ',
          badge(reveal.best.result.team),
          ...(alsoBest.length > 0
            ? [
                ' ',
                h('span', { class: 'tied' }, t('cls.play.bestTied', { teams: nameList(alsoBest, locale) })),
              ]
            : []),
        ],
        scoreLine(reveal.best.result, unit, t, locale),
        reveal.best.words,
        locale,
      ),
    );
  if (reveal.par) {
    // Par is often one of the plans beside it: said so in a line instead of the same words twice.
    const same = (a: readonly Text[] | undefined) =>
      a !== undefined && JSON.stringify(a) === JSON.stringify(reveal.par!.words);
    const parWords = same(words)
      ? [sameAs(t('cls.play.sameAsThis'))]
      : same(reveal.best?.words)
        ? [sameAs(t('cls.play.sameAsBest'))]
        : reveal.par.words;
    columns.push(
      planColumn('par', [t('cls.play.par')], scoreLine(reveal.par.result, unit, t, locale), parWords, locale),
    );
    planLines += 2 + parWords.length;
  }
  const debrief = reveal.debrief[locale].split('\n');
  const plans = h('div', { class: 'reveal-plans', 'data-columns': String(columns.length) }, ...columns);
  // A plan out of memory did not cook: its fridge overflows where the service's lanes would play.
  const cooked = r.fits || r.capacityBytes <= 0;
  const service = cooked
    ? timelineStrip(reveal.timeline, t, locale)
    : failedStep({ needBytes: r.worstMemoryBytes, capacityBytes: r.capacityBytes, fits: false }, t);
  const serviceLines = cooked ? 2 + 2 * reveal.timeline.lanes.length : 3;
  const debriefLeft = planLines < serviceLines;
  const debriefLines = debrief.map((line, i) =>
    h(
      'p',
      { class: 'debrief' },
      // On the projector the heading runs into the text: one line more for the debrief at 1280×720.
      compact && i === 0 ? h('strong', {}, `${t('cls.debrief')}: `) : null,
      line,
    ),
  );
  return h(
    'section',
    {
      class: compact ? 'reveal compact' : 'reveal',
      'aria-labelledby': 'reveal-heading',
      'data-team': reveal.team,
    },
    h('h3', { id: 'reveal-heading' }, t('cls.reveal.heading'), ' ', badge(reveal.team)),
    // The projector: the plans on the left, the service on the right, and the debrief under the shorter of
    // the two (a pipeline's eight lanes, two lines each, fill the right column; a plan that did not cook
    // leaves it empty), so that it stays on a 1080-px screen.
    ...(compact
      ? [
          h(
            'div',
            { class: 'reveal-body' },
            h('div', { class: 'reveal-told' }, plans, ...(debriefLeft ? debriefLines : [])),
            h('div', { class: 'reveal-story' }, service, ...(debriefLeft ? [] : debriefLines)),
          ),
        ]
      : [
          plans,
          h('p', {}, h('code', { class: 'plan-summary' }, r.planSummary)),
          service,
          h('h4', {}, t('cls.debrief')),
          ...debriefLines,
          h('h4', {}, t('cls.play.lesson')),
          h('p', { class: 'lesson' }, reveal.lesson[locale]),
        ]),
  );
}
