// How wide the widest of some texts draws at a size: a layout that must make room for names before drawing
// them (the dynamic view's lane names) measures them with one throw-away Phaser text.
import type { Scene } from 'phaser';
import { FONT_FAMILY } from './palette.ts';

/** Width of the widest of `texts` at `sizePx`, px (0 for none). */
export function widestText(scene: Scene, texts: readonly string[], sizePx: number): number {
  const probe = scene.add.text(0, 0, '', { fontFamily: FONT_FAMILY, fontSize: `${sizePx}px` });
  const widest = Math.max(0, ...texts.map((s) => probe.setText(s).width));
  probe.destroy();
  return widest;
}
