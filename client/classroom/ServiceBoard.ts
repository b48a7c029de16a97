// The projector during service (docs/design.md §5.2 "Service"): one panel per playing team — its badge, one
// step's time and the shares of the kitchens that finish last, or why the step cannot cook, in DOM text at room size — and
// in each panel a hole where ServiceScene plays the team's step with the solo game's dynamic view (stoves
// by event kind, dishes crossing windows, cold stoves for idle kitchens, fridges overflowing for a plan
// out of memory); one legend of the stoves under all panels. What it shows is the server's service
// message: grids and steps, never a plan.
import {
  formatSeconds,
  makeMesh,
  type Mesh,
  type ServiceMessage,
  type ServiceTeam,
  type StepEventKind,
} from '../../shared/index.ts';
import { SERVICE_SCENE, ServiceScene, type ServicePanel } from '../scenes/ServiceScene.ts';
import { TITLE_SCENE } from '../scenes/TitleScene.ts';
import { h } from '../ui/dom.ts';
import type { Translate } from '../ui/translate.ts';
import { overflows } from '../viewModels/stepHeadline.ts';
import { EVENT_KINDS } from '../views/eventStyles.ts';
import type { ClassroomContext } from './context.ts';
import { translator } from './context.ts';
import { teamName, type RoomState } from './viewModels/roomState.ts';
import { serviceColumns, serviceNote, serviceState } from './viewModels/serviceNote.ts';
import { teamBadge } from './widgets.ts';
import { markAttributes } from './markSwatch.ts';

export class ServiceBoard {
  private scene: ServiceScene | null = null;
  private running = false;
  private root: HTMLElement | null = null;
  private message: ServiceMessage | null = null;
  private readonly holes = new Map<string, HTMLElement>();
  private readonly observer = new ResizeObserver(() => this.layout());

  constructor(private readonly ctx: ClassroomContext) {}

  /** The board of `message` (a new element per call: the projector's main column is replaced on a change). */
  render(state: RoomState, message: ServiceMessage): HTMLElement {
    const t = translator(this.ctx);
    const locale = this.ctx.locales.locale;
    this.message = message;
    this.holes.clear();
    const panels = message.teams.map((team) => {
      const info = state.teams.find((x) => x.id === team.team);
      const note = serviceNote(team, t, locale);
      const shown = serviceState(team);
      const failed = shown !== 'cooking';
      const hole = h('div', { class: 'service-canvas', role: 'img', 'aria-label': note });
      this.holes.set(team.team, hole);
      return h(
        'li',
        {
          class: 'service-panel',
          'data-team': team.team,
          'data-state': shown,
        },
        h(
          'p',
          { class: 'service-head' },
          teamBadge(info ? teamName(info, locale) : team.team, info?.colour ?? 7),
          team.step && !failed
            ? h(
                'span',
                { class: 'service-step' },
                t('cls.timelineCaption', { step: formatSeconds(team.step.timeline.stepS) }),
              )
            : null,
        ),
        h('p', { class: failed ? 'service-note failed' : 'service-note' }, note),
        hole,
      );
    });
    this.root = h(
      'section',
      { class: 'service-board', 'aria-label': t('cls.service.heading') },
      h('ul', { class: 'service-panels', style: `--cols:${serviceColumns(panels.length)}` }, ...panels),
      this.legend(message, t),
    );
    this.observer.disconnect();
    this.observer.observe(this.root);
    return this.root;
  }

  /**
   * Boots the canvas and starts the scene empty before service (planning), so the service plays at once
   * (a cold Phaser boot took seconds of the 8 s service on a busy classroom laptop).
   */
  warm(): void {
    this.sceneNow();
  }

  /** Hides the canvas and empties the scene (any other phase, or no service message yet). */
  hide(): void {
    this.observer.disconnect();
    this.root = null;
    this.message = null;
    delete this.ctx.stage.dataset.canvas;
    this.scene?.clear();
  }

  /** Measures every panel's hole and has the scene draw each team's step in it. */
  private layout(): void {
    if (!this.root?.isConnected || !this.message) return;
    const t = translator(this.ctx);
    const stage = this.ctx.stage.getBoundingClientRect();
    // The canvas's text at the projector's smallest DOM size (0.84em of its body, ≥ 20 px).
    const fontPx = Math.max(20, Math.round(parseFloat(getComputedStyle(this.root).fontSize) * 0.84));
    const panels: ServicePanel[] = this.message.teams.flatMap((team) => {
      const mesh = meshOf(team);
      const r = this.holes.get(team.team)?.getBoundingClientRect();
      if (!mesh || !r || r.width < 2 || r.height < 2) return [];
      return [
        {
          mesh,
          step: team.step,
          box: { x: r.left - stage.left, y: r.top - stage.top, width: r.width, height: r.height },
        },
      ];
    });
    this.sceneNow().show({ panels, t, locale: this.ctx.locales.locale, fontPx });
    this.ctx.stage.dataset.canvas = 'service';
  }

  private sceneNow(): ServiceScene {
    const scenes = this.ctx.game().scene;
    if (!this.scene) {
      this.scene = new ServiceScene();
      scenes.add(SERVICE_SCENE, this.scene, false);
    }
    if (!this.running) {
      scenes.stop(TITLE_SCENE);
      scenes.start(SERVICE_SCENE);
      this.running = true;
    }
    return this.scene;
  }

  /** The stoves' kinds the steps use (colour + pattern, as the canvas draws them), a cold stove, an overflow. */
  private legend(message: ServiceMessage, t: Translate): HTMLElement {
    const cooking = message.teams.flatMap((x) => (x.step && !overflows(x.step) ? [x.step.timeline] : []));
    const used = new Set<StepEventKind>(
      cooking.flatMap((tl) => tl.lanes.flatMap((l) => l.events.map((e) => e.kind))),
    );
    const item = (kind: StepEventKind) =>
      h(
        'li',
        {},
        h('span', {
          class: `team-swatch ${markAttributes(kind).class}`,
          style: markAttributes(kind).style,
          'aria-hidden': 'true',
        }),
        t(`views.ev.${kind}`),
      );
    const oom = message.teams.some((x) => overflows(x.step));
    return h(
      'ul',
      { class: 'legend service-legend' },
      ...EVENT_KINDS.filter((k) => used.has(k) || k === 'idle').map(item),
      oom
        ? h(
            'li',
            {},
            h('span', { class: 'team-swatch overflow', 'aria-hidden': 'true' }),
            t('views.oomStrip'),
          )
        : null,
    );
  }
}

/** The team's kitchen grid, or null for a grid the core cannot build (nothing drawn then). */
function meshOf(team: ServiceTeam): Mesh | null {
  const m = makeMesh(team.mesh);
  return m.ok ? m.value : null;
}
