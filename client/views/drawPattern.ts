// Fills a box with a device's colour and its pattern, so devices stay distinguishable without colour vision;
// the pattern is drawn in dark ink, or in `ink` (light on a dark fill).
import type { GameObjects } from 'phaser';
import type { DevicePattern } from './palette.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';

const INK = 0x1d2433;

export function drawPattern(
  g: GameObjects.Graphics,
  pattern: DevicePattern,
  colour: number,
  box: Box,
  ink = INK,
): void {
  const { x, y, width: w, height: h } = box;
  g.fillStyle(colour, 1).fillRect(x, y, w, h);
  const step = Math.max(8, Math.round(h / 2.5));
  const alpha = ink === INK ? 0.55 : 0.85;
  g.lineStyle(2, ink, alpha);
  g.fillStyle(ink, alpha);
  switch (pattern) {
    case 'solid':
      return;
    case 'stripes':
      for (let yy = y + step / 2; yy < y + h; yy += step) g.lineBetween(x, yy, x + w, yy);
      return;
    case 'bars':
      for (let xx = x + step / 2; xx < x + w; xx += step) g.lineBetween(xx, y, xx, y + h);
      return;
    case 'grid':
      for (let yy = y + step / 2; yy < y + h; yy += step) g.lineBetween(x, yy, x + w, yy);
      for (let xx = x + step / 2; xx < x + w; xx += step) g.lineBetween(xx, y, xx, y + h);
      return;
    case 'dots':
      for (let yy = y + step / 2; yy < y + h; yy += step)
        for (let xx = x + step / 2; xx < x + w; xx += step) g.fillCircle(xx, yy, step / 6);
      return;
    case 'rings':
      for (let yy = y + step / 2; yy < y + h; yy += step)
        for (let xx = x + step / 2; xx < x + w; xx += step) g.strokeCircle(xx, yy, step / 4);
      return;
    case 'diagonal':
      for (let yy = y; yy + step <= y + h + 0.5; yy += step)
        for (let xx = x; xx + step <= x + w + 0.5; xx += step) g.lineBetween(xx, yy + step, xx + step, yy);
      return;
    case 'checks':
      for (let yy = y, r = 0; yy < y + h; yy += step, r++)
        for (let xx = x + (r % 2) * step; xx < x + w; xx += step * 2)
          g.fillRect(xx, yy, Math.min(step, x + w - xx), Math.min(step, y + h - yy));
      return;
  }
}
