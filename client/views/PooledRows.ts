// What the scrolling row lists (the local view's ScrollRows, the static view's GraphRows) share: a container
// with one Graphics for lines and badges, a pool of Text objects that only grows, and a clamped vertical
// scroll. Subclasses lay out their rows (`place`) and say how tall their content is.
import type { GameObjects, Scene } from 'phaser';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { FONT_FAMILY } from './palette.ts';
import { TEXT_COLOUR } from './viewContext.ts';

export abstract class PooledRows {
  protected readonly container: GameObjects.Container;
  protected readonly g: GameObjects.Graphics;
  protected readonly texts: GameObjects.Text[] = [];
  protected box: Box = { x: 0, y: 0, width: 1, height: 1 };
  protected scroll = 0;
  /** One row's height, px. */
  protected rowH = 24;

  constructor(protected readonly scene: Scene) {
    this.container = scene.add.container(0, 0);
    this.g = scene.add.graphics();
    this.container.add(this.g);
  }

  /** Scrolls by `dy` pixels (clamped); returns whether anything moved. */
  scrollBy(dy: number): boolean {
    const max = Math.max(0, this.contentHeight() - this.box.height);
    const next = Math.min(max, Math.max(0, this.scroll + dy));
    const moved = next !== this.scroll;
    this.scroll = next;
    this.place();
    return moved;
  }

  /** One row's height in pixels (arrow keys scroll by it). */
  get rowHeight(): number {
    return this.rowH;
  }

  setVisible(visible: boolean): void {
    this.container.setVisible(visible);
  }

  destroy(): void {
    this.container.destroy(true);
  }

  /** Grows the pool to at least `n` Text objects. */
  protected ensureTexts(n: number): void {
    while (this.texts.length < n) {
      const text = this.scene.add.text(0, 0, '', { fontFamily: FONT_FAMILY, color: TEXT_COLOUR });
      this.texts.push(text);
      this.container.add(text);
    }
  }

  /** Height of everything the list draws, px (what the scroll is clamped to). */
  protected abstract contentHeight(): number;

  /** Positions the rows for the present scroll and redraws the lines. */
  protected abstract place(): void;
}
