// Draws the kitchen grid (global and dynamic views) of a mesh: one kitchen per device with its chef, fridge and
// stove, coloured and patterned by device id; the kitchens grouped by node (a labelled frame per node, a tag
// per kitchen when nodes are not rectangles, or node tiles when kitchens get small); every window between
// mesh neighbours drawn by its link (drawWindows.ts; intra-node: wide and solid; inter-node: narrow and
// dashed), and a legend of both speeds. Baked into one texture (Snapshot) on every update.
import type { GameObjects, Scene } from 'phaser';
import type { Mesh, Topology } from '../../shared/index.ts';
import type { Box, KitchenCell, KitchenGridLayout } from '../viewModels/kitchenGridLayout.ts';
import type { FridgeGauge } from '../viewModels/fridgeGauge.ts';
import {
  framesStacked,
  kitchenPlan,
  linkSpeeds,
  MINI_KITCHEN_PX,
  nodeOf,
  windowLinks,
  type KitchenPlan,
  type Link,
} from '../viewModels/kitchenNodes.ts';
import { deviceColour, devicePattern, FONT_FAMILY, UI } from './palette.ts';
import { drawPattern } from './drawPattern.ts';
import { Snapshot } from './Snapshot.ts';
import { drawKitchenBody, drawLink, drawMini, stoveBox } from './drawKitchen.ts';
import { drawTileLinks, drawWindow } from './drawWindows.ts';
import type { Translate } from '../ui/translate.ts';

/** What the grid shows besides the kitchens. */
export interface GridOptions {
  /** Fridge gauges by device id (instead of plain doors). */
  readonly gauges?: ReadonlyMap<number, FridgeGauge>;
  /** The nodes and links; without it one node, every window plain. */
  readonly topology?: Topology;
  /** Texts: a node's name, and the legend's two lines ('{speed}' filled in). */
  readonly nodeName?: (node: number, first: number, last: number) => string;
  readonly legend?: { readonly intra: (speed: string) => string; readonly inter: (speed: string) => string };
  /** Caption and legend text size (px). */
  readonly fontPx?: number;
}

const INK = '#f4f1ea';

/** The grid's node names and legend in the player's language. */
export const gridTexts = (t: Translate): Pick<GridOptions, 'nodeName' | 'legend'> => ({
  nodeName: (node, first, last) =>
    first < 0 || first === last
      ? t('views.nodeName', { n: node })
      : t('views.nodeRange', { n: node, first, last }),
  legend: {
    intra: (speed) => t('views.linkIntra', { speed }),
    inter: (speed) => t('views.linkInter', { speed }),
  },
});
const FRAME = 0xb9c0cf;

/** Bytes/s as GB/s text: 3e11 → '300 GB/s'. */
const gbPerS = (bytesPerS: number): string =>
  `${(bytesPerS / 1e9).toLocaleString('en-US', { maximumFractionDigits: bytesPerS < 1e10 ? 1 : 0 })} GB/s`;

/** The gap between kitchens in a grid `width` pixels wide. */
export const gridGap = (width: number): number => Math.max(6, Math.min(40, width * 0.03));

export { stoveBox };

export class KitchenGridView {
  /** The drawing, baked into `snapshot` after every update (it stays hidden). */
  private readonly container: GameObjects.Container;
  private readonly snapshot: Snapshot;

  constructor(private readonly scene: Scene) {
    this.container = scene.add.container(0, 0).setVisible(false);
    this.snapshot = new Snapshot(scene);
  }

  /**
   * Redraws the grid of `mesh` inside `box`; `label(id, cellWidth)` gives each kitchen's caption. Returns the
   * layout (cells for hit-tests; `columns` for the arrow keys).
   */
  update(
    mesh: Mesh,
    box: Box,
    label: (deviceId: number, cellWidth: number) => string,
    options: GridOptions = {},
  ): KitchenGridLayout {
    this.container.removeAll(true);
    const font = options.fontPx ?? 16;
    const g = this.scene.add.graphics();
    this.container.add(g);
    const topology = options.topology;
    const speeds = topology ? linkSpeeds(topology, mesh.deviceCount) : {};
    // The legend only where the kitchens keep most of the box.
    const roomy = box.height >= 4 * (font + 10);
    const legendLines =
      options.legend && topology && roomy ? this.legend(g, box, speeds, options.legend, font) : 0;
    const area: Box = { ...box, height: Math.max(20, box.height - legendLines * (font + 10)) };
    const perNode = topology?.devicesPerNode ?? mesh.deviceCount;
    let plan = kitchenPlan(mesh, area, gridGap(area.width), perNode, font + 10);
    if (plan.mode === 'grid' && this.framed(plan, options, roomy)) {
      // Room above the kitchens for the top frames' captions (a text line over the frame, 5 px above the cells),
      // and as much between stacked frames (the caption, the frames' 5 px insets), or a lower frame's caption
      // would lie over the kitchens of the frame above it.
      const tab = Math.ceil(1.4 * labelPxOf(font)) + 4;
      const lowered: Box = { ...area, y: area.y + tab, height: Math.max(20, area.height - tab) };
      const gap = gridGap(lowered.width);
      const rowGap = framesStacked(plan) ? Math.max(gap, tab + 10) : gap;
      plan = kitchenPlan(mesh, lowered, gap, perNode, font + 10, rowGap);
    }
    const { layout } = plan;
    const links: Link[] = topology
      ? windowLinks(layout.windows, topology)
      : layout.windows.map(() => 'intra');
    this.drawNodes(g, plan, options, font, roomy);
    layout.windows.forEach((w, i) =>
      drawWindow(g, layout.cells[w.from]!, layout.cells[w.to]!, w.orientation, links[i]!),
    );
    const mini = plan.mode === 'tiles' && (layout.cells[0]?.width ?? 0) < MINI_KITCHEN_PX;
    for (const cell of layout.cells) {
      if (mini) drawMini(g, cell);
      else
        this.drawKitchen(g, cell, label(cell.deviceId, cell.width), options.gauges?.get(cell.deviceId), font);
      if (
        plan.mode === 'grid' &&
        !plan.rectangles &&
        plan.nodes.length > 1 &&
        cell.width >= 64 &&
        options.nodeName
      )
        this.addText(
          options.nodeName(nodeOf(cell.deviceId, perNode), -1, -1),
          cell.x + 6,
          cell.y + cell.height - 4,
          Math.max(12, Math.min(14, font - 2)),
        ).setOrigin(0, 1);
    }
    this.snapshot.bake(this.container, box, 6);
    return layout;
  }

  /** The links legend at the bottom of `box`; returns its line count. */
  private legend(
    g: GameObjects.Graphics,
    box: Box,
    speeds: { intra?: number; inter?: number },
    texts: NonNullable<GridOptions['legend']>,
    font: number,
  ): number {
    const items = (['intra', 'inter'] as const).filter((k) => speeds[k] !== undefined);
    const sample = font * 2.2;
    let x = box.x;
    let line = 0;
    const lineH = font + 10;
    const bottom = box.y + box.height;
    const placed = items.map((k) => {
      const text = this.addText(texts[k](gbPerS(speeds[k]!)), 0, 0, font);
      const w = sample + 8 + text.width + 24;
      if (x + w > box.x + box.width && x > box.x) {
        x = box.x;
        line++;
      }
      const item = { k, text, x, line };
      x += w;
      return item;
    });
    const lines = placed.length > 0 ? line + 1 : 0;
    for (const { k, text, x: ix, line: l } of placed) {
      const y = bottom - (lines - l) * lineH + lineH / 2;
      drawLink(g, ix, y, ix + sample, y, k, 'horizontal');
      text.setOrigin(0, 0.5).setPosition(ix + sample + 8, y);
    }
    return lines;
  }

  /** Whether nodes get frames: always as tiles; in a grid one node only where there is room to spare. */
  private framed(plan: KitchenPlan, options: GridOptions, roomy: boolean): boolean {
    if (!options.nodeName) return false;
    return plan.mode === 'tiles' || (plan.rectangles && (plan.nodes.length > 1 || roomy));
  }

  private drawNodes(
    g: GameObjects.Graphics,
    plan: KitchenPlan,
    options: GridOptions,
    font: number,
    roomy: boolean,
  ): void {
    const nodeName = options.nodeName;
    if (!nodeName || !this.framed(plan, options, roomy)) return;
    const labelPx = labelPxOf(font);
    if (plan.mode === 'tiles' && plan.nodes.length > 1) drawTileLinks(g, plan);
    for (const n of plan.nodes) {
      const inset = plan.mode === 'tiles' ? 0 : 5;
      const b = {
        x: n.box.x - inset,
        y: n.box.y - inset,
        width: n.box.width + 2 * inset,
        height: n.box.height + 2 * inset,
      };
      if (plan.mode === 'tiles') g.fillStyle(UI.panel, 1).fillRoundedRect(b.x, b.y, b.width, b.height, 6);
      g.lineStyle(2, FRAME, 1).strokeRoundedRect(b.x, b.y, b.width, b.height, 6);
      const name = nodeName(n.node, n.first, n.last);
      if (plan.mode === 'tiles') {
        // The longest of 'Node 3 · kitchens 24–31', 'Node 3', '3' that fits at ≥ 12 px (if the strip is there).
        const strip = (plan.layout.cells[n.first]?.y ?? b.y) - b.y;
        if (strip < 12) continue;
        for (const caption of [name, nodeName(n.node, -1, -1), String(n.node)]) {
          const text = this.addText(caption, b.x + 4, b.y + 2, labelPx);
          if (text.width > b.width - 8) text.setScale(Math.max(12 / labelPx, (b.width - 8) / text.width));
          if (text.displayWidth <= b.width - 6) break;
          text.destroy();
        }
      } else {
        // The caption sits just above the frame's top edge, clear of the kitchens (update() leaves the room).
        this.addText(name, b.x + 6, b.y - 2, labelPx).setOrigin(0, 1);
      }
    }
  }

  private addText(s: string, x: number, y: number, size: number): GameObjects.Text {
    const text = this.scene.add.text(x, y, s, {
      fontFamily: FONT_FAMILY,
      fontSize: `${size}px`,
      color: INK,
      fontStyle: 'bold',
      stroke: '#1d2433',
      strokeThickness: 3,
    });
    this.container.add(text);
    return text;
  }

  setVisible(visible: boolean): void {
    this.snapshot.setVisible(visible);
  }

  destroy(): void {
    this.container.destroy(true);
    this.snapshot.destroy();
  }

  private drawKitchen(
    g: GameObjects.Graphics,
    cell: KitchenCell,
    caption: string,
    gauge: FridgeGauge | undefined,
    font: number,
  ): void {
    const { x, y, width: w, height: h, deviceId } = cell;
    const colour = deviceColour(deviceId);
    const r = Math.min(w, h) * 0.08;
    g.fillStyle(UI.panel, 1);
    g.fillRoundedRect(x, y, w, h, r);
    drawPattern(g, devicePattern(deviceId), colour, { x: x + 4, y: y + 4, width: w - 8, height: h * 0.1 });
    g.lineStyle(Math.max(3, w * 0.02), colour, 1);
    g.strokeRoundedRect(x, y, w, h, r);

    drawKitchenBody(g, cell, gauge);

    // At least 16 px where the caption fits, never below 12 px (the label callback drops detail instead); up
    // to the view's text size on a projector (≥ 20 px).
    const longest = Math.max(...caption.split('\n').map((l) => l.length));
    const fontSize = Math.round(Math.max(12, Math.min(Math.max(18, font), (w * 0.9) / (longest * 0.58))));
    const text = this.scene.add
      .text(x + w / 2, y + h * 0.12, caption, {
        fontFamily: FONT_FAMILY,
        fontSize: `${fontSize}px`,
        color: '#f4f1ea',
        fontStyle: 'bold',
        stroke: '#1d2433',
        strokeThickness: 4,
        align: 'center',
      })
      .setOrigin(0.5, 0);
    this.container.add(text);
  }
}

/** Node captions: the view's font, kept between 12 and 16 px; a projector's (≥ 20 px) as it is. */
const labelPxOf = (font: number): number => (font >= 20 ? font : Math.max(12, Math.min(font, 16)));
