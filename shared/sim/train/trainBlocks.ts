// The priced building blocks of a Megatron GPT step: one transformer layer and the output layer, each
// planned in auto mode on a `data` × `model` mesh at full size (one microbatch of b·dp sequences) and
// priced per device, plus the input embedding in closed form. Every layer of the model is the same, so one
// is planned and multiplied out. A plan is planned once per edit (the game hands the validated plan to its
// evaluation: game/preparePlan.ts); across edits the blocks depend only on the model, the hardware and the
// grid-level choices (tp, pp, dp, microbatch, SP, ZeRO), not on the schedule, microbatch count or recompute,
// so the last few are kept by those inputs (memo.ts): a learner trying schedules re-prices no layer.
import { combinedAxesLink } from '../cost/collectiveTime.ts';
import { meshAxisLinks, type AxisLink, type DeviceSpec, type Precision } from '../cost/hardware.ts';
import type { TrainingPrecision } from '../cost/memory.ts';
import type { PricingContext } from '../cost/pricePlan.ts';
import { CALIBRATION, type Calibration } from '../cost/calibration.ts';
import { makeMesh, type Mesh } from '../mesh.ts';
import { memo } from '../memo.ts';
import { ok, unwrap, withMessage, type Result } from '../result.ts';
import { blockCost, type BlockCost } from './blockCost.ts';
import { embeddingCost, type EmbeddingCost } from './embeddingCost.ts';
import { asyncBackward, megatronLayer, type MegatronLayer } from './megatronLayer.ts';
import { megatronAnnotations } from './megatronLayouts.ts';
import { outputLayer } from './outputLayer.ts';
import { moeBlockCost, type MoeBlockCost } from './moeBlock.ts';
import { DATA_AXIS, EXPERT_AXIS, MODEL_AXIS, STAGE_AXIS } from './trainAxes.ts';
import { withExperts } from './withExperts.ts';
import type { GptModel, ParallelPlan } from './trainRequest.ts';

/** The priced blocks and the mesh they were priced on. */
export interface TrainBlocks {
  /** data × stage × model, model innermost (tensor parallelism inside a node when tp ≤ devicesPerNode). */
  readonly mesh: Mesh;
  readonly ctx: PricingContext;
  /** One transformer layer: the planned block, with the experts joined in when the model has them. */
  readonly layer: BlockCost;
  /** A mixture-of-experts model's expert block (priced apart, already inside `layer`). */
  readonly experts?: MoeBlockCost;
  /** The planned part of the layer (without its MLP in a mixture of experts). */
  readonly megatron: MegatronLayer;
  /** Values of the layer the layout pins with `with_sharding_constraint` (the export writes them so). */
  readonly layerConstraints: readonly string[];
  readonly output: BlockCost;
  readonly embedding: EmbeddingCost;
  /** Vocabulary rounded up to a multiple of tp (Megatron pads it so that it splits evenly). */
  readonly paddedVocab: number;
}

/** The matmul precision of a training precision. */
export const matmulPrecision = (p: TrainingPrecision): Precision =>
  p === 'fp32' ? 'fp32' : p === 'fp16-mixed' ? 'fp16' : 'bf16';

/** Plans and prices the blocks; a layout that cannot be planned comes back as its error. */
export function trainBlocks(
  model: GptModel,
  hardware: DeviceSpec,
  parallel: ParallelPlan,
  precision: TrainingPrecision,
  calibration: Calibration = CALIBRATION,
): Result<TrainBlocks> {
  const { tp, pp, dp, microBatch, sequenceParallel, zeroStage, ep } = parallel;
  const key = JSON.stringify([
    model,
    hardware,
    tp,
    pp,
    dp,
    ep ?? 1,
    microBatch,
    sequenceParallel,
    zeroStage,
    parallel.asyncTensorAllReduce ?? true,
    precision,
    calibration,
  ]);
  return BLOCKS.get(key, () => build(model, hardware, parallel, precision, calibration));
}

/** The blocks of the last few grids (a pure function of the key's inputs). */
const BLOCKS = memo<Result<TrainBlocks>>(8);

function build(
  model: GptModel,
  hardware: DeviceSpec,
  parallel: ParallelPlan,
  precision: TrainingPrecision,
  calibration: Calibration,
): Result<TrainBlocks> {
  const { tp, pp, dp, microBatch, sequenceParallel: sp, zeroStage } = parallel;
  const ep = parallel.ep ?? 1;
  // With experts the ep replicas that split them sit inside the stage, next to `model` (Megatron-Core's
  // tp-ep-dp-pp order keeps an expert group in a node when t·ep ≤ devicesPerNode).
  const mesh = makeMesh(
    model.moe
      ? [
          [DATA_AXIS, dp / ep],
          [STAGE_AXIS, pp],
          [EXPERT_AXIS, ep],
          [MODEL_AXIS, tp],
        ]
      : [
          [DATA_AXIS, dp],
          [STAGE_AXIS, pp],
          [MODEL_AXIS, tp],
        ],
  );
  if (!mesh.ok) return mesh;
  const meshLinks = meshAxisLinks(mesh.value, hardware);
  const layerMesh = unwrap(
    makeMesh([
      [DATA_AXIS, dp],
      [MODEL_AXIS, tp],
    ]),
  );
  const ctx: PricingContext = {
    hardware,
    links: model.moe ? denseLinks(meshLinks) : meshLinks,
    precision: matmulPrecision(precision),
    calibration,
  };
  const dtype = precision === 'fp32' ? 'f32' : 'bf16';
  const batch = microBatch * dp;
  const { seq, hidden, heads, ffn, vocab } = model;
  const layout = { dataParallel: dp, tensorParallel: tp, sequenceParallel: sp, zeroStage };
  const asyncTp = parallel.asyncTensorAllReduce ?? true;

  const megatron = megatronLayer({ batch, seq, hidden, heads, ffn }, sp, dtype, model.moe === undefined);
  const layerAnn = megatronAnnotations(megatron.program, layout);
  if (!layerAnn.ok) return layerAnn;
  const layer = blockCost(
    layerMesh,
    {
      program: megatron.program,
      annotations: layerAnn.value,
      skip: megatron.harness,
      auxiliary: megatron.auxiliary,
      saved: { none: megatron.savedNone, selective: megatron.savedSelective, full: megatron.savedFull },
      core: megatron.attentionCore,
      recomputable: true,
      asyncBackward: asyncBackward(
        [
          { input: 'ln1', weight: 'wqkv' },
          { input: 'ln2', weight: 'w1' },
        ],
        sp,
        asyncTp,
      ),
      flatZero: { names: layerAnn.value.flatZero, zeroStage },
    },
    ctx,
    precision,
  );
  if (!layer.ok) return layer;
  const experts = model.moe
    ? moeBlockCost(
        { moe: model.moe, tokens: microBatch * seq, hidden, ffn, tp, ep, dp, zeroStage, precision },
        { ...ctx, links: meshLinks },
        denseLink(meshLinks),
      )
    : undefined;

  const paddedVocab = Math.ceil(vocab / tp) * tp;
  const head = outputLayer(batch, seq, hidden, paddedVocab, sp, dtype);
  const headAnn = megatronAnnotations(head.program, layout);
  if (!headAnn.ok) return headAnn;
  const output = blockCost(
    layerMesh,
    {
      program: head.program,
      annotations: headAnn.value,
      skip: head.harness,
      auxiliary: new Set(),
      core: [],
      recomputable: false,
      asyncBackward: asyncBackward([{ input: 'final_hidden', weight: 'unembed' }], sp, asyncTp),
      flatZero: { names: headAnn.value.flatZero, zeroStage },
    },
    ctx,
    precision,
  );
  if (!output.ok)
    return withMessage(output.error, `The output layer cannot be laid out: ${output.error.message}`);
  const embedding = embeddingCost(microBatch, seq, hidden, paddedVocab, tp, sp, ctx);
  return ok({
    mesh: mesh.value,
    ctx,
    layer: experts ? withExperts(layer.value, experts, precision) : layer.value,
    ...(experts ? { experts } : {}),
    megatron,
    layerConstraints: Object.keys(layerAnn.value.constraints ?? {}),
    output: output.value,
    embedding,
    paddedVocab,
  });
}

/** The whole data-parallel group of a mixture-of-experts mesh: `data` × `expert` (dp devices). */
function denseLink(links: readonly AxisLink[]) {
  const c = combinedAxesLink(links, [DATA_AXIS, EXPERT_AXIS]);
  const inter = links.some(
    (l) => (l.axis === DATA_AXIS || l.axis === EXPERT_AXIS) && l.size > 1 && l.link === 'inter',
  );
  return { ...c, kind: inter ? ('inter' as const) : ('intra' as const) };
}

/** The links the planned blocks see: `data` stands for the whole data-parallel group, `expert` is kept. */
function denseLinks(links: readonly AxisLink[]): AxisLink[] {
  const d = denseLink(links);
  return links.map((l) =>
    l.axis === DATA_AXIS
      ? {
          axis: DATA_AXIS,
          size: d.groupSize,
          link: d.kind,
          ...d.link,
          nodeMembers: d.nodeMembers,
          intraNode: l.intraNode,
        }
      : l,
  );
}
