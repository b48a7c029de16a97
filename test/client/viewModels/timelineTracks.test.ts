import { describe, expect, it } from 'vitest';
import { laneShares, type StepTimeline } from '../../../shared/index.ts';
import {
  eventIndexAt,
  laneStateAt,
  laneTracks,
  passAxes,
} from '../../../client/viewModels/timelineTracks.ts';

const en = (s: string) => ({ en: s, 'zh-CN': s });
// One SPMD lane: forward 0–4, all-reduce 4–6, backward 6–9 with a reduction behind it 7–10, idle 9–10.
const timeline: StepTimeline = {
  stepS: 10,
  criticalLane: 0,
  lanes: [
    {
      label: en('every kitchen'),
      devices: [0, 1],
      events: [
        { kind: 'forward', startS: 0, endS: 4 },
        {
          kind: 'collective',
          startS: 4,
          endS: 6,
          label: 'all-reduce h over model',
          pass: { kind: 'all-reduce', axes: ['model'] },
        },
        { kind: 'backward', startS: 6, endS: 9 },
        {
          kind: 'collective',
          startS: 7,
          endS: 10,
          label: 'all-reduce grad over data+model',
          pass: { kind: 'all-reduce', axes: ['data', 'model'] },
          overlapped: true,
        },
        { kind: 'idle', startS: 9, endS: 10 },
      ],
    },
  ],
};

describe('timeline tracks', () => {
  const [track] = laneTracks(timeline);

  it('splits sequential and overlapped events', () => {
    expect(track!.main.map((e) => e.kind)).toEqual(['forward', 'collective', 'backward', 'idle']);
    expect(track!.over).toHaveLength(1);
  });

  it('finds the event covering t by binary search', () => {
    expect(eventIndexAt(track!.main, 0)).toBe(0);
    expect(eventIndexAt(track!.main, 3.99)).toBe(0);
    expect(eventIndexAt(track!.main, 4)).toBe(1);
    expect(eventIndexAt(track!.main, 9.5)).toBe(3);
    expect(eventIndexAt(track!.main, 10)).toBe(-1);
    expect(eventIndexAt(track!.over, 6.5)).toBe(-1);
  });

  it('gives the stove and the pass under way with its progress', () => {
    expect(laneStateAt(track!, 1)).toEqual({ stove: 'forward', pass: undefined, passProgress: 0 });
    const during = laneStateAt(track!, 5);
    expect([during.stove, during.pass?.label, during.passProgress]).toEqual([
      'collective',
      'all-reduce h over model',
      0.5,
    ]);
    // The backward stove works while the overlapped reduction runs (8 s: a third of 7–10).
    const behind = laneStateAt(track!, 8);
    expect(behind.stove).toBe('backward');
    expect(behind.pass?.overlapped).toBe(true);
    expect(behind.passProgress).toBeCloseTo(1 / 3, 12);
    expect(laneStateAt(track!, 9.5).stove).toBe('idle');
  });

  it("takes a pass's axes from the event, sends go along stage", () => {
    const axes = ['data', 'stage', 'model'];
    expect(passAxes(track!.over[0]!, axes)).toEqual(['data', 'model']);
    expect(passAxes({ kind: 'send', startS: 0, endS: 1 }, axes)).toEqual(['stage']);
    expect(passAxes({ kind: 'collective', startS: 0, endS: 1 }, axes)).toEqual(axes);
  });

  it('shares the step between cooking, passing, idle and the optimizer step (stepShares.ts)', () => {
    expect(laneShares(timeline.lanes[0]!, timeline.stepS)).toEqual({
      compute: 0.7,
      communication: 0.2,
      bubble: 0.1,
      other: 0,
    });
  });
});
