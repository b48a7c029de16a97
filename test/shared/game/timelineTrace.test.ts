// The dynamic view's trace file (timelineTrace): each thread names the devices its lane really holds (a
// pipeline stage's devices are strided over the mesh, not a range), no thread is named that carries no
// event, and ZeRO's parameter gathers appear as events where the pricing has them.
import { describe, expect, it } from 'vitest';
import type { StepTimeline } from '../../../shared/game/evaluation.ts';
import { stageDevices } from '../../../shared/game/evaluate/trainTimeline.ts';
import { timelineTrace } from '../../../shared/game/exportPlan.ts';
import { LEVELS } from '../../../shared/game/levels/index.ts';
import { planState } from '../../../shared/game/planState.ts';
import { text } from '../../../shared/game/i18n.ts';
import { evaluate, level } from './helpers.ts';

const threadNames = (t: ReturnType<typeof timelineTrace>): Map<number, string> =>
  new Map(t.traceEvents.filter((e) => e.ph === 'M').map((e) => [e.tid, String(e.args?.name)]));

describe('thread names', () => {
  it('stage 0 of dp 8 × pp 8 × tp 8 holds 64 strided devices, named as such', () => {
    // Mesh ids (i·pp + d)·tp + j: stage 0 is 0–7, 64–71, …, 448–455 (hand-worked).
    const devices = stageDevices(8, 8, 8, 0);
    expect(devices).toHaveLength(64);
    const timeline: StepTimeline = {
      stepS: 1,
      criticalLane: 0,
      lanes: [
        {
          label: text('第 0 个菜序站', 'stage 0'),
          devices,
          events: [{ kind: 'forward', startS: 0, endS: 1 }],
        },
        {
          label: text('第 1 个菜序站', 'stage 1'),
          devices: [8],
          events: [{ kind: 'idle', startS: 0, endS: 1 }],
        },
      ],
    };
    const names = threadNames(timelineTrace(timeline));
    expect(names.get(0)).toBe(
      'stage 0 (devices 0–7, 64–71, 128–135, 192–199, 256–263, 320–327, 384–391, 448–455)',
    );
    expect(names.get(2)).toBe('stage 1 (device 8)');
  });

  it('an overlapped thread is named only when the lane has overlapped events', () => {
    const timeline: StepTimeline = {
      stepS: 2,
      criticalLane: 0,
      lanes: [
        {
          label: text('厨房', 'kitchens'),
          devices: [0, 1, 2, 3],
          events: [
            { kind: 'backward', startS: 0, endS: 2 },
            { kind: 'collective', startS: 0.5, endS: 1.5, overlapped: true, label: 'all-reduce' },
          ],
        },
        {
          label: text('厨房', 'kitchens'),
          devices: [4, 5],
          events: [{ kind: 'backward', startS: 0, endS: 2 }],
        },
      ],
    };
    const names = threadNames(timelineTrace(timeline));
    expect([...names.keys()].sort()).toEqual([0, 1, 2]);
    expect(names.get(1)).toBe('kitchens (devices 0–3): overlapped');
  });

  it.each(LEVELS.map((l) => l.id))('%s: every named thread carries events', (id) => {
    const l = level(id);
    for (const plan of [l.reference, l.start]) {
      const trace = timelineTrace(evaluate(l, plan).timeline);
      const busy = new Set(trace.traceEvents.filter((e) => e.ph === 'X').map((e) => e.tid));
      for (const tid of threadNames(trace).keys()) expect(busy.has(tid), `${id} tid ${tid}`).toBe(true);
    }
  });
});

describe('ZeRO in the trace', () => {
  const l = level('seasoning-ledgers');
  const names = (zeroStage: 0 | 1 | 2 | 3): string[] => {
    const e = evaluate(l, planState({ ...l.reference, zeroStage }));
    return timelineTrace(e.timeline)
      .traceEvents.filter((t) => t.ph === 'X')
      .map((t) => t.name);
  };
  it('stages 1 and 2 gather the updated parameters after the optimizer step; stage 0 gathers nothing', () => {
    expect(names(0).some((n) => n.includes('all-gather'))).toBe(false);
    for (const z of [1, 2] as const) expect(names(z)).toContain('ZeRO parameter all-gather over data');
  });
  it('stage 3 gathers the parameters inside the forward and backward tasks, as the pricing does', () => {
    const e = evaluate(l, planState({ ...l.reference, zeroStage: 3 }));
    const priced = new Set(e.pricing.collectives.filter((c) => c.role === 'parameter').map((c) => c.phase));
    expect(priced).toEqual(new Set(['forward', 'backward']));
    const gathers = e.timeline.lanes[0]!.events.filter(
      (x) => x.label === 'ZeRO-3 parameter all-gather over data',
    );
    expect(gathers.length).toBeGreaterThan(0);
    expect(names(3)).toContain('ZeRO-3 parameter all-gather over data');
  });
});
