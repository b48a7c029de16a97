// What limited a plan, and why, in both languages (docs/design.md §5.2 results: "what limited the plan: memory,
// communication, bubble, or a wrong tasting"). A wrong tasting comes first (the dish is wrong whatever its
// speed), then a fridge that overflows (the plan cannot run); otherwise the largest part of the critical
// device's step: compute (the stoves are busy: a good plan), exposed communication, or the bubble.
import { MIN_SERVED_SHARE } from '../../sim/cost/score.ts';
import type { MemoryReport, LimitedBy, Pricing, StepTimeline, Tasting } from '../evaluation.ts';
import { formatBytes, formatGb, formatKitchens, formatPercent, formatSeconds } from '../format.ts';
import type { PlanEditType } from '../actions.ts';
import { text, type Locale, type Text } from '../i18n.ts';
import { passName } from '../passNames.ts';
import { bubbleAdvice, memoryAdvice, passingAdvice } from './remedies.ts';
import type { PlanSettings } from './planSettings.ts';
import { criticalShares } from '../stepShares.ts';
import { SHARE_NAMES, sharesList } from '../shareNames.ts';

/** Above this share of the step spent waiting (passing + bubble), a compute-bound plan is not called good. */
const GOOD_PLAN_WAITING = 0.2;

/** What limited a plan, with its explanation. */
export interface Diagnosis {
  readonly limitedBy: LimitedBy;
  readonly explanation: Text;
}

function memoryText(m: MemoryReport, editable?: readonly PlanEditType[], settings?: PlanSettings): Text {
  const w = m.worst;
  // The fridge's own figures in formatGb, its parts as the views' fridge rows print them (format.ts).
  const parts = [w.params, w.grads, w.optimizer, w.activations, w.temporaries].map(formatBytes).join(' / ');
  const advice = memoryAdvice(w, editable, settings);
  return text(
    `${m.worstDevice} 号厨房的冷柜要装 ${formatGb(w.total)}，可只有 ${formatGb(m.capacityBytes)}，超出 ${formatGb(m.overflowBytes)}。` +
      `其中参数 / 梯度 / 优化器状态 / 为反向保存的激活 / 临时工作区分别是 ${parts}。${advice['zh-CN']}`,
    `Kitchen ${m.worstDevice}'s fridge must hold ${formatGb(w.total)} but holds ${formatGb(m.capacityBytes)}: ${formatGb(m.overflowBytes)} too much. ` +
      `Parameters / gradients / optimizer state / activations kept for the backward pass / working space: ${parts}. ${advice.en}`,
  );
}

function tastingText(t: Tasting): Text {
  const wrong = t.outputs.filter((o) => !o.ok);
  const first = wrong[0];
  const shapes = first?.shapeMismatch;
  if (first && shapes) {
    const served = shapes.served.join('×');
    const expected = shapes.expected.join('×');
    return text(
      `试菜没通过：端出来的 ${first.name} 是 ${served}，可单厨房做出的这道菜是 ${expected}，形状都不对，没法比。多半是沿错了维度拼盘（all_gather）或切分，或者出菜口的标签和这一步的结果不配。`,
      `The tasting failed: the ${first.name} served is ${served}, but the one-kitchen dish is ${expected}; the shapes differ, so nothing could be compared. Probably a gather (all_gather) or split along the wrong dimension, or an output label that does not match that step's result.`,
    );
  }
  const where = first && first.worstDevices.length > 0 ? formatKitchens(first.worstDevices) : '—';
  const err = first ? first.relError.toPrecision(2) : '?';
  return text(
    `试菜没通过：${wrong.map((o) => o.name).join('、')} 和单厨房做出的菜不一样（相对误差 ${err}，差得最多的在 ${where} 号厨房）。多半是少了一次传菜，或者传错了窗口。`,
    `The tasting failed: ${wrong.map((o) => o.name).join(', ')} differs from the one-kitchen dish (relative error ${err}, worst in kitchen${first && first.worstDevices.length > 1 ? 's' : ''} ${where}). A pass is probably missing, or went through the wrong window.`,
  );
}

function droppedText(servedShare: number): Text {
  const turnedAway = formatPercent(1 - servedShare);
  const bar = formatPercent(1 - MIN_SERVED_SHARE);
  return text(
    `档口的座位太少：约 ${turnedAway} 的客人（被路由的 token）到了档口却没有座位，只能原样离开（被丢弃），超过了 ${bar} 的底线。多给每个档口几个座位（调大容量系数）。`,
    `Too few seats at the counters: about ${turnedAway} of the guests (routed tokens) find their counter full and leave unserved (dropped), more than the ${bar} the kitchen allows. Give each counter more seats (a larger capacity factor).`,
  );
}

/** The slowest collective per step: 'AllReduce pred over model (1.2 ms × 4, inter-node)'. */
function slowest(p: Pricing, locale: Locale): string {
  const c = [...p.collectives]
    .filter((x) => !x.overlapped)
    .sort((a, b) => b.timeS * b.perStep - a.timeS * a.perStep)[0];
  if (c === undefined) return '—';
  const times = c.perStep > 1 ? ` × ${c.perStep}` : '';
  const axes = c.axes.join('+');
  const kind = passName(c.kind, locale);
  return locale === 'zh-CN'
    ? `${kind} ${c.tensor}，沿 ${axes}（${formatSeconds(c.timeS)}${times}，${c.link === 'inter' ? '跨节点' : '节点内'}）`
    : `${kind} ${c.tensor} over ${axes} (${formatSeconds(c.timeS)}${times}, ${c.link === 'inter' ? 'inter-node' : 'intra-node'})`;
}

/**
 * The optimizer's update as the largest part of the step: what it reads and writes per parameter a kitchen
 * holds, by the update rule the step runs (autodiff.ts): SGD reads the parameter and its gradient and writes
 * the parameter; Adam also reads and writes its two moments; in mixed precision both update an fp32 master
 * copy and write the 16-bit parameter from it.
 */
function updateText(p: Pricing, update: string, cooking: string, step: string): Text {
  const head = `The optimizer's update takes ${update} of the ${step} step, more than the cooking (${cooking}): `;
  const zhHead = `优化器更新占了这一步 ${step} 中的 ${update}，比做菜（${cooking}）还多：`;
  if (p.optimizer === 'adam')
    return p.masterCopy
      ? text(
          `${zhHead}每一步，每间厨房都要把自己存的每个参数的 fp32 主副本连同两份 Adam 动量读一遍、写一遍，再写回 16 位的参数。它随每间厨房存的参数多少而变。`,
          `${head}every step each kitchen reads and rewrites the fp32 master copy of every parameter it holds, with its two Adam moments, and writes the 16-bit parameter back. It grows with the parameters a kitchen holds.`,
        )
      : text(
          `${zhHead}每一步，每间厨房都要把自己存的每个参数连同两份 Adam 动量读一遍、写一遍。它随每间厨房存的参数多少而变。`,
          `${head}every step each kitchen reads and rewrites every parameter it holds, with its two Adam moments. It grows with the parameters a kitchen holds.`,
        );
  if (p.masterCopy)
    return text(
      `${zhHead}每一步，每间厨房都要把自己存的每个参数的 fp32 主副本和梯度读一遍，再把主副本和 16 位的参数写回去（混合精度的 SGD：主副本是它唯一的优化器状态）。它随每间厨房存的参数多少而变。`,
      `${head}every step each kitchen reads the fp32 master copy of every parameter it holds and its gradient, and writes the copy and the 16-bit parameter back (SGD in mixed precision: the master copy is its only optimizer state). It grows with the parameters a kitchen holds.`,
    );
  return text(
    `${zhHead}每一步，每间厨房都要把自己存的每个参数和它的梯度读一遍，再把参数写回去（普通 SGD，没有优化器状态）。它随每间厨房存的参数多少而变。`,
    `${head}every step each kitchen reads every parameter it holds and its gradient, and writes the parameter back (plain SGD, no optimizer state). It grows with the parameters a kitchen holds.`,
  );
}

/** A formatted share after a formula: "= 42%", or "> 99%" / "< 1%" where formatPercent bounds it. */
const relation = (pct: string): string =>
  pct.startsWith('>') || pct.startsWith('<') ? `${pct[0]} ${pct.slice(1)}` : `= ${pct}`;

/**
 * The diagnosis of an evaluated plan; `editable`, the level's edits, picks the remedies it offers (remedies.ts);
 * `stars`, the plan's, keeps one below three stars from being called good; `settings`, what the plan already does,
 * keeps the advice from telling it to do so.
 */
export function diagnose(
  tasting: Tasting | null,
  p: Pricing,
  timeline: StepTimeline,
  editable?: readonly PlanEditType[],
  stars?: 0 | 1 | 2 | 3,
  settings?: PlanSettings,
): Diagnosis {
  if (tasting !== null && !tasting.ok) return { limitedBy: 'tasting', explanation: tastingText(tasting) };
  if (p.servedShare !== null && p.servedShare < MIN_SERVED_SHARE)
    return { limitedBy: 'dropped', explanation: droppedText(p.servedShare) };
  if (!p.memory.fits) return { limitedBy: 'memory', explanation: memoryText(p.memory, editable, settings) };
  // The critical kitchen's shares, as every view shows them (stepShares.ts); the optimizer step is compute here.
  const sh = criticalShares(timeline);
  const b = { compute: sh.compute + sh.other, communication: sh.communication, bubble: sh.bubble };
  const step = formatSeconds(p.stepS);
  const share = formatPercent;
  const eff = formatPercent(p.parallelEfficiency);
  // The optimizer's share where the step has one, so that the parts a verdict lists add up to the step.
  const update = sh.other > 0 ? share(sh.other) : null;
  // The parts a verdict lists, in the views' words (shareNames.ts): what the stoves wait for, then the update.
  const waits = { communication: share(b.communication), bubble: share(b.bubble) };
  const parts = update === null ? waits : { ...waits, other: update };
  if (b.bubble >= b.communication && b.bubble > b.compute)
    return {
      limitedBy: 'bubble',
      explanation: text(
        `灶台有 ${share(b.bubble)} 的时间空着，在等上一站的菜（流水线气泡，约 (p−1)/(m+p−1)）。${bubbleAdvice(editable)['zh-CN']}`,
        `The stoves stand idle ${share(b.bubble)} of the ${step} step, waiting for the previous station's course (the pipeline bubble, about (p−1)/(m+p−1)). ${bubbleAdvice(editable).en}`,
      ),
    };
  if (b.communication > b.compute) {
    // Keeping the cuts inside a node helps only where there is another node: one node's windows are all alike.
    const advice = passingAdvice(editable, p.devices > p.topology.devicesPerNode, settings);
    return {
      limitedBy: 'communication',
      explanation: text(
        `传菜占了这一步 ${step} 中的 ${share(b.communication)}，比做菜还久；最慢的一次是 ${slowest(p, 'zh-CN')}。并行效率 T_calc/(T_calc+T_comm) ${relation(eff)}。${advice['zh-CN']}`,
        `Passing dishes takes ${share(b.communication)} of the ${step} step, longer than the cooking; the slowest pass is ${slowest(p, 'en')}. Parallel efficiency T_calc/(T_calc+T_comm) ${relation(eff)}. ${advice.en}`,
      ),
    };
  }
  // The optimizer's update as the largest part, ahead of the cooking: said so, not "the stoves are busy".
  if (sh.other > sh.compute)
    return { limitedBy: 'compute', explanation: updateText(p, share(sh.other), share(sh.compute), step) };
  const repeat = p.workShare * p.devices;
  if (repeat > 1.5)
    return {
      limitedBy: 'compute',
      explanation: text(
        `灶台一直在忙，可每间厨房做的是整道菜的 ${formatPercent(p.workShare)}，而不是 1/${p.devices}：各厨房在重复彼此的活（一步 ${step}）。把菜切开，让每间厨房只做自己那一份。`,
        `The stoves are busy, but each kitchen cooks ${formatPercent(p.workShare)} of the whole dish instead of 1/${p.devices}: the kitchens repeat each other's work (a ${step} step). Cut the dishes so that each kitchen cooks only its share.`,
      ),
    };
  const waiting = b.communication + b.bubble;
  if (waiting > GOOD_PLAN_WAITING)
    return {
      limitedBy: 'compute',
      explanation: text(
        `灶台在这一步 ${step} 中忙了 ${share(sh.compute)}，是最大的一块；可灶台仍有 ${share(waiting)} 在等：${sharesList(waits, 'zh-CN')}${update ? `；${SHARE_NAMES.other['zh-CN']}占 ${update}` : ''}。并行效率 T_calc/(T_calc+T_comm) ${relation(eff)}，只算传菜，不算气泡。`,
        `The stoves cook for ${share(sh.compute)} of the ${step} step, the largest part, but they still wait ${share(waiting)}: ${sharesList(waits, 'en')}${update ? `; the ${SHARE_NAMES.other.en} takes ${update}` : ''}. Parallel efficiency T_calc/(T_calc+T_comm) ${relation(eff)} counts the passing only, not the bubble.`,
      ),
    };
  // Busy stoves alone do not make a plan good: below three stars a faster plan exists (the always-model-parallel
  // trap waits little, yet data parallelism runs the step sooner; full recompute is busy redoing work).
  if (stars !== undefined && stars < 3)
    return {
      limitedBy: 'compute',
      explanation: text(
        `灶台在这一步 ${step} 中忙了 ${share(sh.compute)}：${sharesList(parts, 'zh-CN')}，并行效率 ${eff}。可灶台忙不等于方案快：这个方案还不到三星，还有更快的方案。`,
        `The stoves cook for ${share(sh.compute)} of the ${step} step: ${sharesList(parts, 'en')}, parallel efficiency ${eff}. But busy stoves do not make a fast plan: this one is short of three stars, so a faster plan exists.`,
      ),
    };
  return {
    limitedBy: 'compute',
    explanation: text(
      `灶台在这一步 ${step} 中忙了 ${share(sh.compute)}：${sharesList(parts, 'zh-CN')}，并行效率 ${eff}。好方案就是这样——菜都在做，很少干等。`,
      `The stoves cook for ${share(sh.compute)} of the ${step} step: ${sharesList(parts, 'en')}, parallel efficiency ${eff}. This is what a good plan looks like: the cooking, not the waiting, sets the pace.`,
    ),
  };
}
