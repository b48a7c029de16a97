// The screens of solo play and the moves between them: title (Play) → level list → level → score → list.
// Owns the DOM panel and tells Phaser which scene runs; every screen is redrawn when the language changes.
import type { Game } from 'phaser';
import { LEVELS, levelById, type Evaluation } from '../../shared/index.ts';
import type { LocaleStore } from '../i18n/localeStore.ts';
import { KITCHEN_SCENE } from '../scenes/KitchenScene.ts';
import { TITLE_SCENE } from '../scenes/TitleScene.ts';
import { LevelSession } from '../state/LevelSession.ts';
import type { StarStore } from '../state/starStore.ts';
import { levelRows } from '../viewModels/levelCatalog.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { h } from './dom.ts';
import { mountLevelPanel } from './LevelPanel.ts';
import { renderLevelList } from './LevelListPanel.ts';
import { renderScore } from './ScorePanel.ts';

type Screen =
  | { readonly name: 'title' }
  | { readonly name: 'list' }
  | { readonly name: 'level'; readonly session: LevelSession }
  | {
      readonly name: 'score';
      readonly session: LevelSession;
      readonly evaluation: Evaluation;
      readonly best: number;
    };

export class App {
  private screen: Screen = { name: 'title' };
  private detach: (() => void) | undefined;

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
    this.render();
    const scenes = this.game.scene;
    if (screen.name === 'level') {
      scenes.stop(TITLE_SCENE);
      scenes.start(KITCHEN_SCENE, { session: screen.session, area: () => this.canvasArea() });
    } else if (screen.name !== 'score' && !scenes.isActive(TITLE_SCENE)) {
      scenes.stop(KITCHEN_SCENE);
      scenes.start(TITLE_SCENE);
    }
  }

  private render(): void {
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
        this.panel.replaceChildren(play);
        return;
      }
      case 'list':
        return renderLevelList(this.panel, levelRows(LEVELS, this.stars.all(), locale), t, {
          pick: (id) => this.play(id),
          back: () => this.go({ name: 'title' }),
        });
      case 'level':
        this.detach = mountLevelPanel(this.panel, s.session, t, locale, {
          serve: () => this.serve(s.session),
          back: () => this.go({ name: 'list' }),
        });
        return;
      case 'score':
        return renderScore(this.panel, s.session.level, s.evaluation, s.best, t, locale, {
          levels: () => this.go({ name: 'list' }),
          retry: () => this.play(s.session.level.id),
        });
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
    if (level) this.go({ name: 'level', session: new LevelSession(level) });
  }

  private serve(session: LevelSession): void {
    const evaluation = session.view.evaluation;
    if (!evaluation) return;
    const best = this.stars.record(session.level.id, evaluation.stars);
    this.go({ name: 'score', session, evaluation, best });
  }

  private onKey(e: KeyboardEvent): void {
    if (this.screen.name !== 'level' || !(e.ctrlKey || e.metaKey) || e.altKey) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) this.screen.session.undo();
    else if (key === 'y' || (key === 'z' && e.shiftKey)) this.screen.session.redo();
    else return;
    e.preventDefault();
  }
}
