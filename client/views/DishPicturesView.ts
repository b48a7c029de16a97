// The dishes as pictures (the global view): each dish's block grid, every block filled with the colour and
// pattern of the kitchen that holds it, and the kitchens' numbers written in it, like
// jax.debug.visualize_array_sharding. A block several kitchens hold copies of is drawn plain, with one chip
// per kitchen along its foot and "copies" in its label: stripes across it read as a column split (issue 13
// item 6). Redrawn on a change only.
import type { GameObjects, Scene } from 'phaser';
import { blockLabel, captionLines, type DishPicture } from '../viewModels/dishPictures.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { drawPattern } from './drawPattern.ts';
import { deviceColour, devicePattern, FONT_FAMILY, UI } from './palette.ts';
import { TEXT_COLOUR } from './viewContext.ts';

/** The smallest caption worth reading, px: a longer title gives way to the dish's name alone. */
const MIN_CAPTION_PX = 12;
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
  ): void {
    this.container.removeAll(true);
    const n = pictures.length;
    if (n === 0) return;
    const gap = Math.max(8, fontSize * 0.8);
    // Columns that give the biggest pictures (each needs a title line above its grid).
    let best = { columns: 1, size: 0 };
    for (let c = 1; c <= n; c++) {
      const r = Math.ceil(n / c);
      const w = (box.width - gap * (c - 1)) / c;
      const h = (box.height - gap * (r - 1)) / r - fontSize * 1.5;
      const size = Math.min(w, h * 1.6);
      if (size > best.size) best = { columns: c, size };
    }
    const columns = best.columns;
    const rows = Math.ceil(n / columns);
    const cellW = (box.width - gap * (columns - 1)) / columns;
    const cellH = (box.height - gap * (rows - 1)) / rows;
    const g = this.scene.add.graphics();
    this.container.add(g);
    pictures.forEach((p, i) => {
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
      // never smaller than MIN_CAPTION_PX, and the full title on hover.
      if (caption.width * (MIN_CAPTION_PX / fontSize) > cellW) caption.setText(shortTitle(p));
      if (caption.width * (MIN_CAPTION_PX / fontSize) > cellW) {
        const name = shortTitle(p);
        const charPx = (caption.width * (MIN_CAPTION_PX / fontSize)) / Math.max(1, name.length);
        caption
          .setFontSize(MIN_CAPTION_PX)
          .setAlign('center')
          .setText(captionLines(name, (cellW - 2) / charPx).join('\n'));
        this.hoverTitle(caption, title(p), fontSize);
      }
      if (caption.width > cellW) caption.setScale(cellW / caption.width);
      this.container.add(caption);
      const top = y + caption.displayHeight + 4;
      const area = { x, y: top, width: cellW, height: Math.max(8, y + cellH - top) };
      this.drawGrid(g, p, area, fontSize, copiesLabel);
    });
  }

  /** Shows `full` above `caption` while the pointer is over it (a caption cut to fit a small cell). */
  private hoverTitle(caption: GameObjects.Text, full: string, fontSize: number): void {
    caption.setInteractive({ useHandCursor: false });
    let tip: GameObjects.Text | undefined;
    caption.on('pointerover', () => {
      tip = this.scene.add
        .text(caption.x, caption.y - 2, full, {
          fontFamily: FONT_FAMILY,
          fontSize: `${fontSize}px`,
          color: TEXT_COLOUR,
          backgroundColor: '#1d2433',
          padding: { x: 4, y: 2 },
        })
        .setOrigin(0.5, 1);
      const width = this.scene.scale.gameSize.width;
      tip.setX(Math.min(Math.max(tip.x, tip.width / 2 + 2), width - tip.width / 2 - 2));
      this.container.add(tip);
    });
    caption.on('pointerout', () => {
      tip?.destroy();
      tip = undefined;
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
    const height = Math.min(area.height, width / aspect);
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
      g.lineStyle(2, 0x1d2433, 1).strokeRect(bx, by, bw, bh);
      const label = blockLabel(c.devices, copiesLabel);
      const size = Math.min(fontSize, Math.floor(bh * 0.6));
      if (size < 10) continue;
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
