// The timeline as Chrome trace-event JSON: complete events in microseconds, one thread per device.
import { describe, expect, it } from 'vitest';
import { simulatePipeline } from '../../../../shared/sim/cost/pipelineSimulation.ts';
import { toChromeTrace } from '../../../../shared/sim/export/chromeTrace.ts';
import { unwrap } from '../../../../shared/sim/result.ts';

const timeline = unwrap(
  simulatePipeline({
    schedule: '1f1b',
    stages: 4,
    microbatches: 8,
    forwardS: [0.01, 0.01, 0.01, 0.01],
    backwardS: [0.02, 0.02, 0.02, 0.02],
    sendS: 0.001,
  }),
);

describe('toChromeTrace', () => {
  const trace = toChromeTrace(timeline, { stageDevices: [[0, 1, 32, 33], [8], [16, 17, 18], [24, 25]] });
  const work = trace.traceEvents.filter((e) => e.ph === 'X');
  it("names one thread per stage by the devices it holds, as the levels' trace names its lanes", () => {
    const names = trace.traceEvents.filter((e) => e.ph === 'M').map((e) => [e.tid, e.args?.name]);
    expect(names).toEqual([
      [0, 'stage 0 (devices 0–1, 32–33)'],
      [1, 'stage 1 (device 8)'],
      [2, 'stage 2 (devices 16–18)'],
      [3, 'stage 3 (devices 24–25)'],
    ]);
    const plain = toChromeTrace(timeline).traceEvents.filter((e) => e.ph === 'M');
    expect(plain.map((e) => e.args?.name)).toEqual([0, 1, 2, 3].map((d) => `stage ${d} (device ${d})`));
  });
  it('has a complete event for every task and send, in microseconds, and no idle events', () => {
    const count = (cat: string) => work.filter((e) => e.cat === cat).length;
    expect(count('forward')).toBe(32);
    expect(count('backward')).toBe(32);
    expect(count('send')).toBe(2 * 8 * 3);
    expect(count('idle')).toBe(0);
    expect(work[0]).toMatchObject({ name: 'forward mb 0', ph: 'X', ts: 0, dur: 10000, pid: 0, tid: 0 });
    const end = Math.max(...work.map((e) => e.ts + e.dur!));
    expect(end).toBeCloseTo(timeline.stepS * 1e6, 3);
    // Each thread ends where the simulation says its device finishes.
    timeline.endS.forEach((endS, d) => {
      const last = Math.max(...work.filter((e) => e.tid === d).map((e) => e.ts + e.dur!));
      expect(last).toBeCloseTo(endS * 1e6, 3);
    });
  });
  it('is JSON that starts like a trace file', () => {
    expect(JSON.stringify(trace)).toMatch(/^\{"traceEvents":\[\{"name":"thread_name","ph":"M"/);
  });
});
