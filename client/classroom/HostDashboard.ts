// The facilitator's dashboard (docs/design.md §5.5): code, join link and QR; phase and timer with the pacing
// commands; teams and players (move, captain, kick with confirm); the hint box; the round's ranking with a
// Reveal per team; the results CSV; End session. Joins with the stored host key, resuming after a restart.
import { refusalText } from './viewModels/refusalText.ts';
import {
  MSG_HOST,
  levelById,
  type HostCommand,
  type PlanState,
  type SessionPhase,
} from '../../shared/index.ts';
import { SessionConnection } from '../net/SessionConnection.ts';
import { h } from '../ui/dom.ts';
import type { ClassroomContext } from './context.ts';
import { translator } from './context.ts';
import { hostHeadSection } from './HostHeadSection.ts';
import { hostHintSection } from './HostHintSection.ts';
import { hostRevealsSection } from './HostRevealsSection.ts';
import { hostSeatsSection } from './HostSeatsSection.ts';
import { hostTeamsTable } from './HostTeamsTable.ts';
import { fetchServerInfo, resultsCsvUrl, resumeSession } from './sessionApi.ts';
import { joinBase, type JoinBase } from './viewModels/joinBase.ts';
import { hostLink, joinLink, projectorLink } from './viewModels/classroomRoute.ts';
import { resultRows } from './viewModels/leaderboard.ts';
import { membersOf, teamName, type RoomState } from './viewModels/roomState.ts';
import { connectionNotice } from './viewModels/connectionNotice.ts';
import { frozenAt, type TimerSample } from './viewModels/timer.ts';
import { button, isPaused, patch, phaseLabel, phaseText, resultTable, showTimer } from './widgets.ts';
import { revealCard } from './RevealCard.ts';
import { withReason } from './viewModels/withReason.ts';

/** Which pacing commands make sense in each phase (the server refuses the others anyway). */
const COMMANDS: Record<SessionPhase, readonly HostCommand['command'][]> = {
  lobby: ['start'],
  briefing: ['advance', 'skipRound'],
  planning: ['pause', 'resume', 'extend', 'endPlanning', 'skipRound'],
  service: ['advance'],
  results: ['advance'],
  podium: [],
};

export class HostDashboard {
  private conn: SessionConnection | null = null;
  /** Where phones join (PUBLIC_URL or the network address); the page's origin until the server said. */
  private base: JoinBase | null = null;
  private sample: TimerSample = { remainingMs: 0, running: false, sampledAtMs: 0 };
  /** Each team's plan as its last MSG_TEAM_PLAN had it, by team id. */
  private readonly plans = new Map<string, PlanState>();
  private readonly timer = h('span', { class: 'timer big', role: 'timer' });
  private readonly sections = {
    head: h('section', { class: 'host-head' }),
    pace: h('section', { class: 'host-pace', 'aria-label': 'pace' }),
    teams: h('section', { class: 'host-teams' }),
    hint: h('section', { class: 'host-hint' }),
    /** The Reveal buttons of the round's results, with the other controls (not below the ranking). */
    reveals: h('section', { class: 'host-reveals' }),
    results: h('section', { class: 'host-results', 'aria-live': 'polite' }),
    seats: h('section', { class: 'host-seats', 'aria-label': 'joining' }),
  };
  private readonly notice = h('p', { class: 'cls-banner', role: 'status', hidden: true });

  constructor(
    private readonly ctx: ClassroomContext,
    private readonly code: string,
  ) {
    setInterval(() => this.tick(), 250);
    ctx.locales.subscribe(() => {
      for (const s of Object.values(this.sections)) delete s.dataset.key;
      if (this.conn?.state) this.render(this.conn.state);
    });
  }

  /** With a stored host key joins at once; otherwise asks for it. */
  start(): void {
    this.ctx.stage.dataset.screen = 'classroom';
    const key = this.ctx.keys.hostKey(this.code);
    if (key) void this.connect(key);
    else this.askKey();
  }

  private askKey(error = ''): void {
    const t = translator(this.ctx);
    const input = h('input', { id: 'host-key', autocomplete: 'off', spellcheck: 'false' });
    const form = h(
      'form',
      { class: 'sheet', 'aria-labelledby': 'key-heading' },
      h('h2', { id: 'key-heading' }, t('cls.host.keyHeading', { code: this.code })),
      h('label', { for: 'host-key' }, t('cls.host.key')),
      input,
      h('p', { class: 'form-error', role: 'alert' }, error),
      h('button', { type: 'submit', class: 'button primary' }, t('cls.host.open')),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (input.value.trim()) void this.connect(input.value.trim());
    });
    this.ctx.panel.replaceChildren(h('div', { class: 'classroom-page host-page' }, form));
    input.focus();
  }

  private async connect(hostKey: string): Promise<void> {
    const t = translator(this.ctx);
    const conn = new SessionConnection(this.ctx.endpoint, this.ctx.keys);
    try {
      await conn.join(this.code, { role: 'facilitator', hostKey });
    } catch {
      // Not running (a server restart): re-open it from the database with the host key, then join.
      try {
        await resumeSession(this.ctx.endpoint, this.code, hostKey);
        await conn.join(this.code, { role: 'facilitator', hostKey });
      } catch (e) {
        return this.askKey(
          withReason(
            t('cls.host.openFailed'),
            refusalText(e, this.ctx.locales.locale, t('cls.error.reload')),
            t,
          ),
        );
      }
    }
    this.ctx.keys.saveHostKey(this.code, hostKey);
    this.conn = conn;
    const s = this.sections;
    this.ctx.panel.replaceChildren(
      h(
        'div',
        { class: 'classroom-page host-page dashboard' },
        this.notice,
        s.head,
        // The controls stay in place (issue 18 item 8): pacing, Reveal and the hint in one block that sticks
        // to the top while the results and 30 players scroll under it; a hint takes a reserved line.
        h('div', { class: 'host-controls' }, s.pace, s.reveals, s.hint),
        s.results,
        s.seats,
        s.teams,
      ),
    );
    conn.on('error', (m) => this.say(refusalText(m, this.ctx.locales.locale, t('cls.error.reload'))));
    conn.on('removed', () => conn.state && this.render(conn.state));
    // Every team's plan reaches the facilitator: the teams table says it in words, to coach a team by.
    conn.on('teamPlan', (m) => {
      this.plans.set(m.team, m.plan);
      if (conn.state) this.render(conn.state);
    });
    for (const type of ['results', 'reveal'] as const)
      conn.on(type, () => {
        delete s.results.dataset.key;
        if (conn.state) this.render(conn.state);
      });
    conn.onStatus((st) => {
      if (st.kind === 'reconnecting') {
        this.sample = frozenAt(this.sample, Date.now());
        this.tick();
        return this.say(connectionNotice(st, 'facilitator', t));
      }
      if (st.kind === 'left') return this.say(t(`cls.left.${st.reason}`));
      // Back after a restart: the session came back paused from the database.
      this.say(st.kind === 'online' && st.afterRestart === true ? t('cls.run.restored') : '');
    });
    conn.onState((st) => this.render(st));
    void fetchServerInfo(this.ctx.endpoint).then((info) => {
      this.base = joinBase(this.ctx.origin, info);
      if (conn.state) this.render(conn.state);
    });
  }

  private say(text: string): void {
    this.notice.textContent = text;
    this.notice.hidden = text === '';
  }

  private send(command: HostCommand): void {
    this.conn?.send(MSG_HOST, command);
  }

  private render(state: RoomState): void {
    const t = translator(this.ctx);
    const locale = this.ctx.locales.locale;
    const s = this.sections;
    this.sample = state.timer;
    const link = joinLink(this.base?.origin ?? this.ctx.origin, this.code);
    const localOnly = this.base?.localOnly ?? false;
    const hostKey = this.ctx.keys.hostKey(this.code) ?? '';
    hostHeadSection(s.head, {
      title: state.title,
      code: this.code,
      link,
      localOnly,
      projector: projectorLink(this.ctx.origin, this.code),
      csv: resultsCsvUrl(this.ctx.endpoint, this.code, hostKey),
      hostLink: hostLink(this.ctx.origin, this.code),
      hostKey,
      t,
      locale,
    });
    const allowed = COMMANDS[state.phase];
    const cmd = (command: HostCommand, label: string, primary = false) =>
      button(
        label,
        () => (command.command !== 'endPlanning' || this.confirmEndPlanning()) && this.send(command),
        {
          class: primary ? 'button primary' : 'button',
          hidden: !allowed.includes(command.command),
          disabled:
            (command.command === 'pause' && !state.timer.running) ||
            (command.command === 'resume' && state.timer.running),
          'data-command': command.command,
          'data-focus': `cmd-${command.command}`,
        },
      );
    const end = button(
      t('cls.host.endSession'),
      () => {
        if (window.confirm(t('cls.host.endConfirm'))) this.send({ command: 'endSession' });
      },
      // At the podium after the last round the session is still open (joins are refused): ending it closes it.
      { class: 'button danger', 'data-focus': 'cmd-end' },
    );
    // The round's level beside its phase, as the projector shows it: the facilitator runs it from here.
    const level = state.phase === 'lobby' || state.phase === 'podium' ? undefined : levelById(state.levelId);
    patch(s.pace, JSON.stringify([locale, state.phase, state.round, state.timer.running, level?.id]), () => [
      h(
        'p',
        { class: 'phase-line' },
        h(
          'span',
          { class: 'phase', 'data-phase': state.phase, 'data-paused': String(isPaused(state)) },
          ...phaseLabel(phaseText(state, t), level?.title[locale]),
        ),
        this.timer,
      ),
      h(
        'div',
        { class: 'actions' },
        cmd({ command: 'start' }, t('cls.cmd.start'), true),
        cmd(
          { command: 'advance' },
          t(
            state.phase === 'results' && state.round + 1 >= state.roundCount
              ? 'cls.cmd.toPodium'
              : 'cls.cmd.advance',
          ),
          true,
        ),
        cmd({ command: 'pause' }, t('cls.cmd.pause')),
        cmd({ command: 'resume' }, t('cls.cmd.resume')),
        cmd({ command: 'extend', seconds: 60 }, t('cls.cmd.extend')),
        cmd({ command: 'endPlanning' }, t('cls.cmd.endPlanning')),
        cmd({ command: 'skipRound' }, t('cls.cmd.skip')),
        end,
      ),
    ]);
    this.tick();
    hostSeatsSection(s.seats, state, this.conn?.last('removed'), t, locale, (c) => this.send(c));
    hostTeamsTable(s.teams, state, this.plans, t, locale, (c) => this.send(c));
    const results = this.conn?.last('results');
    const reveal = this.conn?.last('reveal');
    const current =
      results && results.round === state.round && (state.phase === 'results' || state.phase === 'podium');
    patch(
      s.results,
      JSON.stringify([
        locale,
        current ? results.round : -1,
        reveal?.team,
        reveal?.round,
        state.teams.map((x) => x.name),
      ]),
      () =>
        current
          ? [
              h('h3', {}, t('cls.results.heading', { n: results.round + 1 })),
              resultTable(resultRows(results, state.teams, locale), results.throughputUnit, t, locale),
              reveal && reveal.round === results.round
                ? revealCard(reveal, state, t, locale, false, results)
                : null,
            ]
          : [],
    );
    hostRevealsSection(
      s.reveals,
      state,
      current ? results : undefined,
      current && reveal?.round === results.round ? reveal.team : undefined,
      t,
      locale,
      (c) => this.send(c),
    );
    // After the last round there is nobody left to hint to: the box goes with the Reveal buttons.
    if (state.phase === 'podium') patch(s.hint, 'podium', () => []);
    else hostHintSection(s.hint, state.lastHint, t, locale, (c) => this.send(c));
  }

  /** End planning locks every plan as it stands: asks first while a team with players has not locked. */
  private confirmEndPlanning(): boolean {
    const state = this.conn?.state;
    if (!state) return false;
    const locale = this.ctx.locales.locale;
    const open = state.teams.filter((x) => !x.locked && membersOf(state, x.id).length > 0);
    if (open.length === 0) return true;
    const teams = open.map((x) => teamName(x, locale)).join(locale === 'zh-CN' ? '、' : ', ');
    return window.confirm(translator(this.ctx)('cls.run.endPlanningConfirm', { teams }));
  }

  private tick(): void {
    showTimer(this.timer, this.sample, this.conn?.state?.phase, Date.now());
  }
}
