// Star thresholds from a level's par (the best plan the search found, parTable.ts): three stars within 5%
// of par, two from 70% of it, one from 35%. Rounded down to three significant figures so that the
// thresholds read as round numbers and par itself always earns three stars.
import type { StarThresholds } from '../../sim/cost/score.ts';
import { PAR_TABLE } from './parTable.ts';

/** Fractions of par that earn one, two and three stars. */
export const STAR_FRACTIONS = { one: 0.35, two: 0.7, three: 0.95 } as const;

/** x rounded down to three significant figures (x ≥ 0). */
export function roundDown3(x: number): number {
  if (!(x > 0)) return 0;
  const unit = 10 ** (Math.floor(Math.log10(x)) - 2);
  return Math.floor(x / unit + 1e-9) * unit;
}

/**
 * The thresholds of a par score (tokens or examples per second).
 * @example thresholdsFromPar(41876) // { one: 14600, two: 29300, three: 39700 }
 */
export function thresholdsFromPar(par: number): StarThresholds {
  return {
    one: roundDown3(par * STAR_FRACTIONS.one),
    two: roundDown3(par * STAR_FRACTIONS.two),
    three: roundDown3(par * STAR_FRACTIONS.three),
  };
}

/**
 * A level's thresholds from its recorded par. A level with no par yet (a new level before `npm run par`)
 * gets thresholds no plan reaches, so that it cannot hand out stars it has not measured; par.test.ts fails
 * until its par is recorded.
 */
export function parStars(levelId: string): StarThresholds {
  const par = Object.hasOwn(PAR_TABLE, levelId) ? PAR_TABLE[levelId] : undefined;
  return par === undefined ? { one: Infinity, two: Infinity, three: Infinity } : thresholdsFromPar(par.score);
}
