// Test helpers for auto mode: build a one-einsum program, plan it, run it and taste it.
import { makeMesh, type Mesh } from '../../../../shared/sim/mesh.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { ProgramBuilder } from '../../../../shared/sim/program/ProgramBuilder.ts';
import type { Program } from '../../../../shared/sim/program/ir.ts';
import { interpret } from '../../../../shared/sim/program/interpret.ts';
import { planAuto, type AutoAnnotations } from '../../../../shared/sim/spmd/autoMode.ts';
import { executePlan } from '../../../../shared/sim/spmd/executePlan.ts';
import { tasteOutputs } from '../../../../shared/sim/taste/tasteOutputs.ts';
import { createRng, fillNormal } from '../../../../shared/sim/rng.ts';
import type { NdArray } from '../../../../shared/sim/tensor/ndarray.ts';
import type { SpmdPlan } from '../../../../shared/sim/spmd/partition.ts';
import type { ModelSpec } from '../../../../shared/sim/models/ModelSpec.ts';
import { buildTrainStep, zeroOptimizerState } from '../../../../shared/sim/program/autodiff.ts';

export const mesh = (...axes: [string, number][]): Mesh => unwrap(makeMesh(axes));

/** `out = einsum(equation, a, b)` with inputs named a and b. */
export function einsumProgram(equation: string, aShape: number[], bShape: number[]): Program {
  const b = new ProgramBuilder();
  const x = b.input('a', aShape, 'data');
  const y = b.input('b', bShape, 'data');
  b.output('out', b.einsum(equation, x, y, 'out'));
  return b.build();
}

export function randomInputs(program: Program, seed: number): Map<string, NdArray> {
  const rng = createRng(seed);
  return new Map(
    program.values
      .filter((v) => v.node.kind === 'input')
      .map((v) => [v.name, fillNormal(v.shape, 1, rng, 'f32')]),
  );
}

/** Plans, executes and tastes `program` under `ann`; throws on a planning error. */
export function runAuto(m: Mesh, program: Program, ann: AutoAnnotations, seed = 1) {
  const plan: SpmdPlan = unwrap(planAuto(m, program, ann));
  const inputs = randomInputs(program, seed);
  const execution = executePlan(plan, inputs);
  const reference = interpret(program, inputs, 'f64');
  return { plan, execution, tasting: tasteOutputs(m, program, execution.values, reference) };
}

/** The inserted collectives as short strings: `kind(axes) value@at/place`. */
export function collectiveSummary(plan: SpmdPlan): string[] {
  const name = (id: number) => plan.program.values[id]!.name;
  return plan.collectives.map(
    (c) => `${c.kind}(${c.axes.join(',')}) ${name(c.value)}${c.place === 'result' ? '' : `→${name(c.at)}`}`,
  );
}

/** A model's training step (forward, backward, update) planned and run in auto mode. */
export function runTrainStep(m: Mesh, model: ModelSpec, ann: AutoAnnotations, seed = 7) {
  const program = buildTrainStep(model.program, model.loss!, model.optimizer!);
  const inputs = new Map([...model.initialInputs(seed), ...zeroOptimizerState(program, 'f32')]);
  const plan: SpmdPlan = unwrap(planAuto(m, program, ann));
  const execution = executePlan(plan, inputs);
  const reference = interpret(program, inputs, 'f64');
  return { plan, execution, tasting: tasteOutputs(m, program, execution.values, reference) };
}

/** Collective summaries of one phase. */
export const inPhase = (plan: SpmdPlan, phase: string): string[] =>
  collectiveSummary({ ...plan, collectives: plan.collectives.filter((c) => c.phase === phase) });
