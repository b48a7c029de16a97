// Which editors a level shows (one per group of edits it allows, within its limits) and the choices and
// edits of the small ones: the mode, the courses (pipeline), recomputation, ZeRO and sequence parallelism.
// Pure: the level screen builds its controls from these and sends the edits through the session.
import {
  SCHEDULES as CORE_SCHEDULES,
  type Level,
  type PipelineSchedule,
  type PlanEdit,
  type PlanEditType,
  type PlanState,
} from '../../shared/index.ts';
import { sizeChoices } from './meshGridForm.ts';

/** The editors of the level screen, most important first. */
export const EDITOR_SECTIONS = ['labels', 'grid', 'mode', 'courses', 'manual', 'memory'] as const;
export type EditorSection = (typeof EDITOR_SECTIONS)[number];

/** The editor that produces each edit. */
export const EDITOR_OF_EDIT: Readonly<Record<PlanEditType, EditorSection>> = {
  setSpec: 'labels',
  clearSpec: 'labels',
  setMesh: 'grid',
  renameAxis: 'grid',
  setMode: 'mode',
  setPipeline: 'courses',
  addManualOp: 'manual',
  removeManualOp: 'manual',
  setManualOutput: 'manual',
  setRecompute: 'memory',
  setZero: 'memory',
  setSequenceParallel: 'memory',
};

/** The editors `level` shows: those of the edits it allows, when its limits leave a choice. */
export function editorSections(level: Level): EditorSection[] {
  const shown = new Set(level.editable.map((e) => EDITOR_OF_EDIT[e]));
  if (level.limits.tensors.length === 0) shown.delete('labels');
  if (level.limits.modes.length < 2) shown.delete('mode');
  if (level.start.manual === null) shown.delete('manual');
  return EDITOR_SECTIONS.filter((s) => shown.has(s));
}

/** Whether `level` lets the player make edits of `type` (the controls of the others are not shown). */
export const allows = (level: Level, type: PlanEditType): boolean => level.editable.includes(type);

export { RECOMPUTE_POLICIES, ZERO_STAGES } from '../../shared/index.ts';
/** The core's schedules (SCHEDULES), in the order the courses menu lists them: the default first. */
export const SCHEDULES: readonly PipelineSchedule[] = ['1f1b', ...CORE_SCHEDULES.filter((s) => s !== '1f1b')];

/** Divisors of n, ascending. */
export function divisors(n: number): number[] {
  const out: number[] = [];
  for (let d = 1; d <= n; d++) if (n % d === 0) out.push(d);
  return out;
}

export interface CoursesForm {
  /** The mesh's `stage` axis size, or null when the grid has none (then stages cannot change). */
  readonly stages: number | null;
  readonly stageOptions: readonly number[];
  readonly microbatches: number;
  /** Microbatch counts that split each data-parallel replica's sequences evenly. */
  readonly microbatchOptions: readonly number[];
  readonly schedule: PlanState['pipeline']['schedule'];
  readonly virtualStages: number;
  /** Chunks per device that split each stage's layers evenly (interleaved only; otherwise [1]). */
  readonly virtualOptions: readonly number[];
}

/** The courses form of `plan`. */
export function coursesForm(level: Level, plan: PlanState): CoursesForm {
  const stage = plan.mesh.find((a) => a.name === 'stage');
  const others = plan.mesh.filter((a) => a.name !== 'stage').reduce((n, a) => n * a.size, 1);
  const dp = plan.mesh.find((a) => a.name === 'data')?.size ?? 1;
  const s = level.scenario;
  const { microbatches, schedule, virtualStages } = plan.pipeline;
  const perReplica = s.engine === 'train' ? s.globalBatch / dp : NaN;
  const layers = s.engine === 'train' ? s.model.layers / (stage?.size ?? 1) : NaN;
  const withCurrent = (list: number[], v: number) => [...new Set([...list, v])].sort((a, b) => a - b);
  return {
    stages: stage?.size ?? null,
    stageOptions: stage ? sizeChoices(Math.floor(level.limits.maxDevices / others), stage.size) : [],
    microbatches,
    microbatchOptions: withCurrent(Number.isInteger(perReplica) ? divisors(perReplica) : [], microbatches),
    schedule,
    virtualStages,
    virtualOptions:
      schedule === 'interleaved'
        ? withCurrent(Number.isInteger(layers) ? divisors(layers) : [1], virtualStages)
        : [1],
  };
}

/** The courses edit of one field; leaving the interleaved schedule resets the chunks to 1. */
export function coursesEdit(
  field: 'stages' | 'microbatches' | 'schedule' | 'virtualStages',
  value: string,
): PlanEdit {
  if (field === 'schedule') {
    const schedule = SCHEDULES.find((s) => s === value) ?? '1f1b';
    return schedule === 'interleaved'
      ? { type: 'setPipeline', schedule }
      : { type: 'setPipeline', schedule, virtualStages: 1 };
  }
  return { type: 'setPipeline', [field]: Number(value) };
}

/** The mode edit of a radio button's value. */
export const modeEdit = (mode: PlanState['mode']): PlanEdit => ({ type: 'setMode', mode });

/** The memory savers' edits from their controls' values. */
export const recomputeEdit = (policy: PlanState['recompute']): PlanEdit => ({ type: 'setRecompute', policy });
export const zeroEdit = (stage: PlanState['zeroStage']): PlanEdit => ({ type: 'setZero', stage });
export const sequenceParallelEdit = (enabled: boolean): PlanEdit => ({
  type: 'setSequenceParallel',
  enabled,
});
