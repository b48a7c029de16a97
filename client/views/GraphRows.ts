// The static view's scrollable graph: one row per value (a boxed node on the spine) or inserted pass (a kind
// badge — colour + pattern — sitting ON the edge it belongs to), and in a left gutter one bus per value down
// to its consumers (staticGraphLinks). Text objects are pooled and laid out only on a change or a scroll;
// lines are clipped to the box. The rows share one size (never below 14 px); a row too long wraps at its " · ",
// its figures whole, and stands taller.
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import type { GraphLinks } from '../viewModels/staticGraphLinks.ts';
import { drawPattern } from './drawPattern.ts';
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

export class GraphRows extends PooledRows {
  private rows: readonly GraphRow[] = [];
  private links: GraphLinks = { buses: [], stems: [], lanes: 0 };
  private laneW = 6;
  private spineX = 0;
  /** Each row's top, px below the list's (before the scroll). */
  private tops: number[] = [];

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
    this.layTexts(
      rows.map((row) => ({
        text: row.text,
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
      })),
      fontSize,
    );
    let top = 0;
    this.tops = this.heights.map((h) => {
      const at = top;
      top += h;
      return at;
    });
    if (!keepScroll) this.scroll = 0;
    this.scrollBy(0);
  }

  /** The row under canvas point (x, y), or −1. */
  rowAt(x: number, y: number): number {
    const { box } = this;
    if (x < box.x || x > box.x + box.width || y < box.y || y > box.y + box.height) return -1;
    const at = y - box.y + this.scroll;
    return this.tops.findIndex((top, i) => at >= top && at < top + this.heights[i]!);
  }

  /** Scrolls row `i` to the top (as far as the list goes). */
  scrollToTop(i: number): void {
    this.scrollBy((this.tops[i] ?? 0) - this.scroll);
  }

  /** Scrolls the least that shows row `i` whole. */
  reveal(i: number): void {
    const top = this.tops[i] ?? 0;
    const bottom = top + (this.heights[i] ?? this.rowH);
    if (top < this.scroll) this.scrollBy(top - this.scroll);
    else if (bottom > this.scroll + this.box.height) this.scrollBy(bottom - this.box.height - this.scroll);
  }

  protected contentHeight(): number {
    return this.heights.reduce((sum, h) => sum + h, 0);
  }

  private textX(row: GraphRow): number {
    if (row.style === 'heading') return this.box.x;
    return this.spineX + (row.style === 'pass' ? this.rowH * 0.5 + 2 : 14);
  }

  private rowY(i: number): number {
    return this.box.y + this.tops[i]! - this.scroll;
  }

  /** Row i's middle, px (where its edges meet it). */
  private mid(i: number): number {
    return this.rowY(i) + this.heights[i]! / 2;
  }

  private visible(i: number): boolean {
    const y = this.rowY(i);
    return y >= this.box.y - 0.5 && y + this.heights[i]! <= this.box.y + this.box.height + 0.5;
  }

  /** A vertical line at x from row a's middle to row b's middle, clipped to the box. */
  private vertical(x: number, a: number, b: number): void {
    const top = Math.max(this.box.y, this.mid(a));
    const bottom = Math.min(this.box.y + this.box.height, this.mid(b));
    if (bottom > top) this.g.lineBetween(x, top, x, bottom);
  }

  protected place(): void {
    const { g, box, rowH, spineX } = this;
    g.clear();
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
        if (this.visible(bus.source)) g.lineBetween(x, this.mid(bus.source), spineX, this.mid(bus.source));
        for (const tap of bus.taps)
          if (this.visible(tap)) {
            g.lineBetween(x, this.mid(tap), spineX - 7, this.mid(tap));
            g.fillStyle(colour, 1).fillTriangle(
              spineX - 4,
              this.mid(tap),
              spineX - 10,
              this.mid(tap) - 4,
              spineX - 10,
              this.mid(tap) + 4,
            );
          }
      } else
        for (const tap of bus.taps)
          if (this.visible(tap)) {
            // No lane left: a short dotted lead-in from the gutter's edge (the row names the operand).
            for (let x = box.x; x < spineX - 12; x += 6)
              g.lineBetween(x, this.mid(tap), x + 2, this.mid(tap));
            g.fillStyle(colour, 1).fillTriangle(
              spineX - 4,
              this.mid(tap),
              spineX - 10,
              this.mid(tap) - 4,
              spineX - 10,
              this.mid(tap) + 4,
            );
          }
    }

    this.rows.forEach((row, i) => {
      const text = this.texts[i]!;
      const shown = this.visible(i);
      text.setVisible(shown);
      if (!shown) return;
      const y = this.rowY(i);
      const h = this.heights[i]!;
      text.setPosition(this.textX(row), y + (h - text.displayHeight) / 2);
      if (row.style === 'node' || row.style === 'dish') {
        g.fillStyle(row.style === 'dish' ? 0x3d4966 : UI.panel, 1);
        g.fillRoundedRect(
          spineX + 8,
          y + 2,
          Math.min(box.x + box.width - spineX - 16, text.displayWidth + 14),
          h - 4,
          6,
        );
        g.fillStyle(row.style === 'dish' ? 0xe69f00 : 0x8fa3bf, 1).fillCircle(spineX, y + h / 2, 5);
      } else if (row.style === 'group' && row.focus) {
        g.lineStyle(2, 0xf4f1ea, 1).strokeRoundedRect(
          this.textX(row) - 6,
          y + 1,
          Math.min(box.x + box.width - this.textX(row) - 4, text.displayWidth + 12),
          h - 2,
          5,
        );
      } else if (row.style === 'pass' && row.mark) {
        const s = Math.min(rowH - 6, 26);
        const b = { x: spineX - s / 2, y: y + (h - s) / 2, width: s, height: s };
        drawPattern(g, row.mark.pattern, row.mark.colour, b, row.mark.ink);
        g.lineStyle(2, 0xf4f1ea, 1).strokeRect(b.x, b.y, b.width, b.height);
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
