// A Megatron layer's tasks under `parallel.zero3Hooks` (docs/pricing.md "ZeRO-3"): its four weights
// (megatronLayer.ts wqkv 3h², wo h², w1 and w2 h·ffn; the biases and layer-norm gains are under DeepSpeed's
// persistence threshold of 10⁵ elements and stay whole) replayed through DeepSpeed's hooks
// (deepspeedZero3.ts), and the exposed link time of the replay spread evenly over the layers' tasks.
// Each weight's module is given the layer's compute in proportion to its elements (the attention core and
// the element-wise ops lie between the weights' hooks: putting an eighth of the layer's compute after the
// QKV and first MLP weights instead moves the Table 2 ZeRO-3 rows by at most 0.5 points, a quarter by 2.9).
import { collectiveTimeOnAxesS } from '../cost/collectiveTime.ts';
import { NO_TASK, type TaskCost } from './blockCost.ts';
import { DEEPSPEED_LIMITS, deepspeedZero3Step } from './deepspeedZero3.ts';
import { DATA_AXIS } from './trainAxes.ts';
import type { TrainBlocks } from './trainBlocks.ts';
import type { TrainRequest } from './trainRequest.ts';

/** One layer's forward, recompute and backward tasks per microbatch, the replay's waits as `dataS`. */
export interface LayerTasks {
  readonly forward: TaskCost;
  readonly recompute: TaskCost;
  readonly backward: TaskCost;
}

/** The layer's tasks with DeepSpeed's ZeRO-3 hooks in place of its own gathers and reductions. */
export function zero3HookTasks(req: TrainRequest, blocks: TrainBlocks): LayerTasks {
  const { hidden: h, ffn, layers } = req.model;
  const policy = req.parallel.recompute;
  const { layer, ctx } = blocks;
  const numels = [3 * h * h, h * h, h * ffn, ffn * h];
  const total = numels.reduce((a, b) => a + b, 0);
  const bytes = req.precision === 'fp32' ? 4 : 2; // fp16/bf16 weights and gradients in mixed precision
  const full = policy === 'full';
  const recompute: TaskCost = { ...NO_TASK, computeS: layer.recompute[policy].computeS };
  // selective recompute has no hook of its own: it runs inside the backward windows
  const backwardWindowS = layer.backward.computeS + (full ? 0 : recompute.computeS);
  const step = deepspeedZero3Step(
    numels.map((n) => ({
      numel: n,
      gatherS: collectiveTimeOnAxesS('all-gather', ctx.links, [DATA_AXIS], n * bytes),
      reduceS: collectiveTimeOnAxesS('reduce-scatter', ctx.links, [DATA_AXIS], n * bytes),
      forwardS: (layer.forward.computeS * n) / total,
      backwardS: (backwardWindowS * n) / total,
    })),
    layers,
    full,
    {
      maxLiveNumel: req.parallel.zero3MaxLiveParameters ?? DEEPSPEED_LIMITS.maxLiveNumel,
      maxReuseNumel: DEEPSPEED_LIMITS.maxReuseNumel,
    },
  );
  const forwardWaitS = step.forwardS / layers - layer.forward.computeS;
  const backwardWaitS = step.backwardS / layers - layer.backward.computeS - recompute.computeS;
  return {
    forward: { ...layer.forward, dataS: Math.max(0, forwardWaitS) },
    recompute,
    backward: { ...layer.backward, dataS: Math.max(0, backwardWaitS) },
  };
}
