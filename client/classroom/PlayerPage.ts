// A player's page in a live session (docs/design.md §5.2): join (or take the stored seat back), then one screen
// per phase — lobby, briefing, planning (the team's shared plan), service, results, podium — with the
// timer, the facilitator's hint and the connection state ("reconnecting…") always in the bar on top.
import { refusalText } from './viewModels/refusalText.ts';
import { levelById, MSG_CHOOSE_TEAM, MSG_LOCK, type Level } from '../../shared/index.ts';
import { SessionConnection, type SessionStatus } from '../net/SessionConnection.ts';
import { h } from '../ui/dom.ts';
import type { ClassroomContext } from './context.ts';
import { translator } from './context.ts';
import { renderJoinForm, type JoinRequest } from './JoinForm.ts';
import { PlanningView } from './PlanningView.ts';
import { renderPlayerPhase } from './PlayerScreens.ts';
import { TeamPlanSession } from './TeamPlanSession.ts';
import { planningAccess } from './viewModels/planningAccess.ts';
import { connectionNotice } from './viewModels/connectionNotice.ts';
import { nicknameHint } from './viewModels/nicknameHint.ts';
import { formatClock, frozenAt, type TimerSample } from './viewModels/timer.ts';
import { teamName, type RoomState } from './viewModels/roomState.ts';
import { isPaused, phaseLabel, phaseText, showHint, showTimer, swatch } from './widgets.ts';
import { withReason } from './viewModels/withReason.ts';

export class PlayerPage {
  private conn: SessionConnection | null = null;
  private code = '';
  private me = '';
  private plan: TeamPlanSession | null = null;
  private planKey = '';
  private mountedRound: number | null = null;
  private planning: PlanningView | null = null;
  private screenKey = '';
  private sample: TimerSample = { remainingMs: 0, running: false, sampledAtMs: 0 };
  private readonly bar = h('header', { class: 'cls-bar' });
  private readonly banner = h('div', {
    class: 'cls-banner',
    role: 'status',
    'aria-live': 'polite',
    hidden: true,
  });
  /** The facilitator's hint of this round (the room state's; gone when cleared or the round moves on). */
  private readonly hint = h('p', { class: 'cls-hint', role: 'status', 'aria-live': 'polite', hidden: true });
  private readonly body = h('div', { class: 'cls-body' });
  private readonly timerText = h('span', { class: 'timer', role: 'timer', 'aria-live': 'off' });
  private notice = '';
  /** The connection dropped and has not come back yet (status reconnecting). */
  private away = false;

  constructor(private readonly ctx: ClassroomContext) {
    setInterval(() => this.tickTimer(), 250);
    ctx.locales.subscribe(() => {
      this.screenKey = '';
      if (this.conn?.state) this.render(this.conn.state);
    });
  }

  /** Opens the page for `code` (null: the code is typed in the form). A stored seat rejoins at once. */
  start(code: string | null): void {
    const seat = code ? this.ctx.keys.seat(code) : null;
    if (code && seat) {
      this.ctx.panel.replaceChildren(
        h(
          'p',
          { class: 'classroom-page muted' },
          translator(this.ctx)('cls.join.rejoining', { name: seat.nickname }),
        ),
      );
      void this.join({ code, nickname: seat.nickname }).then((error) => {
        if (error !== null) this.form(code, seat.nickname, error);
      });
    } else this.form(code);
  }

  private form(code: string | null, nickname?: string, error?: string): void {
    this.ctx.stage.dataset.screen = 'classroom';
    renderJoinForm(this.ctx.panel, this.ctx, { code, nickname, error }, (r) => this.join(r));
  }

  private async join(r: JoinRequest): Promise<string | null> {
    const conn = new SessionConnection(this.ctx.endpoint, this.ctx.keys);
    try {
      await conn.join(r.code, { role: 'player', nickname: r.nickname });
    } catch (e) {
      const t = translator(this.ctx);
      return withReason(
        t('cls.join.failed'),
        refusalText(e, this.ctx.locales.locale, t('cls.error.reload')),
        t,
      );
    }
    this.conn = conn;
    this.code = r.code;
    history.replaceState(null, '', `?join=${r.code}`);
    conn.on('welcome', (w) => {
      this.me = w.playerId ?? this.me;
      this.sayIfRenamed(r.nickname, w.nickname);
      if (conn.state) this.render(conn.state);
    });
    conn.on('teamPlan', (m) => {
      // Another team's plan arrives once when the facilitator moves this player (before the state says so):
      // the page remounts with it (conn.last) when the state patch follows.
      const team = conn.state?.players.find((p) => p.id === this.me)?.team;
      if (team === undefined || m.team === team) this.plan?.applyTeamPlan(m);
    });
    conn.on('editRefused', (m) => this.plan?.applyRefusal(m));
    conn.on('error', (m) =>
      this.say(refusalText(m, this.ctx.locales.locale, translator(this.ctx)('cls.error.reload'))),
    );
    for (const type of ['results', 'reveal'] as const)
      conn.on(type, () => {
        this.screenKey = '';
        if (conn.state) this.render(conn.state);
      });
    this.me = conn.last('welcome')?.playerId ?? '';
    this.sayIfRenamed(r.nickname, conn.last('welcome')?.nickname);
    conn.onStatus((s) => this.status(s));
    conn.onState((s) => this.render(s));
    return null;
  }

  /** The name was taken: the server numbered it ("Alice 2"); say so rather than let the form's preview stand. */
  private sayIfRenamed(typed: string, given: string | undefined): void {
    const asked = nicknameHint(typed, this.ctx.locales.locale).name;
    if (given && asked !== '' && given !== asked)
      this.say(translator(this.ctx)('cls.run.renamed', { asked, name: given }));
  }

  private say(text: string): void {
    this.notice = text;
    this.banner.hidden = text === '';
    this.banner.textContent = text;
  }

  private status(s: SessionStatus): void {
    const t = translator(this.ctx);
    this.bar.dataset.status = s.kind;
    // Back from a drop: edits the page still shows as unconfirmed may not have reached the server.
    if (s.kind === 'online' && this.away) this.plan?.resendPending();
    this.away = s.kind === 'reconnecting';
    if (s.kind === 'reconnecting') {
      // No patch says the clock still runs: it stops where it stands until the state comes back.
      this.sample = frozenAt(this.sample, Date.now());
      this.tickTimer();
      this.banner.textContent = connectionNotice(s, 'player', t);
    } else if (s.kind === 'left') {
      this.planning?.detach();
      this.planning = null;
      this.ctx.stage.dataset.screen = 'classroom';
      const again = h('button', { type: 'button', class: 'button primary' }, t('cls.join.again'));
      again.addEventListener('click', () => this.form(this.code));
      this.ctx.panel.replaceChildren(
        h('div', { class: 'classroom-page sheet' }, h('h2', {}, t(`cls.left.${s.reason}`)), again),
      );
      return;
    } else this.banner.textContent = this.notice;
    this.banner.hidden = this.banner.textContent === '';
  }

  private render(state: RoomState): void {
    if (this.conn?.status.kind === 'left') return;
    this.sample = state.timer;
    const mine = state.players.find((p) => p.id === this.me);
    const team = state.teams.find((t) => t.id === mine?.team);
    const level = levelById(state.levelId) ?? null;
    this.syncPlan(state, level);
    this.renderBar(state);
    showHint(this.hint, state.lastHint, translator(this.ctx));
    const planningNow =
      state.phase === 'planning' && level !== null && this.plan !== null && mine !== undefined;
    // A move to another team (the facilitator's) mounts that team's plan.
    const key = [state.phase, state.round, this.ctx.locales.locale, this.me, mine?.team, planningNow].join(
      '|',
    );
    if (key !== this.screenKey) {
      this.screenKey = key;
      this.planning?.detach();
      this.planning = null;
      this.ctx.stage.dataset.screen = planningNow ? 'level' : 'classroom';
      this.ctx.panel.replaceChildren(
        h('div', { class: 'classroom-page player-page' }, this.bar, this.banner, this.hint, this.body),
      );
      if (planningNow)
        this.planning = new PlanningView(
          this.ctx,
          this.body,
          this.plan!,
          mine.kitchens[0],
          () => this.conn?.send(MSG_LOCK, { locked: !(this.plan?.locked ?? false) }),
          state.hideScores,
        );
      else this.body.replaceChildren();
    }
    if (this.planning && mine) this.planning.update(state, mine, team);
    else
      renderPlayerPhase(this.body, this.ctx, state, this.me, level, {
        plan: this.plan,
        results: this.conn?.last('results'),
        reveal: this.conn?.last('reveal'),
        chooseTeam: (id) => this.conn?.send(MSG_CHOOSE_TEAM, { team: id }),
      });
  }

  /** One TeamPlanSession per round and level; a page opened mid-round takes the last team plan received. */
  private syncPlan(state: RoomState, level: Level | null): void {
    const team = state.players.find((p) => p.id === this.me)?.team ?? '';
    const key = `${state.round}|${state.levelId}|${this.me}|${team}`;
    if (key === this.planKey) return;
    // Opened mid-round (or reloaded, or moved to another team): the last team plan received is this round's.
    // On a live change of round the new plan starts from the level's start plan, as the server's does.
    if (this.mountedRound === null) this.mountedRound = state.round;
    const fresh = state.round === this.mountedRound;
    this.planKey = key;
    const mine = state.players.find((p) => p.id === this.me);
    if (!level || !mine || state.round < 0) {
      this.plan = null;
      return;
    }
    const conn = this.conn!;
    // Locked or joined late: no edit is sent (a paused clock still sends, and the server answers 'paused').
    this.plan = new TeamPlanSession(
      level,
      this.me,
      (m) => conn.send('edit', m),
      () => {
        const access = this.conn?.state ? planningAccess(this.conn.state, this.me) : 'none';
        return access === 'edit' || access === 'none';
      },
    );
    const last = conn.last('teamPlan');
    if (fresh && last && last.team === mine.team) this.plan.applyTeamPlan(last);
  }

  private renderBar(state: RoomState): void {
    const t = translator(this.ctx);
    const mine = state.players.find((p) => p.id === this.me);
    const team = state.teams.find((x) => x.id === mine?.team);
    const phase = phaseText(state, t);
    this.bar.dataset.team = team?.id ?? '';
    this.bar.replaceChildren(
      h(
        'span',
        { class: 'who' },
        team ? swatch(team.colour) : null,
        h('strong', {}, mine?.nickname ?? ''),
        team ? ` · ${teamName(team, this.ctx.locales.locale)}` : '',
      ),
      h(
        'span',
        { class: 'phase', 'data-phase': state.phase, 'data-paused': String(isPaused(state)) },
        ...phaseLabel(phase),
      ),
      this.timerText,
    );
    this.tickTimer();
  }

  private tickTimer(): void {
    const ms = showTimer(this.timerText, this.sample, this.conn?.state?.phase, Date.now());
    this.timerText.setAttribute(
      'aria-label',
      translator(this.ctx)(this.sample.running ? 'cls.timerLeft' : 'cls.timerPaused', {
        time: formatClock(ms),
      }),
    );
  }
}
