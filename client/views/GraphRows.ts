// The static view's scrollable graph: one row per value (a boxed node on the spine) or inserted pass (a kind
// badge — colour + pattern — sitting ON the edge it belongs to), and in a left gutter one bus per value down
// to its consumers (staticGraphLinks). Text objects are pooled and laid out only on a change or a scroll;
// lines are clipped to the box. A long row shrinks (never below 12 px) and is cut beyond that.
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import type { GraphLinks } from '../viewModels/staticGraphLinks.ts';
import { drawPattern } from './drawPattern.ts';
import { fitRowText } from './fitRowText.ts';
import { PooledRows } from './PooledRows.ts';
import type { MarkStyle } from './eventStyles.ts';
import { UI } from './palette.ts';
import { MUTED_COLOUR, TEXT_COLOUR } from './viewContext.ts';

export interface GraphRow {
  readonly text: string;
  /** 'heading': a phase; 'group': one part of the model's run of rows inside a phase (in the nodes' column). */
  readonly style: 'heading' | 'group' | 'node' | 'dish' | 'pass';
  readonly mark?: MarkStyle;
  /** The keyboard's cursor is on it (outlined). */
  readonly focus?: boolean;
}

const ACCENT = '#e69f00';
/** Group headings: Okabe–Ito sky blue, apart from the phases' orange. */
const GROUP_COLOUR = '#56b4e9';
/** Edge colours by lane, light enough on the dark panel; neighbouring lanes differ. */
const LANE_COLOURS = [0x8fa3bf, 0xc9d2e0, 0x6f86a8, 0xa9b7cc] as const;
const MIN_FONT_PX = 12;

export class GraphRows extends PooledRows {
  private rows: readonly GraphRow[] = [];
  private links: GraphLinks = { buses: [], stems: [], lanes: 0 };
  private laneW = 6;
  private spineX = 0;

  /** The most gutter lanes a box `width` px wide gets (the rest of the edges are named in the rows). */
  static maxLanes(width: number): number {
    return Math.max(2, Math.min(14, Math.floor((width * 0.16) / GraphRows.laneWidth(width))));
  }

  private static laneWidth(width: number): number {
    return width < 560 ? 5 : 7;
  }

  /** Shows `rows` joined by `links` in `box` with `fontSize` px text; keeps the scroll when `keepScroll`. */
  set(rows: readonly GraphRow[], links: GraphLinks, box: Box, fontSize: number, keepScroll = false): void {
    this.rows = rows;
    this.links = links;
    this.box = box;
    this.laneW = GraphRows.laneWidth(box.width);
    this.rowH = Math.round(fontSize * (box.width < 560 ? 1.5 : 1.65));
    this.spineX = box.x + links.lanes * this.laneW + 18;
    this.ensureTexts(rows.length);
    this.texts.forEach((text, i) => {
      const row = rows[i];
      if (!row) return text.setVisible(false);
      // A long row shrinks to fit (never below 12 px), and is cut beyond that.
      fitRowText(text, row.text, {
        size: row.style === 'heading' ? fontSize + 1 : fontSize,
        bold: row.style === 'heading' || row.style === 'group' || row.style === 'dish',
        colour:
          row.style === 'heading'
            ? ACCENT
            : row.style === 'group'
              ? GROUP_COLOUR
              : row.style === 'pass'
                ? MUTED_COLOUR
                : TEXT_COLOUR,
        room: Math.max(40, box.x + box.width - 14 - this.textX(row)),
        minScale: MIN_FONT_PX / fontSize,
      });
    });
    if (!keepScroll) this.scroll = 0;
    this.scrollBy(0);
  }

  /** The row under canvas point (x, y), or −1. */
  rowAt(x: number, y: number): number {
    const { box } = this;
    if (x < box.x || x > box.x + box.width || y < box.y || y > box.y + box.height) return -1;
    const i = Math.floor((y - box.y + this.scroll) / this.rowH);
    return i >= 0 && i < this.rows.length ? i : -1;
  }

  /** Scrolls row `i` to the top (as far as the list goes). */
  scrollToTop(i: number): void {
    this.scrollBy(i * this.rowH - this.scroll);
  }

  /** Scrolls the least that shows row `i` whole. */
  reveal(i: number): void {
    const top = i * this.rowH;
    if (top < this.scroll) this.scrollBy(top - this.scroll);
    else if (top + this.rowH > this.scroll + this.box.height)
      this.scrollBy(top + this.rowH - this.box.height - this.scroll);
  }

  protected contentHeight(): number {
    return this.rows.length * this.rowH;
  }

  private textX(row: GraphRow): number {
    if (row.style === 'heading') return this.box.x;
    return this.spineX + (row.style === 'pass' ? this.rowH * 0.5 + 2 : 14);
  }

  private rowY(i: number): number {
    return this.box.y + i * this.rowH - this.scroll;
  }

  private visible(i: number): boolean {
    const y = this.rowY(i);
    return y >= this.box.y - 0.5 && y + this.rowH <= this.box.y + this.box.height + 0.5;
  }

  /** A vertical line at x from row a's middle to row b's middle, clipped to the box. */
  private vertical(x: number, a: number, b: number): void {
    const top = Math.max(this.box.y, this.rowY(a) + this.rowH / 2);
    const bottom = Math.min(this.box.y + this.box.height, this.rowY(b) + this.rowH / 2);
    if (bottom > top) this.g.lineBetween(x, top, x, bottom);
  }

  protected place(): void {
    const { g, box, rowH, spineX } = this;
    g.clear();
    const mid = (i: number) => this.rowY(i) + rowH / 2;
    const laneX = (lane: number) => spineX - 14 - lane * this.laneW;

    // Edges first, so nodes and badges sit on top of them.
    g.lineStyle(2, UI.window, 1);
    for (const s of this.links.stems) this.vertical(spineX, s.from, s.to);
    for (const bus of this.links.buses) {
      const colour = bus.lane >= 0 ? LANE_COLOURS[bus.lane % LANE_COLOURS.length]! : UI.muted;
      g.lineStyle(2, colour, 1);
      if (bus.lane >= 0) {
        const x = laneX(bus.lane);
        this.vertical(x, bus.source, bus.taps[bus.taps.length - 1]!);
        if (this.visible(bus.source)) g.lineBetween(x, mid(bus.source), spineX, mid(bus.source));
        for (const tap of bus.taps)
          if (this.visible(tap)) {
            g.lineBetween(x, mid(tap), spineX - 7, mid(tap));
            g.fillStyle(colour, 1).fillTriangle(
              spineX - 4,
              mid(tap),
              spineX - 10,
              mid(tap) - 4,
              spineX - 10,
              mid(tap) + 4,
            );
          }
      } else
        for (const tap of bus.taps)
          if (this.visible(tap)) {
            // No lane left: a short dotted lead-in from the gutter's edge (the row names the operand).
            for (let x = box.x; x < spineX - 12; x += 6) g.lineBetween(x, mid(tap), x + 2, mid(tap));
            g.fillStyle(colour, 1).fillTriangle(
              spineX - 4,
              mid(tap),
              spineX - 10,
              mid(tap) - 4,
              spineX - 10,
              mid(tap) + 4,
            );
          }
    }

    this.rows.forEach((row, i) => {
      const text = this.texts[i]!;
      const shown = this.visible(i);
      text.setVisible(shown);
      if (!shown) return;
      const y = this.rowY(i);
      text.setPosition(this.textX(row), y + (rowH - text.displayHeight) / 2);
      if (row.style === 'node' || row.style === 'dish') {
        g.fillStyle(row.style === 'dish' ? 0x3d4966 : UI.panel, 1);
        g.fillRoundedRect(
          spineX + 8,
          y + 2,
          Math.min(box.x + box.width - spineX - 16, text.displayWidth + 14),
          rowH - 4,
          6,
        );
        g.fillStyle(row.style === 'dish' ? 0xe69f00 : 0x8fa3bf, 1).fillCircle(spineX, y + rowH / 2, 5);
      } else if (row.style === 'group' && row.focus) {
        g.lineStyle(2, 0xf4f1ea, 1).strokeRoundedRect(
          this.textX(row) - 6,
          y + 1,
          Math.min(box.x + box.width - this.textX(row) - 4, text.displayWidth + 12),
          rowH - 2,
          5,
        );
      } else if (row.style === 'pass' && row.mark) {
        const s = Math.min(rowH - 6, 26);
        const b = { x: spineX - s / 2, y: y + (rowH - s) / 2, width: s, height: s };
        drawPattern(g, row.mark.pattern, row.mark.colour, b, row.mark.ink);
        g.lineStyle(2, 0xf4f1ea, 1).strokeRect(b.x, b.y, b.width, b.height);
      }
    });

    const total = this.rows.length * rowH;
    if (total > box.height) {
      // Scroll bar: how much of the list shows, and where.
      const h = Math.max(20, (box.height / total) * box.height);
      const top = box.y + (this.scroll / (total - box.height)) * (box.height - h);
      g.fillStyle(0x3d4966, 1).fillRect(box.x + box.width - 6, box.y, 6, box.height);
      g.fillStyle(0x8fa3bf, 1).fillRect(box.x + box.width - 6, top, 6, h);
    }
  }
}
