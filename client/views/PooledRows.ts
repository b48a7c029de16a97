// What the scrolling row lists (the local view's ScrollRows, the static view's GraphRows) share: a container
// with one Graphics for lines and badges, a pool of Text objects that only grows, a clamped vertical scroll,
// and the rows' text at the list's one size, a row too wide wrapped (rowListLayout.ts). Subclasses lay out
// their rows (`place`) and say how tall their content is.
import type { GameObjects, Scene } from 'phaser';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { rowListLayout } from '../viewModels/rowListLayout.ts';
import { FONT_FAMILY } from './palette.ts';
import { unitNoBreak } from './unitNoBreak.ts';
import { TEXT_COLOUR } from './viewContext.ts';

/** Least size of a row's text, px: a phone's canvas is drawn 1:1 in CSS px (Scale.RESIZE, no zoom). */
const MIN_ROW_PX = 14;
/** Least scale of a list: past it a long row wraps rather than shrink every row with it. */
const MIN_LIST_SCALE = 0.85;

export interface RowText {
  readonly text: string;
  /** Font size, px. */
  readonly size: number;
  readonly bold: boolean;
  readonly colour: string;
  /** Width available, px. */
  readonly room: number;
}

export abstract class PooledRows {
  protected readonly container: GameObjects.Container;
  protected readonly g: GameObjects.Graphics;
  protected readonly texts: GameObjects.Text[] = [];
  protected box: Box = { x: 0, y: 0, width: 1, height: 1 };
  protected scroll = 0;
  /** One line's row height, px. */
  protected rowH = 24;
  /** Each row's height, px: `rowH`, and a wrapped row one text line more per line it adds. */
  protected heights: number[] = [];

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

  /**
   * Sets the pool's texts to `rows` at the list's one scale (never below 14 px nor 85% of `bodySize`), a row
   * too wide for its room wrapped; fills `heights`. A Text keeps the row as written (`text.text`); the lines
   * it draws carry the figures' no-break spaces, so "262 MB" never splits.
   */
  protected layTexts(rows: readonly RowText[], bodySize: number): void {
    this.ensureTexts(rows.length);
    this.texts.slice(rows.length).forEach((text) => text.setVisible(false));
    const inputs = rows.map((row, i) => {
      // (a previous wrap callback draws '' as '')
      const text = this.texts[i]!.setText('')
        .setFontSize(row.size)
        .setFontStyle(row.bold ? 'bold' : '')
        .setColor(row.colour)
        .setFixedSize(0, 0)
        .setScale(1);
      // Phaser sets the context's font to the text's style on each update, and measures lines so (rounded up).
      const measure = (s: string) => Math.ceil(text.context.measureText(s).width);
      return { text: unitNoBreak(row.text), room: row.room, measure };
    });
    const { scale, lines } = rowListLayout(inputs, Math.max(MIN_LIST_SCALE, MIN_ROW_PX / bodySize));
    this.heights = rows.map((row, i) => {
      const drawn = lines[i]!;
      const text = this.texts[i]!.setWordWrapCallback((s: string) => (s === row.text ? [...drawn] : s))
        .setText(row.text)
        .setScale(scale);
      return this.rowH + ((drawn.length - 1) * text.displayHeight) / drawn.length;
    });
  }

  /** Height of everything the list draws, px (what the scroll is clamped to). */
  protected abstract contentHeight(): number;

  /** Positions the rows for the present scroll and redraws the lines. */
  protected abstract place(): void;
}
