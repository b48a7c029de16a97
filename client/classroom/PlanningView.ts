// The planning phase on a player's screen: who chefs which kitchens, the team and its captain's Lock, then
// the solo game's level panel driven by the team's shared plan (TeamPlanSession) and, in the canvas, the
// kitchen views of that plan. Teammates' edits arrive as MSG_TEAM_PLAN and redraw both live.
import { KITCHEN_SCENE, type KitchenScene, type KitchenSceneData } from '../scenes/KitchenScene.ts';
import { TITLE_SCENE } from '../scenes/TitleScene.ts';
import { h } from '../ui/dom.ts';
import { mountLevelPanel } from '../ui/LevelPanel.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import type { ClassroomContext } from './context.ts';
import { translator } from './context.ts';
import type { TeamPlanSession } from './TeamPlanSession.ts';
import { activityLines } from './viewModels/activityLine.ts';
import { tastingFlag } from './viewModels/tastingFlag.ts';
import { planningAccess } from './viewModels/planningAccess.ts';
import { membersOf, type PlayerView, type RoomState, type TeamView } from './viewModels/roomState.ts';
import { chefLine, teamLine } from './viewModels/teamLines.ts';

export class PlanningView {
  private readonly chef = h('p', { class: 'chef-of' });
  private readonly team = h('p', { class: 'team-line muted' });
  private readonly lock = h('button', { type: 'button', class: 'button primary', id: 'lock-plan' });
  private readonly lockNote = h('p', { class: 'lock-note', 'aria-live': 'polite' });
  /** Shown instead of an editor that would be refused: the player joined after this round's planning began. */
  private readonly lateNote = h('p', { class: 'late-note', role: 'status', hidden: true });
  /** Who changed what in the team's plan, newest first (teams of five: the last change is not silent). */
  private readonly activity = h('ul', { class: 'team-activity', 'aria-live': 'polite' });
  private readonly activityTimer: ReturnType<typeof setInterval>;
  private readonly fields = h('fieldset', { class: 'team-plan' });
  /**
   * On a phone the kitchen drawing starts folded away, so the editors get the screen (CSS: ≤ 760 px wide);
   * this button shows it above the panel again. Wider screens keep the drawing beside the panel.
   */
  private readonly kitchensToggle = h('button', {
    type: 'button',
    class: 'button kitchens-toggle',
    id: 'kitchens-toggle',
    'aria-controls': 'game',
  });
  /**
   * A wrong tasting, kept in view in the panel's sticky footer under the panel's own headline (fridge and
   * step time, which this line does not repeat); hidden while the tasting is right.
   */
  private readonly flag = h('p', { class: 'plan-flag', id: 'plan-flag', hidden: true });
  /** The player's choice, kept while the page lives (a language switch or a new round remounts the view). */
  private static kitchensShown = false;
  private readonly detachPanel: () => void;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly ctx: ClassroomContext,
    root: HTMLElement,
    private readonly session: TeamPlanSession,
    kitchen: number | undefined,
    toggleLock: () => void,
    /** The session hides stars and score until service (the preview shows neither). */
    hideScore = false,
  ) {
    const t = translator(ctx);
    this.activity.setAttribute('aria-label', t('cls.play.activityLabel'));
    this.lock.addEventListener('click', toggleLock);
    this.kitchensToggle.addEventListener('click', () => this.showKitchens(!PlanningView.kitchensShown));
    this.fields.append(h('legend', { class: 'visually-hidden' }, t('cls.plan.legend')));
    const panel = h('div', { class: 'team-plan-panel' });
    this.fields.append(panel);
    root.replaceChildren(
      h(
        'section',
        { class: 'planning-head' },
        this.lateNote,
        this.chef,
        this.team,
        this.activity,
        h('div', { class: 'actions' }, this.lock, this.kitchensToggle),
        this.lockNote,
      ),
      this.fields,
    );
    // The level panel's own Serve / Back / Undo do not apply to a team plan: the captain's Lock replaces them.
    this.detachPanel = mountLevelPanel(panel, session, t, ctx.locales.locale, {
      history: false,
      footer: this.flag,
      hideScore,
    });
    // The accepted edits of the team plan shown (the server's count), for the reload check of the tests.
    this.unsubscribe = session.subscribe((view) => {
      this.fields.dataset.version = String(session.planVersion);
      this.flag.textContent = view.evaluation ? tastingFlag(view.evaluation, t) : '';
      this.flag.hidden = this.flag.textContent === '';
      this.drawActivity();
    });
    this.showKitchens(PlanningView.kitchensShown);
    // "12 s ago" keeps counting between edits.
    this.activityTimer = setInterval(() => this.drawActivity(), 1000);
    const scenes = ctx.game().scene;
    scenes.stop(TITLE_SCENE);
    // The player's own kitchen opens in the local view (the tabs switch to the global, static, dynamic views).
    const data: KitchenSceneData = {
      session,
      area: () => this.canvasArea(),
      ...(kitchen === undefined ? {} : { view: 'local', kitchen }),
    };
    scenes.start(KITCHEN_SCENE, data);
  }

  update(state: RoomState, me: PlayerView, team: TeamView | undefined): void {
    const t = translator(this.ctx);
    this.chef.textContent = chefLine(me.kitchens, t);
    const members = team ? membersOf(state, team.id) : [];
    const captain = members.find((p) => p.id === team?.captain);
    this.team.textContent = teamLine(members, team?.captain, t);
    const locked = team?.locked ?? false;
    const isCaptain = team?.captain === me.id;
    this.lock.hidden = !isCaptain;
    this.lock.textContent = t(locked ? 'cls.plan.unlock' : 'cls.plan.lock');
    // Not while the clock is paused: the server refuses a lock or an unlock then (setLock.ts), as it refuses edits.
    this.lock.disabled = !state.timer.running || (!locked && this.session.view.evaluation === null);
    this.lockNote.textContent = locked
      ? t('cls.plan.locked')
      : isCaptain
        ? t('cls.plan.lockHelp')
        : t('cls.plan.captainLocks', { name: captain?.nickname ?? '—' });
    this.lockNote.dataset.locked = String(locked);
    const access = planningAccess(state, me.id);
    const late = access === 'late';
    const paused = access === 'paused';
    this.lateNote.hidden = !late && !paused;
    this.lateNote.textContent = late ? t('cls.plan.lateJoin') : paused ? t('cls.run.pausedNote') : '';
    this.fields.dataset.access = access === 'none' ? 'edit' : access;
    this.fields.disabled = access !== 'edit';
  }

  /** The activity lines, redrawn only when their text changes (screen readers hear each new line once). */
  private drawActivity(): void {
    const t = translator(this.ctx);
    const lines = activityLines(this.session.activity, Date.now(), this.ctx.locales.locale, t);
    const key = JSON.stringify(lines);
    if (this.activity.dataset.key === key) return;
    this.activity.dataset.key = key;
    this.activity.replaceChildren(
      ...(lines.length > 0
        ? lines.map((line) => h('li', {}, line))
        : [h('li', { class: 'muted' }, t('cls.play.noActivity'))]),
    );
  }

  detach(): void {
    delete this.ctx.stage.dataset.kitchens;
    clearInterval(this.activityTimer);
    this.unsubscribe();
    this.detachPanel();
    this.ctx.game().scene.stop(KITCHEN_SCENE);
  }

  /** Shows or folds away the kitchen drawing on a phone; the scene is laid out again for the new area. */
  private showKitchens(shown: boolean): void {
    const t = translator(this.ctx);
    PlanningView.kitchensShown = shown;
    this.ctx.stage.dataset.kitchens = shown ? 'shown' : 'hidden';
    this.kitchensToggle.textContent = t(shown ? 'cls.plan.hideKitchens' : 'cls.plan.showKitchens');
    this.kitchensToggle.setAttribute('aria-expanded', String(shown));
    const scene = this.ctx.game().scene.getScene(KITCHEN_SCENE) as KitchenScene | null;
    if (shown && scene?.sys.isActive()) scene.showView(scene.viewName);
  }

  /** The canvas left free by the panel: right of it on a wide screen, above it on a phone (as App does). */
  private canvasArea(): Box {
    const stage = this.ctx.stage.getBoundingClientRect();
    const panel = this.ctx.panel.getBoundingClientRect();
    if (panel.top - stage.top > 8) return { x: 0, y: 0, width: stage.width, height: panel.top - stage.top };
    const left = panel.right - stage.left;
    return { x: left, y: 0, width: Math.max(1, stage.width - left), height: stage.height };
  }
}
