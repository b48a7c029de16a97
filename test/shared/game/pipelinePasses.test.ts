// A pipeline's passes say what each one costs: with a tensor-parallel stage boundary between nodes, Megatron's
// scatter/gather sends 1/t of the activation over the wire and the receiver all-gathers it over its model
// kitchens. The ppermute said 4.18 ms for 6.29 MB on a 25 GB/s window, the 94 MB gather inside it and listed
// nowhere; now each is its own pass, and together they are still the time the kitchen's lane spends sending.
import { describe, expect, it } from 'vitest';
import { evaluatePlan, levelById } from '../../../shared/index.ts';

describe('pipeline passes', () => {
  const level = levelById('the-profiler')!;
  const r = evaluatePlan(level, level.start);
  if (!r.ok) throw new Error(r.error.message);
  const { pricing, timeline } = r.evaluation;
  const pipeline = pricing.collectives.filter((c) => c.scope === 'pipeline');
  const model = level.start.mesh.find((a) => a.name === 'model')!.size;
  const send = pipeline.find((c) => c.kind === 'ppermute')!;
  const gather = pipeline.find((c) => c.kind === 'all-gather')!;

  it('a ppermute is priced as the wire: 1/t of b·s·h over 25 GB/s, plus the network latency', () => {
    expect(model).toBe(16);
    expect(send.link).toBe('inter');
    expect(send.timeS).toBeGreaterThan(send.bytesPerDevice / 25e9);
    expect(send.timeS).toBeLessThan(send.bytesPerDevice / 25e9 + 50e-6);
  });

  it('the receiver’s gather is listed: (t−1)/t of b·s·h over the model kitchens, once per tensor received', () => {
    expect(gather.axes).toEqual(['model']);
    expect(gather.bytesPerDevice).toBeCloseTo((send.bytesPerDevice * model * (model - 1)) / model, 0);
    expect(gather.perStep).toBe(send.perStep);
    expect(gather.timeS).toBeGreaterThan(send.timeS);
  });

  it('the two together are the lane’s send time, as the timeline draws it', () => {
    const lane = timeline.lanes[timeline.criticalLane]!;
    const drawn = lane.events.filter((e) => e.kind === 'send').reduce((s, e) => s + e.endS - e.startS, 0);
    const listed = pipeline
      .filter((c) => c.kind !== 'all-reduce')
      .reduce((s, c) => s + c.timeS * c.perStep, 0);
    expect(listed).toBeCloseTo(drawn, 9);
  });

  it('with sequence parallelism nothing is gathered: the next layer takes the sequence slice as it comes', () => {
    const sp = evaluatePlan(level, { ...level.start, sequenceParallel: true });
    if (!sp.ok) throw new Error(sp.error.message);
    const kinds = sp.evaluation.pricing.collectives.filter((c) => c.scope === 'pipeline').map((c) => c.kind);
    expect(kinds).not.toContain('all-gather');
  });
});
