// What every view of the level screen draws from, and what the kitchen scene asks of a view.
import type { Locale, Mesh } from '../../shared/index.ts';
import type { SessionView } from '../state/PlanSession.ts';
import type { Translate } from '../ui/translate.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';

export interface ViewContext {
  readonly view: SessionView;
  /** The plan's kitchen grid. */
  readonly mesh: Mesh;
  readonly t: Translate;
  readonly locale: Locale;
  /** The kitchen picked for the local view. */
  readonly kitchen: number;
}

export interface SceneView {
  /** Lays out and draws everything for `ctx` inside `box` (on a change, never per frame). */
  draw(ctx: ViewContext, box: Box): void;
  setVisible(visible: boolean): void;
  destroy(): void;
}

export const TEXT_COLOUR = '#f4f1ea';
export const MUTED_COLOUR = '#b9c0cf';
/**
 * The narrowest wrap width, px. Phaser's advanced word wrap throws ('wordWrapWidth < a single character') when a
 * line cannot hold one glyph, which a squeezed panel (a phone's folded drawing, a first layout at width 0) asks of
 * it; 96 px holds four 20 px CJK glyphs.
 */
export const MIN_WRAP_PX = 96;
