// The global view (docs/design.md §5.3): the whole kitchen grid with every fridge's gauge, and the level's dishes
// as block pictures coloured by the kitchen holding each block. The picked kitchen has a focus ring; the
// layout is kept for the scene's click hit-test.
import type { GameObjects, Scene } from 'phaser';
import { formatGb, meshToString } from '../../shared/index.ts';
import { dishPictures } from '../viewModels/dishPictures.ts';
import { fridgeGauges } from '../viewModels/fridgeGauge.ts';
import type { Box, KitchenGridLayout } from '../viewModels/kitchenGridLayout.ts';
import type { DishCell } from '../ui/DishFocus.ts';
import { DishPicturesView } from './DishPicturesView.ts';
import { gridTexts, KitchenGridView } from './KitchenGridView.ts';
import { FONT_FAMILY } from './palette.ts';
import { MIN_WRAP_PX, TEXT_COLOUR, type SceneView, type ViewContext } from './viewContext.ts';
import { wrapAt } from './wrapAt.ts';

export class GlobalView implements SceneView {
  private readonly heading: GameObjects.Text;
  private readonly dishHeading: GameObjects.Text;
  private readonly grid: KitchenGridView;
  private readonly dishes: DishPicturesView;
  private readonly ring: GameObjects.Graphics;
  /** The last drawn grid, for hit-testing clicks. */
  layout: KitchenGridLayout | undefined;
  /** The last drawn dish pictures' cells and full titles (for DishFocus). */
  dishCells: readonly DishCell[] = [];

  constructor(scene: Scene) {
    const style = { fontFamily: FONT_FAMILY, color: TEXT_COLOUR, fontStyle: 'bold' };
    this.heading = scene.add.text(0, 0, '', style).setOrigin(0.5, 0).setAlign('center');
    this.dishHeading = scene.add.text(0, 0, '', style).setOrigin(0.5, 0);
    this.grid = new KitchenGridView(scene);
    this.dishes = new DishPicturesView(scene);
    this.ring = scene.add.graphics();
  }

  draw(ctx: ViewContext, box: Box): void {
    const { view, mesh, t } = ctx;
    const font = Math.max(16, Math.min(22, Math.round(Math.min(box.width, box.height) * 0.045)));
    const pad = Math.max(6, Math.round(font * 0.5));
    wrapAt(
      this.heading
        // The mesh kept whole (no-break spaces): a phone wrapped "Mesh('data': 2, …, 'model':" from its "4)".
        .setText(t('level.grid', { mesh: meshToString(mesh).replace(/ /g, '\u00a0') }))
        .setFontSize(font),
      Math.max(120, box.width - 2 * pad),
    ).setPosition(box.x + box.width / 2, box.y + pad);
    const evaluation = view.evaluation;
    const pictures = evaluation ? dishPictures(view.level, evaluation, mesh) : [];
    const top = this.heading.y + this.heading.height + pad;
    let body: Box = {
      x: box.x + pad,
      y: top,
      width: box.width - 2 * pad,
      height: box.y + box.height - top - pad,
    };
    // Side by side on a wide box, kitchens above dishes otherwise.
    // A priced-only level's note takes the bottom lines.
    if (evaluation?.tasting === null) {
      wrapAt(
        this.dishHeading
          .setText(t('views.noDishes'))
          .setFontSize(Math.max(14, font - 4))
          .setFontStyle(''),
        Math.max(MIN_WRAP_PX, body.width),
      )
        .setOrigin(0.5, 1)
        .setPosition(body.x + body.width / 2, body.y + body.height);
      body = { ...body, height: body.height - this.dishHeading.height - pad };
    } else this.dishHeading.setOrigin(0.5, 0);
    const side = body.width > body.height * 1.5 && body.width >= 560;
    // Stacked on a narrow box (a phone), the dishes get the larger share: their list needs the rows.
    const split = pictures.length === 0 ? 1 : side ? 0.5 : body.width < 560 ? 0.4 : 0.45;
    const gridBox: Box = side
      ? { ...body, width: body.width * split - pad }
      : { ...body, height: body.height * split - pad };
    const dishBox: Box = side
      ? {
          x: body.x + body.width * split + pad,
          y: body.y,
          width: body.width * (1 - split) - pad,
          height: body.height,
        }
      : {
          x: body.x,
          y: body.y + body.height * split + pad,
          width: body.width,
          height: body.height * (1 - split) - pad,
        };

    const gauges = evaluation ? fridgeGauges(evaluation.pricing.memory) : undefined;
    this.layout = this.grid.update(
      mesh,
      gridBox,
      (id, w) => {
        if (w < 110) return String(id);
        const name = t('title.kitchen', { id });
        const gauge = gauges?.get(id);
        if (!gauge || w < 180) return name;
        return `${name}\n${gauge.overflow ? '✗' : '✓'} ${formatGb(gauge.totalBytes)} / ${formatGb(gauge.capacityBytes)}`;
      },
      {
        ...(gauges ? { gauges } : {}),
        ...(evaluation ? { topology: evaluation.pricing.topology } : {}),
        ...gridTexts(t),
        fontPx: Math.max(14, font - 4),
      },
    );
    this.dishHeading.setVisible(pictures.length > 0 || evaluation?.tasting === null);
    if (evaluation?.tasting !== null)
      this.dishHeading
        .setText(t('views.dishes'))
        .setFontSize(font)
        .setFontStyle('bold')
        .setPosition(dishBox.x + dishBox.width / 2, dishBox.y);
    const dishTop = dishBox.y + this.dishHeading.height + 4;
    this.dishCells = this.dishes.draw(
      pictures,
      { ...dishBox, y: dishTop, height: Math.max(10, dishBox.y + dishBox.height - dishTop) },
      (p) => t('views.dish', { name: p.name, spec: p.spec }),
      Math.max(14, font - 2),
      (kitchens) => t('views.dishCopies', { kitchens }),
    );
    this.pick(ctx.kitchen);
  }

  /** Rings the picked kitchen. */
  pick(kitchen: number): void {
    this.ring.clear();
    const cell = this.layout?.cells[kitchen];
    if (!cell) return;
    this.ring
      .lineStyle(4, 0xf4f1ea, 1)
      .strokeRoundedRect(cell.x - 5, cell.y - 5, cell.width + 10, cell.height + 10, 8);
    this.ring
      .lineStyle(2, 0x1d2433, 1)
      .strokeRoundedRect(cell.x - 8, cell.y - 8, cell.width + 16, cell.height + 16, 10);
  }

  setVisible(visible: boolean): void {
    for (const o of [this.heading, this.dishHeading, this.ring]) o.setVisible(visible);
    this.grid.setVisible(visible);
    this.dishes.setVisible(visible);
  }

  destroy(): void {
    for (const o of [this.heading, this.dishHeading, this.ring]) o.destroy();
    this.grid.destroy();
    this.dishes.destroy();
  }
}
