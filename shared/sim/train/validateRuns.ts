// `sim validate` (docs/pricing.md): every published run of publishedRuns.ts priced by `sim train`, with the
// published iteration time, ours and the relative error `ours/published − 1`, the rows constants were
// fitted to marked, and per source (and over all) the mean absolute and the worst error over the rows that
// were NOT fitted to. A run `sim train` refuses is listed with its error and counted as refused.
import { megatronFlopsPerIteration } from '../cost/modelFormulas.ts';
import type { Calibration } from '../cost/calibration.ts';
import { bad, isObject, onlyFields, readChoice } from '../input/fields.ts';
import { ok, type Result } from '../result.ts';
import { PUBLISHED_RUNS, RUN_SOURCES, type PublishedRun, type RunSource } from './publishedRuns.ts';
import type { TrainTimeBreakdown } from './simulateTrain.ts';
import { trainCommand } from './trainReport.ts';

/** One priced row. */
export interface ValidationRow {
  readonly id: string;
  readonly source: RunSource;
  readonly row: string;
  /** Fitted to (a docs/cost-model.md §6 calibration row). */
  readonly fitted: boolean;
  /** The published figure as printed, and as seconds per iteration. */
  readonly published: PublishedRun['published'] & { readonly iterationS: number };
  /** Ours, seconds per iteration; absent when refused. */
  readonly oursS?: number;
  /** ours / published − 1; absent when refused. */
  readonly error?: number;
  /** Where our time goes on the critical device, s (`sim train`'s `breakdownS`; sums to `oursS`). */
  readonly oursBreakdownS?: TrainTimeBreakdown;
  /** Whether our plan fits the device's memory (it ran, so it should); absent when refused. */
  readonly fits?: boolean;
  /** Why `sim train` refused the run. */
  readonly refused?: string;
  readonly assumed?: string;
  /** The `sim train` request priced for the row, so that it can be run again on its own. */
  readonly request: unknown;
}

/** Error statistics over a set of rows not fitted to. */
export interface ErrorSummary {
  readonly rows: number;
  readonly refused: number;
  /** Mean |error| over the priced rows; 0 when none. */
  readonly meanAbsError: number;
  /** Largest |error|, signed. */
  readonly worstError: number;
}

/** The `sim validate` answer. */
export interface ValidationReport {
  readonly rows: readonly ValidationRow[];
  readonly bySource: readonly ({ readonly source: RunSource; readonly name: string } & ErrorSummary)[];
  /** Over every row not fitted to. */
  readonly unfitted: ErrorSummary;
  /** Over the calibration rows. */
  readonly fitted: ErrorSummary;
}

/** Seconds per iteration a published figure stands for (eq. (3) FLOPs over the GPUs for TFLOP/s). */
export function publishedIterationS(run: PublishedRun): number {
  if (run.published.kind === 'iterationS') return run.published.value;
  const { model, parallel } = run.request;
  const gpus = Number(parallel.tp) * Number(parallel.pp) * Number(parallel.dp);
  const flops = megatronFlopsPerIteration(
    { layers: model.layers, hidden: model.hidden, heads: model.heads, vocab: model.vocab, seqLen: model.seq },
    Number(parallel.globalBatch),
    'full',
  );
  return flops / (run.published.value * 1e12 * gpus);
}

/** Prices one published run. */
export function validateRun(run: PublishedRun, calibration?: Calibration): ValidationRow {
  const base = {
    id: run.id,
    source: run.source,
    row: run.row,
    fitted: run.calibration,
    published: { ...run.published, iterationS: publishedIterationS(run) },
    ...(run.assumed === undefined ? {} : { assumed: run.assumed }),
    request: run.request,
  };
  const priced = trainCommand(run.request, calibration);
  if (!priced.ok) return { ...base, refused: `${priced.error.type}: ${priced.error.message}` };
  const oursS = priced.value.iterationTimeS;
  return {
    ...base,
    oursS,
    error: oursS / base.published.iterationS - 1,
    oursBreakdownS: priced.value.breakdownS,
    fits: priced.value.memory.fits,
  };
}

/** Mean absolute and worst error of `rows`. */
export function summarise(rows: readonly ValidationRow[]): ErrorSummary {
  const priced = rows.filter((r) => r.error !== undefined).map((r) => r.error!);
  const worst = priced.reduce((w, e) => (Math.abs(e) > Math.abs(w) ? e : w), 0);
  return {
    rows: rows.length,
    refused: rows.length - priced.length,
    meanAbsError: priced.length === 0 ? 0 : priced.reduce((s, e) => s + Math.abs(e), 0) / priced.length,
    worstError: worst,
  };
}

/** Every published run priced, with the summaries. */
export function validateRuns(
  runs: readonly PublishedRun[] = PUBLISHED_RUNS,
  calibration?: Calibration,
): ValidationReport {
  const rows = runs.map((r) => validateRun(r, calibration));
  const unfitted = rows.filter((r) => !r.fitted);
  const sources = [...new Set(rows.map((r) => r.source))];
  return {
    rows,
    bySource: sources.map((source) => ({
      source,
      name: RUN_SOURCES[source],
      ...summarise(unfitted.filter((r) => r.source === source)),
    })),
    unfitted: summarise(unfitted),
    fitted: summarise(rows.filter((r) => r.fitted)),
  };
}

const RUN_IDS = PUBLISHED_RUNS.map((r) => r.id);

/** `sim validate`: `{}` for every run, or `{"source": "korthikanti"}` / `{"ids": ["k5-1t-full"]}`. */
export function validateCommand(input: unknown): Result<ValidationReport> {
  const raw = input ?? {};
  if (!isObject(raw)) return bad('(root)', 'expected {} or {"source": …} or {"ids": […]}');
  const fields = onlyFields(raw, ['source', 'ids'], '');
  if (!fields.ok) return fields;
  let runs = PUBLISHED_RUNS;
  if (raw.source !== undefined) {
    const source = readChoice(raw.source, 'source', Object.keys(RUN_SOURCES) as RunSource[]);
    if (!source.ok) return source;
    runs = runs.filter((r) => r.source === source.value);
  }
  if (raw.ids !== undefined) {
    if (!Array.isArray(raw.ids) || raw.ids.length === 0)
      return bad('ids', 'expected a non-empty list of run ids');
    const ids: string[] = [];
    for (const [i, id] of raw.ids.entries()) {
      const known = readChoice(id, `ids[${i}]`, RUN_IDS);
      if (!known.ok) return known;
      ids.push(known.value);
    }
    runs = runs.filter((r) => ids.includes(r.id));
    // {"source": …, "ids": […]} both given: a run must match both, and none matching is a mistake, not a report.
    if (runs.length === 0) return bad('ids', `none of these runs is from '${String(raw.source)}'`);
  }
  return ok(validateRuns(runs));
}
