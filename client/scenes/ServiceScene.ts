// The projector's service (docs/design.md §5.2 "Service"): every team's step played side by side, one
// DynamicView (the solo game's dynamic view) per team in the box the projector's DOM leaves for it. Every
// panel sweeps its own step in the same wall time, looping; under prefers-reduced-motion each shows the
// middle of its step, still. Outside service the game's loop sleeps (nothing drawn, no frames). Wiring
// only: what to play and where come from ServiceBoard.
import { Scene } from 'phaser';
import type { Locale, Mesh } from '../../shared/index.ts';
import type { Translate } from '../ui/translate.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { DynamicView, type DynamicStep } from '../views/DynamicView.ts';

export const SERVICE_SCENE = 'service';

/** One team's panel: its grid, its step (null: the core refused the plan) and its box on the canvas. */
export interface ServicePanel {
  readonly mesh: Mesh;
  readonly step: DynamicStep | null;
  readonly box: Box;
}

export interface ServiceLayout {
  readonly panels: readonly ServicePanel[];
  readonly t: Translate;
  readonly locale: Locale;
  /** Text size on the canvas, px (≥ 20 on a projector). */
  readonly fontPx: number;
}

/** One sweep of every team's step, ms. */
export const SERVICE_SWEEP_MS = 4000;

export class ServiceScene extends Scene {
  private views: DynamicView[] = [];
  private steps: (DynamicStep | null)[] = [];
  private elapsedMs = 0;
  private still = false;
  /** The last layout asked for: shown when the scene has been created (start() takes a frame). */
  private pending: ServiceLayout | undefined;
  private ready = false;

  constructor() {
    super(SERVICE_SCENE);
  }

  create(): void {
    this.still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    this.events.once('shutdown', () => {
      for (const v of this.views.splice(0)) v.destroy();
      this.steps = [];
      this.ready = false;
      this.pending = undefined;
    });
    this.ready = true;
    if (this.pending) this.show(this.pending);
    else this.game.loop.sleep();
  }

  /** Draws `layout` (on every change of the teams, the language or the boxes; never per frame). */
  show(layout: ServiceLayout): void {
    this.pending = layout;
    if (!this.ready) return;
    // The projector's game runs only while there is a service to play (started empty before service).
    if (layout.panels.length > 0) this.game.loop.wake();
    else this.game.loop.sleep();
    while (this.views.length < layout.panels.length) this.views.push(new DynamicView(this));
    for (const v of this.views.splice(layout.panels.length)) v.destroy();
    this.steps = layout.panels.map((p) => p.step);
    layout.panels.forEach((p, i) => {
      const view = this.views[i]!;
      view.setVisible(true);
      view.play(p.step, p.mesh, p.box, layout.t, layout.locale, {
        fontPx: layout.fontPx,
        legend: false,
        quiet: true,
      });
    });
    this.setTimes();
  }

  /** No panels (outside service): nothing drawn, nothing per frame. */
  clear(): void {
    this.pending = undefined;
    for (const v of this.views.splice(0)) v.destroy();
    this.steps = [];
    if (this.ready) this.game.loop.sleep();
  }

  update(_time: number, delta: number): void {
    if (this.still || this.views.length === 0) return;
    this.elapsedMs = (this.elapsedMs + delta) % SERVICE_SWEEP_MS;
    this.setTimes();
  }

  private setTimes(): void {
    const f = this.still ? 0.5 : this.elapsedMs / SERVICE_SWEEP_MS;
    this.views.forEach((v, i) => v.setTime(f * (this.steps[i]?.timeline.stepS ?? 0)));
  }
}
