// The dishes as pictures (the global view): each dish's block grid, every block filled with the colour and
// pattern of the kitchen that holds it, and the kitchens' numbers written in it, like
// jax.debug.visualize_array_sharding. A block several kitchens hold copies of is drawn plain, with one chip
// per kitchen along its foot and "copies" in its label: stripes across it read as a column split (issue 13
// item 6). Too many dishes for pictures of a useful size (a phone), a list: a small picture and the full
// title a row (dishLayout.ts). Redrawn on a change only.
import type { GameObjects, Scene } from 'phaser';
import type { DishCell } from '../ui/DishFocus.ts';
import { blockLabel, captionLines, type DishPicture } from '../viewModels/dishPictures.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { dishLayout } from '../viewModels/dishLayout.ts';
import { drawPattern } from './drawPattern.ts';
import { fitRowText } from './fitRowText.ts';
import { deviceColour, devicePattern, FONT_FAMILY, UI } from './palette.ts';
import { TEXT_COLOUR } from './viewContext.ts';

/** The smallest caption worth reading, px: a longer title gives way to the dish's name alone. */
const MIN_CAPTION_PX = 12;
/**
 * The smallest kitchen number written in a block, px: a smaller block keeps the colour and pattern of its
 * kitchen, as the kitchen grid draws them (10 px digits on a phone were the smallest text on the screen).
 */
const MIN_BLOCK_LABEL_PX = 12;
/** The least height of a picture's grid, px, where its cell allows. */
const MIN_GRID_PX = 24;
/** Most chips one copied block shows; its label still names every kitchen. */
const MAX_CHIPS = 8;

export class DishPicturesView {
  private readonly container: GameObjects.Container;

  constructor(private readonly scene: Scene) {
    this.container = scene.add.container(0, 0);
  }

  draw(
    pictures: readonly DishPicture[],
    box: Box,
    title: (p: DishPicture) => string,
    fontSize: number,
    copiesLabel: (kitchens: string) => string,
    shortTitle: (p: DishPicture) => string = (p) => p.name,
  ): DishCell[] {
    this.container.removeAll(true);
    const n = pictures.length;
    if (n === 0) return [];
    const layout = dishLayout(n, box, fontSize);
    if (layout.kind === 'list')
      return this.drawList(pictures, box, layout, { title, shortTitle }, fontSize, copiesLabel);
    const { columns, rows, gap } = layout;
    const cellW = (box.width - gap * (columns - 1)) / columns;
    const cellH = (box.height - gap * (rows - 1)) / rows;
    const g = this.scene.add.graphics();
    this.container.add(g);
    return pictures.map((p, i) => {
      const x = box.x + (i % columns) * (cellW + gap);
      const y = box.y + Math.floor(i / columns) * (cellH + gap);
      const caption = this.scene.add
        .text(x + cellW / 2, y, title(p), {
          fontFamily: FONT_FAMILY,
          fontSize: `${fontSize}px`,
          color: TEXT_COLOUR,
          fontStyle: 'bold',
        })
        .setOrigin(0.5, 0);
      // Too long for its cell even at a readable size (14+ dishes): the name alone, the label is in the
      // static view; still too long at the smallest readable size, the name in two lines (captionLines),
      // never smaller than MIN_CAPTION_PX; the full title shows on focus and hover (client/ui/DishFocus.ts).
      if (caption.width * (MIN_CAPTION_PX / fontSize) > cellW) caption.setText(shortTitle(p));
      if (caption.width * (MIN_CAPTION_PX / fontSize) > cellW) {
        const name = shortTitle(p);
        const charPx = (caption.width * (MIN_CAPTION_PX / fontSize)) / Math.max(1, name.length);
        caption
          .setFontSize(MIN_CAPTION_PX)
          .setAlign('center')
          .setText(captionLines(name, (cellW - 2) / charPx).join('\n'));
      }
      if (caption.width > cellW) caption.setScale(cellW / caption.width);
      this.container.add(caption);
      const top = y + caption.displayHeight + 4;
      const area = { x, y: top, width: cellW, height: Math.max(8, y + cellH - top) };
      this.drawGrid(g, p, area, fontSize, copiesLabel);
      return { box: { x, y, width: cellW, height: cellH }, title: title(p) };
    });
  }

  /**
   * The list fallback (dishLayout): per row a small picture, then the full title (the name alone when the
   * title does not fit at MIN_CAPTION_PX), never under MIN_CAPTION_PX.
   */
  private drawList(
    pictures: readonly DishPicture[],
    box: Box,
    layout: { readonly columns: number; readonly rows: number; readonly rowH: number },
    titles: { title: (p: DishPicture) => string; shortTitle: (p: DishPicture) => string },
    fontSize: number,
    copiesLabel: (kitchens: string) => string,
  ): DishCell[] {
    const { title, shortTitle } = titles;
    const { columns, rows, rowH } = layout;
    const colW = box.width / columns;
    const g = this.scene.add.graphics();
    this.container.add(g);
    const picW = Math.min(56, colW * 0.22);
    const size = Math.max(MIN_CAPTION_PX, Math.min(fontSize, rowH - 6));
    return pictures.map((p, i) => {
      const x = box.x + Math.floor(i / rows) * colW;
      const y = box.y + (i % rows) * rowH;
      this.drawGrid(g, p, { x: x + 2, y: y + 3, width: picW, height: rowH - 6 }, fontSize, copiesLabel);
      const room = colW - picW - 16;
      const text = this.scene.add.text(x + picW + 10, y + rowH / 2, title(p), {
        fontFamily: FONT_FAMILY,
        fontSize: `${MIN_CAPTION_PX}px`,
        fontStyle: 'bold',
      });
      // The full title when it fits at the smallest readable size, else the name (the title is on focus).
      fitRowText(text, text.width <= room ? title(p) : shortTitle(p), {
        size,
        bold: true,
        colour: TEXT_COLOUR,
        room,
        minScale: MIN_CAPTION_PX / size,
      });
      text.setOrigin(0, 0.5);
      this.container.add(text);
      return { box: { x, y, width: colW, height: rowH }, title: title(p) };
    });
  }

  setVisible(visible: boolean): void {
    this.container.setVisible(visible);
  }

  destroy(): void {
    this.container.destroy(true);
  }

  private drawGrid(
    g: GameObjects.Graphics,
    p: DishPicture,
    area: Box,
    fontSize: number,
    copiesLabel: (kitchens: string) => string,
  ): void {
    const { rows, cols, cells } = p.grid;
    // The array's own aspect (columns : rows of the shown dimensions), kept within 1:2 … 3:1.
    const shape = p.shownDims.map((d) => p.shape[d]!);
    const aspect = shape.length === 2 ? Math.min(3, Math.max(1 / 2, shape[1]! / shape[0]!)) : 4;
    const width = Math.min(area.width, area.height * aspect);
    // A wide array keeps at least MIN_GRID_PX of height (its blocks stay visible), squatter than its aspect.
    const height = Math.max(Math.min(area.height, width / aspect), Math.min(area.height, MIN_GRID_PX));
    const x0 = area.x + (area.width - width) / 2;
    const y0 = area.y;
    const bw = width / cols;
    const bh = height / rows;
    for (const c of cells) {
      const bx = x0 + c.col * bw;
      const by = y0 + c.row * bh;
      const copies = c.devices.length > 1;
      if (!copies)
        drawPattern(g, devicePattern(c.devices[0]!), deviceColour(c.devices[0]!), {
          x: bx,
          y: by,
          width: bw,
          height: bh,
        });
      else {
        g.fillStyle(UI.panel, 1).fillRect(bx, by, bw, bh);
        const chips = c.devices.slice(0, MAX_CHIPS);
        const chip = Math.min(bh * 0.22, (bw - 4) / chips.length, 22);
        const left = bx + (bw - chip * chips.length) / 2;
        chips.forEach((d, k) =>
          drawPattern(g, devicePattern(d), deviceColour(d), {
            x: left + k * chip + 1,
            y: by + bh - chip - 3,
            width: chip - 2,
            height: chip,
          }),
        );
      }
      // The blocks' dark edges, thinner as they narrow and none below 3 px: 2 px edges on the 3 px blocks of
      // a 16-way split on a phone covered every block, so the dish looked empty.
      const edge = Math.min(2, Math.min(bw, bh) / 3);
      if (edge >= 1) g.lineStyle(edge, 0x1d2433, 1).strokeRect(bx, by, bw, bh);
      const label = blockLabel(c.devices, copiesLabel);
      const size = Math.min(fontSize, Math.floor(bh * 0.6));
      if (size < MIN_BLOCK_LABEL_PX) continue;
      const text = this.scene.add
        .text(bx + bw / 2, by + bh / 2, label, {
          fontFamily: FONT_FAMILY,
          fontSize: `${size}px`,
          color: TEXT_COLOUR,
          fontStyle: 'bold',
          stroke: '#1d2433',
          strokeThickness: 4,
        })
        .setOrigin(0.5, 0.5);
      // Only where it fits inside its block; colour and pattern still tell the kitchen.
      if (text.width > bw + 2 || text.height > bh + 2) text.destroy();
      else this.container.add(text);
    }
    g.lineStyle(3, 0xf4f1ea, 1).strokeRect(x0, y0, width, height);
  }
}
