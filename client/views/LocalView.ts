// The local view (docs/design.md §5.3): one kitchen — its fridge as a big gauge (parts stacked against the
// capacity line) with the breakdown, its stove's step as a bar (cooking / passing / idle), the block of
// every dish it holds, and the passes it takes part in (kind, time × times per step, bytes, axes).
import type { GameObjects, Scene } from 'phaser';
import { formatGb, formatSeconds, passKind } from '../../shared/index.ts';
import { GAUGE_PARTS } from '../viewModels/fridgeGauge.ts';
import { formatBytes } from '../viewModels/formatBytes.ts';
import { kitchenDetails, shapeText } from '../viewModels/kitchenDetails.ts';
import { sharesRows } from '../viewModels/sharesText.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { cjkNoBreak } from './cjkNoBreak.ts';
import { drawFridgeGauge } from './drawFridgeGauge.ts';
import { drawPattern } from './drawPattern.ts';
import { EVENT_STYLES, passStyle } from './eventStyles.ts';
import { deviceColour, devicePattern, FONT_FAMILY, MEMORY_COLOURS } from './palette.ts';
import { ScrollRows, type Row } from './ScrollRows.ts';
import { TEXT_COLOUR, type SceneView, type ViewContext } from './viewContext.ts';
import { wrapAt } from './wrapAt.ts';

const PART_KEYS = {
  params: 'preview.params',
  grads: 'preview.grads',
  optimizer: 'preview.optimizer',
  activations: 'preview.activations',
  temporaries: 'preview.temporaries',
} as const;

export class LocalView implements SceneView {
  private readonly g: GameObjects.Graphics;
  private readonly title: GameObjects.Text;
  private readonly rows: ScrollRows;

  constructor(scene: Scene) {
    this.g = scene.add.graphics();
    this.title = scene.add.text(0, 0, '', { fontFamily: FONT_FAMILY, color: TEXT_COLOUR, fontStyle: 'bold' });
    this.rows = new ScrollRows(scene);
  }

  draw(ctx: ViewContext, box: Box, keepScroll = false): void {
    const { view, mesh, t, kitchen } = ctx;
    const g = this.g.clear();
    const evaluation = view.evaluation;
    const font = Math.max(15, Math.min(20, Math.round(box.height * 0.045)));
    const pad = 8;
    const left = Math.round(Math.min(220, Math.max(96, box.width * 0.26)));
    // "Kitchen 0": the pager under the view says "of 8" (LocalViewControls.ts); on a phone's 96 px column
    // the title "Kitchen 0 of 8" broke over two lines.
    wrapAt(
      this.title
        .setText(cjkNoBreak(t('views.kitchen', { id: kitchen })))
        .setFontSize(font + 2)
        .setFixedSize(left, 0),
      left,
    ).setPosition(box.x + pad, box.y + pad);
    if (!evaluation) return this.rows.set([], box, font);
    const d = kitchenDetails(view.level, evaluation, mesh, kitchen);

    // Left column: the kitchen's colour band, its fridge and its stove bar.
    const colTop = this.title.y + this.title.height + pad;
    drawPattern(g, devicePattern(kitchen), deviceColour(kitchen), {
      x: box.x + pad,
      y: colTop,
      width: left - pad,
      height: 10,
    });
    const stoveH = Math.max(16, font);
    const fridge: Box = {
      x: box.x + pad + (left - pad) * 0.2,
      y: colTop + 18,
      width: (left - pad) * 0.6,
      height: Math.max(30, box.y + box.height - colTop - 18 - stoveH - 3 * pad),
    };
    if (d.gauge) drawFridgeGauge(g, d.gauge, fridge);
    const bar: Box = {
      x: box.x + pad,
      y: fridge.y + fridge.height + 2 * pad,
      width: left - pad,
      height: stoveH,
    };
    let at = bar.x;
    for (const [share, kind] of [
      [d.stove.compute, 'forward'],
      [d.stove.communication, 'collective'],
      [d.stove.bubble, 'idle'],
      [d.stove.other, 'update'],
    ] as const) {
      const w = share * bar.width;
      if (w > 0)
        drawPattern(
          g,
          EVENT_STYLES[kind].pattern,
          EVENT_STYLES[kind].colour,
          { ...bar, x: at, width: w },
          EVENT_STYLES[kind].ink,
        );
      at += w;
    }
    g.lineStyle(2, 0xf4f1ea, 1).strokeRect(bar.x, bar.y, bar.width, bar.height);

    // Right: the figures as rows.
    const rows: Row[] = [];
    rows.push({ text: t('views.fridge'), style: 'heading' });
    if (d.memory) {
      const used = formatGb(d.memory.total);
      const cap = formatGb(d.capacityBytes);
      rows.push({
        text: d.gauge?.overflow
          ? t('views.fridgeOver', { used, cap, over: formatGb(d.memory.total - d.capacityBytes) })
          : t('views.fridgeUse', { used, cap }),
        style: 'plain',
      });
      for (const part of GAUGE_PARTS)
        if (d.memory[part] > 0)
          rows.push({
            text: `${t(PART_KEYS[part])}${t('punct.colon')}${formatBytes(d.memory[part])}`,
            style: 'edge',
            mark: { colour: MEMORY_COLOURS[part], pattern: 'solid' },
          });
    }
    rows.push({ text: t('views.stove'), style: 'heading' });
    for (const row of sharesRows(d.stove, t)) rows.push({ text: row, style: 'plain' });
    if (d.portions.length > 0) rows.push({ text: t('views.portions'), style: 'heading' });
    for (const p of d.portions)
      rows.push({
        text: p.block
          ? t('views.portion', {
              name: p.name,
              local: shapeText(p.localShape),
              shape: shapeText(p.shape),
              block: `(${p.block.index.join(', ')}) / ${shapeText(p.block.of)}`,
            })
          : t('views.portionWhole', { name: p.name, shape: shapeText(p.shape) }),
        style: 'dish',
      });
    rows.push({ text: t('views.passes'), style: 'heading' });
    if (d.passes.length === 0 && d.sends + d.recvWaits === 0)
      rows.push({ text: t('views.noPasses'), style: 'muted' });
    for (const c of d.passes) {
      const key = passKind(c.kind);
      rows.push({
        text: t('views.passRow', {
          kind: key ? t(`views.kind.${key}`) : c.kind,
          tensor: c.tensor,
          axes: c.axes.join('+'),
          bytes: formatBytes(c.bytesPerDevice),
          time: formatSeconds(c.timeS),
          n: c.perStep,
        }),
        style: 'edge',
        mark: passStyle(c.kind),
      });
    }
    if (d.sends + d.recvWaits > 0)
      rows.push({
        text: t('views.sendRecv', { n: d.sends, m: d.recvWaits }),
        style: 'edge',
        mark: EVENT_STYLES.send,
      });
    this.rows.set(
      rows,
      {
        x: box.x + left + 2 * pad,
        y: box.y + pad,
        width: box.width - left - 3 * pad,
        height: box.height - 2 * pad,
      },
      font,
      keepScroll,
    );
  }

  scrollBy(rows: number): void {
    this.rows.scrollBy(rows * this.rows.rowHeight);
  }

  setVisible(visible: boolean): void {
    this.g.setVisible(visible);
    this.title.setVisible(visible);
    this.rows.setVisible(visible);
  }

  destroy(): void {
    this.g.destroy();
    this.title.destroy();
    this.rows.destroy();
  }
}
