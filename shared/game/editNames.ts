// What each kind of edit changes, in both languages (a level that does not offer an edit names it).
import type { PlanEditType } from './actions.ts';

/** [zh-CN, en] names of what each edit type changes. */
export const EDIT_NAMES: Readonly<Record<PlanEditType, readonly [string, string]>> = {
  setMesh: ['厨房网格', 'the kitchen grid'],
  renameAxis: ['排名', 'the names of the rows'],
  setSpec: ['切法标签', 'the slicing labels'],
  clearSpec: ['切法标签', 'the slicing labels'],
  setMode: ['模式', 'the mode'],
  setPipeline: ['菜序', 'the courses'],
  setRecompute: ['现做不备', 'recomputation'],
  setZero: ['调料账本（ZeRO）', 'the seasoning ledgers (ZeRO)'],
  setSequenceParallel: ['序列并行', 'sequence parallelism'],
  setCapacityFactor: ['档口座位（容量系数）', 'the seats per counter (capacity factor)'],
  addManualOp: ['手动传菜', 'the manual passes'],
  removeManualOp: ['手动传菜', 'the manual passes'],
  setManualOutput: ['出菜口', 'the served outputs'],
};
