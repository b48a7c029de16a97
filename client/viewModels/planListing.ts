// The static view (DESIGN.md §5.3 "the plan as a graph — specs on every tensor after propagation, the
// inserted passes marked"): the tasting's values in program order grouped by phase, each with its
// propagated label and per-device shape, and every pass the partitioner inserted pinned on the edge out of
// the value it moves. A priced-only (Megatron) level lists its priced passes instead. Pure.
import type { Evaluation } from '../../shared/index.ts';
import { formatBytes } from './formatBytes.ts';
import { shapeText } from './kitchenDetails.ts';

export const PHASES = ['forward', 'backward', 'update'] as const;
export type PhaseName = (typeof PHASES)[number] | 'other';

export type ListingRow =
  | { readonly type: 'phase'; readonly phase: PhaseName }
  | {
      readonly type: 'node';
      readonly name: string;
      readonly spec: string;
      readonly shape: string;
      readonly local: string;
      /** One of the level's dishes (the player labels it). */
      readonly dish: boolean;
    }
  | {
      readonly type: 'edge';
      /** The core's kind: 'all-reduce', 'all-gather', 'reduce-scatter', 'all-to-all', 'ppermute', … */
      readonly kind: string;
      readonly tensor: string;
      readonly axes: string;
      readonly bytes: string;
      /** Priced passes only: seconds per run and runs per step. */
      readonly timeS?: number;
      readonly perStep?: number;
    };

type EdgeRow = Extract<ListingRow, { type: 'edge' }>;

const phaseOf = (p: string): PhaseName =>
  (PHASES as readonly string[]).includes(p) ? (p as PhaseName) : 'other';

export function planListing(evaluation: Evaluation, dishes: readonly string[]): ListingRow[] {
  const rows: ListingRow[] = [];
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
      push(phase, {
        type: 'node',
        name: t.name,
        spec: t.spec,
        shape: shapeText(t.shape),
        local: shapeText(t.localShape),
        dish: dishes.includes(t.name),
      });
      tasting.collectives.forEach((c, k) => {
        if (c.tensor !== t.name || phaseOf(c.phase) !== phase || placed.has(k)) return;
        placed.add(k);
        push(phase, edge(c.kind, c.tensor, c.axes, c.bytesSent));
      });
    }
    tasting.collectives.forEach((c, k) => {
      if (!placed.has(k)) push(phaseOf(c.phase), edge(c.kind, c.tensor, c.axes, c.bytesSent));
    });
  } else
    for (const c of evaluation.pricing.collectives)
      push(phaseOf(c.phase), {
        ...edge(c.kind, c.tensor, c.axes, c.bytesPerDevice),
        timeS: c.timeS,
        perStep: c.perStep,
      });
  for (const phase of [...PHASES, 'other'] as const) {
    const group = groups.get(phase);
    if (group) rows.push({ type: 'phase', phase }, ...group);
  }
  return rows;
}

function edge(kind: string, tensor: string, axes: readonly string[], bytes: number): EdgeRow {
  return { type: 'edge', kind, tensor, axes: axes.join('+'), bytes: formatBytes(bytes) };
}
