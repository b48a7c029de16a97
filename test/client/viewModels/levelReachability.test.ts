// Every level is playable through the editors: its start plan evaluates and renders, and its reference plan
// can be reached from the start with edits the level screen's controls produce (each from the view-model
// function its control calls, offered among its choices, in a section the level shows), replayed through
// the core in an order the core accepts.
import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  evaluatePlan,
  LEVELS,
  type Level,
  type ManualOpJson,
  type PlanEdit,
  type PlanState,
  type SpecJson,
  MANUAL_COLLECTIVES,
} from '../../../shared/index.ts';
import { collectiveOp, type CollectiveDraft } from '../../../client/viewModels/manualBodyForm.ts';
import { gridForm, renameAxisEdit, resizeAxisEdit } from '../../../client/viewModels/meshGridForm.ts';
import {
  coursesEdit,
  capacityEdit,
  coursesForm,
  EDITOR_OF_EDIT,
  editorSections,
  modeEdit,
  recomputeEdit,
  sequenceParallelEdit,
  zeroEdit,
} from '../../../client/viewModels/planOptionsForm.ts';
import { labelTable, setDimensionEdit, specForm, tensorShapes } from '../../../client/viewModels/specForm.ts';

/** A control's edit for the present plan, or null while the control does not offer it. */
type Step = { readonly what: string; readonly make: (plan: PlanState) => PlanEdit | null };

const entry = (e: SpecJson[number] | undefined): string | null =>
  e === undefined || e === null
    ? null
    : typeof e === 'string'
      ? e
      : e.length === 1
        ? e[0]!
        : `[${e.join(',')}]`;
const trimmed = (spec: SpecJson | undefined): (string | null)[] => {
  const out = (spec ?? []).map(entry);
  while (out.length > 0 && out.at(-1) === null) out.pop();
  return out;
};
/** The plan with every label written the same way (trailing Nones dropped), for comparison. */
function normal(plan: PlanState): unknown {
  const table = (t: Readonly<Record<string, SpecJson>>) =>
    Object.fromEntries(
      Object.entries(t)
        .map(([k, v]) => [k, trimmed(v)] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  return {
    ...plan,
    specs: table(plan.specs),
    manual: plan.manual && {
      ...plan.manual,
      inSpecs: table(plan.manual.inSpecs),
      outSpecs: table(plan.manual.outSpecs),
    },
  };
}

/** The draft the "add a pass" form needs to make `op`, or null when the form cannot make it. */
function draftFor(op: ManualOpJson): CollectiveDraft | null {
  if (!(MANUAL_COLLECTIVES as readonly string[]).includes(op.op) || op.args.length !== 1) return null;
  const axes = typeof op.axes === 'string' ? [op.axes] : (op.axes ?? []);
  return {
    name: op.name,
    kind: op.op as CollectiveDraft['kind'],
    input: op.args[0]!,
    axis: op.axis ?? axes[0] ?? '',
    dim: op.dim ?? 0,
    to: op.to ?? 'varying',
    splitDim: op.splitDim ?? 0,
    concatDim: op.concatDim ?? 0,
    shift: op.perm?.[0] ? op.perm[0][1] - op.perm[0][0] : 1,
  };
}

/** The control steps from the level's start to its reference. */
function steps(level: Level, shapes: ReadonlyMap<string, readonly number[]>): Step[] {
  const { start, reference: ref } = level;
  const out: Step[] = [];
  if (start.mode !== ref.mode) out.push({ what: 'mode', make: () => modeEdit(ref.mode) });
  ref.mesh.forEach((want, i) => {
    const had = start.mesh[i];
    if (had && had.name !== want.name)
      out.push({
        what: `rename ${i}`,
        make: (p) =>
          gridForm(level, p).rows[i]?.nameOptions.includes(want.name)
            ? renameAxisEdit(p, i, want.name)
            : null,
      });
    if (had && had.size !== want.size)
      out.push({
        what: `resize ${i}`,
        make: (p) =>
          gridForm(level, p).rows[i]?.sizeOptions.includes(want.size)
            ? resizeAxisEdit(p, i, want.size)
            : null,
      });
  });
  expect(ref.mesh.length, `${level.id}: the grid keeps its number of rows`).toBe(start.mesh.length);
  for (const field of ['microbatches', 'schedule', 'virtualStages'] as const)
    if (start.pipeline[field] !== ref.pipeline[field])
      out.push({
        what: field,
        make: (p) => {
          const f = coursesForm(level, p);
          const offered =
            field === 'schedule' ||
            (field === 'microbatches' ? f.microbatchOptions : f.virtualOptions).includes(
              Number(ref.pipeline[field]),
            );
          return offered ? coursesEdit(field, String(ref.pipeline[field])) : null;
        },
      });
  if (start.recompute !== ref.recompute)
    out.push({ what: 'recompute', make: () => recomputeEdit(ref.recompute) });
  if (start.zeroStage !== ref.zeroStage) out.push({ what: 'zero', make: () => zeroEdit(ref.zeroStage) });
  if (start.capacityFactor !== ref.capacityFactor && ref.capacityFactor !== null)
    out.push({ what: 'capacity', make: () => capacityEdit(ref.capacityFactor!) });
  if (start.sequenceParallel !== ref.sequenceParallel)
    out.push({ what: 'sp', make: () => sequenceParallelEdit(ref.sequenceParallel) });
  // Labels: one select per dimension; a label the reference drops is cleared.
  const [from, to] = [labelTable(start), labelTable(ref)];
  for (const tensor of level.limits.tensors) {
    const want = trimmed(to[tensor]);
    if (JSON.stringify(trimmed(from[tensor])) === JSON.stringify(want) && tensor in from === tensor in to)
      continue;
    if (!(tensor in to)) {
      out.push({ what: `clear ${tensor}`, make: () => ({ type: 'clearSpec', tensor }) });
      continue;
    }
    const rank = shapes.get(tensor)?.length ?? want.length;
    for (let d = 0; d < rank; d++)
      out.push({
        what: `${tensor}[${d}]`,
        make: (p) => {
          const form = specForm(level, p, shapes).find((f) => f.tensor === tensor)!;
          const axis = want[d] ?? null;
          return form.dims[d]?.options.includes(axis) ? setDimensionEdit(form, d, axis) : null;
        },
      });
  }
  // Manual body: ops the reference adds through the "add a pass" form, ops it drops, outputs it serves.
  const [sm, rm] = [start.manual, ref.manual];
  if (sm && rm) {
    for (const op of rm.body.filter((o) => !sm.body.some((s) => JSON.stringify(s) === JSON.stringify(o)))) {
      const draft = draftFor(op);
      expect(draft, `${level.id}: the form makes ${op.name}`).not.toBeNull();
      expect(collectiveOp(draft!, { ...ref, manual: sm })).toEqual(op);
      out.push({
        what: `add ${op.name}`,
        make: (p) => ({ type: 'addManualOp', op: collectiveOp(draft!, p) }),
      });
    }
    for (const op of sm.body.filter((o) => !rm.body.some((r) => r.name === o.name)))
      out.push({ what: `remove ${op.name}`, make: () => ({ type: 'removeManualOp', name: op.name }) });
    for (const [output, value] of Object.entries(rm.outputs))
      if (sm.outputs[output] !== value)
        out.push({ what: `serve ${output}`, make: () => ({ type: 'setManualOutput', output, value }) });
  }
  return out;
}

describe('every level through the editors', () => {
  it.each(LEVELS.map((l) => [l.id, l] as const))('%s: start renders, reference reachable', (_id, level) => {
    const start = evaluatePlan(level, level.start);
    if (!start.ok) throw new Error(start.error.message);
    const shapes = tensorShapes(start.evaluation);
    // The label form has every dimension of every dish the level lists.
    for (const form of specForm(level, level.start, shapes))
      expect(form.dims.length, `${level.id}: ${form.tensor} has a shape`).toBeGreaterThan(0);
    const sections = editorSections(level);
    let pending = steps(level, shapes);
    expect(pending.length, `${level.id}: the reference differs from the start`).toBeGreaterThan(0);
    let plan = level.start;
    // Apply whatever the core accepts now; the rest waits for a later pass (e.g. shrink one row, then grow another).
    for (let progress = true; progress && pending.length > 0;) {
      progress = false;
      for (const step of [...pending]) {
        const edit = step.make(plan);
        if (edit === null) continue;
        expect(sections, `${level.id}: ${step.what} needs its editor`).toContain(EDITOR_OF_EDIT[edit.type]);
        const r = applyEdit(level, plan, edit);
        if (!r.ok) continue;
        plan = r.state;
        pending = pending.filter((s) => s !== step);
        progress = true;
      }
    }
    expect(pending.map((s) => s.what)).toEqual([]);
    expect(normal(plan)).toEqual(normal(level.reference));
    const end = evaluatePlan(level, plan);
    expect(end.ok && end.evaluation.stars).toBe(3);
  });
});
