import { describe, expect, it } from 'vitest';
import {
  firstStageInFlightMicrobatches,
  pipelineBubbleOverIdeal,
  pipelineBubbleShare,
} from '../../../../shared/sim/cost/modelFormulas.ts';
import {
  simulatePipeline,
  type PipelineInput,
  type PipelineSchedule,
  type TimelineEvent,
} from '../../../../shared/sim/cost/pipelineSimulation.ts';
import { unwrap } from '../../../../shared/sim/result.ts';

const uniform = (n: number, t: number) => Array.from({ length: n }, () => t);
const run = (input: PipelineInput) => unwrap(simulatePipeline(input));
const SHORT: Record<TimelineEvent['kind'], string> = {
  forward: 'F',
  backward: 'B',
  recompute: 'R',
  send: 'S',
  recv: 'r',
  collective: 'C',
  idle: '_',
};
/** `F0:0-1` = forward of microbatch 0 from 0 s to 1 s; `_:1-4` idle. */
const trace = (events: readonly TimelineEvent[]) =>
  events.map((e) => `${SHORT[e.kind]}${e.microbatch ?? ''}:${e.startS}-${e.endS}`).join(' ');

describe('uniform stages agree with the closed forms (t_f 1, t_b 2, no send time)', () => {
  it.each([
    // schedule, p, m: makespan (m + p − 1)(t_f + t_b), bubble (p−1)/(m+p−1)
    ['gpipe', 4, 8], // 11·3 = 33, 3/11
    ['1f1b', 4, 8], // 33, 3/11
    ['1f1b', 8, 64], // 71·3 = 213, 7/71
    ['1f1b', 4, 3], // m < p: 6·3 = 18, 1/2
    ['gpipe', 1, 5], // one stage, no bubble: 15
    ['1f1b', 2, 1], // 2·3 = 6, 1/2
  ] as [PipelineSchedule, number, number][])('%s p %i m %i', (schedule, p, m) => {
    const r = run({
      schedule,
      stages: p,
      microbatches: m,
      forwardS: uniform(p, 1),
      backwardS: uniform(p, 2),
    });
    expect(r.stepS).toBe((m + p - 1) * 3);
    expect(r.bubbleFraction).toBeCloseTo(pipelineBubbleShare(p, m), 12);
  });

  it.each([
    // p, m, v; per-chunk t_f 1, t_b 2, so per device t_f = v, t_b = 2v.
    // makespan m(t_f + t_b) + (p−1)(t_f + t_b)/v = (m·v + p − 1)·3; bubble/ideal = (p−1)/(v·m)
    [2, 2, 2], // (4 + 1)·3 = 15; 1/4
    [4, 8, 2], // (16 + 3)·3 = 57; 3/16
    [4, 4, 2], // m = p (all warm-up): (8 + 3)·3 = 33; 3/8
    [4, 8, 3], // (24 + 3)·3 = 81; 1/8
    [8, 16, 4], // (64 + 7)·3 = 213; 7/64
    [3, 6, 2], // (12 + 2)·3 = 42; 1/6
  ])('interleaved p %i m %i v %i', (p, m, v) => {
    const r = run({
      schedule: 'interleaved',
      stages: p,
      microbatches: m,
      chunks: v,
      forwardS: uniform(p * v, 1),
      backwardS: uniform(p * v, 2),
    });
    const ideal = m * 3 * v;
    expect(r.stepS).toBe((m * v + p - 1) * 3);
    expect((r.stepS - ideal) / ideal).toBeCloseTo(pipelineBubbleOverIdeal(p, m, v), 12);
    expect(r.bubbleFraction).toBeCloseTo(pipelineBubbleShare(p, m, v), 12);
  });

  it('holds min(p, m) microbatches on stage 0 with 1F1B, m with GPipe, p + (p−1)/v interleaved', () => {
    const input = { stages: 4, microbatches: 8, forwardS: uniform(4, 1), backwardS: uniform(4, 2) };
    expect(run({ ...input, schedule: '1f1b' }).peakInFlight).toEqual([4, 3, 2, 1]); // p − d
    expect(run({ ...input, schedule: 'gpipe' }).peakInFlight).toEqual([8, 8, 8, 8]);
    expect(run({ ...input, schedule: '1f1b', microbatches: 2 }).peakInFlight[0]).toBe(2);
    // Interleaved p 4, v 2, m 8: Megatron warm-up 2(p−1) + (v−1)p = 10, + 1 in steady state = 11 chunks of
    // l/8 layers = 5.5 microbatches of l/4 layers = 4 + 3/2.
    const interleaved = run({
      ...input,
      schedule: 'interleaved',
      chunks: 2,
      forwardS: uniform(8, 1),
      backwardS: uniform(8, 2),
    });
    expect(interleaved.peakInFlight).toEqual([11, 9, 7, 5]);
    expect(interleaved.peakInFlight[0]! / 2).toBe(firstStageInFlightMicrobatches('interleaved', 4, 8, 2));
  });
});

describe('uneven stages: the slowest stage dominates', () => {
  it('GPipe p 2, m 2, stage 1 three times slower', () => {
    // t_f = [1, 3], t_b = [2, 6].
    // dev 0: F0 0–1, F1 1–2; dev 1: F0 1–4, F1 4–7, B0 7–13, B1 13–19; dev 0: B0 13–15, B1 19–21.
    // Makespan 21 = t_f0 + m(t_f1 + t_b1) + t_b0 = 1 + 2·9 + 2, not (m + p − 1)·max = 27.
    const r = run({ schedule: 'gpipe', stages: 2, microbatches: 2, forwardS: [1, 3], backwardS: [2, 6] });
    expect(r.stepS).toBe(21);
    expect(trace(r.events[0]!)).toBe('F0:0-1 F1:1-2 _:2-13 B0:13-15 _:15-19 B1:19-21');
    expect(trace(r.events[1]!)).toBe('_:0-1 F0:1-4 F1:4-7 B0:7-13 B1:13-19 _:19-21');
    // Idle: dev 0 11 + 4 = 15, dev 1 1 + 2 = 3 → 18 / (2·21).
    expect(r.bubbleFraction).toBeCloseTo(18 / 42, 15);
  });

  it('1F1B p 3, m 3, slow middle stage', () => {
    // t_f = [1, 2, 1], t_b = [2, 4, 2]. Orders: dev 0 F0 F1 F2 B0 B1 B2; dev 1 F0 F1 B0 F2 B1 B2;
    // dev 2 F0 B0 F1 B1 F2 B2.
    // dev 0: F0 0–1, F1 1–2, F2 2–3.   dev 1: F0 1–3, F1 3–5.   dev 2: F0 3–4, B0 4–6.
    // dev 1: B0 6–10 (waits 5–6 for dev 2's B0).   dev 2: F1 6–7 (needs dev 1's F1 at 5), B1 7–9.
    // dev 1: F2 10–12, B1 12–16.   dev 2: F2 12–13, B2 13–15.   dev 1: B2 16–20.
    // dev 0: B0 10–12, B1 16–18, B2 20–22. Makespan 22; dev 1 is busy 3·6 = 18 of it.
    const r = run({
      schedule: '1f1b',
      stages: 3,
      microbatches: 3,
      forwardS: [1, 2, 1],
      backwardS: [2, 4, 2],
    });
    expect(r.stepS).toBe(22);
    expect(trace(r.events[1]!)).toBe('_:0-1 F0:1-3 F1:3-5 _:5-6 B0:6-10 F2:10-12 B1:12-16 B2:16-20 _:20-22');
    expect(trace(r.events[0]!)).toBe(
      'F0:0-1 F1:1-2 F2:2-3 _:3-10 B0:10-12 _:12-16 B1:16-18 _:18-20 B2:20-22',
    );
    // Busy 9 + 18 + 9 = 36 of 3·22 = 66 → bubble 30/66.
    expect(r.bubbleFraction).toBeCloseTo(30 / 66, 15);
    expect(r.peakInFlight).toEqual([3, 2, 1]);
  });
});

describe('sends, receives and recompute', () => {
  it('GPipe p 2, m 1 with a 0.5 s send each way', () => {
    // dev 0: F0 0–1, send 1–1.5; dev 1 receives 1–1.5, F0 1.5–2.5, B0 2.5–4.5, sends 4.5–5;
    // dev 0 waits (idle 1.5–4.5, receiving 4.5–5), B0 5–7.
    const r = run({
      schedule: 'gpipe',
      stages: 2,
      microbatches: 1,
      forwardS: [1, 1],
      backwardS: [2, 2],
      sendS: 0.5,
    });
    expect(r.stepS).toBe(7);
    expect(trace(r.events[0]!)).toBe('F0:0-1 S0:1-1.5 _:1.5-4.5 r0:4.5-5 B0:5-7');
    expect(trace(r.events[1]!)).toBe('_:0-1 r0:1-1.5 F0:1.5-2.5 B0:2.5-4.5 S0:4.5-5 _:5-7');
    expect(r.idleS).toEqual([3, 3]);
    expect(r.bubbleFraction).toBeCloseTo(6 / 14, 15);
  });

  it('runs recompute right before each backward', () => {
    // One stage, m 2: F0 0–1, F1 1–2, R0 2–3, B0 3–5, R1 5–6, B1 6–8.
    const r = run({
      schedule: 'gpipe',
      stages: 1,
      microbatches: 2,
      forwardS: [1],
      backwardS: [2],
      recomputeS: [1],
    });
    expect(trace(r.events[0]!)).toBe('F0:0-1 F1:1-2 R0:2-3 B0:3-5 R1:5-6 B1:6-8');
    expect(r.bubbleFraction).toBe(0);
  });

  it('tags interleaved events with their chunk', () => {
    const r = run({
      schedule: 'interleaved',
      stages: 2,
      microbatches: 2,
      chunks: 2,
      forwardS: uniform(4, 1),
      backwardS: uniform(4, 2),
    });
    // Device 0 runs chunk 0 for microbatches 0, 1, then chunk 1 (model stage 2) for 0, 1.
    const forwards = r.events[0]!.filter((e) => e.kind === 'forward').map((e) => [e.microbatch, e.chunk]);
    expect(forwards).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]);
    expect(r.deviceEvents(1)).toBe(r.deviceEvents(1)); // cached
  });
});

describe('the interleaved schedule with one chunk per device', () => {
  // Nothing to interleave: it is 1F1B, as Megatron runs a pipeline without virtual stages. It used to warm up
  // 2(p−d−1) microbatches (sim audit, stop 47: the README plan's memory 55.10 GB against 1F1B's 50.88 GB)
  // and to refuse microbatch counts 1F1B takes.
  it.each([
    [4, 8],
    [8, 4],
    [3, 7],
  ])('p %i, m %i: the same step, events and activations in flight as 1F1B', (p, m) => {
    const input = {
      stages: p,
      microbatches: m,
      forwardS: uniform(p, 1),
      backwardS: uniform(p, 2),
      sendS: 0.1,
    };
    const a = run({ ...input, schedule: 'interleaved', chunks: 1 });
    const b = run({ ...input, schedule: '1f1b' });
    expect(a.stepS).toBe(b.stepS);
    expect(a.peakInFlight).toEqual(b.peakInFlight);
    for (let d = 0; d < p; d++) expect(trace(a.events[d]!)).toBe(trace(b.events[d]!));
  });
});

describe('input mistakes come back as ValueError', () => {
  const base: PipelineInput = {
    schedule: '1f1b',
    stages: 4,
    microbatches: 8,
    forwardS: uniform(4, 1),
    backwardS: uniform(4, 2),
  };
  it.each([
    [
      {
        schedule: 'interleaved',
        chunks: 2,
        microbatches: 6,
        forwardS: uniform(8, 1),
        backwardS: uniform(8, 1),
      },
      'multiple of the pipeline stages (4)',
    ],
    [{ chunks: 2 }, 'Only the interleaved schedule'],
    [{ stages: 0 }, 'positive integer'],
    [{ microbatches: 2.5 }, 'positive integer'],
    [{ forwardS: [1, 1] }, 'one time per model stage (p·v = 4), got 2'],
    [{ backwardS: [1, 1, -1, 1] }, 'non-negative'],
    [{ sendS: Number.NaN }, 'sendS'],
    [{ schedule: 'zero-bubble' }, "Unknown pipeline schedule 'zero-bubble'"],
    [{ microbatches: 1 << 20 }, 'too large'],
  ] as [Partial<PipelineInput>, string][])('%j', (patch, fragment) => {
    const result = simulatePipeline({ ...base, ...patch });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.type).toBe('ValueError');
      expect(result.error.message).toContain(fragment);
    }
  });
});
