// Concept level: the tasting menu (multimodal inference on 4 GPUs, the article's "多模态模型跨设备推理"):
// one request (batch 1) cannot be split by data parallelism, so the first-token latency — the forward pass
// over the prompt — only drops when the model itself is cut. A reduced vision-language model (one vision
// block and one decoder layer with cross-attention at full width, 2.15e9 parameters) on 4 A100 40 GB.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState, type SpecJson } from '../planState.ts';
import { axis, LABEL_EDITS } from './helpers.ts';

const grid = [axis('model', 4)];
const M = 'model';
const heads: SpecJson = [null, M, null];
const tensorParallel: Record<string, SpecJson> = {
  'vis/w1': [null, M],
  'vis/w2': [M, null],
  'self/wqkv': [null, null, M, null],
  'self/wo': [M, null, null],
  'cross/wq': heads,
  'cross/wk': heads,
  'cross/wv': heads,
  'cross/wo': [M, null, null],
  'dec/w1': [null, M],
  'dec/w2': [M, null],
  unembed: [null, M],
};
const everyKitchenWhole = planState({ mesh: grid });
const { unembed: _outputLayer, ...allButOutput } = tensorParallel;
const mlps = Object.fromEntries(Object.entries(tensorParallel).filter(([name]) => /\/w[12]$/.test(name)));

/** The tasting menu: multimodal inference, first-token latency. */
export const tastingMenu: Level = {
  id: 'tasting-menu',
  kind: 'concept',
  concept: 'inference-latency',
  title: text('品鉴菜单', 'The tasting menu'),
  story: text(
    '一位贵宾点了品鉴菜单：先看一幅画（1024 块图像），再读一段 2048 字的描述，厨房要尽快端出第一道回应（首 token 延迟）。' +
      '这是一位客人、一张桌子，没法“复制菜单分客桌”。四间厨房现在各自从头到尾做一整份，谁也没快一点。',
    'A guest of honour orders the tasting menu: look at a picture (1024 image patches), read a 2048-token description, and the kitchen must serve the first response as fast as it can (first-token latency). ' +
      'One guest, one table: there is nothing to copy the menu for. Right now the four kitchens each cook the whole thing from start to finish, and none is any faster.',
  ),
  goal: text(
    '把视觉编码器和语言解码器的大权重切给四间厨房，让首 token 延迟尽量短。',
    'Cut the big weights of the vision encoder and the language decoder over the four kitchens to make the first-token latency as short as you can.',
  ),
  hints: [
    text(
      '批次只有 1：分不了客人，只能切模型；首字延迟看的是每间厨房做了多少活。',
      'The batch is 1: the guests cannot be shared out, only the model can be cut; first-token latency is how much work each kitchen does.',
    ),
    text(
      '打开“局部”视图看一间厨房：每一层它都要做整份的乘法吗？哪几块权重最大？',
      "Open the Local view on one kitchen: does it do every layer's whole multiplication? Which weights are the biggest?",
    ),
    text(
      'MLP 先列后行，注意力按头切——先切一层，看延迟降多少；别忘了词表两端的大矩阵。',
      'MLPs column then row, attention by heads — cut one layer first and see how far the latency drops; do not forget the big matrices at both ends of the vocabulary.',
    ),
  ],
  debrief: text(
    '推理时没有反向，这一关只算前向：延迟就是把 2048 个 token 的提示过一遍模型的时间。一位客人没法数据并行——四间厨房各做一整份，首 token 仍要 {start.stepTime}。' +
      '把视觉 MLP、自注意力、跨模态注意力（文字查询图像，bsnh,bpnh→bnsp）、解码器 MLP 和输出层都按 Megatron 的方式切开：每间厨房只算四分之一，块与块之间的传菜在 4 张 A100 之间的 NVLink 上。参考方案（也就是本关标准杆的方案）再把词嵌入按行（按词表）切开，像 Megatron 的词表并行嵌入：五个块之后各一次 AllReduce，首 token {reference.stepTime}，每间厨房的冷柜也从 {start.memory} 降到 {reference.memory}。只切 MLP 是 {mlpsOnly.stepTime}；其余都按 Megatron 切、只留输出层整份是 {outputWhole.stepTime}。' +
      '文章的例子是一个 800 亿参数的视觉语言模型在 4 张 A100 上把首 token 从 15 秒降到 4 秒；这里的模型小得多（21.5 亿参数，每块一层），道理一样：延迟只能靠切模型来降。',
    'Inference has no backward pass, so this level prices the forward pass only: the latency is the time to run the 2048-token prompt through the model. One guest cannot be served by data parallelism — with each kitchen cooking the whole thing the first token still takes {start.stepTime}. ' +
      "Cut the vision MLP, self-attention, the cross-attention (text attending to the image, bsnh,bpnh→bnsp), the decoder MLP and the output layer the Megatron way: each kitchen computes a quarter, and the passes between blocks run over the A100s' NVLink. The reference plan (par's plan too) also splits the token embedding by rows (by vocabulary), as Megatron's vocab-parallel embedding does: one AllReduce after each of the five blocks, the first token after {reference.stepTime}, and each fridge drops from {start.memory} to {reference.memory}. Cutting only the MLPs gives {mlpsOnly.stepTime}; cutting everything else the Megatron way but leaving the output layer whole, {outputWhole.stepTime}. " +
      "The article's example is an 80-billion-parameter vision-language model on 4 A100s whose first token went from 15 s to 4 s; the model here is much smaller (2.15 billion parameters, one layer per block), and the lesson is the same: only cutting the model brings the latency down.",
  ),
  scenario: {
    engine: 'tasting+pricing',
    model: 'visionDecoder',
    tastingDims: { batch: 2 },
    banquetDims: {
      batch: 1,
      seq: 2048,
      hidden: 8192,
      heads: 64,
      headDim: 128,
      ffn: 32768,
      patches: 1024,
      channels: 588,
      vocab: 32000,
    },
    step: 'forward',
    hardware: 'a100-40gb',
    precision: 'bf16-mixed',
  },
  editable: LABEL_EDITS,
  limits: {
    maxDevices: 4,
    axisNames: ['model'],
    tensors: ['w_patch', 'embed', ...Object.keys(tensorParallel)],
    modes: ['auto'],
  },
  stars: parStars('tasting-menu'),
  start: everyKitchenWhole,
  // Par (shared/game/par, with the A100 tile model): every block split Megatron-style and the token embedding
  // by rows (vocab-parallel), one all-reduce after each of the five blocks. Splitting the embedding by rows
  // while the residual stream is split by hidden would all-to-all the whole table, as XLA does
  // (docs/conformance.md).
  reference: planState({ mesh: grid, specs: { ...tensorParallel, embed: [M, null] } }),
  trap: { plan: everyKitchenWhole, fails: 'slower' },
  lessonPlans: {
    mlpsOnly: planState({ mesh: grid, specs: mlps }),
    outputWhole: planState({ mesh: grid, specs: allButOutput }),
  },
};
