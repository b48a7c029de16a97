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
