// The player's screens outside planning: lobby (teams, who is in, switch team), briefing (the round's story
// and goal in both languages), service (the team's step playing out), results (rank, score, why, debrief,
// the revealed plan) and podium. Redrawn from the room state; keyed so focus survives patches.
import {
  LOCALES,
  formatRate,
  lessonOf,
  teamResult,
  type Level,
  type ResultsMessage,
  type RevealMessage,
} from '../../shared/index.ts';
import { starGlyphs } from '../viewModels/levelCatalog.ts';
import { zeroReason } from './viewModels/zeroReason.ts';
import { h } from '../ui/dom.ts';
import type { ClassroomContext } from './context.ts';
import { translator } from './context.ts';
import type { TeamPlanSession } from './TeamPlanSession.ts';
import { failedStep } from './FailedStep.ts';
import { timelineStrip } from './TimelineStrip.ts';
import { leaderboard, ownStanding, podiumOrder, resultRows, tiedWith } from './viewModels/leaderboard.ts';
import { membersOf, teamName, type RoomState } from './viewModels/roomState.ts';
import { button, leaderboardList, patch, resultTable, teamBadge } from './widgets.ts';
import { revealCard } from './RevealCard.ts';
import { withReason } from './viewModels/withReason.ts';

export interface PlayerExtras {
  readonly plan: TeamPlanSession | null;
  readonly results: ResultsMessage | undefined;
  readonly reveal: RevealMessage | undefined;
  readonly chooseTeam: (team: string) => void;
}

export function renderPlayerPhase(
  body: HTMLElement,
  ctx: ClassroomContext,
  state: RoomState,
  me: string,
  level: Level | null,
  x: PlayerExtras,
): void {
  const t = translator(ctx);
  const locale = ctx.locales.locale;
  const mine = state.players.find((p) => p.id === me);
  const myTeam = mine?.team ?? '';
  const teams = () =>
    h(
      'ul',
      { class: 'team-cards' },
      ...state.teams.map((team) => {
        const members = membersOf(state, team.id);
        const join =
          (state.phase === 'lobby' || state.phase === 'briefing') && team.id !== myTeam
            ? button(t('cls.lobby.switch'), () => x.chooseTeam(team.id), {
                'data-focus': `team-${team.id}`,
                'aria-label': t('cls.lobby.switchTo', { team: teamName(team, locale) }),
              })
            : null;
        return h(
          'li',
          { class: team.id === myTeam ? 'team-card mine' : 'team-card', 'data-team': team.id },
          teamBadge(teamName(team, locale), team.colour),
          h(
            'ul',
            { class: 'members' },
            ...members.map((p) =>
              h(
                'li',
                { class: p.connected ? '' : 'away' },
                p.nickname,
                p.id === team.captain ? ` ★ ${t('cls.captain')}` : '',
                p.connected ? '' : ` (${t('cls.away')})`,
              ),
            ),
          ),
          join,
        );
      }),
    );

  switch (state.phase) {
    case 'lobby':
      return patch(body, JSON.stringify(['lobby', locale, myTeam, state.teams, state.players]), () => [
        h('h2', {}, state.title || t('cls.lobby.heading')),
        h('p', { class: 'lead' }, t('cls.lobby.wait')),
        teams(),
      ]);
    case 'briefing':
      return patch(
        body,
        JSON.stringify(['briefing', locale, state.round, myTeam, state.teams, state.players]),
        () => [...briefing(level, locale, t), teams()],
      );
    case 'planning':
      // A player without a seat in this round's plan (joined late) waits for the next round.
      return patch(body, `planning-wait|${locale}`, () => [
        ...briefing(level, locale, t),
        h('p', { class: 'lead' }, t('cls.plan.lateJoin')),
      ]);
    case 'service': {
      const view = x.plan?.view;
      const evaluation = view?.evaluation;
      const memory = evaluation?.pricing.memory;
      // The score hidden during planning is revealed now: the locked plan's, as the server scores it (same core).
      const row = evaluation ? teamResult(myTeam, view!.plan, { ok: true, evaluation }) : undefined;
      const reveal = row
        ? row.score > 0
          ? t('cls.play.serviceScore', {
              stars: starGlyphs(row.stars),
              starsText: t('cls.stars', { n: row.stars }),
              rate: formatRate(row.score, locale),
              unit: t(`cls.unit.${evaluation!.pricing.throughputUnit}`),
            })
          : withReason(t('cls.play.serviceZero'), zeroReason(row, t, locale), t)
        : null;
      return patch(body, `service|${locale}|${state.round}|${evaluation ? 1 : 0}`, () => [
        h('h2', {}, t('cls.service.heading')),
        h('p', { class: 'lead' }, t('cls.service.lead')),
        reveal ? h('p', { class: 'lead service-score', 'data-stars': String(row!.stars) }, reveal) : null,
        !evaluation || !memory
          ? h('p', { class: 'muted' }, t('cls.service.noPlan'))
          : memory.fits
            ? timelineStrip(evaluation.timeline, t, locale)
            : failedStep(
                { needBytes: memory.worst.total, capacityBytes: memory.capacityBytes, fits: false },
                t,
              ),
      ]);
    }
    case 'results': {
      const results = x.results && x.results.round === state.round ? x.results : undefined;
      const rows = results ? resultRows(results, state.teams, locale) : [];
      const own = ownStanding(rows, myTeam, locale);
      const reveal = x.reveal && x.reveal.round === state.round ? x.reveal : undefined;
      return patch(body, `results|${locale}|${state.round}|${results ? 1 : 0}|${reveal?.team ?? ''}`, () => [
        h('h2', {}, t('cls.results.heading', { n: state.round + 1 })),
        own
          ? h(
              'p',
              {
                class: 'lead own-result',
                'data-rank': String(own.words.rank),
                'data-tied': String(own.tied),
              },
              t(own.tied ? 'cls.results.ownTied' : 'cls.results.own', own.words),
            )
          : h('p', { class: 'muted' }, t('cls.results.waiting')),
        rows.length && results ? resultTable(rows, results.throughputUnit, t, locale, myTeam) : null,
        reveal ? revealCard(reveal, state, t, locale, false, results) : null,
        // The reveal says the lesson after its own plan's debrief; without one, the lesson names whose
        // figures it tells (the reference plan's, not this team's).
        level && !reveal
          ? h(
              'section',
              { class: 'debrief' },
              h('h3', {}, t('cls.debrief')),
              h('p', {}, lessonOf(level)[locale]),
            )
          : null,
      ]);
    }
    case 'podium': {
      const rows = leaderboard(state.teams, locale);
      // The bar above says "Podium" (the phase): the heading says where this player's team finished.
      const own = ownStanding(rows, myTeam, locale);
      return patch(body, `podium|${locale}|${myTeam}|${JSON.stringify(rows)}`, () => [
        own
          ? h(
              'h2',
              { class: 'own-result', 'data-rank': String(own.words.rank), 'data-tied': String(own.tied) },
              t(own.tied ? 'cls.podium.ownTied' : 'cls.podium.own', own.words),
            )
          : null,
        podium(rows.length ? podiumOrder(rows) : [], t),
        leaderboardList(rows, t),
      ]);
    }
  }
}

/** The round's level: title, story and goal in the page's language, with the other language below. */
function briefing(level: Level | null, locale: (typeof LOCALES)[number], t: ReturnType<typeof translator>) {
  if (!level) return [h('p', { class: 'muted' }, t('cls.briefing.unknown'))];
  const other = LOCALES.find((l) => l !== locale)!;
  return [
    h('h2', {}, level.title[locale]),
    h('p', { class: 'other-lang', lang: other }, level.title[other]),
    h('h3', {}, t('level.story')),
    h('p', { class: 'story' }, level.story[locale]),
    h('p', { class: 'other-lang', lang: other }, level.story[other]),
    h('h3', {}, t('level.goal')),
    h('p', { class: 'goal' }, level.goal[locale]),
    h('p', { class: 'other-lang', lang: other }, level.goal[other]),
  ];
}

/**
 * The podium's steps (podiumOrder: every team of places 1–3). Teams with equal points share a place: each
 * stands on the same step, side by side, said "Tied for place 1", none of them put before the others.
 */
export function podium(rows: ReturnType<typeof podiumOrder>, t: ReturnType<typeof translator>): HTMLElement {
  return h(
    'ol',
    { class: 'podium', 'aria-label': t('cls.podium.heading') },
    ...rows.map((r) => {
      const tied = tiedWith(rows, r.team).length > 0;
      return h(
        'li',
        { class: `step step-${r.rank}`, 'data-rank': String(r.rank), 'data-team': r.team },
        teamBadge(r.name, r.colour),
        h('span', { class: 'place' }, t(tied ? 'cls.podium.tied' : 'cls.podium.place', { n: r.rank })),
        h('strong', {}, t('cls.points', { n: Math.round(r.points) })),
      );
    }),
  );
}
