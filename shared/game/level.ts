// A level as data, not code (docs/design.md §5.4): its texts in both languages, the
// scenario the core evaluates, what the player may edit, the star thresholds, and three plans — where the
// player starts, a reference solution (three stars) and the trap plan of the level's misconception, which
// must fail in the simulation the way the debrief says. Adding a level means adding a file under levels/.
import type { HardwarePresetId } from '../sim/cost/hardware.ts';
import type { TrainingPrecision } from '../sim/cost/memory.ts';
import type { StarThresholds } from '../sim/cost/score.ts';
import type { TasteMode } from '../sim/taste/tasteRequest.ts';
import type { PlanEditType } from './actions.ts';
import type { Text } from './i18n.ts';
import type { PlanState } from './planState.ts';

/**
 * A small model of the registry (shared/sim/models) tasted for real at `tastingDims` on every simulated
 * device, and the same plan — mesh, labels, mode — priced at `banquetDims` on `hardware` (never
 * materialised). `step: 'forward'` prices the forward pass only (inference: first-token latency).
 */
export interface TastingScenario {
  readonly engine: 'tasting+pricing';
  readonly model: string;
  readonly tastingDims: Readonly<Record<string, number>>;
  readonly banquetDims: Readonly<Record<string, number>>;
  readonly step: 'train' | 'forward';
  readonly hardware: HardwarePresetId;
  /** Overrides the preset's devices per node (which windows are slow). */
  readonly devicesPerNode?: number;
  /** Bytes per parameter of the model states (memory.ts `stateBytesPerParam`); matmuls run in its precision. */
  readonly precision: TrainingPrecision;
  /** The tasting's data seed (default 0). */
  readonly seed?: number;
}

/**
 * A Megatron GPT priced at full scale by `simulateTrain` (`sim train`): the mesh is `data` × `stage` ×
 * `model` (dp × pp × tp) and the layouts are Megatron's; the plan chooses the sizes, the pipeline, the
 * recompute policy, ZeRO and sequence parallelism.
 */
export interface TrainScenario {
  readonly engine: 'train';
  readonly model: {
    readonly layers: number;
    readonly hidden: number;
    readonly heads: number;
    readonly seq: number;
    readonly vocab: number;
    readonly ffn?: number;
  };
  readonly hardware: HardwarePresetId;
  readonly devicesPerNode?: number;
  readonly precision: TrainingPrecision;
  /** Sequences per step over all data-parallel replicas. */
  readonly globalBatch: number;
}

/** What a level evaluates: a tasted and priced small model, or a Megatron GPT priced at full scale. */
export type Scenario = TastingScenario | TrainScenario;

/** What a level lets the player change. */
export interface LevelLimits {
  /** Most kitchens the grid may have. */
  readonly maxDevices: number;
  /** The only axis names the grid may use. */
  readonly axisNames: readonly string[];
  /** Dishes the player may label (tensor, value or output names); [] when labels are fixed. */
  readonly tensors: readonly string[];
  /** Modes the player may choose. */
  readonly modes: readonly TasteMode[];
}

/** How the trap plan fails: out of memory, a wrong tasting, or a valid but slower step than the reference. */
export type TrapFailure = 'memory' | 'tasting' | 'slower';

/** A level. */
export interface Level {
  readonly id: string;
  /** Concept levels teach one idea; misconception levels disprove one of the source article's five. */
  readonly kind: 'concept' | 'misconception';
  /** The idea, as a short key: 'tensor-parallel', 'pipeline', 'zero', … */
  readonly concept: string;
  /** Further concepts the level also teaches (`sim levels` lists them after `concept`). */
  readonly alsoTeaches?: readonly string[];
  readonly title: Text;
  /** Misconception levels: the wrong belief, as the article words it. */
  readonly belief?: Text;
  readonly story: Text;
  readonly goal: Text;
  /** At most three. */
  readonly hints: readonly Text[];
  /** Shown on the score screen: the concept with the article's formulas and the level's true figures. */
  readonly debrief: Text;
  readonly scenario: Scenario;
  readonly editable: readonly PlanEditType[];
  readonly limits: LevelLimits;
  /** Tokens per second for one, two and three stars. */
  readonly stars: StarThresholds;
  readonly start: PlanState;
  readonly reference: PlanState;
  readonly trap: { readonly plan: PlanState; readonly fails: TrapFailure };
  /**
   * Further plans the debrief speaks of, by name (lessonPlans.ts): `{gpipe1Round.stepTime}` quotes the
   * evaluation of `lessonPlans.gpipe1Round`. Built from the level's plans, never start, reference, trap or par.
   */
  readonly lessonPlans?: Readonly<Record<string, PlanState>>;
}
