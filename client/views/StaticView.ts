// The static view (docs/design.md §5.3): the propagated plan as a graph — every value of the step grouped by
// phase, with its label after propagation, its per-kitchen shape and the values it is computed from (edges in
// the left gutter), the level's dishes highlighted, and every pass the sous-chef inserted drawn on the edge
// it belongs to (kind badge, axes, bytes). A priced-only (Megatron) level lists its priced passes with times.
import type { GameObjects, Scene } from 'phaser';
import { formatSeconds } from '../../shared/index.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { planListing, type ListingRow } from '../viewModels/planListing.ts';
import { staticNote } from '../viewModels/staticNote.ts';
import { staticGraphLinks } from '../viewModels/staticGraphLinks.ts';
import type { Translate } from '../ui/translate.ts';
import { passKey, passStyle } from './eventStyles.ts';
import { GraphRows, type GraphRow } from './GraphRows.ts';
import { FONT_FAMILY } from './palette.ts';
import { MIN_WRAP_PX, MUTED_COLOUR, type SceneView, type ViewContext } from './viewContext.ts';

export class StaticView implements SceneView {
  private readonly note: GameObjects.Text;
  private readonly rows: GraphRows;

  constructor(scene: Scene) {
    this.note = scene.add.text(0, 0, '', { fontFamily: FONT_FAMILY, color: MUTED_COLOUR });
    this.rows = new GraphRows(scene);
  }

  draw(ctx: ViewContext, box: Box, keepScroll = false): void {
    const { view, t } = ctx;
    const font = Math.max(15, Math.min(19, Math.round(box.height * 0.04)));
    const pad = 8;
    const evaluation = view.evaluation;
    const noteText = evaluation ? staticNote(evaluation, t).join('\n') : '';
    this.note
      .setVisible(noteText !== '')
      .setText(noteText)
      .setFontSize(font)
      .setWordWrapWidth(Math.max(MIN_WRAP_PX, box.width - 2 * pad), true)
      .setPosition(box.x + pad, box.y + pad);
    const top = box.y + pad + (noteText !== '' ? this.note.height + pad : 0);
    const listing = evaluation ? planListing(evaluation, view.level.limits.tensors) : [];
    const inner = {
      x: box.x + pad,
      y: top,
      width: box.width - 2 * pad,
      height: box.y + box.height - top - pad,
    };
    this.rows.set(
      listing.map((r) => row(r, t)),
      staticGraphLinks(listing, GraphRows.maxLanes(inner.width)),
      inner,
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

function row(r: ListingRow, t: Translate): GraphRow {
  switch (r.type) {
    case 'phase':
      return {
        text: `${t(`views.phase.${r.phase}`)} · ${t(`views.scale.${r.scale}`)}`,
        style: 'heading',
      };
    case 'layer':
      return {
        text: t(r.layer === '' ? 'views.layerTop' : 'views.layer', {
          layer: r.layer,
          values: r.values,
          passes: r.passes,
        }),
        style: 'layer',
      };
    case 'node': {
      const base = t('views.node', { name: r.name, spec: r.spec, local: r.local });
      const from =
        r.operands.length > 0 ? `  ${t('views.nodeFrom', { operands: r.operands.join(', ') })}` : '';
      return { text: base + from, style: r.dish ? 'dish' : 'node' };
    }
    case 'edge': {
      const key = passKey(r.kind);
      const kind = key ? t(`views.kind.${key}`) : r.kind;
      const where =
        r.place === 'operand' && r.at !== undefined
          ? t('views.edgeInto', { tensor: r.tensor, at: r.at })
          : r.place === 'result'
            ? t('views.edgeOut', { tensor: r.tensor })
            : r.tensor;
      const time = r.timeS === undefined ? '' : ` · ${formatSeconds(r.timeS)} × ${r.perStep ?? 1}`;
      return {
        text: `${t('views.edge', { kind, axes: r.axes, bytes: r.bytes })} · ${where}${time}`,
        style: 'pass',
        mark: passStyle(r.kind),
      };
    }
  }
}
