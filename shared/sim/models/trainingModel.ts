// The common ending of every training model: name the loss as the program's output, build, and bundle the
// program with its optimizer and its seeded inputs.
import type { Optimizer } from '../program/autodiff.ts';
import type { ValueId } from '../program/ir.ts';
import type { ModelInputs } from './inputs.ts';
import type { ModelSpec } from './ModelSpec.ts';

/** Finishes a training model whose rank-0 loss is `loss`. */
export function trainingModel(m: ModelInputs, loss: ValueId, optimizer: Optimizer): ModelSpec {
  m.b.output('loss', loss);
  const program = m.b.build();
  return {
    program,
    loss,
    kind: 'training',
    optimizer,
    initialInputs: (seed) => m.initialInputs(program, seed),
  };
}
