// Concept level: the tasting (试菜) in manual mode (`jax.shard_map`): the player writes the per-device
// forward pass of the article's MLP and places the collectives. Without the psum after the row-split
// second layer each kitchen serves its own partial sum, and the tasting against one kitchen shows it.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState, type ManualState } from '../planState.ts';
import { axis } from './helpers.ts';

const grid = [axis('model', 4)];

/** The article's demo as a shard_map body: x·W1ᵢ, then ·W2ᵢ; with `psum`, the partial sums added up. */
function recipe(psum: boolean): ManualState {
  return {
    inSpecs: { x: [], w1: [null, 'model'], w2: ['model', null] },
    outSpecs: { pred: [] },
    checkVma: false,
    body: [
      { name: 'h', op: 'einsum', equation: 'bi,ih->bh', args: ['x', 'w1'] },
      { name: 'pred_partial', op: 'einsum', equation: 'bh,ho->bo', args: ['h', 'w2'] },
      ...(psum ? [{ name: 'pred_sum', op: 'psum', axes: ['model'], args: ['pred_partial'] }] : []),
    ],
    outputs: { pred: psum ? 'pred_sum' : 'pred_partial' },
  };
}

const missingPass = planState({ mesh: grid, mode: 'manual', manual: recipe(false) });

/** The tasting: manual mode, the player places the collectives. */
export const theTasting: Level = {
  id: 'the-tasting',
  kind: 'concept',
  concept: 'shard-map',
  title: text('试菜', 'The tasting'),
  story: text(
    '这一回阿明不用副手，亲自写每间厨房的工序（手动模式，shard_map）：每间厨房用完整的 x 乘自己那几列 W1，再乘自己那几行 W2，然后端菜。' +
      '上桌前要试菜：把四间厨房端出的菜，和一间大厨房从头做的菜对比。',
    "This time A-Ming does without the sous-chef and writes each kitchen's steps himself (manual mode, shard_map): each kitchen multiplies the whole x by its columns of W1, then by its rows of W2, and serves. " +
      'Before anything reaches a table it is tasted: the dish the four kitchens serve is compared with one big kitchen cooking it from scratch.',
  ),
  goal: text(
    '让试菜通过：在手动工序里放上缺少的那一次传菜，并端出传菜之后的结果。',
    'Make the tasting pass: place the missing pass in the manual steps, and serve its result.',
  ),
  hints: [
    text(
      '按行切的第二层，每间厨房只算出部分和：不加起来就端上桌，味道不对。',
      'With the second layer split by rows each kitchen computes only a partial sum: served without adding up, it tastes wrong.',
    ),
    text(
      '先试菜：看“静态”视图里 pred 和一间大厨房做的差多少，问题出在哪一步之后？',
      "Taste it first: in the Static view see how far pred is from one big kitchen's, and after which step it goes wrong.",
    ),
    text(
      '在那一步之后加一次传菜，把四间厨房的部分和加起来——然后想想出菜口该端哪一个值。',
      "Add a pass after that step that adds up the four kitchens' partial sums — then think about which value the output should serve.",
    ),
  ],
  debrief: text(
    '在 shard_map 里，代码写的是每间厨房自己的工序，编译器一次传菜也不会替你加。W2 按行切时，每间厨房算出的 h·W2ᵢ 只是部分和，真正的结果是 pred = Σᵢ h·W2ᵢ——少了 psum，每间厨房端出的菜都不一样，也都不对，试菜当场就能尝出来（陷阱方案的相对误差 {trap.tastingError}）。' +
      '加上 psum 后（参考方案），每间厨房在窗口上传一次 AllReduce（每间厨房发出 {reference.allReduceBytes}，{reference.allReduceTime}），试菜通过；前向一步 {reference.stepTime}，每秒 {reference.rate} 个样本。' +
      '这也是为什么要有 check_vma：默认开着时，JAX 会发现各厨房的 pred 还“随厨房而变”，却被声明为 P()，直接报错。这一关把它关掉了，所以只能靠试菜发现问题——在自动模式下，这次 AllReduce 由 GSPMD 替你插入。',
    "In shard_map the code is each kitchen's own steps, and the compiler adds no pass for you. With W2 split by rows each kitchen's h·W2ᵢ is only a partial sum; the result is pred = Σᵢ h·W2ᵢ. Without the psum each kitchen serves a different dish and none is right, which the tasting catches at once (relative error {trap.tastingError} in the trap plan). " +
      'With the psum (the reference plan) each kitchen sends one AllReduce through the windows ({reference.allReduceBytes} per kitchen, {reference.allReduceTime}) and the tasting passes; the forward pass takes {reference.stepTime}, {reference.rate} examples per second. ' +
      'This is what check_vma is for: on by default, JAX sees that pred still varies from kitchen to kitchen although it is declared P(), and refuses it. This level turns it off, so only the tasting can tell — in auto mode GSPMD inserts this AllReduce for you.',
  ),
  scenario: {
    engine: 'tasting+pricing',
    model: 'mlp2',
    tastingDims: {},
    banquetDims: { batch: 32768, input: 512, hidden: 8192, output: 512 },
    step: 'forward',
    hardware: 'fridge-16gb-slow',
    precision: 'fp32',
  },
  editable: ['addManualOp', 'removeManualOp', 'setManualOutput', 'setSpec', 'clearSpec'],
  limits: { maxDevices: 4, axisNames: ['model'], tensors: ['x', 'w1', 'w2', 'pred'], modes: ['manual'] },
  stars: parStars('the-tasting'),
  start: missingPass,
  reference: planState({ mesh: grid, mode: 'manual', manual: recipe(true) }),
  trap: { plan: missingPass, fails: 'tasting' },
};
