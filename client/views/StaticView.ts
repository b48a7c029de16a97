// The static view (docs/design.md §5.3): the propagated plan as a graph — every value of the step grouped by
// phase, with its label after propagation, its per-kitchen shape and the values it is computed from (edges in
// the left gutter), the level's dishes highlighted, and every pass the sous-chef inserted drawn on the edge
// it belongs to (kind badge, axes, bytes). A priced-only (Megatron) level lists its priced passes with times.
// Inside a phase, each part of the model (the core's scopes) is a group with its totals; a long listing opens
// with every group folded. A click on a group's heading, or Enter on the keyboard's cursor (the arrow keys
// move it from group to group), opens or folds it.
import type { GameObjects, Scene } from 'phaser';
import { formatSeconds, passKind } from '../../shared/index.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { groupTree, type GroupTreePhase } from '../viewModels/groupTree.ts';
import { planListing, type Collapse, type GroupRow, type ListingRow } from '../viewModels/planListing.ts';
import { staticNote } from '../viewModels/staticNote.ts';
import { staticGraphLinks } from '../viewModels/staticGraphLinks.ts';
import type { Translate } from '../ui/translate.ts';
import { passStyle } from './eventStyles.ts';
import { GraphRows, type GraphRow } from './GraphRows.ts';
import { FONT_FAMILY } from './palette.ts';
import { unitNoBreak } from './unitNoBreak.ts';
import { MIN_WRAP_PX, MUTED_COLOUR, type SceneView, type ViewContext } from './viewContext.ts';
import { wrapAt } from './wrapAt.ts';

export class StaticView implements SceneView {
  private readonly note: GameObjects.Text;
  private readonly rows: GraphRows;
  /** The player's own openings and foldings, by group key, for the level shown. */
  private readonly toggled = new Map<string, boolean>();
  private levelId = '';
  /** The group keys of the rows drawn (undefined for the other rows), and the cursor's group. */
  private keys: (string | undefined)[] = [];
  private groups: (GroupRow | undefined)[] = [];
  private cursor: string | undefined;
  private tree: GroupTreePhase[] = [];
  private last: { ctx: ViewContext; box: Box } | undefined;

  constructor(scene: Scene) {
    this.note = scene.add.text(0, 0, '', { fontFamily: FONT_FAMILY, color: MUTED_COLOUR });
    this.rows = new GraphRows(scene);
  }

  /** The group the keyboard's cursor is on (its key), if any. */
  get cursorGroup(): string | undefined {
    return this.cursor;
  }

  /** The groups drawn, by phase, as a screen reader is told them (groupTree.ts). */
  get groupTree(): readonly GroupTreePhase[] {
    return this.tree;
  }

  draw(ctx: ViewContext, box: Box, keepScroll = false): void {
    this.last = { ctx, box };
    const { view, t } = ctx;
    if (view.level.id !== this.levelId) {
      this.levelId = view.level.id;
      this.toggled.clear();
      this.cursor = undefined;
    }
    const font = Math.max(15, Math.min(19, Math.round(box.height * 0.04)));
    const pad = 8;
    const evaluation = view.evaluation;
    const noteText = evaluation ? unitNoBreak(staticNote(evaluation, t).join('\n')) : '';
    wrapAt(
      this.note
        .setVisible(noteText !== '')
        .setText(noteText)
        .setFontSize(font),
      Math.max(MIN_WRAP_PX, box.width - 2 * pad),
    ).setPosition(box.x + pad, box.y + pad);
    const top = box.y + pad + (noteText !== '' ? this.note.height + pad : 0);
    const dishes = view.level.limits.tensors;
    let listing: ListingRow[] = [];
    if (evaluation) {
      const opened = planListing(evaluation, dishes);
      const folded = opened.some((r) => r.type === 'group' && r.collapsed);
      const collapse: Collapse = (key) => this.toggled.get(key) ?? folded;
      listing = this.toggled.size === 0 ? opened : planListing(evaluation, dishes, collapse);
    }
    this.groups = listing.map((r) => (r.type === 'group' ? r : undefined));
    this.keys = this.groups.map((g) => g?.key);
    this.tree = groupTree(listing, t);
    if (this.cursor !== undefined && !this.keys.includes(this.cursor)) this.cursor = undefined;
    const inner = {
      x: box.x + pad,
      y: top,
      width: box.width - 2 * pad,
      height: box.y + box.height - top - pad,
    };
    this.rows.set(
      listing.map((r) => row(r, t, r.type === 'group' && r.key === this.cursor)),
      staticGraphLinks(listing, GraphRows.maxLanes(inner.width)),
      inner,
      font,
      keepScroll,
    );
  }

  scrollBy(rows: number): void {
    this.rows.scrollBy(rows * this.rows.rowHeight);
  }

  /**
   * Moves the keyboard's cursor `step` groups on (the first press lands on the first group) and shows it;
   * false when the listing has no groups.
   */
  moveCursor(step: number): boolean {
    const groups = this.keys.flatMap((k) => (k === undefined ? [] : [k]));
    if (groups.length === 0) return false;
    const at = this.cursor === undefined ? -1 : groups.indexOf(this.cursor);
    const next = at < 0 ? 0 : Math.min(groups.length - 1, Math.max(0, at + step));
    this.cursor = groups[next];
    this.redraw();
    this.rows.reveal(this.keys.indexOf(this.cursor));
    return true;
  }

  /** Opens or folds the cursor's group; false when there is none. */
  toggleCursor(): boolean {
    if (this.cursor === undefined) return false;
    this.toggle(this.cursor);
    return true;
  }

  /** Opens or folds the group whose heading is under canvas point (x, y); false when none is. */
  click(x: number, y: number): boolean {
    const key = this.keys[this.rows.rowAt(x, y)];
    if (key === undefined) return false;
    this.cursor = key;
    this.toggle(key);
    return true;
  }

  private toggle(key: string): void {
    const shown = this.groups[this.keys.indexOf(key)];
    const opening = shown?.collapsed ?? false;
    this.toggled.set(key, !opening);
    this.redraw();
    // An opened group shows from its heading down; a folded one stays in view.
    if (opening) this.rows.scrollToTop(this.keys.indexOf(key));
    else this.rows.reveal(this.keys.indexOf(key));
  }

  private redraw(): void {
    if (this.last) this.draw(this.last.ctx, this.last.box, true);
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

function row(r: ListingRow, t: Translate, focus: boolean): GraphRow {
  switch (r.type) {
    case 'phase':
      return {
        text: `${t(`views.phase.${r.phase}`)} · ${t(`views.scale.${r.scale}`)}`,
        style: 'heading',
      };
    case 'group':
      return {
        // A banquet-scale group holds priced passes only (no values to count).
        text: t(r.scale === 'banquet' ? 'views.groupPriced' : 'views.group', {
          mark: r.collapsed ? '▸' : '▾',
          scope: r.scope === '' ? t('views.scopeTop') : r.scope,
          values: r.values,
          passes: r.passes,
          bytes: r.passes > 0 ? t(`views.groupBytes.${r.scale}`, { bytes: r.bytes }) : '',
        }),
        style: 'group',
        focus,
      };
    case 'node': {
      const base = t('views.node', { name: r.name, spec: r.spec, local: r.local });
      const from =
        r.operands.length > 0 ? `  ${t('views.nodeFrom', { operands: r.operands.join(', ') })}` : '';
      return { text: base + from, style: r.dish ? 'dish' : 'node' };
    }
    case 'edge': {
      const key = passKind(r.kind);
      const kind = key ? t(`views.kind.${key}`) : r.kind;
      const where =
        r.place === 'operand' && r.at !== undefined
          ? t('views.edgeInto', { tensor: r.tensor, at: r.at })
          : r.place === 'result'
            ? t('views.edgeOut', { tensor: r.tensor })
            : r.tensor;
      // A priced pass leads with what it costs (a phone's row cuts its end): time × times per step, then bytes.
      const text =
        r.timeS === undefined
          ? `${t('views.edge', { kind, axes: r.axes, bytes: r.bytes })} · ${where}`
          : t('views.edgePriced', {
              kind,
              where,
              time: `${formatSeconds(r.timeS)} × ${r.perStep ?? 1}`,
              axes: r.axes,
              bytes: r.bytes,
            });
      return {
        text,
        style: 'pass',
        mark: passStyle(r.kind),
      };
    }
  }
}
