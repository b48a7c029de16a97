// Textures made once per game for the dynamic view, so a frame only swaps textures and moves images: a
// stove top per event kind (colour + pattern, EVENT_STYLES) and a plate per passing style's colour for the
// dishes crossing windows (textures, not tints: the Canvas renderer cannot tint).
import type { Scene } from 'phaser';
import type { StepEventKind } from '../../shared/index.ts';
import { drawPattern } from './drawPattern.ts';
import { EVENT_KINDS, EVENT_STYLES, PASS_COLOURS } from './eventStyles.ts';

export const stoveTexture = (kind: StepEventKind): string => `mk-stove-${kind}`;
/** The plate of a pass of colour `colour` (one of PASS_COLOURS). */
export const dishTexture = (colour: number): string => `mk-dish-${colour.toString(16)}`;

const W = 64;
const H = 32;

export function ensureStoveTextures(scene: Scene): void {
  if (scene.textures.exists(stoveTexture('idle'))) return;
  const g = scene.make.graphics({}, false);
  for (const kind of EVENT_KINDS) {
    g.clear();
    const { colour, pattern, ink } = EVENT_STYLES[kind];
    drawPattern(g, pattern, colour, { x: 0, y: 0, width: W, height: H }, ink);
    if (kind === 'idle') {
      // A cold stove: dark burners with no flame.
      g.fillStyle(0x3b3f4a, 1)
        .fillCircle(W * 0.28, H * 0.5, H * 0.3)
        .fillCircle(W * 0.72, H * 0.5, H * 0.3);
    }
    g.lineStyle(3, 0xf4f1ea, kind === 'idle' ? 0.25 : 1).strokeRect(1.5, 1.5, W - 3, H - 3);
    g.generateTexture(stoveTexture(kind), W, H);
  }
  for (const colour of PASS_COLOURS) {
    g.clear();
    g.fillStyle(0xf4f1ea, 1).fillCircle(16, 16, 15);
    g.lineStyle(3, 0x1d2433, 1).strokeCircle(16, 16, 13);
    g.fillStyle(colour, 1).fillCircle(16, 16, 9);
    g.generateTexture(dishTexture(colour), 32, 32);
  }
  g.destroy();
}
