// evaluatePlan as data: deterministic (the same level and plan give deep-equal, JSON-ready evaluations),
// the step's parts add up, the timeline covers the step without gaps, and plans outside the level's limits
// are refused rather than evaluated.
import { describe, expect, it } from 'vitest';
import { evaluatePlan } from '../../../shared/game/evaluatePlan.ts';
import type { Evaluation } from '../../../shared/game/evaluation.ts';
import { exportJax, timelineTrace } from '../../../shared/game/exportPlan.ts';
import { planState } from '../../../shared/game/planState.ts';
import { evaluate, level } from './helpers.ts';

const CASES = ['column-then-row', 'the-tasting', 'tasting-menu', 'courses', 'the-profiler'] as const;

/** The lane's events that are not overlapped cover [0, stepS] back to back. */
function expectGapFree(e: Evaluation): void {
  for (const lane of e.timeline.lanes) {
    const events = lane.events.filter((x) => !x.overlapped);
    let clock = 0;
    for (const x of events) {
      expect(x.startS).toBeCloseTo(clock, 9);
      expect(x.endS).toBeGreaterThanOrEqual(x.startS);
      clock = x.endS;
    }
    expect(clock).toBeCloseTo(e.timeline.stepS, 9);
  }
}

describe.each(CASES)('%s', (id) => {
  const l = level(id);
  const first = evaluate(l, l.reference);
  it('is deterministic and plain data', () => {
    expect(evaluate(l, l.reference)).toEqual(first);
    expect(JSON.parse(JSON.stringify(first))).toEqual(first);
  });
  it('adds up: the breakdown is the step, tokens/s is tokens over the step', () => {
    const p = first.pricing;
    const b = p.breakdownS;
    expect(b.compute + b.communication + b.bubble).toBeCloseTo(p.stepS, 6);
    expect(p.tokensPerS).toBeCloseTo(p.tokensPerStep / p.stepS, 6);
    expect(p.parallelEfficiency).toBeGreaterThan(0);
    expect(p.parallelEfficiency).toBeLessThanOrEqual(1);
    expect(first.timeline.stepS).toBeCloseTo(p.stepS, 9);
  });
  it('has a gap-free timeline whose lanes cover every device once', () => {
    expectGapFree(first);
    const devices = first.timeline.lanes.flatMap((lane) => lane.devices).sort((a, b) => a - b);
    expect(devices).toEqual(Array.from({ length: first.pricing.devices }, (_, d) => d));
    const grouped = first.pricing.memory.groups.flatMap((g) => g.devices).sort((a, b) => a - b);
    expect(grouped).toEqual(devices);
  });
  it('exports the plan as JAX and the timeline as a trace', () => {
    const jax = exportJax(l, l.reference);
    expect(jax.ok && jax.value.includes('import jax')).toBe(true);
    const trace = timelineTrace(first.timeline);
    expect(trace.traceEvents.some((t) => t.ph === 'X')).toBe(true);
  });
});

describe('the gradient reduction runs behind the backward pass', () => {
  it('data parallel: the reductions are overlapped and, here, fully hidden', () => {
    const l = level('myth-always-model-parallel');
    const e = evaluate(l, l.reference);
    const lane = e.timeline.lanes[0]!;
    expect(lane.events.filter((x) => x.overlapped).length).toBeGreaterThan(0);
    expect(e.pricing.breakdownS.communication).toBeLessThan(e.pricing.commTotalS);
  });
});

describe('refusals', () => {
  it('a plan outside the level’s limits is refused, not evaluated', () => {
    const l = level('fridge-too-small');
    const r = evaluatePlan(l, planState({ mesh: [{ name: 'model', size: 8 }] }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.type).toBe('LevelRule');
  });
  it('an invalid plan comes back with the core’s message', () => {
    const l = level('fridge-too-small');
    const r = evaluatePlan(l, planState({ mesh: l.start.mesh, specs: { w1: ['nope', null] } }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/Resource axis: nope/);
  });
});

describe('throughput unit', () => {
  it.each([
    ['myth-pmap-is-pjit', 'examples'], // an MLP: one row per example
    ['giant-spice-rack', 'examples'], // one request per example
    ['myth-model-parallel-is-copying', 'tokens'], // a transformer layer: batch × seq positions
    ['the-banquet', 'tokens'],
  ] as const)('%s counts %s', (id, unit) => {
    expect(evaluate(level(id), level(id).reference).pricing.throughputUnit).toBe(unit);
  });
});

describe('topology for the global view', () => {
  it('groups 16 kitchens across floors of 4: the model row of 16 crosses nodes', () => {
    // myth-more-shards-are-faster's trap: one row of 16 kitchens, 4 per node ⇒ the row's windows are inter-node.
    const l = level('myth-more-shards-are-faster');
    const trap = evaluate(l, l.trap.plan).pricing.topology;
    expect(trap.devicesPerNode).toBe(4);
    expect(trap.axes.map((a) => a.link)).toEqual(['inter']);
    expect(evaluate(l, l.reference).pricing.topology.axes.every((a) => a.link === 'intra')).toBe(true);
  });
  it('the banquet keeps tensor parallelism inside a node and data parallelism across nodes', () => {
    const l = level('the-banquet');
    const axes = evaluate(l, l.reference).pricing.topology.axes;
    expect(Object.fromEntries(axes.map((a) => [a.axis, a.link]))).toEqual({
      data: 'inter',
      stage: 'inter',
      model: 'intra',
    });
  });
});
