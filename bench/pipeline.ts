// Pipeline simulation speed: 1F1B over p 8 × m 64, and interleaved 1F1B over p 64 × m 512 × v 2 (the
// Megatron 1T-parameter shape: 64 stages, batch 3072 over 6 data-parallel replicas). Stage times are
// GPT-3-like round numbers with a small send; only the simulation is timed, then reading every event.
import { simulatePipeline, type PipelineInput } from '../shared/sim/cost/pipelineSimulation.ts';
import { unwrap } from '../shared/sim/result.ts';
import { measure } from './measure.ts';

const uniform = (n: number, t: number) => Array.from({ length: n }, () => t);

function pipelineInput(schedule: PipelineInput['schedule'], p: number, m: number, v: number): PipelineInput {
  return {
    schedule,
    stages: p,
    microbatches: m,
    chunks: v,
    forwardS: uniform(p * v, 0.03 / v),
    backwardS: uniform(p * v, 0.06 / v),
    sendS: 1e-3,
  };
}

/** Median milliseconds to simulate each case, and to simulate and build every timeline event object. */
export function benchPipeline() {
  const cases = [
    ['1F1B p 8 × m 64', pipelineInput('1f1b', 8, 64, 1)],
    ['interleaved p 64 × m 512 × v 2', pipelineInput('interleaved', 64, 512, 2)],
  ] as const;
  return {
    name: 'pipeline simulation (ms per step simulated)',
    cases: cases.map(([label, input]) => {
      const sample = unwrap(simulatePipeline(input));
      return {
        case: label,
        events: sample.events.reduce((n, list) => n + list.length, 0),
        stepS: Number(sample.stepS.toFixed(6)),
        bubbleFraction: Number(sample.bubbleFraction.toFixed(6)),
        simulate: measure(`simulatePipeline ${label}`, () => simulatePipeline(input)),
        simulateAndReadEvents: measure(`simulatePipeline + events ${label}`, () => {
          const r = simulatePipeline(input);
          return r.ok ? r.value.events : undefined;
        }),
      };
    }),
  };
}
