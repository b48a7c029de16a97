// A recommendation model (two-tower, as YouTube DNN, Covington et al. 2016): the item embedding is a row
// lookup of integer ids in the table (`jnp.take(table, ids, axis=0)`), so a row-sharded table is looked up
// locally — each device reads the rows it holds, zeros elsewhere — and one all-reduce of the [batch, dim]
// rows combines them (Megatron's VocabParallelEmbedding, DLRM-style embedding parallelism, and what XLA
// emits for a gather on a row-sharded operand); the backward pass scatter-adds into each device's own rows.
// A user tower relu(f·U1)·U2 meets it in a dot product ('bd,bd->b') scored against clicks.
import { ProgramBuilder } from '../program/ProgramBuilder.ts';
import { nextInt } from '../rng.ts';
import type { ModelSpec } from './ModelSpec.ts';
import { trainingModel } from './trainingModel.ts';
import { ModelInputs } from './inputs.ts';

export interface EmbeddingLookupDims {
  readonly batch: number;
  /** Number of items (rows of the table). */
  readonly vocab: number;
  readonly embed: number;
  readonly userFeatures: number;
  readonly userHidden: number;
}

export const EMBEDDING_LOOKUP_DIMS: EmbeddingLookupDims = {
  batch: 8,
  vocab: 64,
  embed: 16,
  userFeatures: 8,
  userHidden: 32,
};

/** score = ⟨table[ids], relu(features·U1)·U2⟩; loss = mean((score − click)²), click ∈ {0, 1}. SGD lr 0.1. */
export function embeddingLookup(dims: Partial<EmbeddingLookupDims> = {}): ModelSpec {
  const { batch, vocab, embed, userFeatures, userHidden } = { ...EMBEDDING_LOOKUP_DIMS, ...dims };
  const m = new ModelInputs(new ProgramBuilder());
  const b = m.b;
  // Item ids, uniform over the table's rows (integers held as floats: exact below 2²⁴).
  const ids = m.data('ids', [batch], {
    kind: 'custom',
    make: (rng, shape) => {
      const out = new Float32Array(shape[0] ?? 0);
      for (let i = 0; i < out.length; i++) out[i] = nextInt(rng, vocab);
      return { shape: [...shape], data: out };
    },
  });
  const features = m.data('features', [batch, userFeatures], { kind: 'normal', scale: 1 });
  const click = m.data('click', [batch], {
    kind: 'custom',
    make: (rng, shape) => {
      const clicks = new Float32Array(shape[0] ?? 0);
      for (let i = 0; i < clicks.length; i++) clicks[i] = nextInt(rng, 2);
      return { shape: [...shape], data: clicks };
    },
  });
  // N(0, 1/D) rows, so that the score, a dot product of length D, has unit variance.
  const table = b.within('item', () =>
    m.paramWith('table', [vocab, embed], { kind: 'normal', scale: 1 / Math.sqrt(embed) }),
  );
  const [u1, u2] = b.within('user', () => [
    m.param('user_w1', [userFeatures, userHidden], userFeatures),
    m.param('user_w2', [userHidden, embed], userHidden),
  ]);
  const item = b.within('item', () => b.take(table, ids, 'item'));
  const user = b.within('user', () =>
    b.einsum('bh,hd->bd', b.relu(b.einsum('bu,uh->bh', features, u1!, 'user_pre'), 'user_h'), u2!, 'user'),
  );
  const loss = b.within('loss', () =>
    b.meanSquaredError(b.einsum('bd,bd->b', item, user, 'score'), click, 'loss'),
  );
  return trainingModel(m, loss, { kind: 'sgd', lr: 0.1 });
}
