// Kitchens grouped by node (node = ⌊id / devicesPerNode⌋) and windows by link, worked out by hand.
import { describe, expect, it } from 'vitest';
import { makeMesh } from '../../../shared/sim/mesh.ts';
import { unwrap } from '../../../shared/sim/result.ts';
import type { Topology } from '../../../shared/index.ts';
import { kitchenGridLayout } from '../../../client/viewModels/kitchenGridLayout.ts';
import {
  framesStacked,
  kitchenPlan,
  linkSpeeds,
  nodeBlockLayout,
  nodeGrouping,
  windowLinks,
} from '../../../client/viewModels/kitchenNodes.ts';

const mesh = (...axes: [string, number][]) => unwrap(makeMesh(axes));
const topology = (perNode: number, axes: [string, 'intra' | 'inter'][]): Topology => ({
  devicesPerNode: perNode,
  linkBytesPerS: { intra: 300e9, inter: 25e9 },
  axes: axes.map(([axis, link]) => ({ axis, link, bytesPerS: link === 'intra' ? 300e9 : 25e9 })),
});

describe('nodeGrouping', () => {
  it('frames 16 kitchens in a row with 4 per node as 4 side-by-side rectangles', () => {
    const layout = kitchenGridLayout(mesh(['model', 16]), { x: 0, y: 0, width: 1600, height: 200 }, 10);
    const { rectangles, frames } = nodeGrouping(layout, 4);
    expect(rectangles).toBe(true);
    expect(frames.map((f) => [f.node, f.first, f.last])).toEqual([
      [0, 0, 3],
      [1, 4, 7],
      [2, 8, 11],
      [3, 12, 15],
    ]);
    // Node 1 starts at kitchen 4's left edge and ends at kitchen 7's right edge.
    const [k4, k7] = [layout.cells[4]!, layout.cells[7]!];
    expect(frames[1]!.box).toEqual({ x: k4.x, y: k4.y, width: k7.x + k7.width - k4.x, height: k4.height });
  });

  it('frames data 2 × model 4 with 4 per node as its 2 rows', () => {
    const layout = kitchenGridLayout(mesh(['data', 2], ['model', 4]), {
      x: 0,
      y: 0,
      width: 800,
      height: 600,
    });
    expect([layout.rows, layout.columns]).toEqual([2, 4]);
    const { rectangles, frames } = nodeGrouping(layout, 4);
    expect(rectangles).toBe(true);
    expect(frames).toHaveLength(2);
    expect(frames[1]!.box.y).toBe(layout.cells[4]!.y);
  });

  it('tags kitchens when a node breaks across rows (6 in a row, 4 per node)', () => {
    const layout = kitchenGridLayout(mesh(['x', 6]), { x: 0, y: 0, width: 900, height: 200 });
    expect(nodeGrouping(layout, 4).rectangles).toBe(false);
    expect(nodeGrouping(layout, 4).frames.map((f) => f.last)).toEqual([3, 5]);
  });

  it('refuses a non-positive node size', () => {
    const layout = kitchenGridLayout(mesh(['x', 2]), { x: 0, y: 0, width: 100, height: 100 });
    expect(() => nodeGrouping(layout, 0)).toThrow(/positive integer/);
  });
});

describe('windowLinks and linkSpeeds', () => {
  it('makes windows between nodes slow and those inside a node fast', () => {
    const m = mesh(['data', 2], ['model', 4]);
    const layout = kitchenGridLayout(m, { x: 0, y: 0, width: 800, height: 600 });
    const topo = topology(4, [
      ['data', 'inter'],
      ['model', 'intra'],
    ]);
    const links = windowLinks(layout.windows, topo);
    layout.windows.forEach((w, i) => expect(links[i]).toBe(w.axis === 'data' ? 'inter' : 'intra'));
    expect(links.filter((l) => l === 'inter')).toHaveLength(4);
    expect(linkSpeeds(topo, m.deviceCount)).toEqual({ intra: 300e9, inter: 25e9 });
    expect(linkSpeeds(topology(8, [['x', 'intra']]), 8)).toEqual({ intra: 300e9 });
  });

  it('draws a window by its own link, not by its axis: 8 in a row on nodes of 4', () => {
    // The axis's ring crosses nodes, so its passes go at the slow speed (collectiveTime.ts), but only the
    // window 3–4 is between nodes; it used to draw all seven dashed with only the slow speed in the legend.
    const m = mesh(['x', 8]);
    const layout = kitchenGridLayout(m, { x: 0, y: 0, width: 1600, height: 200 });
    const links = windowLinks(layout.windows, topology(4, [['x', 'inter']]));
    expect(layout.windows.filter((_, i) => links[i] === 'inter').map((w) => [w.from, w.to])).toEqual([
      [3, 4],
    ]);
    expect(linkSpeeds(topology(4, [['x', 'inter']]), m.deviceCount)).toEqual({ intra: 300e9, inter: 25e9 });
  });
});

describe('kitchenPlan and nodeBlockLayout', () => {
  it('keeps the axis grid with frames while kitchens are big, tiles 16 narrow kitchens by node', () => {
    const m = mesh(['model', 16]);
    const wide = kitchenPlan(m, { x: 0, y: 0, width: 2400, height: 200 }, 10, 4, 24);
    expect([wide.mode, wide.nodes.length, wide.rectangles]).toEqual(['grid', 4, true]);
    // In 800 × 600 a row of 16 gives 35 px kitchens; 4 tiles of 2 × 2 give far bigger ones.
    const tiled = kitchenPlan(m, { x: 0, y: 0, width: 800, height: 600 }, 16, 4, 24);
    expect(tiled.mode).toBe('tiles');
    expect(tiled.nodes.map((n) => [n.first, n.last])).toEqual([
      [0, 3],
      [4, 7],
      [8, 11],
      [12, 15],
    ]);
    // Inside node 0: 0–1 and 2–3 side by side, 0–2 and 1–3 stacked; all model-axis windows.
    expect(tiled.layout.windows.filter((w) => w.to <= 3).map((w) => [w.from, w.to, w.orientation])).toEqual([
      [0, 1, 'horizontal'],
      [0, 2, 'vertical'],
      [1, 3, 'vertical'],
      [2, 3, 'horizontal'],
    ]);
  });

  it('draws the banquet (512 kitchens, 8 per node) as 64 node tiles of 2 × 4 kitchens', () => {
    const m = mesh(['data', 8], ['stage', 8], ['model', 8]);
    const plan = kitchenPlan(m, { x: 0, y: 0, width: 740, height: 560 }, 12, 8, 20);
    expect(plan.mode).toBe('tiles');
    expect(plan.nodes).toHaveLength(64);
    expect(plan.layout.cells).toHaveLength(512);
    const { tiles, layout } = nodeBlockLayout(m, { x: 0, y: 0, width: 740, height: 560 }, 8, 12, 20);
    // Kitchen 13 is the 6th of node 1: row 1, column 1 of its tile (kitchens 15% of a width apart).
    const t1 = tiles[1]!.box;
    const k13 = layout.cells[13]!;
    expect(k13.x).toBeCloseTo(t1.x + 2 + 1.15 * k13.width, 9);
    expect(k13.y).toBeCloseTo(t1.y + 20 + 2 + 1.15 * k13.height, 9);
    for (const t of tiles) {
      expect(t.box.x).toBeGreaterThanOrEqual(-1e-9);
      expect(t.box.x + t.box.width).toBeLessThanOrEqual(740 + 1e-9);
      expect(t.box.y + t.box.height).toBeLessThanOrEqual(560 + 1e-9);
    }
  });
});

describe('a row gap for the captions of stacked node frames', () => {
  // 64 kitchens, 8 per node, in the global view's box at 1280×720 (about 730 × 440 px): a node a row.
  const m = mesh(['data', 1], ['stage', 8], ['model', 8]);
  const box = { x: 0, y: 0, width: 730, height: 440 };

  it('stacks the 8 nodes as 8 framed rows, and says so', () => {
    const plan = kitchenPlan(m, box, 12, 8, 26);
    expect([plan.mode, plan.rectangles, plan.nodes.length]).toEqual(['grid', true, 8]);
    expect(framesStacked(plan)).toBe(true);
    expect(framesStacked(kitchenPlan(mesh(['model', 8]), box, 12, 8, 26))).toBe(false);
  });

  it('puts rowGap between rows and gap between neighbours, everything inside the box', () => {
    // (with 36 px between rows the kitchens would be lower than node tiles' kitchens: tiles instead)
    expect(kitchenPlan(m, box, 12, 8, 26, 36).mode).toBe('tiles');
    const plan = kitchenPlan(m, box, 12, 8, 26, 24);
    expect(plan.mode).toBe('grid');
    const [a, b] = [plan.layout.cells[0]!, plan.layout.cells[8]!];
    expect(b.y - (a.y + a.height)).toBeCloseTo(24, 9);
    const right = plan.layout.cells[1]!;
    expect(right.x - (a.x + a.width)).toBeCloseTo(12, 9);
    const last = plan.layout.cells[63]!;
    expect(a.y).toBeGreaterThanOrEqual(-1e-9);
    expect(last.y + last.height).toBeLessThanOrEqual(box.height + 1e-9);
  });
});
