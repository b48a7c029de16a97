// The static view (DESIGN.md §5.3): the propagated plan as a graph — every value of the step grouped by
// phase, with its label after propagation and its per-kitchen shape, the level's dishes highlighted, and
// every pass the sous-chef inserted marked on the edge out of the value it moves (kind, axes, bytes).
// A priced-only (Megatron) level lists its priced passes with their times instead.
import type { GameObjects, Scene } from 'phaser';
import { formatSeconds } from '../../shared/index.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { planListing, type ListingRow } from '../viewModels/planListing.ts';
import type { Translate } from '../ui/translate.ts';
import { passKey, passStyle } from './eventStyles.ts';
import { FONT_FAMILY } from './palette.ts';
import { ScrollRows, type Row } from './ScrollRows.ts';
import { MUTED_COLOUR, type SceneView, type ViewContext } from './viewContext.ts';

export class StaticView implements SceneView {
  private readonly note: GameObjects.Text;
  private readonly rows: ScrollRows;

  constructor(scene: Scene) {
    this.note = scene.add.text(0, 0, '', { fontFamily: FONT_FAMILY, color: MUTED_COLOUR });
    this.rows = new ScrollRows(scene);
  }

  draw(ctx: ViewContext, box: Box, keepScroll = false): void {
    const { view, t } = ctx;
    const font = Math.max(15, Math.min(19, Math.round(box.height * 0.04)));
    const pad = 8;
    const evaluation = view.evaluation;
    const priced = evaluation?.tasting === null;
    this.note
      .setVisible(priced)
      .setText(priced ? t('views.pricedOnly') : '')
      .setFontSize(font)
      .setWordWrapWidth(box.width - 2 * pad, true)
      .setPosition(box.x + pad, box.y + pad);
    const top = box.y + pad + (priced ? this.note.height + pad : 0);
    const listing = evaluation ? planListing(evaluation, view.level.limits.tensors) : [];
    this.rows.set(
      listing.map((r) => row(r, t)),
      { x: box.x + pad, y: top, width: box.width - 2 * pad, height: box.y + box.height - top - pad },
      font,
      keepScroll,
    );
  }

  scrollBy(rows: number): void {
    this.rows.scrollBy(rows * this.rows.rowHeight);
  }

  setVisible(visible: boolean): void {
    this.note.setVisible(visible && this.note.text !== '');
    this.rows.setVisible(visible);
  }

  destroy(): void {
    this.note.destroy();
    this.rows.destroy();
  }
}

function row(r: ListingRow, t: Translate): Row {
  switch (r.type) {
    case 'phase':
      return { text: t(`views.phase.${r.phase}`), style: 'heading' };
    case 'node':
      return {
        text: t('views.node', { name: r.name, spec: r.spec, local: r.local }),
        style: r.dish ? 'dish' : 'node',
      };
    case 'edge': {
      const key = passKey(r.kind);
      const kind = key ? t(`views.kind.${key}`) : r.kind;
      const base = `${t('views.edge', { kind, axes: r.axes, bytes: r.bytes })} · ${r.tensor}`;
      const time = r.timeS === undefined ? '' : ` · ${formatSeconds(r.timeS)} × ${r.perStep ?? 1}`;
      return { text: base + time, style: 'edge', mark: passStyle(r.kind) };
    }
  }
}
