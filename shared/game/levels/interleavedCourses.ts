// Concept level: interleaved courses (Megatron's interleaved 1F1B, Narayanan et al. 2021 §2.2). The GPT of
// the courses level on 8 stages of 4 layers, but only 16 guests per step: with m = 16 microbatches 1F1B
// leaves (p−1)/(m+p−1) = 7/23 of the time idle, and no more rounds are possible. Giving each kitchen v
// chunks of the model (v·p model stages, chunk c of device d is stage c·p + d) divides the bubble by v,
// (p−1)/(v·m) of the ideal time, at the price of ×(1 + (p−1)/(p·v)) activations in flight and v times the
// point-to-point passes.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState } from '../planState.ts';
import { trainGrid } from './helpers.ts';

const grid = trainGrid(1, 8, 1);
const plain = planState({ mesh: grid, pipeline: { microbatches: 16, schedule: '1f1b', virtualStages: 1 } });

/** Interleaved courses: virtual stages shrink the bubble when the microbatches run out. */
export const interleavedCourses: Level = {
  id: 'interleaved-courses',
  kind: 'concept',
  concept: 'interleaved-pipeline',
  title: text('交错上菜', 'Interleaved courses'),
  story: text(
    '还是那道 32 层的大菜、8 个站，冷柜换成了 80 GB，可今天每步只有 16 位客人：最多分 16 轮，不能再多了。' +
      '1F1B 排班下，头尾的站还是要空等好一阵。老师傅说：“别让每个站只做连着的 4 层——把菜序拆得更细，轮流做。”',
    'The same 32-layer dish on 8 stations, now with 80 GB fridges, but only 16 guests per step: at most 16 rounds, no more. ' +
      'Under 1F1B the first and last stations still stand idle for a long while. The master says: "Don\'t give each station 4 layers in a row — cut the courses finer and take turns."',
  ),
  goal: text(
    '客人数不变，让灶台少空等：试试交错排班和每个站做几段。',
    'With the same guests, make the stoves wait less: try the interleaved schedule and how many chunks each station cooks.',
  ),
  hints: [
    text(
      '气泡来自流水线的填充和排空：p 个站要等 p−1 个“段”的时间才全部开火。段越短，等得越少。',
      'The bubble is the pipeline filling and draining: p stations wait p−1 chunk-times before all are cooking. Shorter chunks, shorter wait.',
    ),
    text(
      '打开“动态”视图，看 0 号站和 7 号站的时间线开头和结尾的空白；再看冷柜还剩多少地方。',
      'Open the Dynamic view and look at the gaps at the start and end of stations 0 and 7; then check how much room the fridges have left.',
    ),
    text(
      '在“菜序”里选交错排班：每个站做不连续的几段，先试 2 段，看看气泡和冷柜怎么变。',
      'In Courses choose the interleaved schedule: each station cooks several non-adjacent chunks. Start with 2 and watch the bubble and the fridge.',
    ),
  ],
  debrief: text(
    'Megatron 的交错 1F1B（Narayanan 等人 2021）：每个设备做 v 段不相邻的模型（设备 d 的第 c 段是第 c·p + d 段），一段只有 ℓ/(p·v) 层。' +
      '流水线的填充和排空按段计，气泡相对理想时间从 (p−1)/m 降到 (p−1)/(v·m)：这里 p = 8、m = 16，v = 1 时 7/16 ≈ 44%，v = 4 时 7/64 ≈ 11%。' +
      '占一步的比例，公式给出 v = 1 时 7/23 ≈ 30%，v = 4 时 7/71 ≈ 9.9%；出菜报告里灶台空等的是起始方案 {start.bubble}、参考方案 {reference.bubble}，都更多：最后一站还要做 51200 词的输出层，比其他站慢，其他站得等它。' +
      '代价有两个：0 号站同时在做的微批从 p 变成 p·(1 + (p−1)/(p·v))，激活多约 (p−1)/(p·v)（v = 4 时多 22%）；站与站之间传菜的次数变成 v 倍。' +
      '微批数已经到头时，交错是缩小气泡的办法——只要冷柜和传菜窗口还撑得住。',
    "Megatron's interleaved 1F1B (Narayanan et al. 2021): each device runs v non-adjacent chunks of the model (chunk c of device d is model stage c·p + d), each only ℓ/(p·v) layers. " +
      'The pipeline fills and drains chunk by chunk, so the bubble over the ideal time falls from (p−1)/m to (p−1)/(v·m): here p = 8 and m = 16, 7/16 ≈ 44% at v = 1 and 7/64 ≈ 11% at v = 4. ' +
      "As a share of the step the formulas give 7/23 ≈ 30% at v = 1 and 7/71 ≈ 9.9% at v = 4; the service report shows the stoves idle {start.bubble} of the start plan's step and {reference.bubble} of the reference plan's, more, because the last station also cooks the 51,200-word output layer, so it is slower than the others, and they wait for it. " +
      'Two prices: station 0 holds p·(1 + (p−1)/(p·v)) microbatches in flight instead of p, (p−1)/(p·v) more activations (22% at v = 4); and the passes between stations happen v times as often. ' +
      'When the microbatches have run out, interleaving is how to shrink the bubble — as long as the fridges and the windows can take it.',
  ),
  scenario: {
    engine: 'train',
    model: { layers: 32, hidden: 2560, heads: 32, seq: 2048, vocab: 51200 },
    hardware: 'a100-80gb',
    precision: 'bf16-mixed',
    globalBatch: 16,
  },
  editable: ['setPipeline'],
  limits: { maxDevices: 8, axisNames: ['data', 'stage', 'model'], tensors: [], modes: ['auto'] },
  stars: parStars('interleaved-courses'),
  start: plain,
  reference: planState({
    mesh: grid,
    pipeline: { microbatches: 16, schedule: 'interleaved', virtualStages: 4 },
  }),
  trap: { plan: plain, fails: 'slower' },
};
