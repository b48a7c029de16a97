// The one builder of a tasted program: the registry's model at the given dims, as a training step (forward,
// backward and the optimizer's update — the request's optimizer, else the model's) or its forward pass, with
// the inputs the step starts from (the model's seeded data and weights, zeroed optimizer state). `sim taste`
// and the game's two scales all build through here. At a mixed precision (the game's banquet scale, priced,
// never run) the values are stored in 16 bits and the update runs on fp32 master copies (autodiff.ts).
import { modelEntry } from '../models/modelRegistry.ts';
import type { TrainingPrecision } from '../cost/memory.ts';
import { buildTrainStep, zeroOptimizerState, type Optimizer } from '../program/autodiff.ts';
import type { Program } from '../program/ir.ts';
import { storedIn } from '../program/storedIn.ts';
import { err, ok, type Result } from '../result.ts';
import type { NdArray } from '../tensor/ndarray.ts';

/** A built step: the program and the inputs it starts from. */
export interface BuiltStep {
  readonly program: Program;
  /** The step's inputs for `seed` (fresh arrays on every call: a tasting may recycle them). */
  readonly inputs: (seed: number) => Map<string, NdArray>;
  /** The update rule a training step ends with; null for a forward pass. */
  readonly optimizer: Optimizer['kind'] | null;
}

/**
 * Builds `name` at `dims` (the registry's defaults for the rest), its values stored as `precision` says. An
 * unknown model or a shape the builder refuses is a ValueError; training an inference model is an InputError.
 * @example buildStep('mlp2', {}, 'train').ok // true
 */
export function buildStep(
  name: string,
  dims: Readonly<Record<string, number>>,
  step: 'train' | 'forward',
  optimizer?: Optimizer,
  precision: TrainingPrecision = 'fp32',
): Result<BuiltStep> {
  const found = modelEntry(name);
  if (!found.ok) return found;
  const entry = found.value;
  const full = { ...entry.dims, ...dims };
  let model;
  try {
    model = entry.build(full);
  } catch (e) {
    return err(
      'model/cannot-build',
      { model: name, reason: (e as Error).message },
      `${name} cannot be built with ${JSON.stringify(dims)}: ${(e as Error).message}`,
    );
  }
  if (step === 'train' && model.kind !== 'training')
    return err(
      'model/inference-only',
      { model: name },
      `step: ${name} is an inference model; taste it with "step": "forward"`,
    );
  const update = step === 'train' ? (optimizer ?? model.optimizer!) : null;
  const mixed = precision !== 'fp32';
  const forward = storedIn(model.program, precision === 'fp16-mixed' ? 'f16' : mixed ? 'bf16' : 'f32');
  const program = update ? buildTrainStep(forward, model.loss!, update, mixed) : forward;
  const inputs = (seed: number) =>
    new Map([...model.initialInputs(seed), ...zeroOptimizerState(program, 'f32')]);
  return ok({ program, inputs, optimizer: update?.kind ?? null });
}
