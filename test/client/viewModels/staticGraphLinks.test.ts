// The static view's edges: one bus per value down a left gutter, taps into each consumer (through the pass
// inserted on that edge), stems through pass rows, and lanes that never overlap — on a hand-built listing
// and on the 'column-then-row' start plan.
import { describe, expect, it } from 'vitest';
import { evaluatePlan, levelById } from '../../../shared/index.ts';
import { planListing, type ListingRow } from '../../../client/viewModels/planListing.ts';
import { staticGraphLinks } from '../../../client/viewModels/staticGraphLinks.ts';

const node = (name: string, operands: string[] = []): ListingRow => ({
  type: 'node',
  name,
  spec: 'P()',
  shape: '4',
  local: '4',
  dish: false,
  operands,
});
const pass = (tensor: string, place: 'operand' | 'result', at?: string): ListingRow => ({
  type: 'edge',
  kind: 'all-gather',
  tensor,
  axes: 'x',
  bytes: '1 B',
  place,
  ...(at ? { at } : {}),
});

// 0 forward · 1 a · 2 b · 3 gather a → c · 4 c(a, b) · 5 all-reduce c · 6 d(c, a) · 7 e(b)
const rows: ListingRow[] = [
  { type: 'phase', phase: 'forward', scale: 'tasting' },
  node('a'),
  node('b'),
  pass('a', 'operand', 'c'),
  node('c', ['a', 'b']),
  pass('c', 'result'),
  node('d', ['c', 'a']),
  node('e', ['b']),
];

describe('staticGraphLinks', () => {
  it('taps a consumer through the pass on its edge and leaves a value after its result pass', () => {
    const { buses, stems, lanes } = staticGraphLinks(rows);
    const bus = (v: string) => buses.find((b) => b.value === v)!;
    // a → c enters at the gather (row 3), a → d at d's row.
    expect(bus('a')).toMatchObject({ source: 1, taps: [3, 6] });
    expect(bus('b')).toMatchObject({ source: 2, taps: [4, 7] });
    // c's edges leave below its all-reduce (row 5).
    expect(bus('c')).toMatchObject({ source: 5, taps: [6] });
    // Stems: gather → c, and c → its all-reduce.
    expect(stems).toEqual([{ from: 3, to: 5 }]);
    // a (1–6) and b (2–7) overlap, c (5–6) overlaps both: three lanes.
    expect(lanes).toBe(3);
    expect(new Set(buses.map((b) => b.lane))).toEqual(new Set([0, 1, 2]));
  });

  it('never puts overlapping buses in one lane and leaves buses out past maxLanes', () => {
    const { buses, lanes } = staticGraphLinks(rows, 2);
    expect(lanes).toBe(2);
    // Best fit by last row keeps the two that end first (c ends at 6, a at 6) and drops b (ends at 7).
    expect(buses.find((b) => b.value === 'b')!.lane).toBe(-1);
    for (const x of buses)
      for (const y of buses)
        if (x !== y && x.lane >= 0 && x.lane === y.lane) {
          const [xe, ye] = [x.taps.at(-1)!, y.taps.at(-1)!];
          expect(xe < y.source || ye < x.source).toBe(true);
        }
  });

  it('links the column-then-row step: h_pre leaves below its all-reduce, w_in enters x_proj via its slice', () => {
    const level = levelById('column-then-row')!;
    const r = evaluatePlan(level, level.start);
    if (!r.ok) throw new Error(r.error.message);
    const listing = planListing(r.evaluation, level.limits.tensors, () => false);
    const { buses } = staticGraphLinks(listing);
    const rowOf = (name: string) => listing.findIndex((x) => x.type === 'node' && x.name === name);
    const h = buses.find((b) => b.value === 'h_pre')!;
    expect(h.source).toBe(rowOf('h_pre') + 1);
    // h_pre feeds h (forward) and h_grad (backward).
    expect(h.taps).toEqual([rowOf('h'), rowOf('h_grad')]);
    const w = buses.find((b) => b.value === 'w_in')!;
    expect(w.taps[0]).toBe(rowOf('x_proj') - 1);
  });
});
