// Exports for the sandbox and the score screen (docs/design.md §5.1): the plan as runnable JAX — jax.jit with
// shardings (jaxSnippet.ts) or jax.shard_map with the player's collectives (shardMapSnippet.ts), at the
// tasting scale (runs on a laptop with forced CPU devices) or the banquet scale; for the Megatron levels, one
// transformer layer of the layout — and the step's timeline as a Chrome trace (Perfetto opens it).
import type { ChromeTrace, TraceEvent } from '../sim/export/chromeTrace.ts';
import { jaxSnippet } from '../sim/export/jaxSnippet.ts';
import { shardMapSnippet } from '../sim/export/shardMapSnippet.ts';
import { simulateTrain } from '../sim/train/simulateTrain.ts';
import { parseTrainRequest } from '../sim/train/trainRequest.ts';
import type { GameResult } from './errors.ts';
import { fromSim } from './explain.ts';
import type { StepTimeline } from './evaluation.ts';
import type { Level } from './level.ts';
import { trainDocument } from './planDocuments.ts';
import type { PlanState } from './planState.ts';
import { prepareTasting } from './prepareTasting.ts';
import type { Scale } from './scenarioProgram.ts';

/**
 * The plan as a JAX program (Python source).
 * @example exportJax(level, level.reference) // { ok: true, value: '# Mesh Kitchen: The fridge is too small …' }
 */
export function exportJax(level: Level, state: PlanState, scale: Scale = 'tasting'): GameResult<string> {
  const title = `Mesh Kitchen: ${level.title.en}`;
  const s = level.scenario;
  if (s.engine === 'tasting+pricing') {
    const prepared = fromSim(prepareTasting(s, state));
    if (!prepared.ok) return prepared;
    const plan = scale === 'tasting' ? prepared.value.tasting : prepared.value.banquet;
    return {
      ok: true,
      value:
        plan.kind === 'spmd'
          ? jaxSnippet(plan.plan, { title: `${title} (${scale} scale)` })
          : shardMapSnippet(plan.shardMap, prepared.value.mesh, `${title} (${scale} scale)`),
    };
  }
  const doc = trainDocument(s, state);
  if (!doc.ok) return doc;
  const req = fromSim(parseTrainRequest(doc.value));
  if (!req.ok) return req;
  const sim = fromSim(simulateTrain(req.value));
  if (!sim.ok) return sim;
  const { tp, pp, dp } = req.value.parallel;
  return {
    ok: true,
    value: jaxSnippet(sim.value.blocks.layer.plan, {
      mesh: sim.value.blocks.mesh,
      skip: sim.value.blocks.megatron.harness,
      title: `${title}: one transformer layer (tp ${tp}, dp ${dp}; each of the ${pp} stages runs ${s.model.layers / pp})`,
    }),
  };
}

/** Microseconds, rounded to the nanosecond (as chromeTrace.ts). */
const us = (s: number): number => Math.round(s * 1e9) / 1e3;

/**
 * The timeline as Chrome trace-event JSON: one thread per lane (named by its label and devices), one
 * complete event per non-idle event; overlapped events (gradient reductions) on a second thread of the lane.
 */
export function timelineTrace(timeline: StepTimeline): ChromeTrace {
  const events: TraceEvent[] = [];
  timeline.lanes.forEach((lane, i) => {
    const first = lane.devices[0] ?? 0;
    const last = lane.devices[lane.devices.length - 1] ?? first;
    const name = `${lane.label.en} (devices ${first}${last !== first ? `–${last}` : ''})`;
    events.push({ name: 'thread_name', ph: 'M', ts: 0, pid: 0, tid: 2 * i, args: { name } });
    events.push({
      name: 'thread_name',
      ph: 'M',
      ts: 0,
      pid: 0,
      tid: 2 * i + 1,
      args: { name: `${name}: overlapped` },
    });
    for (const e of lane.events) {
      if (e.kind === 'idle') continue;
      events.push({
        name: e.label ?? (e.microbatch === undefined ? e.kind : `${e.kind} mb ${e.microbatch}`),
        cat: e.kind,
        ph: 'X',
        ts: us(e.startS),
        dur: us(e.endS - e.startS),
        pid: 0,
        tid: e.overlapped ? 2 * i + 1 : 2 * i,
      });
    }
  });
  return { traceEvents: events, displayTimeUnit: 'ms' };
}
