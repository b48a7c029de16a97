// The GPT output layer for pricing: logits = x·Eᵀ with the (tied) word-embedding matrix split over the
// vocabulary on `model` (Megatron's vocabulary-parallel output layer and cross-entropy, Shoeybi et al. 2019
// §3), then softmax cross-entropy against one-hot labels (1 byte each). 2bshV FLOPs forward, 4bshV
// backward: eq. (3)'s 6BshV. The final layer norm (2h parameters, absent from eq. (2)) is left out. As in
// megatronLayer.ts, the input is a harness parameter so that the backward pass computes dx.
import { buildTrainStep } from '../program/autodiff.ts';
import type { Program, ValueId } from '../program/ir.ts';
import { ProgramBuilder } from '../program/ProgramBuilder.ts';
import { DATA_AXIS, HARNESS_PREFIX, MODEL_AXIS } from './trainAxes.ts';
import { MEGATRON_OPTIMIZER } from './megatronLayer.ts';

/** The output layer's training step and its harness values. */
export interface OutputLayer {
  readonly program: Program;
  readonly harness: ReadonlySet<ValueId>;
}

/** The output layer's training step for a microbatch of `batch` sequences (summed over data replicas). */
export function outputLayer(
  batch: number,
  seq: number,
  hidden: number,
  vocab: number,
  sequenceParallel: boolean,
  dtype: 'bf16' | 'f32' = 'bf16',
): OutputLayer {
  const b = new ProgramBuilder();
  const x = b.input(`${HARNESS_PREFIX}x`, [batch, seq, hidden], 'param', dtype);
  const xs = b.constraint(x, [DATA_AXIS, sequenceParallel ? MODEL_AXIS : null, null], 'final_hidden');
  const unembed = b.input('unembed', [hidden, vocab], 'param', dtype);
  const labels = b.input('labels', [batch, seq, vocab], 'data', 'int8');
  const logits = b.constraint(
    b.einsum('bsd,dv->bsv', xs, unembed, 'logits_raw'),
    [DATA_AXIS, null, MODEL_AXIS],
    'logits',
  );
  const loss = b.crossEntropy(logits, labels, 'loss');
  const program = buildTrainStep(
    b.build(),
    loss,
    MEGATRON_OPTIMIZER,
    dtype === 'f32' ? false : 'cast-labelled',
  );
  const harness = new Set(
    program.values
      .filter(
        (v) => v.name.startsWith(HARNESS_PREFIX) || (v.phase === 'update' && v.name.includes(HARNESS_PREFIX)),
      )
      .map((v) => v.id),
  );
  return { program, harness };
}
