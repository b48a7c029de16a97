// The static view's rows (docs/design.md §5.3 "the plan as a graph — specs on every tensor after propagation, the
// inserted passes marked"): the tasting's values in program order grouped by phase, each with its propagated
// label, per-device shape and operands; every pass the partitioner inserted sits right above the value it was
// inserted at (on the edge from the operand it moves) or right below the value it reshards (its result). A
// priced-only (Megatron) level lists its priced passes instead. Each phase heading and each group's byte total
// names its scale (the tasting's small arrays, or the banquet's priced passes) so that a tasting-scale byte
// count is never read as the banquet's. Inside a phase that spans several parts of the model, each run of one
// part gets a group heading with its totals (values, passes, bytes moved): the part is the value's scope in
// the core's program ('blk0/attention', 'block/mlp', 'loss'; shared/sim/program/ir.ts `Value.scope`), a
// pass's the scope of the value it sits at; a priced pass's is its block of the full-size model ('layer',
// 'output', 'pipeline'; evaluation.ts `CollectiveCost.scope`). A collapsed group lists only its heading.
// Pure; the edges are in staticGraphLinks.ts.
import type { Evaluation } from '../../shared/index.ts';
import { formatBytes } from './formatBytes.ts';
import { shapeText } from './kitchenDetails.ts';

export const PHASES = ['forward', 'backward', 'update'] as const;
export type PhaseName = (typeof PHASES)[number] | 'other';

/** 'tasting': the small arrays the kitchens really cook; 'banquet': the full-scale priced passes. */
export type ListingScale = 'tasting' | 'banquet';

export type ListingRow =
  | { readonly type: 'phase'; readonly phase: PhaseName; readonly scale: ListingScale }
  | {
      readonly type: 'group';
      /** Unique in the listing: phase, scope and the run's number among that scope's runs in the phase. */
      readonly key: string;
      /** The part of the model ('blk0/attention'), '' for the values outside every part (inputs, data). */
      readonly scope: string;
      /**
       * Values and passes in this run of rows, and the bytes its passes send at `scale`: the busiest
       * kitchen's per tasting, or one kitchen's per step at banquet scale (bytes per run × runs per step).
       */
      readonly values: number;
      readonly passes: number;
      readonly bytes: string;
      readonly scale: ListingScale;
      /** Its rows are left out of the listing. */
      readonly collapsed: boolean;
    }
  | {
      readonly type: 'node';
      readonly name: string;
      readonly spec: string;
      readonly shape: string;
      readonly local: string;
      /** One of the level's dishes (the player labels it). */
      readonly dish: boolean;
      /** The values it is computed from (distinct, in operand order). */
      readonly operands: readonly string[];
    }
  | {
      readonly type: 'edge';
      /** The core's kind: 'all-reduce', 'all-gather', 'reduce-scatter', 'all-to-all', 'ppermute', … */
      readonly kind: string;
      /** The value that moves. */
      readonly tensor: string;
      readonly axes: string;
      readonly bytes: string;
      /**
       * 'operand': on the edge tensor → `at` (the row right below is `at`); 'result': after `tensor` itself,
       * on every edge out of it; 'loose': not at a listed value (inside a shard_map body, a priced pass).
       */
      readonly place: 'operand' | 'result' | 'loose';
      readonly at?: string;
      /** Priced passes only: seconds per run and runs per step. */
      readonly timeS?: number;
      readonly perStep?: number;
    };

export type EdgeRow = Extract<ListingRow, { type: 'edge' }>;
export type NodeRow = Extract<ListingRow, { type: 'node' }>;
export type GroupRow = Extract<ListingRow, { type: 'group' }>;

/** Which groups are collapsed: a group's key → collapsed. */
export type Collapse = (key: string) => boolean;

/** A listing longer than this many rows opens with every group collapsed. */
export const COLLAPSE_ABOVE_ROWS = 40;

/** A row in the making, with its part of the model and the bytes a pass sends. */
interface Item {
  readonly row: NodeRow | EdgeRow;
  readonly scope: string;
  readonly bytes: number;
}

/** A core phase as the listing groups it; 'other' for a phase it does not know. */
export const phaseOf = (p: string): PhaseName =>
  (PHASES as readonly string[]).includes(p) ? (p as PhaseName) : 'other';

/**
 * The listing of `evaluation` with `dishes` marked; `collapse` says which groups to fold (default: all of
 * them when the open listing would be longer than COLLAPSE_ABOVE_ROWS, none otherwise).
 */
export function planListing(
  evaluation: Evaluation,
  dishes: readonly string[],
  collapse?: Collapse,
): ListingRow[] {
  const groups = new Map<PhaseName, Item[]>();
  const push = (phase: PhaseName, item: Item) => {
    if (!groups.has(phase)) groups.set(phase, []);
    groups.get(phase)!.push(item);
  };
  const { tasting } = evaluation;
  if (tasting) {
    const placed = new Set<number>();
    for (const t of tasting.tensors) {
      const phase = phaseOf(t.phase);
      const passes = t.passesAt.flatMap((k) => {
        const c = tasting.collectives[k];
        if (!c || placed.has(k)) return [];
        placed.add(k);
        const result = c.tensor === t.name;
        const row = edge(c.kind, c.tensor, c.axes, c.bytesSent, result ? 'result' : 'operand', t.name);
        return [{ result, item: { row, scope: t.scope, bytes: c.bytesSent } }];
      });
      for (const p of passes) if (!p.result) push(phase, p.item);
      push(phase, {
        row: {
          type: 'node',
          name: t.name,
          spec: t.spec,
          shape: shapeText(t.shape),
          local: shapeText(t.localShape),
          dish: dishes.includes(t.name),
          operands: [...new Set(t.operands)],
        },
        scope: t.scope,
        bytes: 0,
      });
      for (const p of passes) if (p.result) push(phase, p.item);
    }
    tasting.collectives.forEach((c, k) => {
      if (!placed.has(k))
        push(phaseOf(c.phase), {
          row: edge(c.kind, c.tensor, c.axes, c.bytesSent, 'loose'),
          scope: '',
          bytes: c.bytesSent,
        });
    });
  } else
    for (const c of evaluation.pricing.collectives)
      push(phaseOf(c.phase), {
        row: {
          ...edge(c.kind, c.tensor, c.axes, c.bytesPerDevice, 'loose'),
          timeS: c.timeS,
          perStep: c.perStep,
        },
        scope: c.scope ?? '',
        bytes: c.bytesPerDevice * c.perStep,
      });
  const scale: ListingScale = tasting ? 'tasting' : 'banquet';
  const build = (fold: Collapse): ListingRow[] => {
    const rows: ListingRow[] = [];
    for (const phase of [...PHASES, 'other'] as const) {
      const group = groups.get(phase);
      if (group) rows.push({ type: 'phase', phase, scale }, ...withGroups(phase, scale, group, fold));
    }
    return rows;
  };
  if (collapse) return build(collapse);
  const open = build(() => false);
  return open.length > COLLAPSE_ABOVE_ROWS ? build(() => true) : open;
}

/**
 * The phase's rows with a group heading before each run of one part of the model, when the phase spans
 * several; a collapsed group keeps only its heading.
 */
function withGroups(
  phase: PhaseName,
  scale: ListingScale,
  all: readonly Item[],
  collapse: Collapse,
): ListingRow[] {
  if (new Set(all.map((x) => x.scope)).size < 2) return all.map((x) => x.row);
  const items = gathered(all);
  const out: ListingRow[] = [];
  const runs = new Map<string, number>();
  for (let i = 0; i < items.length;) {
    const scope = items[i]!.scope;
    let j = i;
    while (j + 1 < items.length && items[j + 1]!.scope === scope) j++;
    const run = items.slice(i, j + 1);
    const n = runs.get(scope) ?? 0;
    runs.set(scope, n + 1);
    const key = `${phase}:${scope}:${n}`;
    const collapsed = collapse(key);
    out.push({
      type: 'group',
      key,
      scope,
      values: run.filter((x) => x.row.type === 'node').length,
      passes: run.filter((x) => x.row.type === 'edge').length,
      bytes: formatBytes(run.reduce((sum, x) => sum + x.bytes, 0)),
      scale,
      collapsed,
    });
    if (!collapsed) out.push(...run.map((x) => x.row));
    i = j + 1;
  }
  return out;
}

/**
 * The items with each part's values brought together where they first appear (a block's parameters, declared
 * at its start, join its ops), when that keeps every value below the values it is computed from; else as
 * they come.
 */
function gathered(items: readonly Item[]): readonly Item[] {
  const byScope = new Map<string, Item[]>();
  for (const x of items) byScope.set(x.scope, [...(byScope.get(x.scope) ?? []), x]);
  const moved = [...byScope.values()].flat();
  const inPhase = new Set(items.flatMap((x) => (x.row.type === 'node' ? [x.row.name] : [])));
  const seen = new Set<string>();
  for (const { row } of moved) {
    if (row.type !== 'node') continue;
    if (row.operands.some((o) => inPhase.has(o) && !seen.has(o))) return items;
    seen.add(row.name);
  }
  return moved;
}

function edge(
  kind: string,
  tensor: string,
  axes: readonly string[],
  bytes: number,
  place: EdgeRow['place'],
  at?: string,
): EdgeRow {
  return {
    type: 'edge',
    kind,
    tensor,
    axes: axes.join('+'),
    bytes: formatBytes(bytes),
    place,
    ...(place === 'operand' && at !== undefined ? { at } : {}),
  };
}
