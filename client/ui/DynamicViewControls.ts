// The dynamic view's DOM controls: play / pause, a scrub slider over the step (a range input: arrows,
// PageUp/PageDown, Home/End), the speed (0.25×–4×) and the current time (clockText). sync() writes only what
// changed, so calling it every frame costs no layout while the text stays the same.
import { formatSeconds } from '../../shared/index.ts';
import { SLIDER_STEPS, SPEEDS, sliderValue, type Playback } from '../viewModels/playbackClock.ts';
import { h } from './dom.ts';
import type { Translate } from './translate.ts';

export interface DynamicControlHandlers {
  toggle: () => void;
  /** A fraction of the step in [0, 1]. */
  scrub: (fraction: number) => void;
  speed: (speed: number) => void;
}

/** Simulated seconds as milliseconds with one decimal: 0.0123 → '12.3 ms'. */
export const formatMs = (s: number): string => `${(s * 1e3).toFixed(1)} ms`;

/**
 * The clock's "now / step": in ms with one decimal for a step under a second; for a longer step in seconds,
 * the step as the step-time headline prints it (formatSeconds: 3 significant digits) and now with as many
 * decimals — '0.0 s / 15.0 s', not '0.0 ms / 14986.8 ms' beside "Step time: 15.0 s".
 * @example clockText(1.5, 3.359) // ['1.50 s', '3.36 s']
 */
export function clockText(t: number, stepS: number): [string, string] {
  if (stepS < 1) return [formatMs(t), formatMs(stepS)];
  const total = formatSeconds(stepS);
  const decimals = total.split(' ')[0]!.split('.')[1]?.length ?? 0;
  return [`${t.toFixed(decimals)} s`, total];
}

export class DynamicViewControls {
  readonly root: HTMLElement;
  private readonly play: HTMLButtonElement;
  private readonly slider: HTMLInputElement;
  private readonly speed: HTMLSelectElement;
  private readonly speedLabel: HTMLElement;
  private readonly time: HTMLOutputElement;
  private t: Translate;
  private shown = { playing: undefined as boolean | undefined, value: -1, time: '' };

  constructor(t: Translate, handlers: DynamicControlHandlers) {
    this.t = t;
    this.play = h('button', { type: 'button', class: 'button view-play', 'data-control': 'play' });
    this.play.addEventListener('click', handlers.toggle);
    this.slider = h('input', {
      type: 'range',
      min: '0',
      max: String(SLIDER_STEPS),
      step: '1',
      value: '0',
      class: 'view-scrub',
      'data-control': 'scrub',
    });
    this.slider.addEventListener('input', () => handlers.scrub(Number(this.slider.value) / SLIDER_STEPS));
    this.speed = h(
      'select',
      { class: 'view-speed', 'data-control': 'speed' },
      ...SPEEDS.map((s) => h('option', { value: String(s), selected: s === 1 }, `${s}×`)),
    );
    this.speed.addEventListener('change', () => handlers.speed(Number(this.speed.value)));
    this.speedLabel = h('span', { class: 'visually-hidden' });
    this.time = h('output', { class: 'view-time', 'data-control': 'time', 'aria-live': 'off' });
    this.root = h(
      'div',
      { class: 'view-controls', 'data-controls': 'dynamic' },
      this.play,
      this.slider,
      h('label', { class: 'view-speed-label' }, this.speedLabel, this.speed),
      this.time,
    );
    this.setTexts(t);
  }

  setTexts(t: Translate): void {
    this.t = t;
    this.slider.setAttribute('aria-label', t('views.scrub'));
    this.speedLabel.textContent = t('views.speed');
    this.shown = { playing: undefined, value: -1, time: '' };
  }

  /** Shows `p`; touches the DOM only where the shown value changes. */
  sync(p: Playback): void {
    if (p.playing !== this.shown.playing) {
      this.shown.playing = p.playing;
      this.play.replaceChildren(
        h('span', { 'aria-hidden': 'true' }, p.playing ? '❚❚' : '▶'),
        h('span', { class: 'view-play-text' }, ` ${this.t(p.playing ? 'views.pause' : 'views.play')}`),
      );
      this.play.dataset.playing = String(p.playing);
      this.play.setAttribute('aria-label', this.t(p.playing ? 'views.pause' : 'views.play'));
    }
    const value = sliderValue(p);
    if (value !== this.shown.value && document.activeElement !== this.slider)
      this.slider.value = String(value);
    this.shown.value = value;
    const [now, total] = clockText(p.t, p.stepS);
    const time = this.t('views.time', { t: now, total });
    if (time !== this.shown.time) {
      this.shown.time = time;
      this.time.textContent = time;
      this.slider.setAttribute('aria-valuetext', time);
    }
    if (this.speed.value !== String(p.speed)) this.speed.value = String(p.speed);
  }
}
