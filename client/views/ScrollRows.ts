// A scrollable list of rows drawn in Phaser for the local view: headings, value nodes (boxed, joined by a
// connector like a graph's edges), pass badges (colour + pattern) and plain lines; it flows into several
// columns when the box is wide. The rows share one size; a row too long wraps at its " · ", its figures whole,
// and stands taller. Text objects are pooled and only re-laid on a change or a scroll, never per frame; rows
// outside the box are hidden.
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { drawPattern } from './drawPattern.ts';
import { PooledRows } from './PooledRows.ts';
import type { MarkStyle } from './eventStyles.ts';
import { UI } from './palette.ts';
import { MUTED_COLOUR, TEXT_COLOUR } from './viewContext.ts';

export interface Row {
  readonly text: string;
  readonly style: 'heading' | 'node' | 'dish' | 'edge' | 'plain' | 'muted';
  readonly mark?: MarkStyle;
}

const MIN_COLUMN_PX = 380;
const ACCENT = '#e69f00';

export class ScrollRows extends PooledRows {
  private rows: readonly Row[] = [];
  private perColumn = 1;
  private columnW = 1;
  /** Each row's top, px below its column's top (before the scroll). */
  private tops: number[] = [];

  /** Shows `rows` in `box` with `fontSize` px text; keeps the scroll position when `keepScroll`. */
  set(rows: readonly Row[], box: Box, fontSize: number, keepScroll = false): void {
    this.rows = rows;
    this.box = box;
    this.rowH = Math.round(fontSize * 1.65);
    const columns = Math.max(1, Math.min(3, Math.floor(box.width / MIN_COLUMN_PX), rows.length));
    this.perColumn = Math.max(1, Math.ceil(rows.length / columns));
    this.columnW = box.width / columns;
    this.layTexts(
      rows.map((row) => ({
        text: row.text,
        size: row.style === 'heading' ? fontSize + 1 : fontSize,
        bold: row.style === 'heading' || row.style === 'dish',
        colour: row.style === 'heading' ? ACCENT : row.style === 'muted' ? MUTED_COLOUR : TEXT_COLOUR,
        room: Math.max(10, this.columnW - this.indent(row) - 14),
      })),
      fontSize,
    );
    let top = 0;
    this.tops = this.heights.map((h, i) => {
      if (i % this.perColumn === 0) top = 0;
      const at = top;
      top += h;
      return at;
    });
    if (!keepScroll) this.scroll = 0;
    this.scrollBy(0);
  }

  /** The tallest column's height, px. */
  protected contentHeight(): number {
    return Math.max(0, ...this.tops.map((top, i) => top + this.heights[i]!));
  }

  /** Where the row's text starts in its column, px: an edge row's clears its badge (x + 18, rowH − 8 wide). */
  private indent(row: Row): number {
    return row.style === 'heading' ? 0 : row.style === 'edge' ? this.rowH + 16 : 26;
  }

  protected place(): void {
    const { g, box, rowH } = this;
    g.clear();
    const visibleRow = (i: number) => {
      const y = box.y + this.tops[i]! - this.scroll;
      return y >= box.y - 0.5 && y + this.heights[i]! <= box.y + box.height + 0.5 ? y : undefined;
    };
    this.rows.forEach((row, i) => {
      const text = this.texts[i]!;
      const y = visibleRow(i);
      const x = box.x + Math.floor(i / this.perColumn) * this.columnW;
      text.setVisible(y !== undefined);
      if (y === undefined) return;
      const h = this.heights[i]!;
      text.setPosition(x + this.indent(row), y + (h - text.displayHeight) / 2);
      const midY = y + h / 2;
      // The graph's spine: nodes and passes of one phase hang on a vertical line.
      const next = this.rows[i + 1];
      const spine = row.style !== 'heading' && next !== undefined && next.style !== 'heading';
      if (row.style === 'node' || row.style === 'dish') {
        g.fillStyle(row.style === 'dish' ? 0x3d4966 : UI.panel, 1);
        g.fillRoundedRect(x + 20, y + 2, Math.min(this.columnW - 24, text.displayWidth + 14), h - 4, 6);
        g.fillStyle(row.style === 'dish' ? 0xe69f00 : 0x8fa3bf, 1).fillCircle(x + 10, midY, 4);
      }
      if (row.style === 'edge' && row.mark) {
        g.lineStyle(4, row.mark.colour, 1).lineBetween(x + 10, y, x + 10, y + h);
        // the badge beside the row's first line
        const badge = { x: x + 18, y: y + 4, width: rowH - 8, height: rowH - 8 };
        drawPattern(g, row.mark.pattern, row.mark.colour, badge, row.mark.ink);
        g.lineStyle(2, 0xf4f1ea, 1).strokeRect(badge.x, badge.y, badge.width, badge.height);
      } else if (spine && (i + 1) % this.perColumn !== 0) {
        g.lineStyle(2, 0x8fa3bf, 0.8).lineBetween(x + 10, midY, x + 10, y + h + this.heights[i + 1]! / 2);
      }
    });
    const total = this.contentHeight();
    if (total > box.height) {
      // Scroll bar: how much of the list shows, and where.
      const h = Math.max(20, (box.height / total) * box.height);
      const top = box.y + (this.scroll / (total - box.height)) * (box.height - h);
      g.fillStyle(0x3d4966, 1).fillRect(box.x + box.width - 6, box.y, 6, box.height);
      g.fillStyle(0x8fa3bf, 1).fillRect(box.x + box.width - 6, top, 6, h);
    }
  }
}
