// What evaluating a plan returns (docs/design.md §4.3 report, §5.2 results): the tasting at small scale, the
// pricing at banquet scale (step time, tokens/s, memory per device with its breakdown and the worst device,
// the collectives with their times, bubble, parallel efficiency T_calc / (T_calc + T_comm)), the timeline of
// one step for the dynamic view, the score with stars, and what limited the plan, explained in both
// languages. Plain data: deterministic, JSON-ready, deep-equal for equal inputs.
import type { MemoryBreakdown } from '../sim/cost/memory.ts';
import type { Score } from '../sim/cost/score.ts';
import type { Text } from './i18n.ts';
import type { EventPass } from './passNames.ts';

/** What held the plan back (docs/design.md §5.2: memory, communication, bubble or a wrong tasting). */
export type LimitedBy = 'memory' | 'communication' | 'bubble' | 'tasting' | 'dropped' | 'compute';

/** One output of the tasting, compared with one device in float64. */
export interface TastedOutput {
  readonly name: string;
  readonly ok: boolean;
  /** max |got − want| / max |want|. */
  readonly relError: number;
  readonly maxAbsError: number;
  /** Devices holding the element with the largest error ([] when it is exact). */
  readonly worstDevices: readonly number[];
  /** Set when the served shape differs from the one-kitchen dish's (nothing compared): served and expected. */
  readonly shapeMismatch?: { readonly served: readonly number[]; readonly expected: readonly number[] };
}

/** The tasting (试菜) at small scale: every op run on every simulated device's real shards. */
export interface Tasting {
  readonly ok: boolean;
  readonly devices: number;
  readonly tolerance: number;
  readonly outputs: readonly TastedOutput[];
  /** Names of the outputs that tasted wrong. */
  readonly wrong: readonly string[];
  /** Every value's propagated label and per-device shape at the tasting scale (the static view). */
  readonly tensors: readonly {
    readonly name: string;
    readonly phase: string;
    /** The part of the model it belongs to, from the core's program ('blk0/attention'; '' at the top). */
    readonly scope: string;
    readonly spec: string;
    readonly shape: readonly number[];
    readonly localShape: readonly number[];
    /** Names of the values it is computed from (a manual plan's output: the shard_map inputs it reads). */
    readonly operands: readonly string[];
    /**
     * Indices into `collectives` of the passes inserted at this value: on the edge from an operand when the
     * pass moves that operand, after the value itself when it moves this value (its result resharding).
     */
    readonly passesAt: readonly number[];
  }[];
  /** The collectives really executed, with the bytes the busiest device sent. */
  readonly collectives: readonly {
    readonly kind: string;
    readonly axes: readonly string[];
    readonly tensor: string;
    readonly phase: string;
    readonly bytesSent: number;
  }[];
}

/** One collective of the priced step on one device. */
export interface CollectiveCost {
  readonly kind: string;
  readonly axes: readonly string[];
  /** The value whose data moves. */
  readonly tensor: string;
  readonly phase: string;
  /** 'activation' (tensor parallel), 'parameter' (ZeRO-3 gathers), 'gradient' (data parallel), 'update', 'manual'. */
  readonly role: string;
  readonly link: 'intra' | 'inter';
  /** Bytes one device sends each time it runs (ring formulas). */
  readonly bytesPerDevice: number;
  /** Seconds each time it runs. */
  readonly timeS: number;
  /** Times per step on the critical device. */
  readonly perStep: number;
  /** Runs behind the backward pass (the data-parallel gradient reduction). */
  readonly overlapped: boolean;
  /**
   * The part of the full-size model it belongs to, as ir.ts `Value.scope` names a tasting value's: at banquet
   * scale the block ('layer', 'output', 'experts', '/'-joined with the value's own scope when it has one),
   * 'pipeline' for the stage sends, 'embedding' for the tied embedding; absent where the tasting lists them.
   */
  readonly scope?: string;
}

/** Memory of a group of devices that hold the same amounts. */
export interface MemoryGroup {
  readonly devices: readonly number[];
  readonly bytes: MemoryBreakdown;
}

/** The passes a group of devices runs, each with its times per step on those devices. */
export interface PassGroup {
  readonly devices: readonly number[];
  readonly collectives: readonly CollectiveCost[];
}

/** Memory per device against the fridge (decimal bytes). */
export interface MemoryReport {
  /** The worst device's breakdown. */
  readonly worst: MemoryBreakdown;
  readonly worstDevice: number;
  readonly capacityBytes: number;
  readonly fits: boolean;
  readonly overflowBytes: number;
  /** Every device, grouped by equal loads (one group in an SPMD plan, one per stage in a pipeline). */
  readonly groups: readonly MemoryGroup[];
}

/** Where the critical device's step time goes; the parts sum to `stepS`. */
export interface StepBreakdown {
  readonly compute: number;
  /** Communication the stoves wait for (overlapped reductions excluded). */
  readonly communication: number;
  readonly bubble: number;
}

/** The kitchens' topology: nodes of `devicesPerNode` consecutive ids; each mesh axis's link and speed. */
export interface Topology {
  readonly devicesPerNode: number;
  /** One-way bytes per second per device through a window inside a node and one between nodes. */
  readonly linkBytesPerS: { readonly intra: number; readonly inter: number };
  readonly axes: readonly {
    readonly axis: string;
    readonly link: 'intra' | 'inter';
    /** One-way bytes per second per device on that link. */
    readonly bytesPerS: number;
  }[];
}

/** The plan priced at banquet scale. */
export interface Pricing {
  readonly hardware: string;
  readonly devices: number;
  readonly topology: Topology;
  /** 'forward': inference, `stepS` is the first-token latency of the prompt. */
  readonly step: 'train' | 'forward';
  /** The update rule the training step ends with (its state: none for SGD, two moments for Adam); null for a forward step. */
  readonly optimizer: 'sgd' | 'adam' | null;
  /** Whether the update runs on fp32 master copies of 16-bit parameters (mixed precision; autodiff.ts). */
  readonly masterCopy: boolean;
  readonly stepS: number;
  readonly tokensPerStep: number;
  readonly tokensPerS: number;
  /** What a "token" is here: a sequence position, or a whole example for models without a sequence (an MLP's row, a recommender's request). */
  readonly throughputUnit: 'tokens' | 'examples';
  readonly memory: MemoryReport;
  /** The passes of the critical device (those every device runs, in an SPMD plan). */
  readonly collectives: readonly CollectiveCost[];
  /**
   * Where devices run different passes, each group's (one per pipeline stage: its sends, the tied embedding's
   * all-reduce on the first and last stage, the output layer's on the last); absent when all run `collectives`.
   */
  readonly passGroups?: readonly PassGroup[];
  readonly breakdownS: StepBreakdown;
  /** Every collective's seconds per step on the critical device, overlapped ones included. */
  readonly commTotalS: number;
  /** Idle device-time over devices × step (the pipeline bubble); 0 without a pipeline. */
  readonly bubbleFraction: number;
  /** Expected share of the routed tokens an MoE layer serves (routedTokens.ts); null for models that drop none. */
  readonly servedShare: number | null;
  /** The source article's Eff = T_calc / (T_calc + T_comm), with T_comm the exposed communication. */
  readonly parallelEfficiency: number;
  /**
   * Matmul FLOPs one device runs over those of the whole unsharded step: 1/devices when no kitchen repeats
   * another's work, more when they do (replicated weights, recomputation).
   */
  readonly workShare: number;
}

/** Kinds of timeline events: a stove's work, a pass through a window, or waiting. */
export type StepEventKind =
  'forward' | 'backward' | 'recompute' | 'update' | 'collective' | 'send' | 'recv' | 'idle';

/** One event of a lane: start and end in seconds from the start of the step. */
export interface StepEvent {
  readonly kind: StepEventKind;
  readonly startS: number;
  readonly endS: number;
  readonly microbatch?: number;
  /** What runs, as a trace names it: the collective and its value ('all-reduce pred over model'), the op, … */
  readonly label?: string;
  /** The pass a 'collective' event is (its kind and axes), for the views to draw and name it. */
  readonly pass?: EventPass;
  /** Overlaps the lane's other events (a gradient reduction behind the backward pass). */
  readonly overlapped?: boolean;
}

/** Devices whose step looks the same (every device of an SPMD plan; one pipeline stage's devices). */
export interface TimelineLane {
  readonly label: Text;
  readonly devices: readonly number[];
  /** In time order; the non-overlapped events cover [0, stepS] without gaps. */
  readonly events: readonly StepEvent[];
}

/** One step, for the dynamic view (and a trace file). */
export interface StepTimeline {
  readonly stepS: number;
  /** Index of the lane whose work ends last (the critical kitchens; stepShares.ts reports its shares). */
  readonly criticalLane: number;
  readonly lanes: readonly TimelineLane[];
}

/** The evaluation of a plan. */
export interface Evaluation {
  readonly levelId: string;
  readonly engine: 'tasting+pricing' | 'train';
  /** null for the Megatron-shaped levels, which are priced only. */
  readonly tasting: Tasting | null;
  readonly pricing: Pricing;
  readonly timeline: StepTimeline;
  /** Tokens/s with stars, or zero with the reason (out of memory, tasting failed). */
  readonly score: Score;
  readonly stars: 0 | 1 | 2 | 3;
  readonly limitedBy: LimitedBy;
  readonly explanation: Text;
}
