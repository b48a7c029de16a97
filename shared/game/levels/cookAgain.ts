// Concept level: cook again instead of storing (activation recomputation, the article's
// M_peak = M_param + M_grad + Σ_stored A_l + Σ_recompute 0). A 13e9-parameter GPT on 8 A100 40 GB with
// 8-way tensor parallelism: keeping every activation overflows; Korthikanti et al. 2022's selective
// recompute (the attention core) fits at a small cost; full recompute fits with room to spare but redoes
// the whole forward pass.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState } from '../planState.ts';
import { trainGrid } from './helpers.ts';

const grid = trainGrid(1, 1, 8);
const pipeline = { microbatches: 16, schedule: '1f1b', virtualStages: 1 } as const;
const keepEverything = planState({ mesh: grid, pipeline, recompute: 'none' });

/** Cook again: activation recomputation to fit. */
export const cookAgain: Level = {
  id: 'cook-again',
  kind: 'concept',
  concept: 'remat',
  title: text('现做不备', 'Cook again'),
  story: text(
    '一道 40 层、130 亿参数的 GPT，已经按 Megatron 的切法切给了一个节点里的 8 间厨房。' +
      '可前向时每一层的半成品都要留到反向再用，冷柜被塞满了。阿明想起老师傅的话：“有些东西，与其存着，不如到时候再做一遍。”',
    'A 40-layer GPT with 13 billion parameters is already cut the Megatron way over the 8 kitchens of one node. ' +
      'But every layer keeps its half-finished dishes from the forward pass until the backward pass uses them, and the fridges are full. A-Ming remembers his master: "Some things are better cooked again than stored."',
  ),
  goal: text(
    '选一种重计算策略，让冷柜装得下，同时尽量少做重复的活。',
    'Choose a recomputation policy so that the fridges fit, while redoing as little work as possible.',
  ),
  hints: [
    text(
      '不重算时，每层存着注意力的分数矩阵（a·s² 级别）——这是最占地方的一块。',
      'Without recomputation every layer keeps the attention scores (of order a·s²) — the largest part.',
    ),
    text(
      '选择性重算（selective）只重做注意力核心：省下分数矩阵，只多花一点算力。',
      'Selective recomputation redoes only the attention core: it drops the scores for a little extra compute.',
    ),
    text(
      '全部重算（full）只存每层的输入，反向前把整层前向再做一遍：最省地方，也最慢。',
      "Full recomputation keeps only each layer's input and redoes the whole forward pass before the backward: the least memory, and the slowest.",
    ),
  ],
  debrief: text(
    '文章的公式：M_peak = M_param + M_grad + Σ_{l∈stored} A_l + Σ_{l∈recompute} 0。Korthikanti 等人 (2022) 算出每层要为反向保存 34sbh + 5as²b 字节（张量并行时除以 t）；其中 5as²b 是注意力的分数、softmax 和 dropout，序列越长越大。' +
      '这里 s = 2048、a = 40、每轮 2 条序列：不重算时每间厨房要存 19.4 GB 激活，加上 3.2 GB 参数、3.2 GB 梯度和 19.4 GB 优化器状态（混合精度 Adam 每个参数 12 字节），共 45.8 GB，超出 40 GB。' +
      '选择性重算只重做注意力核心：激活降到 11.0 GB，总共 37.5 GB，装得下，一步 5.73 s（每秒 11441 个 token），只比不重算多约 6% 的计算。' +
      '全部重算只存每层输入（2sbh）：激活 1.8 GB、共 28.5 GB，但要把整个前向再做一遍，一步 7.45 s（每秒 8793 个 token）。以算力换显存，换多少要看冷柜缺多少。',
    "The article's formula: M_peak = M_param + M_grad + Σ_{l∈stored} A_l + Σ_{l∈recompute} 0. Korthikanti et al. (2022) count 34sbh + 5as²b bytes kept per layer for the backward pass (divided by t under tensor parallelism); the 5as²b are the attention scores, softmax and dropout, which grow with the sequence. " +
      'Here s = 2048, a = 40, 2 sequences per round: keeping everything needs 19.4 GB of activations per kitchen, plus 3.2 GB of parameters, 3.2 GB of gradients and 19.4 GB of optimizer state (mixed-precision Adam, 12 bytes per parameter): 45.8 GB, over the 40 GB fridge. ' +
      'Selective recomputation redoes only the attention core: 11.0 GB of activations, 37.5 GB in all, which fits; 5.73 s a step (11,441 tokens per second), about 6% more compute. ' +
      "Full recomputation keeps only each layer's input (2sbh): 1.8 GB of activations, 28.5 GB in all, but the whole forward pass runs twice: 7.45 s a step (8,793 tokens per second). Compute is traded for memory; how much to trade depends on how much the fridge lacks.",
  ),
  scenario: {
    engine: 'train',
    model: { layers: 40, hidden: 5120, heads: 40, seq: 2048, vocab: 51200 },
    hardware: 'a100-40gb',
    precision: 'bf16-mixed',
    globalBatch: 32,
  },
  editable: ['setRecompute'],
  limits: { maxDevices: 8, axisNames: ['data', 'stage', 'model'], tensors: [], modes: ['auto'] },
  stars: parStars('cook-again'),
  start: keepEverything,
  reference: planState({ mesh: grid, pipeline, recompute: 'selective' }),
  trap: { plan: keepEverything, fails: 'memory' },
};
