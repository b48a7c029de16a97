// The dynamic view (docs/design.md §5.2 service, §5.3): one step of evaluation.timeline played on the kitchen
// grid — every stove shows its lane's event at time t (colour + pattern; idle = a cold stove, so the
// pipeline bubble shows), a dish crosses each window whose axis a running pass uses, and a Gantt strip of
// the lanes with a time cursor. A step that does not fit its fridges does not cook: the fridges overflow
// (gauges), every stove stays cold and the strip says why. draw() builds everything on a change; setTime()
// per frame only swaps textures when a lane's event changes and moves the dishes and the cursor: no
// objects, no text per frame. The level screen draws its plan's evaluation (draw); the projector plays each
// team's service with the same view (play).
import type { GameObjects, Scene } from 'phaser';
import {
  type Locale,
  type MemoryReport,
  type Mesh,
  type StepEventKind,
  type StepTimeline,
  type Topology,
} from '../../shared/index.ts';
import { sounds } from '../audio/sounds.ts';
import type { Translate } from '../ui/translate.ts';
import { fridgeGauges } from '../viewModels/fridgeGauge.ts';
import { ganttStripLayout } from '../viewModels/ganttStripLayout.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { overflows, stepHeadline } from '../viewModels/stepHeadline.ts';
import { dishAt, dishSizePx, windowPaths, type WindowPath } from '../viewModels/windowPaths.ts';
import { laneStateAt, laneTracks, passAxes, type LaneTrack } from '../viewModels/timelineTracks.ts';
import { drawKindLegend } from './drawKindLegend.ts';
import { drawLane } from './drawLane.ts';
import { EVENT_KINDS, PASS_COLOURS, passStyle } from './eventStyles.ts';
import { gridTexts, KitchenGridView, stoveBox } from './KitchenGridView.ts';
import { FONT_FAMILY, OVERFLOW, UI } from './palette.ts';
import { Snapshot } from './Snapshot.ts';
import { dishTexture, ensureStoveTextures, stoveTexture } from './stoveTextures.ts';
import { unitNoBreak } from './unitNoBreak.ts';
import { MIN_WRAP_PX, TEXT_COLOUR, type SceneView, type ViewContext } from './viewContext.ts';
import { widestText } from './widestText.ts';
import { wrapAt } from './wrapAt.ts';

/** Least height of the kitchens between the legend and the strip, px; below it they are left out. */
const MIN_GRID_PX = 24;

/** What the view plays: one step of an evaluation (the level screen's plan, or a team's at service). */
export interface DynamicStep {
  readonly timeline: StepTimeline;
  readonly topology?: Topology;
  /** The fridges; a step whose memory does not fit is shown failing, not cooking. */
  readonly memory?: MemoryReport;
}

export interface DynamicOptions {
  /** Text size, px (default: 14–18 px by the box's height). */
  readonly fontPx?: number;
  /** The legend of the step's kinds and the critical kitchens' shares above the grid (default true). */
  readonly legend?: boolean;
  /** No sound when a pass starts (the projector plays many kitchens at once). */
  readonly quiet?: boolean;
}

interface Window extends WindowPath {
  readonly dish: GameObjects.Image;
}

export class DynamicView implements SceneView {
  private readonly grid: KitchenGridView;
  /** The legend and the Gantt strip, baked into two tight snapshots (few pixels to fill per frame). */
  private readonly layer: GameObjects.Container;
  private readonly legend: Snapshot;
  private readonly strip: Snapshot;
  private readonly gantt: GameObjects.Graphics;
  private readonly cursor: GameObjects.Rectangle;
  private readonly texts: GameObjects.Text[] = [];
  private readonly flames: GameObjects.Image[] = [];
  private windows: Window[] = [];
  private tracks: LaneTrack[] = [];
  private laneDevices: number[][] = [];
  /** Per lane: the stove kind shown and the pass index shown, to touch objects only on a change. */
  private shownKind: (StepEventKind | undefined)[] = [];
  private shownPass: (object | undefined)[] = [];
  private passAxesOf: (readonly string[])[] = [];
  private meshAxes: readonly string[] = [];
  private ganttBox: Box = { x: 0, y: 0, width: 1, height: 1 };
  /** Whether the kitchens had room between the legend and the strip at the last update. */
  private gridShown = true;
  private stepS = 1;
  private visible = true;
  /** Whether the step has lanes to play (not for a step that does not fit, nor without an evaluation). */
  private playing = false;
  private quiet = false;
  private cellCount = 0;

  constructor(private readonly scene: Scene) {
    ensureStoveTextures(scene);
    this.grid = new KitchenGridView(scene);
    this.legend = new Snapshot(scene);
    this.strip = new Snapshot(scene);
    this.gantt = scene.add.graphics();
    this.layer = scene.add.container(0, 0, [this.gantt]).setVisible(false);
    this.cursor = scene.add.rectangle(0, 0, 3, 10, 0xf4f1ea).setOrigin(0.5, 0);
  }

  draw(ctx: ViewContext, box: Box): void {
    const e = ctx.view.evaluation;
    const step = e && { timeline: e.timeline, topology: e.pricing.topology, memory: e.pricing.memory };
    this.play(step, ctx.mesh, box, ctx.t, ctx.locale);
  }

  /** Lays out `step` on `mesh` inside `box` (null: the kitchens alone, nothing to play). */
  play(
    step: DynamicStep | null,
    mesh: Mesh,
    box: Box,
    t: Translate,
    locale: Locale,
    options: DynamicOptions = {},
  ): void {
    const memory = step?.memory;
    const failed = overflows(step);
    this.quiet = options.quiet ?? false;
    // A step that cannot run has nothing to play: no lanes, every stove cold.
    const timeline = failed ? undefined : step?.timeline;
    for (const text of this.texts.splice(0)) text.destroy();
    for (const w of this.windows) w.dish.destroy();
    this.windows = [];
    const font = options.fontPx ?? Math.max(14, Math.min(18, Math.round(box.height * 0.04)));
    const legend = options.legend ?? true;
    const pad = 6;
    this.tracks = timeline ? laneTracks(timeline) : [];
    this.stepS = timeline && timeline.stepS > 0 ? timeline.stepS : 1;
    this.meshAxes = mesh.axes.map((a) => a.name);

    // Legend of the kinds this step uses, wrapped over as many lines as it needs.
    const used = legend
      ? EVENT_KINDS.filter((k) => this.tracks.some((l) => l.main.some((e) => e.kind === k)))
      : [];
    const g = this.gantt.clear();
    const ly = drawKindLegend(g, used, box, pad, font, (kind) => this.text(t(`views.ev.${kind}`), font));
    // The critical kitchens' shares (stepShares.ts), the figures the score screen and the local view show;
    // for a step that does not fit, what overflows instead.
    let legendBottom = used.length > 0 ? ly + font * 1.5 : box.y + (legend ? pad : 0);
    const headline = step ? stepHeadline(step, t) : '';
    if (legend && headline) {
      const line = wrapAt(this.text(unitNoBreak(headline), font), Math.max(MIN_WRAP_PX, box.width - 2 * pad));
      line.setPosition(box.x + pad, legendBottom);
      legendBottom += line.height + 2;
    }

    // Gantt strip at the bottom: one row per lane; several lanes (pipeline stages) are named on the left, a
    // single SPMD lane gets a caption above, and a step that does not fit says so where its strip would be.
    const lanes = this.tracks.length;
    const caption =
      lanes === 1
        ? this.text(timeline!.lanes[0]!.label[locale], font)
        : failed
          ? this.text(t('views.oomStrip'), font).setColor('#ffb68a')
          : undefined;
    if (caption) wrapAt(caption, Math.max(MIN_WRAP_PX, box.width - 2 * pad));
    const strip = ganttStripLayout({
      box,
      lanes,
      font,
      nameW:
        lanes > 1
          ? widestText(
              this.scene,
              timeline!.lanes.map((l) => l.label[locale]),
              options.fontPx ?? 12,
            )
          : 0,
      ...(options.fontPx === undefined ? {} : { fontPx: options.fontPx }),
      legendBottom,
      captionH: caption?.height ?? 0,
      pad,
    });
    const { labelW, laneH, labelMin, columns } = strip;
    const columnBottoms = Array<number>(columns).fill(-Infinity);
    this.ganttBox = strip.strip;
    const gb = this.ganttBox;
    caption?.setPosition(failed ? box.x + pad : gb.x, gb.y - caption.height - 2);
    if (failed) g.lineStyle(3, OVERFLOW, 1).strokeRect(gb.x, gb.y - 2, gb.width, 4);
    else g.fillStyle(UI.panel, 1).fillRect(gb.x, gb.y, gb.width, gb.height);
    timeline?.lanes.forEach((lane, i) => {
      const y = gb.y + i * laneH;
      const labelPx = Math.max(labelMin, Math.min(font, Math.floor(laneH / 1.3)));
      const labelY = y + (laneH - labelPx * 1.3) / 2;
      const column = columnBottoms.findIndex((bottom) => labelY >= bottom - 1);
      if (lanes > 1 && column >= 0) {
        const room = labelW / columns - 4;
        const label = this.text(lane.label[locale], labelPx);
        label.setPosition(box.x + pad + (column * labelW) / columns, y + (laneH - label.height) / 2);
        if (label.width > room) label.setScale(room / label.width);
        columnBottoms[column] = label.y + label.displayHeight;
      }
      drawLane(g, this.tracks[i]!, { x: gb.x, y: y + 1, width: gb.width, height: laneH - 2 }, this.stepS);
    });
    const stripTop = caption ? caption.y : gb.y;
    this.cursor.setSize(3, gb.height + 8).setPosition(gb.x, gb.y - 4);
    this.playing = lanes > 0;
    this.cursor.setVisible(this.visible && this.playing);

    // The kitchens between the legend and the strip; a flame image on each stove, a dish per window.
    // Where the legend and the strip leave no room for them (a phone), the kitchens are left out rather than
    // squeezed into a dot over the text.
    const gridH = stripTop - legendBottom - 3 * pad;
    this.gridShown = gridH >= MIN_GRID_PX;
    const gridBox: Box = {
      x: box.x + pad,
      y: legendBottom + pad,
      width: box.width - 2 * pad,
      height: Math.max(MIN_GRID_PX, gridH),
    };
    const topology = step?.topology;
    const layout = this.grid.update(mesh, gridBox, (id) => String(id), {
      ...(topology ? { topology } : {}),
      // The fridges of a step that does not fit, overflowing (what stops the kitchens).
      ...(failed && memory ? { gauges: fridgeGauges(memory) } : {}),
      ...gridTexts(t),
      fontPx: font,
    });
    this.cellCount = this.gridShown ? layout.cells.length : 0;
    this.grid.setVisible(this.visible && this.gridShown);
    this.laneDevices = this.tracks.map((l) => [...l.devices]);
    const laneOf = new Map<number, number>();
    this.tracks.forEach((l, i) => l.devices.forEach((d) => laneOf.set(d, i)));
    while (this.flames.length < layout.cells.length)
      this.flames.push(this.scene.add.image(0, 0, stoveTexture('idle')));
    this.flames.forEach((img, i) => {
      const cell = layout.cells[i];
      if (!cell || !this.gridShown) return img.setVisible(false);
      const s = stoveBox(cell);
      img.setTexture(stoveTexture('idle')).setPosition(s.x + s.width / 2, s.y + s.height / 2);
      img.setDisplaySize(s.width, s.height).setVisible(this.visible);
    });
    const size = dishSizePx(layout);
    this.windows = windowPaths(layout, laneOf).map((path) => ({
      ...path,
      dish: this.scene.add
        .image(0, 0, dishTexture(PASS_COLOURS[0]!))
        .setDisplaySize(size, size)
        .setVisible(false),
    }));
    this.shownKind = this.tracks.map(() => undefined);
    this.shownPass = this.tracks.map(() => undefined);
    this.passAxesOf = this.tracks.map(() => []);
    this.legend.bake(this.layer, { ...box, height: legendBottom - box.y }, 0);
    this.strip.bake(this.layer, { ...box, y: stripTop - 2, height: box.y + box.height - stripTop + 2 }, 0);
    // Stay on top of the grid, which was just redrawn.
    for (const o of [...this.flames, ...this.windows.map((w) => w.dish), this.cursor])
      this.scene.children.bringToTop(o);
  }

  /** Shows the step at t seconds: cheap, called every frame while playing. */
  setTime(t: number): void {
    const gb = this.ganttBox;
    this.cursor.x = gb.x + (Math.min(Math.max(t, 0), this.stepS) / this.stepS) * gb.width;
    const progress: number[] = [];
    this.tracks.forEach((track, i) => {
      const state = laneStateAt(track, t);
      if (state.stove !== this.shownKind[i]) {
        this.shownKind[i] = state.stove;
        const key = stoveTexture(state.stove);
        for (const d of this.laneDevices[i]!) this.flames[d]?.setTexture(key);
      }
      if (state.pass !== this.shownPass[i]) {
        this.shownPass[i] = state.pass;
        if (state.pass && this.visible && !this.quiet) sounds.play('pass');
        this.passAxesOf[i] = state.pass ? passAxes(state.pass, this.meshAxes) : [];
        const kind = state.pass?.kind === 'collective' ? (state.pass.pass?.kind ?? '') : 'ppermute';
        const key = dishTexture(passStyle(kind).colour);
        for (const w of this.windows) if (w.lane === i) w.dish.setTexture(key);
      }
      progress[i] = state.passProgress;
    });
    for (const w of this.windows) {
      const on = this.gridShown && w.lane >= 0 && this.passAxesOf[w.lane]!.includes(w.axis);
      if (w.dish.visible !== (on && this.visible)) w.dish.setVisible(on && this.visible);
      if (!on) continue;
      const at = dishAt(w, progress[w.lane]!);
      w.dish.setPosition(at.x, at.y);
    }
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    this.grid.setVisible(visible && this.gridShown);
    this.legend.setVisible(visible);
    this.strip.setVisible(visible);
    this.cursor.setVisible(visible && this.playing);
    this.flames.forEach((f, i) => f.setVisible(visible && i < this.cellCount));
    if (!visible) for (const w of this.windows) w.dish.setVisible(false);
  }

  destroy(): void {
    this.grid.destroy();
    this.layer.destroy(true);
    this.legend.destroy();
    this.strip.destroy();
    this.cursor.destroy();
    for (const o of [...this.flames, ...this.windows.map((w) => w.dish)]) o.destroy();
  }

  private text(s: string, size: number): GameObjects.Text {
    const text = this.scene.add.text(0, 0, s, {
      fontFamily: FONT_FAMILY,
      fontSize: `${size}px`,
      color: TEXT_COLOUR,
    });
    this.texts.push(text);
    this.layer.add(text);
    return text;
  }
}
