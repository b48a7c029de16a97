// The models of the game's levels: a forward program plus how to fill its inputs at the tasting scale.
import type { Optimizer } from '../program/autodiff.ts';
import type { Program, ValueId } from '../program/ir.ts';
import type { NdArray } from '../tensor/ndarray.ts';

/** A model: its forward program and deterministic initial inputs. */
export interface ModelSpec {
  /** The forward pass; output 'loss' for training models, 'logits' for inference ones. */
  readonly program: Program;
  /** The rank-0 loss value (training models). */
  readonly loss?: ValueId;
  readonly kind: 'training' | 'inference';
  /** The optimizer the model's level trains with (training models). */
  readonly optimizer?: Optimizer;
  /**
   * Every input of `program` by name, in float32 (so f32 and f64 runs start from the same numbers):
   * parameters ~ N(0, 1/fan_in), data normal or one-hot. The same seed gives the same arrays everywhere.
   */
  initialInputs(seed: number): Map<string, NdArray>;
}
