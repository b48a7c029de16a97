// A level's par as recorded in parTable.ts by `npm run par` (scripts/par.ts): the best plan the search
// found, its score, and the size of the search that found it.
import type { PlanState } from '../planState.ts';

export interface ParRecord {
  /** Tokens (or examples) per second of `plan`, as evaluatePlan scores it. */
  readonly score: number;
  readonly plan: PlanState;
  readonly method: 'exhaustive' | 'local';
  /** Plans of the space (estimated from the start plan's options). */
  readonly spaceSize: number;
  /** Distinct plans priced. */
  readonly priced: number;
  /** Distinct plans the core refused or the memory bound pruned. */
  readonly refused: number;
}
