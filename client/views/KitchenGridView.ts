// Draws the kitchen grid (global view) of a mesh: one kitchen per device with its chef, fridge and stove,
// coloured and patterned by device id, and the pass-through windows between mesh neighbours.
import type { GameObjects, Scene } from 'phaser';
import type { Mesh } from '../../shared/index.ts';
import {
  kitchenGridLayout,
  type Box,
  type KitchenCell,
  type KitchenGridLayout,
} from '../viewModels/kitchenGridLayout.ts';
import type { FridgeGauge } from '../viewModels/fridgeGauge.ts';
import { deviceColour, devicePattern, FONT_FAMILY, UI } from './palette.ts';
import { drawPattern } from './drawPattern.ts';
import { drawFridgeGauge } from './drawFridgeGauge.ts';
import { Snapshot } from './Snapshot.ts';

/** The gap between kitchens in a grid `width` pixels wide. */
export const gridGap = (width: number): number => Math.max(6, Math.min(40, width * 0.03));

/** Where a kitchen's stove (compute) is drawn: a counter in the lower right of the cell. */
export const stoveBox = (c: KitchenCell): Box => ({
  x: c.x + c.width * 0.58,
  y: c.y + c.height * 0.62,
  width: c.width * 0.34,
  height: c.height * 0.26,
});

export class KitchenGridView {
  /** The drawing, baked into `snapshot` after every update (it stays hidden). */
  private readonly container: GameObjects.Container;
  private readonly snapshot: Snapshot;

  constructor(private readonly scene: Scene) {
    this.container = scene.add.container(0, 0).setVisible(false);
    this.snapshot = new Snapshot(scene);
  }

  /**
   * Redraws the grid of `mesh` inside `box`; `label(id, cellWidth)` gives each kitchen's caption. With
   * `gauges`, each kitchen's fridge shows its memory gauge instead of a plain door. Returns the layout.
   */
  update(
    mesh: Mesh,
    box: Box,
    label: (deviceId: number, cellWidth: number) => string,
    gauges?: ReadonlyMap<number, FridgeGauge>,
  ): KitchenGridLayout {
    this.container.removeAll(true);
    const layout = kitchenGridLayout(mesh, box, gridGap(box.width));
    const g = this.scene.add.graphics();
    this.container.add(g);
    for (const w of layout.windows) {
      const a = layout.cells[w.from]!;
      const b = layout.cells[w.to]!;
      g.fillStyle(UI.window, 1);
      if (w.orientation === 'horizontal') {
        const h = a.height * 0.22;
        g.fillRect(a.x + a.width - 4, a.y + a.height / 2 - h / 2, b.x - (a.x + a.width) + 8, h);
      } else {
        const wd = a.width * 0.22;
        g.fillRect(a.x + a.width / 2 - wd / 2, a.y + a.height - 4, wd, b.y - (a.y + a.height) + 8);
      }
    }
    for (const cell of layout.cells)
      this.drawKitchen(g, cell, label(cell.deviceId, cell.width), gauges?.get(cell.deviceId));
    this.snapshot.bake(this.container, box, 6);
    return layout;
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
  ): void {
    const { x, y, width: w, height: h, deviceId } = cell;
    const colour = deviceColour(deviceId);
    const r = Math.min(w, h) * 0.08;
    g.fillStyle(UI.panel, 1);
    g.fillRoundedRect(x, y, w, h, r);
    drawPattern(g, devicePattern(deviceId), colour, { x: x + 4, y: y + 4, width: w - 8, height: h * 0.1 });
    g.lineStyle(Math.max(3, w * 0.02), colour, 1);
    g.strokeRoundedRect(x, y, w, h, r);

    // Fridge (device memory): a tall box with a door line and handle, left.
    const fx = x + w * 0.08;
    const fy = y + h * (gauge ? 0.4 : 0.3);
    const fw = w * 0.22;
    const fh = h * (gauge ? 0.52 : 0.58);
    if (gauge) drawFridgeGauge(g, gauge, { x: fx, y: fy, width: fw, height: fh });
    else {
      g.fillStyle(0xdfe6ee, 1).fillRoundedRect(fx, fy, fw, fh, 4);
      g.lineStyle(2, 0x4a5568, 1).lineBetween(fx, fy + fh * 0.35, fx + fw, fy + fh * 0.35);
      g.fillStyle(0x4a5568, 1).fillRect(fx + fw * 0.75, fy + fh * 0.45, fw * 0.08, fh * 0.2);
    }

    // Stove (compute): a counter with two burners, right.
    const { x: sx, y: sy, width: sw, height: sh } = stoveBox(cell);
    g.fillStyle(0x3b3f4a, 1).fillRoundedRect(sx, sy, sw, sh, 4);
    g.fillStyle(0x1a1c22, 1);
    g.fillCircle(sx + sw * 0.28, sy + sh * 0.45, sh * 0.26);
    g.fillCircle(sx + sw * 0.72, sy + sh * 0.45, sh * 0.26);

    // Chef: head, hat, body, between fridge and stove.
    const cx = x + w * 0.45;
    const cy = y + h * 0.64;
    const s = Math.min(w, h) * 0.09;
    g.fillStyle(0xf4f1ea, 1).fillRect(cx - s * 0.8, cy - s * 2.2, s * 1.6, s * 0.9);
    g.fillCircle(cx, cy - s * 2.3, s * 0.75);
    g.fillStyle(0xf2c79b, 1).fillCircle(cx, cy - s * 0.7, s * 0.8);
    g.fillStyle(colour, 1).fillRoundedRect(cx - s, cy + s * 0.2, s * 2, s * 2.4, s * 0.4);

    const fontSize = Math.max(
      caption.length <= 3 ? 12 : 14,
      Math.round(Math.min(w, h) * (caption.includes('\n') ? 0.085 : 0.11)),
    );
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
