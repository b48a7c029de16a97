// The tasting of the transformer block on 8 devices (data 2 × model 4, Megatron layout: attention heads
// and the MLP's hidden dim split over model, the batch over data): forward + backward + SGD update, timed
// as a whole and by part (planning, the sharded execution, the float64 reference).
import { unwrap } from '../shared/sim/result.ts';
import { parseTasteRequest } from '../shared/sim/taste/tasteRequest.ts';
import { buildStep } from '../shared/sim/taste/buildStep.ts';
import { tastePlan } from '../shared/sim/taste/tastePlan.ts';
import { planAuto } from '../shared/sim/spmd/autoMode.ts';
import { executePlan } from '../shared/sim/spmd/executePlan.ts';
import { interpret } from '../shared/sim/program/interpret.ts';
import { performance } from 'node:perf_hooks';
import { measure } from './measure.ts';

export const TRANSFORMER_BLOCK_PLAN = {
  model: { name: 'transformerBlock' },
  mesh: {
    axes: [
      ['data', 2],
      ['model', 4],
    ],
  },
  mode: 'auto',
  inShardings: {
    x: ['data', null, null],
    target: ['data', null, null],
    wqkv: [null, null, 'model', null],
    wo: ['model', null, null],
    w1: [null, 'model'],
    w2: ['model', null],
  },
};

export function benchTaste() {
  const req = unwrap(parseTasteRequest(TRANSFORMER_BLOCK_PLAN));
  const first = performance.now();
  const report = unwrap(tastePlan(req));
  const firstCallMs = performance.now() - first;
  const built = unwrap(buildStep(req.model, req.dims, req.step, req.optimizer));
  const program = built.program;
  const inputs = built.inputs(req.seed);
  const plan = unwrap(planAuto(req.mesh, program, req));
  return {
    plan: 'transformerBlock, Mesh(data 2, model 4), train step',
    tastesRight: report.ok,
    values: program.values.length,
    collectives: report.collectives.length,
    firstCallMs,
    // Steady state (after V8 has optimised the hot paths) and, separately, the very first call.
    whole: measure('taste (build + plan + run + reference + compare)', () => tastePlan(req), { warmup: 50 }),
    parts: [
      measure('plan (propagate + partition)', () => planAuto(req.mesh, program, req)),
      measure('sharded execution on 8 devices', () => executePlan(plan, inputs)),
      measure('float64 reference', () => interpret(program, inputs, 'f64')),
    ],
  };
}
