// A level's par for the game and `sim level`: the recorded best plan (parTable.ts, written by `npm run par`
// from the search), its score and the star thresholds derived from it, and how close a plan's score came.
import type { StarThresholds } from '../../sim/cost/score.ts';
import type { PlanState } from '../planState.ts';
import { PAR_TABLE } from './parTable.ts';
import { thresholdsFromPar } from './parThresholds.ts';

export interface LevelPar {
  readonly levelId: string;
  /** Tokens (or examples) per second of `plan`. */
  readonly score: number;
  readonly plan: PlanState;
  readonly thresholds: StarThresholds;
  readonly method: 'exhaustive' | 'local';
  readonly spaceSize: number;
  readonly priced: number;
  readonly refused: number;
}

/**
 * The par of the level `levelId`, or undefined when none is recorded (unknown level, or a new one before
 * `npm run par`).
 * @example levelPar('courses')?.plan.pipeline // { microbatches: 64, schedule: '1f1b', virtualStages: 1 }
 */
export function levelPar(levelId: string): LevelPar | undefined {
  const r = Object.hasOwn(PAR_TABLE, levelId) ? PAR_TABLE[levelId] : undefined;
  return r && { levelId, ...r, thresholds: thresholdsFromPar(r.score) };
}

/**
 * A score as a fraction of par (1 = par; above 1 only if the search missed a better plan), 0 when par is 0.
 * @example parFraction(39_000, 41_876) // ≈ 0.931
 */
export const parFraction = (score: number, par: number): number => (par > 0 ? score / par : 0);
