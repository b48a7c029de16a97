// The static view's edges (docs/design.md §5.3 "the plan as a graph"): every value's edges to its consumers, drawn
// in a left gutter as one vertical bus per value (from the value's row down to its last consumer, with a tap
// into each consumer) in lanes that never overlap, and the short stems that carry an edge through the pass
// rows inserted on it (an operand's pass above the consumer, a result's pass below the value). Pure.
import type { ListingRow } from './planListing.ts';

export interface GraphBus {
  /** The value that flows. */
  readonly value: string;
  /** The row the bus leaves from: the value's row, or the last pass row resharding its result. */
  readonly source: number;
  /** Rows where an edge leaves the bus into a consumer: the consumer's row, or the pass row on that edge. */
  readonly taps: readonly number[];
  /** Gutter lane, 0 = next to the nodes; −1 when no lane was left (the row text still names it). */
  readonly lane: number;
}

/** A vertical connector on the nodes' spine, from row `from` down to row `to` (through pass rows). */
export interface GraphStem {
  readonly from: number;
  readonly to: number;
}

export interface GraphLinks {
  readonly buses: readonly GraphBus[];
  readonly stems: readonly GraphStem[];
  /** Lanes the buses use. */
  readonly lanes: number;
}

export function staticGraphLinks(rows: readonly ListingRow[], maxLanes = Infinity): GraphLinks {
  /** Row of each value, and the row its edges leave from (after its result passes). */
  const nodeRow = new Map<string, number>();
  const outRow = new Map<string, number>();
  const stems: GraphStem[] = [];
  rows.forEach((row, i) => {
    if (row.type !== 'node') return;
    let top = i;
    while (top > 0 && isPassAt(rows[top - 1]!, 'operand', row.name)) top--;
    let bottom = i;
    while (bottom + 1 < rows.length && isPassAt(rows[bottom + 1]!, 'result', row.name)) bottom++;
    if (bottom > top) stems.push({ from: top, to: bottom });
    nodeRow.set(row.name, i);
    outRow.set(row.name, bottom);
  });
  const taps = new Map<string, number[]>();
  rows.forEach((row, i) => {
    if (row.type !== 'node') return;
    for (const operand of row.operands) {
      if (!outRow.has(operand)) continue;
      // The edge operand → row enters through the pass inserted on it, when there is one.
      let tap = i;
      for (let k = i - 1; k >= 0 && isPassAt(rows[k]!, 'operand', row.name); k--)
        if ((rows[k] as { tensor: string }).tensor === operand) tap = k;
      taps.set(operand, [...(taps.get(operand) ?? []), tap]);
    }
  });
  // At most `maxLanes` lanes: buses by their last row, each into the free lane that freed up last (best
  // fit), which keeps the most buses (the greedy optimum for interval tracks); a bus left out gets lane −1
  // (its consumers still name it as an operand).
  const laneEnds: number[] = [];
  const buses = [...taps]
    .map(([value, t]) => ({ value, source: outRow.get(value)!, taps: t.sort((a, b) => a - b) }))
    .sort((a, b) => a.taps[a.taps.length - 1]! - b.taps[b.taps.length - 1]! || a.source - b.source)
    .map((bus) => {
      let lane = -1;
      laneEnds.forEach((e, k) => {
        if (e < bus.source && (lane < 0 || e > laneEnds[lane]!)) lane = k;
      });
      if (lane < 0 && laneEnds.length < maxLanes) lane = laneEnds.length;
      if (lane >= 0) laneEnds[lane] = bus.taps[bus.taps.length - 1]!;
      return { ...bus, lane };
    })
    .sort((a, b) => a.source - b.source);
  return { buses, stems, lanes: laneEnds.length };
}

function isPassAt(row: ListingRow, place: 'operand' | 'result', name: string): boolean {
  if (row.type !== 'edge' || row.place !== place) return false;
  return place === 'operand' ? row.at === name : row.tensor === name;
}
