// Concept level: courses (pipeline parallelism; the article's "按菜序分工"). A GPT of 2.7e9 parameters over
// 8 stages of 4 layers: the bubble (p−1)/(m+p−1) shrinks with the microbatches m, but GPipe keeps every
// microbatch's activations until its backward pass while 1F1B keeps at most p (Narayanan et al. 2021).
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState } from '../planState.ts';
import { trainGrid } from './helpers.ts';

const grid = trainGrid(1, 8, 1);
const rounds = (microbatches: number, schedule: 'gpipe' | '1f1b') =>
  planState({ mesh: grid, pipeline: { microbatches, schedule, virtualStages: 1 } });

/** Courses: pipeline stages, microbatches, the bubble, GPipe vs 1F1B. */
export const courses: Level = {
  id: 'courses',
  kind: 'concept',
  concept: 'pipeline',
  title: text('按菜序分工', 'Courses'),
  story: text(
    '一道 32 层的大菜（27 亿参数的 GPT）按菜序分给 8 个站：每站做 4 层，0 号站做完前菜递给 1 号站，依次传下去，反向时再倒着传回来。' +
      '现在 64 位客人被当成一大桌一起上菜：前面的站做完就闲着，后面的站还没开火；而且每站都要把 64 位客人的半成品全存在冷柜里。',
    'A 32-layer dish (a GPT of 2.7 billion parameters) is split by courses over 8 stations: each cooks 4 layers, station 0 hands its course to station 1 and so on, and the backward pass comes back the other way. ' +
      'Right now the 64 guests are served as one big table: the early stations finish and stand idle while the later ones have not started, and every station keeps the half-finished dishes of all 64 guests in its fridge.',
  ),
  goal: text(
    '调整上菜的轮数（微批）和排班（GPipe / 1F1B / 交错），让冷柜装得下、灶台少空等。',
    'Change the rounds of tables (microbatches) and the schedule (GPipe / 1F1B / interleaved) so that the fridges fit and the stoves seldom wait.',
  ),
  hints: [
    text(
      '气泡约为 (p−1)/(m+p−1)：8 个站、1 轮时，87.5% 的时间灶台在等。多分几轮。',
      'The bubble is about (p−1)/(m+p−1): with 8 stations and one round the stoves wait 87.5% of the time. Serve more rounds.',
    ),
    text(
      'GPipe 先做完所有轮的前向再做反向：每轮的半成品都得一直存着。',
      "GPipe runs every round forward before any backward: every round's half-finished dishes stay in the fridge.",
    ),
    text(
      '1F1B 做一轮前向就做一轮反向，同时在做的最多 p 轮。',
      '1F1B does one round backward for each round forward, so at most p rounds are in flight.',
    ),
  ],
  debrief: text(
    '流水线的气泡：p 个站、m 轮上菜（微批）时，GPipe 和 1F1B 的空闲比例都是 (p−1)/(m+p−1)。8 站 1 轮时是 7/8：起始方案假如放得下，一步要 {start.stepTime}，其中 {start.waitingTime} 在空等（可它装不下：最满的冷柜要 {start.memory}）。64 轮时公式给出 7/71 ≈ 9.9%；出菜报告里参考方案的灶台一步有 {reference.bubble} 在空等，因为最后一站还要做 51200 词的输出层，比其他站慢，其他站得等它。' +
      '可轮数多了，冷柜就成了问题：GPipe 先把所有轮的前向做完，每站要同时存 64 轮的激活，冷柜要 {trap.memoryMin}–{trap.memory}，40 GB 根本装不下。1F1B（参考方案）前向一轮、反向一轮，0 号站最多同时存 p = 8 轮：{reference.activations} 激活，加上参数、梯度和优化器状态共 {reference.memory}，装得下；' +
      '一步 {reference.stepTime}，每秒 {reference.rate} 个 token。气泡靠多分轮数来摊薄，显存靠好的排班来控制——两者要一起看。',
    'The pipeline bubble: with p stations and m rounds (microbatches), GPipe and 1F1B both leave (p−1)/(m+p−1) of the time idle. With 8 stations and one round that is 7/8: were it to fit, the starting plan would take {start.stepTime} a step, {start.waitingTime} of it waiting (it does not fit: {start.memory} in the fullest fridge). With 64 rounds the formula gives 7/71 ≈ 9.9%; the service report shows the stoves of the reference plan idle {reference.bubble} of the step, because the last station also cooks the 51,200-word output layer, which makes it slower than the others, and they wait for it. ' +
      'More rounds make the fridge the problem: GPipe runs every round forward first, so each station keeps 64 rounds of activations, {trap.memoryMin} to {trap.memory} per fridge, far beyond 40 GB. 1F1B (the reference plan) alternates one forward and one backward, so station 0 holds at most p = 8 rounds: {reference.activations} of activations, {reference.memory} with parameters, gradients and optimizer state, which fits; ' +
      'it takes {reference.stepTime} a step, {reference.rate} tokens per second. Many rounds thin the bubble; a good schedule keeps the memory in check — look at both.',
  ),
  scenario: {
    engine: 'train',
    model: { layers: 32, hidden: 2560, heads: 32, seq: 2048, vocab: 51200 },
    hardware: 'a100-40gb',
    precision: 'bf16-mixed',
    globalBatch: 64,
  },
  editable: ['setPipeline'],
  limits: { maxDevices: 8, axisNames: ['data', 'stage', 'model'], tensors: [], modes: ['auto'] },
  stars: parStars('courses'),
  start: rounds(1, 'gpipe'),
  reference: rounds(64, '1f1b'),
  trap: { plan: rounds(64, 'gpipe'), fails: 'memory' },
};
