// The static view's rows (docs/design.md §5.3 "the plan as a graph — specs on every tensor after propagation, the
// inserted passes marked"): the tasting's values in program order grouped by phase, each with its propagated
// label, per-device shape and operands; every pass the partitioner inserted sits right above the value it was
// inserted at (on the edge from the operand it moves) or right below the value it reshards (its result). A
// priced-only (Megatron) level lists its priced passes instead. Each phase heading names its scale (the
// tasting's small arrays, or the banquet's priced passes) so that a tasting-scale byte count is never read as
// the banquet's; inside a phase with values of several layers ('blk0/…', 'vis/…'; 'grad/' and 'new/'
// prefixes stripped), each layer's run of rows gets a heading with its count of values and passes. Pure; the
// edges are in staticGraphLinks.ts.
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
      readonly type: 'layer';
      /** The layer's name ('blk0', 'vis'), '' for the values outside every layer (inputs, embedding, loss). */
      readonly layer: string;
      /** Values and passes in this run of rows. */
      readonly values: number;
      readonly passes: number;
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

const phaseOf = (p: string): PhaseName =>
  (PHASES as readonly string[]).includes(p) ? (p as PhaseName) : 'other';

export function planListing(evaluation: Evaluation, dishes: readonly string[]): ListingRow[] {
  const groups = new Map<PhaseName, ListingRow[]>();
  const push = (phase: PhaseName, row: ListingRow) => {
    if (!groups.has(phase)) groups.set(phase, []);
    groups.get(phase)!.push(row);
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
        return [
          { result, row: edge(c.kind, c.tensor, c.axes, c.bytesSent, result ? 'result' : 'operand', t.name) },
        ];
      });
      for (const p of passes) if (!p.result) push(phase, p.row);
      push(phase, {
        type: 'node',
        name: t.name,
        spec: t.spec,
        shape: shapeText(t.shape),
        local: shapeText(t.localShape),
        dish: dishes.includes(t.name),
        operands: [...new Set(t.operands)],
      });
      for (const p of passes) if (p.result) push(phase, p.row);
    }
    tasting.collectives.forEach((c, k) => {
      if (!placed.has(k)) push(phaseOf(c.phase), edge(c.kind, c.tensor, c.axes, c.bytesSent, 'loose'));
    });
  } else
    for (const c of evaluation.pricing.collectives)
      push(phaseOf(c.phase), {
        ...edge(c.kind, c.tensor, c.axes, c.bytesPerDevice, 'loose'),
        timeS: c.timeS,
        perStep: c.perStep,
      });
  const scale: ListingScale = tasting ? 'tasting' : 'banquet';
  const rows: ListingRow[] = [];
  for (const phase of [...PHASES, 'other'] as const) {
    const group = groups.get(phase);
    if (group) rows.push({ type: 'phase', phase, scale }, ...withLayers(group));
  }
  return rows;
}

/**
 * The layer a value belongs to: its name's first segment once 'grad/' and 'new/' are stripped; '' outside
 * every layer.
 * @example layerOf('grad/blk1/wqkv') // 'blk1'
 * @example layerOf('loss') // ''
 */
export function layerOf(name: string): string {
  const bare = name.replace(/^(?:(?:grad|new)\/)+/, '');
  const slash = bare.indexOf('/');
  return slash < 0 ? '' : bare.slice(0, slash);
}

/** A row's layer: a node's own, a pass's by the value it sits at (so it stays next to it). */
function rowLayer(row: ListingRow): string {
  if (row.type === 'node') return layerOf(row.name);
  if (row.type === 'edge')
    return layerOf(row.place === 'operand' && row.at !== undefined ? row.at : row.tensor);
  return '';
}

/** The phase's rows with a heading before each run of one layer, when the phase holds several layers. */
function withLayers(group: readonly ListingRow[]): ListingRow[] {
  const layers = group.map(rowLayer);
  if (new Set(layers).size < 2) return [...group];
  const out: ListingRow[] = [];
  for (let i = 0; i < group.length;) {
    let j = i;
    while (j + 1 < group.length && layers[j + 1] === layers[i]) j++;
    const run = group.slice(i, j + 1);
    out.push(
      {
        type: 'layer',
        layer: layers[i]!,
        values: run.filter((r) => r.type === 'node').length,
        passes: run.filter((r) => r.type === 'edge').length,
      },
      ...run,
    );
    i = j + 1;
  }
  return out;
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
