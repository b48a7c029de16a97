// Par by search (shared/game/par): for every level the recorded par (parTable.ts) is what the search finds
// now — else the test names the stale level and the command that refreshes it — no plan the search priced
// beats par, par's plan evaluates to par's score, the reference earns three stars (within 5% of par) and
// the start plan fewer, the thresholds are derived from par, and a text that calls the reference par's plan
// is right.
import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../../../shared/game/levels/index.ts';
import { levelPar, parFraction } from '../../../../shared/game/par/levelPar.ts';
import { PAR_TABLE } from '../../../../shared/game/par/parTable.ts';
import { parStars, roundDown3, thresholdsFromPar } from '../../../../shared/game/par/parThresholds.ts';
import { planKey, searchPar } from '../../../../shared/game/par/searchPar.ts';
import { evaluate } from '../helpers.ts';
import { shownTextsOf } from '../lessonScan.ts';

describe('star thresholds from par', () => {
  it('round down to three significant figures: 35%, 70% and 95% of par', () => {
    expect(roundDown3(41876 * 0.95)).toBe(39700);
    expect(thresholdsFromPar(41876)).toEqual({ one: 14600, two: 29300, three: 39700 });
    expect(thresholdsFromPar(732.74)).toEqual({ one: 256, two: 512, three: 696 });
    expect(roundDown3(0)).toBe(0);
  });
  it('a level with no recorded par hands out no stars; an unknown level has no par', () => {
    expect(parStars('no-such-level')).toEqual({ one: Infinity, two: Infinity, three: Infinity });
    expect(levelPar('no-such-level')).toBeUndefined();
    expect(levelPar('constructor')).toBeUndefined();
  });
  it('the par fraction is score over par', () => {
    expect(parFraction(39_000, 40_000)).toBeCloseTo(0.975, 12);
    expect(parFraction(5, 0)).toBe(0);
  });
});

describe.each(LEVELS.map((l) => [l.id, l] as const))('par of %s', (id, level) => {
  it('is recorded, and the stars derive from it', () => {
    expect(PAR_TABLE[id], `${id} has no par: run \`npm run par ${id}\``).toBeDefined();
    const par = levelPar(id)!;
    expect(level.stars).toEqual(par.thresholds);
    expect(par.thresholds).toEqual(thresholdsFromPar(par.score));
  });
  it('is what the search finds now; nothing it priced beats par', { timeout: 240_000 }, () => {
    const found = searchPar(level);
    const recorded = PAR_TABLE[id]!;
    const stale = `${id}: recorded par is stale (recorded ${recorded.score}, search finds ${found.score}): run \`npm run par ${id}\``;
    expect(found.score, stale).toBe(recorded.score);
    expect(planKey(found.plan), stale).toBe(planKey(recorded.plan));
    expect({ method: found.method, spaceSize: found.spaceSize, priced: found.priced }, stale).toEqual({
      method: recorded.method,
      spaceSize: recorded.spaceSize,
      priced: recorded.priced,
    });
    expect(found.visited.length).toBe(found.priced);
    for (const v of found.visited) expect(v.score).toBeLessThanOrEqual(found.score);
    if (found.method === 'exhaustive')
      expect(found.priced + found.refused).toBeLessThanOrEqual(found.spaceSize);
  });
  it("par's plan evaluates to par's score with three stars; the reference earns three, the start fewer", () => {
    const par = levelPar(id)!;
    const atPar = evaluate(level, par.plan);
    expect(atPar.score.score).toBe(par.score);
    expect(atPar.stars).toBe(3);
    const ref = evaluate(level, level.reference);
    expect(ref.stars).toBe(3);
    expect(parFraction(ref.score.score, par.score)).toBeGreaterThanOrEqual(0.95);
    expect(evaluate(level, level.start).stars).toBeLessThan(3);
  });
  it("is the reference plan wherever a text says the reference is par's plan", () => {
    // 参考方案（也就是本关标准杆的方案） / the reference plan (par's plan too): the claim is checked, not trusted
    const says = shownTextsOf(level).filter(({ text }) =>
      /参考方案（[^）]*标准杆|reference plan \([^)]*\bpar\b/.test(text),
    );
    if (says.length > 0) expect(planKey(level.reference)).toBe(planKey(levelPar(id)!.plan));
  });
});
