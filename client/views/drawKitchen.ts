// The pictures of the kitchen grid: one kitchen's fridge (a gauge or a plain door), stove and chef; a
// kitchen too small for them; and a pass-through window by its link (intra-node: wide and solid; inter-node:
// narrow and dashed, so the pattern tells them apart without colour).
import type { GameObjects } from 'phaser';
import type { FridgeGauge } from '../viewModels/fridgeGauge.ts';
import type { Box, KitchenCell } from '../viewModels/kitchenGridLayout.ts';
import type { Link } from '../viewModels/kitchenNodes.ts';
import { drawFridgeGauge } from './drawFridgeGauge.ts';
import { drawPattern } from './drawPattern.ts';
import { deviceColour, devicePattern, UI } from './palette.ts';

/** Where a kitchen's stove (compute) is drawn: a counter in the lower right of the cell. */
export const stoveBox = (c: KitchenCell): Box => ({
  x: c.x + c.width * 0.58,
  y: c.y + c.height * 0.62,
  width: c.width * 0.34,
  height: c.height * 0.26,
});

/** The fridge, stove and chef of kitchen `cell` (its frame and caption are drawn by the grid). */
export function drawKitchenBody(
  g: GameObjects.Graphics,
  cell: KitchenCell,
  gauge: FridgeGauge | undefined,
): void {
  const { x, y, width: w, height: h } = cell;
  const colour = deviceColour(cell.deviceId);
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
}

/** A window: intra-node wide and solid, inter-node narrow and dashed (pattern, not only colour). */
export function drawLink(
  g: GameObjects.Graphics,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  link: Link,
  orientation: 'horizontal' | 'vertical',
  span = 40,
): void {
  const thick =
    link === 'intra' ? Math.max(8, Math.min(18, span * 0.22)) : Math.max(3, Math.min(5, span * 0.06));
  const colour = link === 'intra' ? UI.window : 0xe69f00;
  g.fillStyle(colour, 1);
  const along = orientation === 'horizontal' ? x1 - x0 : y1 - y0;
  if (link === 'intra') {
    if (orientation === 'horizontal') g.fillRect(x0, y0 - thick / 2, along, thick);
    else g.fillRect(x0 - thick / 2, y0, thick, along);
    return;
  }
  const dash = Math.max(3, Math.min(7, along / 3));
  for (let d = 0; d < along; d += dash * 1.8) {
    const len = Math.min(dash, along - d);
    if (orientation === 'horizontal') g.fillRect(x0 + d, y0 - thick / 2, len, thick);
    else g.fillRect(x0 - thick / 2, y0 + d, thick, len);
  }
}

/** A kitchen too small for its chef and fridge: a square in its colour and pattern. */
export function drawMini(g: GameObjects.Graphics, c: KitchenCell): void {
  const m = Math.max(1, c.width * 0.1);
  drawPattern(g, devicePattern(c.deviceId), deviceColour(c.deviceId), {
    x: c.x + m,
    y: c.y + m,
    width: c.width - 2 * m,
    height: c.height - 2 * m,
  });
}
