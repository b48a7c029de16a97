// The dynamic view's legend: a swatch (colour + pattern, EVENT_STYLES, as the stoves and the strip) and the
// name of each kind of event the step has, wrapped over as many lines as the box needs.
import type { GameObjects } from 'phaser';
import type { StepEventKind } from '../../shared/index.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { drawPattern } from './drawPattern.ts';
import { EVENT_STYLES } from './eventStyles.ts';

/**
 * Draws `kinds` from the top left of `box` (inset by `pad`), each swatch `font` px square beside the text
 * `label(kind)` makes; returns the top of the last line, px.
 */
export function drawKindLegend(
  g: GameObjects.Graphics,
  kinds: readonly StepEventKind[],
  box: Box,
  pad: number,
  font: number,
  label: (kind: StepEventKind) => GameObjects.Text,
): number {
  let x = box.x + pad;
  let y = box.y + pad;
  for (const kind of kinds) {
    const text = label(kind);
    if (x + font + 6 + text.width > box.x + box.width - pad && x > box.x + pad) {
      x = box.x + pad;
      y += font * 1.5;
    }
    const style = EVENT_STYLES[kind];
    drawPattern(g, style.pattern, style.colour, { x, y: y + 2, width: font, height: font }, style.ink);
    g.lineStyle(1, 0xf4f1ea, 1).strokeRect(x, y + 2, font, font);
    text.setPosition(x + font + 6, y);
    x += font + 6 + text.width + 14;
  }
  return y;
}
