// `sim train` puts the data-parallel gradient reductions on each device's timeline as 'collective' events,
// at the times gradientOverlap.ts prices them, and the trace shows them on a link track per device.
import { describe, expect, it } from 'vitest';
import { deviceIdsText } from '../../../../shared/sim/deviceIdsText.ts';
import { LINK_TID_OFFSET } from '../../../../shared/sim/export/chromeTrace.ts';
import { stageDevices } from '../../../../shared/sim/train/trainReport.ts';
import { DESIGN_EXAMPLE, report, simulate, withChanges } from './helpers.ts';

describe('sim train timeline with dp > 1', () => {
  const sim = simulate(DESIGN_EXAMPLE);
  const { pp: p, dp } = DESIGN_EXAMPLE.parallel;
  const timeline = sim.timelineWithCollectives;

  it('has collective events on every device, after its last backward begins', () => {
    expect(dp).toBeGreaterThan(1);
    for (let d = 0; d < p; d++) {
      const events = timeline.deviceEvents(d);
      const collectives = events.filter((e) => e.kind === 'collective');
      expect(collectives.length).toBeGreaterThan(0);
      // The last backward task begins with its recompute (full recompute), as gradientOverlap.ts prices it.
      const last = events.filter((e) => e.kind === 'backward').at(-1)!;
      const begins = Math.min(
        last.startS,
        ...events
          .filter((e) => e.kind === 'recompute' && e.microbatch === last.microbatch)
          .map((e) => e.startS),
      );
      for (const c of collectives) expect(c.startS).toBeGreaterThanOrEqual(begins - 1e-12);
      // One at a time on the link, in start order.
      for (let i = 1; i < collectives.length; i++)
        expect(collectives[i]!.startS).toBeGreaterThanOrEqual(collectives[i - 1]!.endS - 1e-12);
      // Their total is the priced reduction, and the queue ends where the exposed part says.
      const total = collectives.reduce((a, e) => a + (e.endS - e.startS), 0);
      expect(total).toBeCloseTo(sim.gradientReductionS[d]!, 9);
      expect(collectives.at(-1)!.endS).toBeCloseTo(timeline.endS[d]! + sim.exposedGradientS[d]!, 9);
    }
    // A middle stage reduces its layers' gradients only.
    const perDevice = DESIGN_EXAMPLE.model.layers / p;
    const perLayer = sim.blocks.layer.gradients.reduce((a, g) => a + g.durationS, 0);
    expect(sim.gradientReductionS[1]).toBeCloseTo(perDevice * perLayer, 9);
    expect(perLayer).toBeGreaterThan(0);
  });

  it('starts them after the last backward begins without recompute too', () => {
    const plain = simulate(
      withChanges(DESIGN_EXAMPLE, { parallel: { recompute: 'none' } }),
    ).timelineWithCollectives;
    for (let d = 0; d < p; d++) {
      const events = plain.deviceEvents(d);
      const last = events.filter((e) => e.kind === 'backward').at(-1)!;
      const first = events.find((e) => e.kind === 'collective')!;
      expect(first.startS).toBeGreaterThanOrEqual(last.startS - 1e-12);
    }
  });

  it('leaves the pipeline figures and the compute events alone', () => {
    expect(timeline.bubbleFraction).toBe(sim.timeline.bubbleFraction);
    expect(timeline.idleS).toEqual(sim.timeline.idleS);
    for (let d = 0; d < p; d++)
      expect(timeline.deviceEvents(d).filter((e) => e.kind !== 'collective')).toEqual(
        sim.timeline.deviceEvents(d),
      );
  });

  it('names each stage track by the devices the stage holds (data 8 × stage 8 × model 8: 64 strided ids)', () => {
    const trace = report({ ...DESIGN_EXAMPLE, exports: ['trace'] }).trace!;
    const name = (tid: number) => trace.traceEvents.find((e) => e.ph === 'M' && e.tid === tid)?.args?.name;
    // Stage s holds data d × model m at id d·64 + s·8 + m: eight runs of eight, 64 apart.
    const runs = (s: number) =>
      Array.from({ length: 8 }, (_, d) => `${d * 64 + s * 8}–${d * 64 + s * 8 + 7}`).join(', ');
    expect(name(0)).toBe(`stage 0 (devices ${runs(0)})`);
    expect(name(7)).toBe(`stage 7 (devices ${runs(7)})`);
    expect(name(0)).toContain('0–7, 64–71, 128–135');
    const held = stageDevices(sim.blocks.mesh, p);
    expect(held.map((ids) => ids.length)).toEqual(Array(p).fill(64));
    expect(new Set(held.flat()).size).toBe(512);
    // The memory report's representative device is the stage's first.
    sim.memory.forEach((m, s) => expect(held[s]![0]).toBe(m.device));
  });

  it('ends the trace where the step ends: each stage’s tail (reduction, tied embedding, optimizer step) follows its pipeline work', () => {
    // `sim train`'s trace stopped at the pipeline's end: 54.664 s of a 54.760 s step, no optimizer step
    const r = report({ ...DESIGN_EXAMPLE, exports: ['trace'] });
    const events = r.trace!.traceEvents.filter((e) => e.ph === 'X');
    const end = Math.max(...events.map((e) => e.ts + e.dur!));
    expect(end / 1e6).toBeCloseTo(r.iterationTimeS, 6);
    for (let d = 0; d < p; d++) {
      const onDevice = events.filter((e) => e.tid === d);
      const updates = onDevice.filter((e) => e.name === 'optimizer step');
      expect(updates, `stage ${d}`).toHaveLength(1);
      expect(updates[0]!.ts / 1e6).toBeCloseTo(
        sim.timeline.endS[d]! + sim.tails[d]!.gradientS + sim.tails[d]!.tiedS,
        6,
      );
    }
    // the tied embeddings' all-reduce on the first and last stage's links only
    const tied = events.filter((e) => e.name.startsWith('tied embedding')).map((e) => e.tid);
    expect(tied.sort((a, b) => a - b)).toEqual([LINK_TID_OFFSET, p - 1 + LINK_TID_OFFSET]);
  });

  it('exports them to the trace on a link track per device', () => {
    const trace = report({ ...DESIGN_EXAMPLE, exports: ['trace'] }).trace!;
    for (let d = 0; d < p; d++) {
      const tid = d + LINK_TID_OFFSET;
      const name = trace.traceEvents.find((e) => e.ph === 'M' && e.tid === tid)?.args?.name;
      expect(name).toBe(`stage ${d} (devices ${deviceIdsText(stageDevices(sim.blocks.mesh, p)[d]!)}): links`);
      // the reductions (the tail's tied all-reduce and ZeRO gather share the track, by name)
      const onLink = trace.traceEvents.filter(
        (e) => e.ph === 'X' && e.tid === tid && e.name === 'collective',
      );
      expect(onLink.length).toBeGreaterThan(0);
      expect(onLink.every((e) => e.cat === 'collective')).toBe(true);
      const total = onLink.reduce((a, e) => a + e.dur!, 0);
      expect(total / 1e6).toBeCloseTo(sim.gradientReductionS[d]!, 4);
      const onDevice = trace.traceEvents.filter((e) => e.ph === 'X' && e.tid === d);
      expect(onDevice.some((e) => e.cat === 'collective')).toBe(false);
    }
  });
});

describe('sim train with overlapGradReduce false (Megatron-LM 2021 `--DDP-impl local`)', () => {
  const overlapped = simulate(DESIGN_EXAMPLE);
  const after = simulate(withChanges(DESIGN_EXAMPLE, { parallel: { overlapGradReduce: false } }));
  const p = DESIGN_EXAMPLE.parallel.pp;

  it('exposes the whole reduction: it starts when the last backward task ends', () => {
    for (let d = 0; d < p; d++) {
      expect(after.exposedGradientS[d]).toBeCloseTo(after.gradientReductionS[d]!, 12);
      expect(after.gradientReductionS[d]).toBeCloseTo(overlapped.gradientReductionS[d]!, 12);
      const first = after.timelineWithCollectives.deviceEvents(d).find((e) => e.kind === 'collective')!;
      expect(first.startS).toBeCloseTo(after.timeline.endS[d]!, 12);
    }
    expect(overlapped.exposedGradientS[1]!).toBeLessThan(overlapped.gradientReductionS[1]!);
  });

  it('adds, on a middle stage, 12 layers of a ring all-reduce of the 16-bit layer over 8 nodes', () => {
    // Per GPU a layer holds 12h²/8 weights + 6.875h of biases and layer-norm gains (QKV's and W1's biases
    // split, the rest replicated): S = 2·(226,492,416 + 84,480) = 453,153,792 bytes; the ring all-reduce
    // over dp 8 on InfiniBand (25 GB/s, α 9.6 µs) takes 2·7·α + 2·(7/8)·S/B = 0.134 + 31.721 = 31.855 ms;
    // × 12 layers = 0.382 s, all of it after the last backward task.
    const h = 12288;
    const S = 2 * ((12 * h * h) / 8 + 6.875 * h);
    const perLayer = 2 * 7 * 9.6e-6 + ((2 * 7) / 8) * (S / 25e9);
    expect(after.gradientReductionS[1]).toBeCloseTo(12 * perLayer, 4);
    expect(after.exposedGradientS[1]).toBeCloseTo(12 * perLayer, 4);
  });

  it('makes the step longer by what overlap used to hide on the critical device', () => {
    expect(after.stepS).toBeGreaterThan(overlapped.stepS);
    expect(after.stepS - overlapped.stepS).toBeLessThanOrEqual(Math.max(...after.gradientReductionS) + 1e-9);
  });
});
