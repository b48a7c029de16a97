// Plan edits (the accepted-edit log is the truth, as boardgame.io keeps its moves): every change a player
// can make to a plan, as a discriminated union on `type`. The client's input handlers produce them;
// `applyEdit` validates and applies them; the classroom server replays the same edits.
import type { PipelineSchedule } from '../sim/cost/pipelineSimulation.ts';
import type { TasteMode } from '../sim/taste/tasteRequest.ts';
import type { RecomputePolicy } from '../sim/train/trainRequest.ts';
import type { ManualOpJson, MeshAxisState, SpecJson } from './planState.ts';

/** Every edit of a plan. */
export type PlanEdit =
  /** Replace the kitchen grid (axis names and sizes, major first). */
  | { readonly type: 'setMesh'; readonly axes: readonly MeshAxisState[] }
  /** Rename a mesh axis; every label that names it follows. */
  | { readonly type: 'renameAxis'; readonly from: string; readonly to: string }
  /** Label a dish: in auto mode the tensor's spec; in manual mode its in_specs / out_specs entry. */
  | { readonly type: 'setSpec'; readonly tensor: string; readonly spec: SpecJson }
  /** Remove a dish's label (auto: unannotated; manual: `P()`). */
  | { readonly type: 'clearSpec'; readonly tensor: string }
  | { readonly type: 'setMode'; readonly mode: TasteMode }
  /** The courses: stages (the mesh's `stage` axis), microbatches, schedule, interleaved chunks. */
  | {
      readonly type: 'setPipeline';
      readonly stages?: number;
      readonly microbatches?: number;
      readonly schedule?: PipelineSchedule;
      readonly virtualStages?: number;
    }
  | { readonly type: 'setRecompute'; readonly policy: RecomputePolicy }
  | { readonly type: 'setZero'; readonly stage: 0 | 1 | 2 | 3 }
  | { readonly type: 'setSequenceParallel'; readonly enabled: boolean }
  /** The seats each expert keeps per token group, as a multiple of its even share (MoE levels). */
  | { readonly type: 'setCapacityFactor'; readonly factor: number }
  /** Manual mode: insert an op (a collective, an einsum, …) into the body, at `index` or at the end. */
  | { readonly type: 'addManualOp'; readonly op: ManualOpJson; readonly index?: number }
  /** Manual mode: remove the body op that defines `name`. */
  | { readonly type: 'removeManualOp'; readonly name: string }
  /** Manual mode: serve `value` under the output name `output`. */
  | { readonly type: 'setManualOutput'; readonly output: string; readonly value: string };

/** The `type` of an edit. */
export type PlanEditType = PlanEdit['type'];

/** Every edit type, in the order the editor lists them. */
export const PLAN_EDIT_TYPES: readonly PlanEditType[] = [
  'setMesh',
  'renameAxis',
  'setSpec',
  'clearSpec',
  'setMode',
  'setPipeline',
  'setRecompute',
  'setZero',
  'setSequenceParallel',
  'setCapacityFactor',
  'addManualOp',
  'removeManualOp',
  'setManualOutput',
];
