// `sim validate`: the published-runs table and the error it reports (docs/pricing.md).
import { describe, expect, it } from 'vitest';
import { PUBLISHED_RUNS } from '../../../../shared/sim/train/publishedRuns.ts';
import {
  publishedIterationS,
  summarise,
  validateCommand,
  validateRun,
  validateRuns,
  type ValidationRow,
} from '../../../../shared/sim/train/validateRuns.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { parseTrainRequest } from '../../../../shared/sim/train/trainRequest.ts';

const byId = (id: string) => PUBLISHED_RUNS.find((r) => r.id === id)!;

describe('the published runs', () => {
  it('fits constants to exactly the four calibration rows of cost-model.md §6', () => {
    expect(PUBLISHED_RUNS.filter((r) => r.calibration).map((r) => r.id)).toEqual([
      't1-3.6b',
      't1-145.6b',
      'k5-22b-full',
      'k5-22b-sp',
    ]);
  });

  it('has unique ids and a well-formed `sim train` request in every row', () => {
    expect(new Set(PUBLISHED_RUNS.map((r) => r.id)).size).toBe(PUBLISHED_RUNS.length);
    for (const r of PUBLISHED_RUNS) expect(parseTrainRequest(r.request).ok, r.id).toBe(true);
  });

  it('turns TFLOP/s per GPU into seconds with eq. (3): 145.6B at 148 TFLOP/s on 1536 GPUs is 24.8 s', () => {
    // 96·2304·2048·80·12288²·(1 + 2048/(6·12288) + 51200/(16·80·12288)) / (148e12 · 1536)
    expect(publishedIterationS(byId('t1-145.6b'))).toBeCloseTo(24.817, 2);
    expect(publishedIterationS(byId('k5-1t-full'))).toBe(94.42);
  });
});

describe('validateRun and summarise', () => {
  it('prices a row: ours, and the error as ours/published − 1', () => {
    const row = validateRun(byId('k5-22b-full'));
    expect(row.fitted).toBe(true);
    expect(row.oursS).toBeGreaterThan(0);
    expect(row.error).toBeCloseTo(row.oursS! / 1.42 - 1, 12);
  });

  it('summarises mean absolute and signed worst error, counting refusals apart', () => {
    const rows = [{ error: 0.02 }, { error: -0.05 }, { refused: 'x' }] as unknown as ValidationRow[];
    expect(summarise(rows)).toEqual({ rows: 3, refused: 1, meanAbsError: 0.035, worstError: -0.05 });
  });
});

describe('validateCommand', () => {
  it('filters by source and by id', () => {
    const k = unwrap(validateCommand({ ids: ['k5-22b-sp', 't1-1.7b'] }));
    expect(k.rows.map((r) => r.id)).toEqual(['t1-1.7b', 'k5-22b-sp']);
    expect(k.fitted.rows).toBe(1);
    expect(k.unfitted.rows).toBe(1);
  });

  it('refuses bad input with InputError and a path', () => {
    for (const bad of [[], { source: 'nope' }, { ids: ['no-such-run'] }, { ids: 3 }, { extra: 1 }]) {
      const r = validateCommand(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.type).toBe('InputError');
    }
  });
});

describe('the whole table', () => {
  const report = validateRuns();
  const meanAbs = (es: number[]) => es.reduce((s, e) => s + Math.abs(e), 0) / es.length;
  const worst = (es: number[]) => es.reduce((w, e) => (Math.abs(e) > Math.abs(w) ? e : w), 0);

  it('prices every published run: nothing refused', () => {
    expect(report.rows).toHaveLength(PUBLISHED_RUNS.length);
    for (const r of report.rows) {
      expect(r.refused, r.id).toBeUndefined();
      expect(r.oursS, r.id).toBeGreaterThan(0);
      expect(r.error, r.id).toBeCloseTo(r.oursS! / r.published.iterationS - 1, 12);
    }
    expect(report.unfitted.refused + report.fitted.refused).toBe(0);
  });

  it('computes each summary from its rows, the fitted ones left out', () => {
    const unfitted = report.rows.filter((r) => !r.fitted);
    const errors = unfitted.map((r) => r.error!);
    expect(report.unfitted.rows).toBe(unfitted.length);
    expect(report.unfitted.meanAbsError).toBeCloseTo(meanAbs(errors), 12);
    expect(report.unfitted.worstError).toBe(worst(errors));
    expect(report.fitted.rows).toBe(4);
    for (const s of report.bySource) {
      const es = unfitted.filter((r) => r.source === s.source).map((r) => r.error!);
      expect([s.rows, s.meanAbsError, s.worstError], s.source).toEqual([es.length, meanAbs(es), worst(es)]);
    }
    expect(report.bySource.map((s) => s.source)).toEqual([
      'narayanan-t1',
      'narayanan-t2-zero3',
      'narayanan-t2-ptdp',
      'korthikanti',
      'mt-nlg',
    ]);
  });
});
