// The consistency rules of a `sim train` request, applied once each field is well formed: how tp, pp, dp
// and ep must divide the model's heads, MLP units, sequence, layers, experts and batch (as Megatron-LM
// asserts them at start-up), and which options only go together. Each refusal carries a `train/…` code
// (docs/design.md §4.4).
import { MAX_MESH_DEVICES } from '../mesh.ts';
import { err, ok, type Result } from '../result.ts';
import { checkLayersPerStage } from './stageLayers.ts';
import type { GptModel, ParallelPlan } from './trainRequest.ts';

/** Consistency of the numbers once each is well formed. */
export function checkTrainPlan(model: GptModel, p: ParallelPlan): Result<void> {
  const devices = p.tp * p.pp * p.dp;
  if (devices > MAX_MESH_DEVICES)
    return err(
      'train/too-many-devices',
      { devices, max: MAX_MESH_DEVICES },
      `tp·pp·dp = ${devices} devices; a mesh may hold at most ${MAX_MESH_DEVICES}.`,
    );
  if (model.heads % p.tp !== 0)
    return err(
      'train/heads-tp',
      { heads: model.heads, tp: p.tp },
      `Tensor parallelism splits the ${model.heads} attention heads over tp = ${p.tp}; tp must divide them.`,
    );
  if (model.ffn % p.tp !== 0)
    return err(
      'train/ffn-tp',
      { ffn: model.ffn, tp: p.tp },
      `Tensor parallelism splits the MLP's ${model.ffn} units over tp = ${p.tp}; tp must divide them.`,
    );
  if (p.sequenceParallel && model.seq % p.tp !== 0)
    return err(
      'train/seq-tp',
      { seq: model.seq, tp: p.tp },
      `Sequence parallelism splits the sequence (${model.seq}) over tp = ${p.tp}; tp must divide it.`,
    );
  const ep = p.ep ?? 1;
  const experts = model.moe?.experts ?? 1;
  if (ep > 1 && experts === 1)
    return err(
      'train/ep-needs-experts',
      { ep },
      `Expert parallelism splits experts; parallel.ep = ${ep} needs model.experts > 1.`,
    );
  if (p.dp % ep !== 0)
    return err(
      'train/ep-dp',
      { ep, dp: p.dp },
      `Expert parallelism splits the experts over ep of the ${p.dp} data-parallel replicas; ep = ${ep} must divide dp.`,
    );
  if (experts % ep !== 0)
    return err(
      'train/experts-ep',
      { experts, ep },
      `The ${experts} experts must split evenly over ep = ${ep} devices.`,
    );
  if (experts > 1 && p.tp > 1 && !p.sequenceParallel)
    return err(
      'train/experts-need-sp',
      {},
      'With tensor and expert parallelism together Megatron-Core routes sequence-parallel tokens: set ' +
        'parallel.sequenceParallel to true.',
    );
  if (p.zero3Hooks === true && (p.zeroStage !== 3 || p.tp !== 1 || p.pp !== 1 || experts > 1))
    return err(
      'train/zero3-hooks',
      { zeroStage: p.zeroStage, tp: p.tp, pp: p.pp },
      `parallel.zero3Hooks replays DeepSpeed's ZeRO-3 alone: it needs zeroStage 3, tp = pp = 1 and no ` +
        `experts (here zeroStage ${p.zeroStage}, tp ${p.tp}, pp ${p.pp}).`,
    );
  if (p.zero3MaxLiveParameters !== undefined && p.zero3Hooks !== true)
    return err(
      'train/zero3-max-live',
      {},
      'parallel.zero3MaxLiveParameters is a limit of the ZeRO-3 hooks: it needs parallel.zero3Hooks true.',
    );
  if (p.schedule !== 'interleaved' && p.virtualStages !== 1)
    return err(
      'train/virtual-stages',
      { schedule: p.schedule },
      `Only the interleaved schedule uses virtual stages; ${p.schedule} needs virtualStages = 1.`,
    );
  const chunks = p.pp * p.virtualStages;
  if (p.layersPerStage !== undefined) {
    const split = checkLayersPerStage(model.layers, p.pp, p.virtualStages, p.layersPerStage);
    if (!split.ok) return split;
  } else if (model.layers % chunks !== 0)
    return err(
      'train/layers-stages',
      { layers: model.layers, stages: chunks },
      `The ${model.layers} layers must split evenly into pp·virtualStages = ${chunks} model stages.`,
    );
  if (p.globalBatch % (p.microBatch * p.dp) !== 0)
    return err(
      'train/global-batch',
      { globalBatch: p.globalBatch, perRound: p.microBatch * p.dp },
      `The global batch (${p.globalBatch}) must be a multiple of microBatch·dp = ${p.microBatch * p.dp} ` +
        `(each data-parallel replica runs whole microbatches).`,
    );
  return ok(undefined);
}
