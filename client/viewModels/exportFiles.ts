// The exports of a plan as files (docs/design.md §5.1): the JAX program (.py) from the core's `exportJax` and the
// step's timeline as a Chrome trace (.json, opens in Perfetto) from `timelineTrace`. Pure: names and contents.
import { exportJax, timelineTrace, type Evaluation, type Level, type PlanState } from '../../shared/index.ts';

export interface ExportFile {
  readonly name: string;
  readonly mime: string;
  readonly content: string;
}

/** 'Myth: GSPMD is fully automatic' → 'myth-gspmd-is-fully-automatic'. */
export const fileStem = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'plan';

/** The plan as a Python file, or the core's reason it cannot be exported. */
export function jaxFile(
  level: Level,
  plan: PlanState,
): { ok: true; file: ExportFile } | { ok: false; message: string } {
  const r = exportJax(level, plan);
  if (!r.ok) return { ok: false, message: `${r.error.type}: ${r.error.message}` };
  return {
    ok: true,
    file: { name: `mesh-kitchen-${fileStem(level.title.en)}.py`, mime: 'text/x-python', content: r.value },
  };
}

/** The evaluation's timeline as Chrome trace-event JSON. */
export function traceFile(level: Level, evaluation: Evaluation): ExportFile {
  return {
    name: `mesh-kitchen-${fileStem(level.title.en)}-trace.json`,
    mime: 'application/json',
    content: JSON.stringify(timelineTrace(evaluation.timeline)),
  };
}
