// A scrollable list of one-line rows drawn in Phaser for the local and static views: headings, value nodes
// (boxed, joined by a connector like a graph's edges), pass badges (colour + pattern) and plain lines; it
// flows into several columns when the box is wide. Text objects are pooled and only re-laid on a change or
// a scroll, never per frame; rows outside the box are hidden.
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { drawPattern } from './drawPattern.ts';
import { fitRowText } from './fitRowText.ts';
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

  /** Shows `rows` in `box` with `fontSize` px text; keeps the scroll position when `keepScroll`. */
  set(rows: readonly Row[], box: Box, fontSize: number, keepScroll = false): void {
    this.rows = rows;
    this.box = box;
    this.rowH = Math.round(fontSize * 1.65);
    const columns = Math.max(1, Math.min(3, Math.floor(box.width / MIN_COLUMN_PX), rows.length));
    this.perColumn = Math.max(1, Math.ceil(rows.length / columns));
    this.columnW = box.width / columns;
    this.ensureTexts(rows.length);
    this.texts.forEach((text, i) => {
      const row = rows[i];
      if (!row) return text.setVisible(false);
      // A long row shrinks to fit its column (down to 80%), and is cut beyond that.
      fitRowText(text, row.text, {
        size: row.style === 'heading' ? fontSize + 1 : fontSize,
        bold: row.style === 'heading' || row.style === 'dish',
        colour: row.style === 'heading' ? ACCENT : row.style === 'muted' ? MUTED_COLOUR : TEXT_COLOUR,
        room: Math.max(10, this.columnW - this.indent(row) - 14),
        minScale: 0.8,
      });
    });
    if (!keepScroll) this.scroll = 0;
    this.scrollBy(0);
  }

  protected contentHeight(): number {
    return this.perColumn * this.rowH;
  }

  private indent(row: Row): number {
    return row.style === 'heading' ? 0 : row.style === 'edge' ? 44 : 26;
  }

  protected place(): void {
    const { g, box, rowH } = this;
    g.clear();
    const visibleRow = (i: number) => {
      const y = box.y + (i % this.perColumn) * rowH - this.scroll;
      return y >= box.y - 0.5 && y + rowH <= box.y + box.height + 0.5 ? y : undefined;
    };
    this.rows.forEach((row, i) => {
      const text = this.texts[i]!;
      const y = visibleRow(i);
      const x = box.x + Math.floor(i / this.perColumn) * this.columnW;
      text.setVisible(y !== undefined);
      if (y === undefined) return;
      text.setPosition(x + this.indent(row), y + (rowH - text.displayHeight) / 2);
      const midY = y + rowH / 2;
      // The graph's spine: nodes and passes of one phase hang on a vertical line.
      const next = this.rows[i + 1];
      const spine = row.style !== 'heading' && next !== undefined && next.style !== 'heading';
      if (row.style === 'node' || row.style === 'dish') {
        g.fillStyle(row.style === 'dish' ? 0x3d4966 : UI.panel, 1);
        g.fillRoundedRect(x + 20, y + 2, Math.min(this.columnW - 24, text.displayWidth + 14), rowH - 4, 6);
        g.fillStyle(row.style === 'dish' ? 0xe69f00 : 0x8fa3bf, 1).fillCircle(x + 10, midY, 4);
      }
      if (row.style === 'edge' && row.mark) {
        g.lineStyle(4, row.mark.colour, 1).lineBetween(x + 10, y, x + 10, y + rowH);
        drawPattern(
          g,
          row.mark.pattern,
          row.mark.colour,
          { x: x + 18, y: y + 4, width: rowH - 8, height: rowH - 8 },
          row.mark.ink,
        );
        g.lineStyle(2, 0xf4f1ea, 1).strokeRect(x + 18, y + 4, rowH - 8, rowH - 8);
      } else if (spine && (i + 1) % this.perColumn !== 0) {
        g.lineStyle(2, 0x8fa3bf, 0.8).lineBetween(x + 10, midY, x + 10, y + rowH + rowH / 2);
      }
    });
    const total = this.perColumn * rowH;
    if (total > box.height) {
      // Scroll bar: how much of the list shows, and where.
      const h = Math.max(20, (box.height / total) * box.height);
      const top = box.y + (this.scroll / (total - box.height)) * (box.height - h);
      g.fillStyle(0x3d4966, 1).fillRect(box.x + box.width - 6, box.y, 6, box.height);
      g.fillStyle(0x8fa3bf, 1).fillRect(box.x + box.width - 6, top, 6, h);
    }
  }
}
