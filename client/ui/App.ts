// The screens of solo play and the moves between them: title (Play) → level list → level → score → list, and
// list → sandbox setup → sandbox level → score. Owns the DOM panel and tells Phaser which scene runs; every
// screen is redrawn when the language changes; Ctrl+Z / Ctrl+Y undo and redo on the level screen.
import type { Game } from 'phaser';
import { cueServe } from '../audio/soundCues.ts';
import {
  LEVELS,
  levelById,
  type Evaluation,
  type Level,
  type PlanState,
  type SandboxOptions,
} from '../../shared/index.ts';
import type { LocaleStore } from '../i18n/localeStore.ts';
import { KITCHEN_SCENE } from '../scenes/KitchenScene.ts';
import { TITLE_SCENE } from '../scenes/TitleScene.ts';
import { LevelSession } from '../state/LevelSession.ts';
import type { PlanSession } from '../state/PlanSession.ts';
import type { StarStore } from '../state/starStore.ts';
import { levelRows } from '../viewModels/levelCatalog.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { h } from './dom.ts';
import { renderSandboxSetup } from './editors/SandboxSetupPanel.ts';
import { mountLevelPanel } from './LevelPanel.ts';
import { renderLevelList } from './LevelListPanel.ts';
import { renderScore } from './ScorePanel.ts';

/** Where a level was started from: the level list, or the sandbox setup (then its stars are not recorded). */
type Origin = 'list' | 'sandbox';

type Screen =
  | { readonly name: 'title' }
  | { readonly name: 'list' }
  | { readonly name: 'sandbox' }
  | { readonly name: 'level'; readonly session: PlanSession; readonly origin: Origin }
  | {
      readonly name: 'score';
      readonly session: PlanSession;
      readonly origin: Origin;
      readonly plan: PlanState;
      readonly evaluation: Evaluation;
      readonly best: number;
      readonly hintsOpened: number;
    };

const SANDBOX_DEFAULTS: SandboxOptions = { menu: 'mlp2', hardware: 'a100-40gb', devices: 4 };

export class App {
  private screen: Screen = { name: 'title' };
  private detach: (() => void) | undefined;
  /** The sandbox's last choices, offered again when the player comes back to its setup. */
  private sandboxOptions: SandboxOptions = SANDBOX_DEFAULTS;
  /** The hints opened in each level session (by index). */
  private readonly hints = new WeakMap<PlanSession, Set<number>>();

  constructor(
    private readonly game: Game,
    private readonly locales: LocaleStore,
    private readonly stars: StarStore,
    private readonly stage: HTMLElement,
    private readonly panel: HTMLElement,
  ) {
    locales.subscribe(() => this.render());
    document.addEventListener('keydown', (e) => this.onKey(e));
  }

  /** The screen's name, for the browser tests' probe. */
  get current(): Screen['name'] {
    return this.screen.name;
  }

  private go(screen: Screen): void {
    // The DOM first: the kitchen scene lays itself out beside the panel as soon as it starts.
    this.screen = screen;
    this.render(true);
    const scenes = this.game.scene;
    // The report covers the kitchen it was served from: its views pause (a replay behind the report played
    // on, with sound) and their controls leave the Tab order (they were focusable there, unseen).
    const covered = screen.name === 'score';
    this.game.canvas.parentElement?.toggleAttribute('inert', covered);
    if (covered && scenes.isActive(KITCHEN_SCENE)) scenes.pause(KITCHEN_SCENE);
    if (screen.name === 'level') {
      scenes.stop(TITLE_SCENE);
      scenes.start(KITCHEN_SCENE, { session: screen.session, area: () => this.canvasArea() });
    } else if (screen.name !== 'score' && !scenes.isActive(TITLE_SCENE)) {
      scenes.stop(KITCHEN_SCENE);
      scenes.start(TITLE_SCENE);
    }
  }

  /** `entered`: the screen was just opened (not re-rendered in another language), so focus moves into it. */
  private render(entered = false): void {
    this.detach?.();
    this.detach = undefined;
    const t = this.locales.t.bind(this.locales);
    const locale = this.locales.locale;
    const s = this.screen;
    this.stage.dataset.screen = s.name;
    this.panel.scrollTop = 0;
    switch (s.name) {
      case 'title': {
        const play = h('button', { type: 'button', class: 'button primary play', id: 'play' }, t('nav.play'));
        play.addEventListener('click', () => this.go({ name: 'list' }));
        // The live classroom lives at its own addresses (client/classroom/viewModels/classroomRoute.ts).
        const join = h('a', { class: 'button', href: '/?join', id: 'join-class' }, t('nav.joinClass'));
        const host = h('a', { class: 'button', href: '/?host', id: 'host-class' }, t('nav.hostClass'));
        this.panel.replaceChildren(h('div', { class: 'title-actions' }, play, join, host));
        return;
      }
      case 'list':
        return renderLevelList(this.panel, levelRows(LEVELS, this.stars.all(), locale), t, {
          pick: (id) => this.play(id),
          sandbox: () => this.go({ name: 'sandbox' }),
          back: () => this.go({ name: 'title' }),
        });
      case 'sandbox':
        return renderSandboxSetup(this.panel, this.sandboxOptions, t, locale, {
          start: (level, options) => {
            this.sandboxOptions = options;
            this.start(level, 'sandbox');
          },
          back: () => this.go({ name: 'list' }),
        });
      case 'level':
        this.detach = mountLevelPanel(this.panel, s.session, t, locale, {
          serve: () => this.serve(s.session, s.origin),
          back: () => this.go({ name: s.origin }),
          hintOpened: (i) => this.hintsOf(s.session).add(i),
          focusHeading: entered,
        });
        return;
      case 'score':
        return renderScore(
          this.panel,
          s.session.level,
          s.plan,
          s.evaluation,
          s.best,
          t,
          locale,
          {
            levels: () => this.go({ name: s.origin }),
            retry: () => this.start(s.session.level, s.origin),
          },
          s.hintsOpened,
        );
    }
  }

  /** The canvas left free by the level panel: right of it on a wide screen, above it on a phone. */
  private canvasArea(): Box {
    const stage = this.stage.getBoundingClientRect();
    const panel = this.panel.getBoundingClientRect();
    if (panel.top - stage.top > 8) return { x: 0, y: 0, width: stage.width, height: panel.top - stage.top };
    const left = panel.right - stage.left;
    return { x: left, y: 0, width: Math.max(1, stage.width - left), height: stage.height };
  }

  private play(levelId: string): void {
    const level = levelById(levelId);
    if (level) this.start(level, 'list');
  }

  private start(level: Level, origin: Origin): void {
    this.go({ name: 'level', session: new LevelSession(level), origin });
  }

  private serve(session: PlanSession, origin: Origin): void {
    const { evaluation, plan } = session.view;
    if (!evaluation) return;
    const hintsOpened = this.hintsOf(session).size;
    const best =
      origin === 'list'
        ? this.stars.record(session.level.id, evaluation.stars, hintsOpened)
        : evaluation.stars;
    this.go({ name: 'score', session, origin, plan, evaluation, best, hintsOpened });
    cueServe(evaluation.stars);
  }

  private hintsOf(session: PlanSession): Set<number> {
    const known = this.hints.get(session);
    if (known) return known;
    const fresh = new Set<number>();
    this.hints.set(session, fresh);
    return fresh;
  }

  private onKey(e: KeyboardEvent): void {
    if (this.screen.name !== 'level' || !(e.ctrlKey || e.metaKey) || e.altKey) return;
    // Inside a text box the browser's own undo applies.
    if (e.target instanceof HTMLInputElement && e.target.type === 'text') return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) this.screen.session.undo();
    else if (key === 'y' || (key === 'z' && e.shiftKey)) this.screen.session.redo();
    else return;
    e.preventDefault();
  }
}
