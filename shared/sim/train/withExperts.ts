// A mixture-of-experts transformer layer's cost: the planned attention block (megatronLayer without its MLP)
// and the experts priced in closed form (moeBlock.ts), joined in the order they run. Forward: attention, then
// the experts; backward: the experts first. The experts' gradients are ready when their backward ends, the
// attention block's then follow; full recompute runs both forwards again, selective only attention's core.
import { stateBytesPerParam, type TrainingPrecision } from '../cost/memory.ts';
import { addTasks, taskS, type BlockCost } from './blockCost.ts';
import type { MoeBlockCost } from './moeBlock.ts';

/** The layer of attention block `attn` followed by expert block `moe`. */
export function withExperts(attn: BlockCost, moe: MoeBlockCost, precision: TrainingPrecision): BlockCost {
  const per = stateBytesPerParam(precision);
  const updated = attn.state.optimizer / per.optimizer;
  // The optimizer step is memory-bound and the same per parameter: the attention block's, per element updated.
  const perParamS = updated > 0 ? attn.update.computeS / updated : 0;
  const moeBackS = taskS(moe.backward);
  const sum = (k: 'params' | 'grads' | 'optimizer' | 'localParams' | 'globalParams') =>
    attn.state[k] + moe.state[k];
  return {
    ...attn,
    forward: addTasks(attn.forward, moe.forward),
    backward: addTasks(moe.backward, attn.backward),
    recompute: { ...attn.recompute, full: addTasks(attn.recompute.full, moe.forward) },
    gradients: [
      ...moe.gradients,
      ...attn.gradients.map((g) => ({ readyS: moeBackS + g.readyS, durationS: g.durationS })),
    ],
    update: {
      computeS: attn.update.computeS + perParamS * moe.updatedParams,
      commS: attn.update.commS + moe.updateCommS,
    },
    state: {
      params: sum('params'),
      grads: sum('grads'),
      optimizer: sum('optimizer'),
      localParams: sum('localParams'),
      globalParams: sum('globalParams'),
    },
    activationBytes: {
      none: attn.activationBytes.none + moe.activationBytes,
      selective: attn.activationBytes.selective + moe.activationBytes,
      full: attn.activationBytes.full,
    },
    temporaryBytes: {
      none: Math.max(attn.temporaryBytes.none, moe.temporaryBytes),
      selective: Math.max(attn.temporaryBytes.selective, moe.temporaryBytes),
      full: Math.max(attn.temporaryBytes.full, moe.temporaryBytes + moe.activationBytes),
    },
    matmulFlops: {
      forward: attn.matmulFlops.forward + moe.matmulFlops.forward,
      backward: attn.matmulFlops.backward + moe.matmulFlops.backward,
      core: attn.matmulFlops.core,
    },
  };
}
