// The kitchen grid's windows as links: the pass-through window between two mesh neighbours (drawLink at the
// cells' facing edges, as wide as the cells), and the slow inter-node windows between node tiles.
import type { GameObjects } from 'phaser';
import type { KitchenCell } from '../viewModels/kitchenGridLayout.ts';
import type { KitchenPlan, Link } from '../viewModels/kitchenNodes.ts';
import { drawLink } from './drawKitchen.ts';

/** Between node tiles side by side or stacked: the slow inter-node windows. */
export function drawTileLinks(g: GameObjects.Graphics, plan: KitchenPlan): void {
  const cols = plan.tileColumns;
  plan.nodes.forEach((n, i) => {
    const right = (i + 1) % cols !== 0 ? plan.nodes[i + 1] : undefined;
    const below = plan.nodes[i + cols];
    const b = n.box;
    if (right)
      drawLink(
        g,
        b.x + b.width,
        b.y + b.height / 2,
        right.box.x,
        b.y + b.height / 2,
        'inter',
        'horizontal',
        b.height,
      );
    if (below)
      drawLink(
        g,
        b.x + b.width / 2,
        b.y + b.height,
        b.x + b.width / 2,
        below.box.y,
        'inter',
        'vertical',
        b.width,
      );
  });
}

/** The window between mesh neighbours `a` and `b`, 2 px inside their facing edges. */
export function drawWindow(
  g: GameObjects.Graphics,
  a: KitchenCell,
  b: KitchenCell,
  orientation: 'horizontal' | 'vertical',
  link: Link,
): void {
  if (orientation === 'horizontal')
    drawLink(
      g,
      a.x + a.width - 2,
      a.y + a.height / 2,
      b.x + 2,
      b.y + b.height / 2,
      link,
      orientation,
      a.height,
    );
  else
    drawLink(
      g,
      a.x + a.width / 2,
      a.y + a.height - 2,
      b.x + b.width / 2,
      b.y + 2,
      link,
      orientation,
      a.width,
    );
}
