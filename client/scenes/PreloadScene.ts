// The first scene: loads the sound effects with Phaser's loader while the page's loading bar (#loading in
// index.html, role=progressbar) shows the loader's real progress, then starts the title screen and hides the
// bar once that screen has drawn its first frame: from then on the page is interactive.
import { Core, Loader, Scene, Scenes } from 'phaser';
import { SOUND_NAMES, soundUrl, type SoundBoard, type SoundName } from '../audio/SoundBoard.ts';
import type { LocaleStore } from '../i18n/localeStore.ts';
import { TITLE_SCENE } from './TitleScene.ts';
import '../styles/polish.css';

export const PRELOAD_SCENE = 'preload';
const cacheKey = (name: SoundName): string => `sound:${name}`;

/** The loading bar's percentage for a loader progress in [0, 1] (out-of-range values clamped). */
export function loadingPercent(progress: number): number {
  return Number.isFinite(progress) ? Math.round(Math.min(1, Math.max(0, progress)) * 100) : 0;
}

/** Drives the #loading markup: determinate from the first progress event, hidden when done. */
class LoadingBar {
  private percent: number | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly root: HTMLElement,
    private readonly locales: LocaleStore,
  ) {
    this.unsubscribe = locales.subscribe(() => this.render());
  }

  progress(value: number): void {
    this.percent = loadingPercent(value);
    this.render();
  }

  done(): void {
    this.progress(1);
    this.unsubscribe();
    this.root.hidden = true;
    this.root.dataset.state = 'done';
  }

  private render(): void {
    const text = this.root.querySelector<HTMLElement>('.loading-text');
    const fill = this.root.querySelector<HTMLElement>('.loading-fill');
    const label =
      this.percent === null
        ? this.locales.t('loading.label')
        : this.locales.t('loading.progress', { n: this.percent });
    this.root.setAttribute('aria-label', this.locales.t('loading.label'));
    if (text) text.textContent = label;
    if (this.percent === null) return;
    this.root.dataset.state = 'loading';
    this.root.setAttribute('aria-valuenow', String(this.percent));
    this.root.setAttribute('aria-valuetext', label);
    if (fill) fill.style.width = `${this.percent}%`;
  }
}

export class PreloadScene extends Scene {
  private bar: LoadingBar | undefined;

  constructor(
    private readonly locales: LocaleStore,
    private readonly board: SoundBoard,
    private readonly barElement: HTMLElement | null,
  ) {
    super(PRELOAD_SCENE);
  }

  preload(): void {
    this.bar = this.barElement ? new LoadingBar(this.barElement, this.locales) : undefined;
    this.load.on(Loader.Events.PROGRESS, (value: number) => this.bar?.progress(value));
    for (const name of SOUND_NAMES) this.load.binary(cacheKey(name), soundUrl(name));
  }

  create(): void {
    // A file that failed to load is simply missing here: the game runs without that sound.
    for (const name of SOUND_NAMES) {
      const bytes: unknown = this.cache.binary.get(cacheKey(name));
      if (bytes instanceof ArrayBuffer) this.board.provide(name, bytes);
      this.cache.binary.remove(cacheKey(name));
    }
    const done = (): void => {
      this.game.events.once(Core.Events.POST_RENDER, () => this.bar?.done());
    };
    // The player may have left the title screen already (the DOM Play button works during loading).
    const othersRunning = this.game.scene.getScenes(true).some((s) => s !== this);
    if (othersRunning) {
      done();
      this.scene.stop();
      return;
    }
    this.game.scene.getScene(TITLE_SCENE)?.events.once(Scenes.Events.CREATE, done);
    this.scene.start(TITLE_SCENE);
  }
}
