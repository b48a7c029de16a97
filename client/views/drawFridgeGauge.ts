// A kitchen's fridge as a memory gauge: the parts stacked bottom-up in their colours, the capacity line, and
// on overflow a red frame with a hatch over everything above the line (shape, not only colour, says "full").
import type { GameObjects } from 'phaser';
import type { FridgeGauge } from '../viewModels/fridgeGauge.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { MEMORY_COLOURS, OVERFLOW } from './palette.ts';

const BODY = 0xdfe6ee;
const INK = 0x1d2433;

export function drawFridgeGauge(g: GameObjects.Graphics, gauge: FridgeGauge, box: Box): void {
  const { x, y, width: w, height: h } = box;
  const yAt = (fraction: number) => y + h - fraction * h;
  g.fillStyle(BODY, 1).fillRect(x, y, w, h);
  for (const s of gauge.segments) {
    g.fillStyle(MEMORY_COLOURS[s.part], 1);
    g.fillRect(x + 2, yAt(s.to), w - 4, (s.to - s.from) * h);
  }
  const capY = yAt(gauge.capacityAt);
  if (gauge.overflow) {
    const top = yAt(gauge.segments.at(-1)?.to ?? gauge.capacityAt);
    g.fillStyle(OVERFLOW, 0.55).fillRect(x + 2, top, w - 4, capY - top);
    g.lineStyle(2, INK, 0.8);
    const step = 7;
    for (let d = -w; d < capY - top; d += step) {
      const y0 = Math.max(top, top + d);
      const y1 = Math.min(capY, top + d + w);
      g.lineBetween(x + 2 + (y0 - top - d), y0, x + 2 + (y1 - top - d), y1);
    }
    g.lineStyle(4, OVERFLOW, 1).strokeRect(x - 1, y - 1, w + 2, h + 2);
  } else g.lineStyle(2, 0x4a5568, 1).strokeRect(x, y, w, h);
  g.lineStyle(3, INK, 1).lineBetween(x - 4, capY, x + w + 4, capY);
}
