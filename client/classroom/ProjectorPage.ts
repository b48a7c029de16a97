// The projector (read-only, big type for a room; 1280×720 and 1920×1080): the title and phase, the join code
// and its QR code, the teams with colours and patterns, the timer, the live leaderboard, the round's results,
// class histograms and the facilitator's reveal (ProjectorResults.ts), and the podium.
import { refusalText } from './viewModels/refusalText.ts';
import { levelById } from '../../shared/index.ts';
import { SessionConnection } from '../net/SessionConnection.ts';
import { h } from '../ui/dom.ts';
import type { ClassroomContext } from './context.ts';
import { translator } from './context.ts';
import { podium } from './PlayerScreens.ts';
import { projectorHistograms, projectorResults } from './ProjectorResults.ts';
import { ServiceBoard } from './ServiceBoard.ts';
import { joinLink, spacedCode } from './viewModels/classroomRoute.ts';
import { joinBase, type JoinBase } from './viewModels/joinBase.ts';
import { fetchServerInfo } from './sessionApi.ts';
import { leaderboard, podiumOrder } from './viewModels/leaderboard.ts';
import { membersOf, teamName, type RoomState } from './viewModels/roomState.ts';
import { connectionNotice } from './viewModels/connectionNotice.ts';
import { frozenAt, type TimerSample } from './viewModels/timer.ts';
import {
  isPaused,
  showHint,
  leaderboardList,
  patch,
  phaseLabel,
  phaseText,
  qrCode,
  showTimer,
  teamBadge,
} from './widgets.ts';
import { withReason } from './viewModels/withReason.ts';

export class ProjectorPage {
  private conn: SessionConnection | null = null;
  /** Where phones join (PUBLIC_URL or the network address); the page's origin until the server said. */
  private base: JoinBase | null = null;
  private sample: TimerSample = { remainingMs: 0, running: false, sampledAtMs: 0 };
  private readonly timer = h('span', { class: 'timer huge', role: 'timer' });
  private readonly head = h('header', { class: 'proj-head' });
  private readonly main = h('section', { class: 'proj-main' });
  private readonly side = h('aside', { class: 'proj-side' });
  private readonly notice = h('p', { class: 'cls-banner', role: 'status', hidden: true });
  /**
   * While the facilitator holds the clock: a band over the main column, in words and with a pause sign drawn
   * in CSS (no emoji font needed), that the back of the room sees; it covers nothing, the side keeps its height.
   */
  private readonly pausedBand = h('p', { class: 'proj-paused', role: 'status', hidden: true });
  private readonly hint = h('p', { class: 'cls-hint', role: 'status', hidden: true });
  /** The whole screen, sized to the stage (no page scroll); `data-phase` lets the layout follow the phase. */
  private readonly page = h('div', { class: 'classroom-page projector-page' });
  /** The teams' services side by side (the dynamic view per team), during service. */
  private readonly board: ServiceBoard;

  constructor(
    private readonly ctx: ClassroomContext,
    private readonly code: string,
  ) {
    this.board = new ServiceBoard(ctx);
    setInterval(() => this.tick(), 250);
    ctx.locales.subscribe(() => {
      for (const el of [this.head, this.main, this.side]) delete el.dataset.key;
      if (this.conn?.state) this.render(this.conn.state);
    });
  }

  async start(): Promise<void> {
    const t = translator(this.ctx);
    this.ctx.stage.dataset.screen = 'projector';
    const conn = new SessionConnection(this.ctx.endpoint, this.ctx.keys);
    try {
      await conn.join(this.code, { role: 'projector' });
    } catch (e) {
      this.ctx.panel.replaceChildren(
        h(
          'div',
          { class: 'classroom-page sheet' },
          h(
            'h2',
            {},
            withReason(
              t('cls.proj.failed', { code: this.code }),
              refusalText(e, this.ctx.locales.locale, t('cls.error.reload')),
              t,
            ),
          ),
        ),
      );
      return;
    }
    this.conn = conn;
    this.page.replaceChildren(
      this.head,
      this.notice,
      this.hint,
      h('div', { class: 'proj-body' }, this.pausedBand, this.main, this.side),
    );
    this.ctx.panel.replaceChildren(this.page);
    for (const type of ['results', 'reveal', 'service'] as const)
      conn.on(type, () => {
        delete this.main.dataset.key;
        if (conn.state) this.render(conn.state);
      });
    conn.onStatus((s) => {
      if (s.kind === 'reconnecting') {
        this.sample = frozenAt(this.sample, Date.now());
        this.tick();
      }
      this.say(connectionNotice(s, 'projector', t));
    });
    conn.onState((s) => this.render(s));
    void fetchServerInfo(this.ctx.endpoint).then((info) => {
      this.base = joinBase(this.ctx.origin, info);
      if (conn.state) this.render(conn.state);
    });
  }

  private say(text: string): void {
    this.notice.textContent = text;
    this.notice.hidden = text === '';
  }

  private render(state: RoomState): void {
    const t = translator(this.ctx);
    const locale = this.ctx.locales.locale;
    this.sample = state.timer;
    this.page.dataset.phase = state.phase;
    const link = joinLink(this.base?.origin ?? this.ctx.origin, this.code);
    const level = levelById(state.levelId);
    const lobby = state.phase === 'lobby';
    const paused = isPaused(state);
    const podiumNow = state.phase === 'podium';
    patch(
      this.head,
      JSON.stringify([locale, state.title, state.phase, state.round, level?.id, paused]),
      () => [
        h('h1', {}, state.title || t('cls.proj.title')),
        h(
          'p',
          { class: 'phase', 'data-phase': state.phase, 'data-paused': String(paused) },
          ...phaseLabel(phaseText(state, t), level && !podiumNow ? level.title[locale] : undefined),
        ),
        this.timer,
      ],
    );
    this.tick();
    this.page.dataset.paused = String(paused);
    this.pausedBand.hidden = !paused;
    patch(this.pausedBand, JSON.stringify([locale, paused]), () =>
      paused
        ? [
            h('span', { class: 'pause-sign', 'aria-hidden': 'true' }),
            h('strong', {}, t('cls.run.paused')),
            document.createTextNode(' '),
            h('span', {}, t('cls.proj.pausedWhy')),
          ]
        : [],
    );
    showHint(this.hint, state.lastHint, t);
    // The side column: how to join (huge in the lobby, small during a round for late joiners, one line
    // during the results so the leaderboard and the histograms fit 1280×720), the leaderboard, histograms.
    const rows = leaderboard(state.teams, locale);
    const scored = this.conn?.last('results');
    const histogramsNow = state.phase === 'results' && scored?.round === state.round ? scored : undefined;
    const join = lobby ? 'big' : state.phase === 'results' ? 'strip' : 'compact';
    const url = link.replace(/^https?:\/\//, '');
    patch(this.side, JSON.stringify([locale, join, podiumNow, rows, histogramsNow?.round, url]), () => [
      podiumNow
        ? null
        : join === 'strip'
          ? h(
              'p',
              { class: 'join-box strip' },
              `${t('cls.code')} `,
              h('strong', { class: 'code', id: 'projector-code' }, spacedCode(this.code)),
              h('br', {}),
              h('span', { class: 'join-url' }, url),
            )
          : h(
              'div',
              { class: `join-box ${join}` },
              h('p', {}, t('cls.proj.joinAt'), h('br', {}), h('strong', { class: 'join-url' }, url)),
              qrCode(link, t('cls.qrLabel', { link }), lobby ? 300 : 120),
              h(
                'p',
                { class: 'code-line' },
                t('cls.code'),
                h('strong', { class: 'code', id: 'projector-code' }, spacedCode(this.code)),
              ),
            ),
      lobby ? null : h('h2', {}, t('cls.leaderboard')),
      lobby ? null : leaderboardList(rows, t),
      histogramsNow ? projectorHistograms(this.ctx, state, histogramsNow) : null,
    ]);
    const results = this.conn?.last('results');
    const reveal = this.conn?.last('reveal');
    const currentResults = results && results.round === state.round ? results : undefined;
    const currentReveal = reveal && reveal.round === state.round ? reveal : undefined;
    const service = this.conn?.last('service');
    const currentService = state.phase === 'service' && service?.round === state.round ? service : undefined;
    // The service board takes the whole width: the side column's leaderboard does not change in service.
    this.page.dataset.board = currentService ? 'service' : '';
    if (!currentService) this.board.hide();
    if (state.phase === 'planning' || state.phase === 'service') this.board.warm();
    patch(
      this.main,
      JSON.stringify([
        locale,
        state.phase,
        state.round,
        state.teams,
        state.players,
        currentResults?.round,
        currentReveal?.team,
        currentService?.round,
      ]),
      () => {
        if (currentService) return [this.board.render(state, currentService)];
        switch (state.phase) {
          case 'lobby':
          case 'briefing':
          case 'planning':
          case 'service':
            return [
              state.phase === 'briefing' && level
                ? h(
                    'div',
                    { class: 'proj-brief' },
                    h('h2', {}, level.title[locale]),
                    h('p', {}, level.story[locale]),
                    h(
                      'p',
                      { class: 'goal' },
                      h('strong', {}, `${t('level.goal')}${t('punct.colon')}`),
                      level.goal[locale],
                    ),
                  )
                : null,
              state.phase === 'service' ? h('h2', {}, t('cls.service.heading')) : null,
              this.teams(state),
              (state.phase === 'planning' || state.phase === 'service') && level
                ? h(
                    'p',
                    { class: 'proj-goal' },
                    h('strong', {}, `${t('level.goal')}${t('punct.colon')}`),
                    level.goal[locale],
                  )
                : null,
            ];
          case 'results':
            return currentResults
              ? projectorResults(this.ctx, state, currentResults, currentReveal)
              : [h('p', { class: 'lead' }, t('cls.results.waiting'))];
          case 'podium':
            // The head says "Podium" (the phase line): the steps need no heading of their own under it.
            return [podium(podiumOrder(rows), t)];
        }
      },
    );
  }

  private teams(state: RoomState): HTMLElement {
    const t = translator(this.ctx);
    const locale = this.ctx.locales.locale;
    return h(
      'ul',
      { class: 'proj-teams' },
      ...state.teams.map((team) =>
        h(
          'li',
          { class: team.locked ? 'locked' : '', 'data-team': team.id },
          teamBadge(teamName(team, locale), team.colour, 'big'),
          state.phase === 'planning' || state.phase === 'service'
            ? h(
                'span',
                { class: 'team-status' },
                team.locked ? t('cls.locked') : t('cls.host.edits', { n: team.planVersion }),
              )
            : null,
          h(
            'p',
            { class: 'names' },
            membersOf(state, team.id)
              .map((p) => p.nickname)
              .join(' · ') || '—',
          ),
        ),
      ),
    );
  }

  private tick(): void {
    showTimer(this.timer, this.sample, this.conn?.state?.phase, Date.now());
  }
}
