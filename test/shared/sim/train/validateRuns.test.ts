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
  it('fits constants to exactly the four calibration rows of docs/cost-model.md §6', () => {
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

describe("MT-NLG's microbatch, which §2.4 does not print", () => {
  // 1F1B: t = (m + p − 1)·slot (Narayanan eq. (1)), so at one microbatch size the three runs' times stand in
  // the ratio of their slot counts. Hand-worked, p = 35, batch 1920, dp 8/10/12:
  //   published 60.1 : 50.2 : 44.4 = 1 : 0.8353 : 0.7388
  //   b = 1: m 240/192/160 → 274 : 226 : 194 = 1 : 0.8248 : 0.7080 (off by 4.2%)
  //   b = 2: m 120/96/80   → 154 : 130 : 114 = 1 : 0.8442 : 0.7403 (off by 1.1%)
  //   b = 4: m 60/48/40    →  94 :  82 :  74 = 1 : 0.8723 : 0.7872 (off by 6.6%)
  const rows = ['mtnlg-280', 'mtnlg-350', 'mtnlg-420'].map(byId);
  const slots = (b: number) => rows.map((r) => 1920 / (b * (r.request.parallel.dp as number)) + 35 - 1);
  const offBy = (b: number) => {
    const s = slots(b);
    const t = rows.map((r) => r.published.value);
    return Math.max(...[1, 2].map((i) => Math.abs(s[i]! / s[0]! / (t[i]! / t[0]!) - 1)));
  };

  it('is the one whose slot counts follow the published times: microbatch 2', () => {
    expect(slots(2)).toEqual([154, 130, 114]);
    expect(offBy(1)).toBeCloseTo(0.0417, 3);
    expect(offBy(2)).toBeCloseTo(0.0107, 3);
    expect(offBy(4)).toBeCloseTo(0.0655, 3);
    for (const r of rows) expect(r.request.parallel.microBatch, r.id).toBe(2);
  });
  it('runs in fp16, the only mixed precision DeepSpeed took before v0.5.10 (2022-01)', () => {
    // 2021 training on DeepSpeed's fp16 optimizer: the optimizer step's 52 bytes per element, not bf16's 42.
    for (const r of rows) expect(r.request.precision, r.id).toBe('fp16-mixed');
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

  it('never answers an empty table: no ids, an inherited name, or ids outside the source are mistakes', () => {
    const cases: [unknown, string, string][] = [
      [{ ids: [] }, 'input/field', 'ids'],
      [{ source: 'toString' }, 'input/not-one-of', 'source'],
      [{ ids: ['constructor'] }, 'input/not-one-of', 'ids[0]'],
      [{ source: 'mt-nlg', ids: ['k5-1t-full'] }, 'input/field', 'ids'],
    ];
    for (const [input, code, path] of cases) {
      const r = validateCommand(input);
      expect(r.ok, JSON.stringify(input)).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe(code);
        expect(r.error.message.startsWith(`${path}: `)).toBe(true);
      }
    }
    const both = unwrap(validateCommand({ source: 'mt-nlg', ids: ['mtnlg-280', 'k5-1t-full'] }));
    expect(both.rows.map((r) => r.id)).toEqual(['mtnlg-280']);
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

  it("says where our time goes in each row: `sim train`'s breakdown, every second of `oursS` in it", () => {
    for (const r of report.rows) {
      const parts = Object.values(r.oursBreakdownS!);
      expect(parts, r.id).toHaveLength(5);
      for (const s of parts) expect(s, r.id).toBeGreaterThanOrEqual(-1e-9);
      expect(parts.reduce((a, b) => a + b, 0) / r.oursS! - 1, r.id).toBeCloseTo(0, 9);
    }
    // ZeRO-3 without model parallelism: no tensor or pipeline passes to speak of, the data link is the rest
    const zero3 = report.rows.find((r) => r.id === 't2-zero3-175b-1536')!.oursBreakdownS!;
    expect(zero3.pipelineComm + zero3.bubble).toBeLessThan(1e-6);
    expect(zero3.dataComm).toBeGreaterThan(3 * zero3.compute);
  });

  it('fits every published run in 80 GB, as each of them ran (docs/pricing.md "Memory and score")', () => {
    expect(report.rows.filter((r) => r.fits === false).map((r) => r.id)).toEqual([]);
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
