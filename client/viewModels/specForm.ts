// The slicing-label form: for every dish the level lets the player label, one choice per dimension (None or
// a mesh axis), read from the plan (auto mode's specs, manual mode's in_specs / out_specs); and back from the
// choices to the `setSpec` edit. Pure.
import {
  canonicalizeSpec,
  specToString,
  type Evaluation,
  type Level,
  type PlanEdit,
  type PlanState,
  type SpecJson,
} from '../../shared/index.ts';

export interface DimensionChoice {
  readonly index: number;
  /** Size of the dimension at the tasting scale. */
  readonly size: number;
  /** The axis name chosen, or null for None. */
  readonly value: string | null;
  /** null (None) first, then every axis of the grid. */
  readonly options: readonly (string | null)[];
}

export interface TensorForm {
  readonly tensor: string;
  readonly dims: readonly DimensionChoice[];
}

/** The form of `plan`; `shapes` are the dishes' shapes (from an evaluation's tasting). */
export function specForm(
  level: Level,
  plan: PlanState,
  shapes: ReadonlyMap<string, readonly number[]>,
): TensorForm[] {
  const options = [null, ...plan.mesh.map((a) => a.name)];
  const table = labelTable(plan);
  return level.limits.tensors.map((tensor) => {
    const spec = table[tensor];
    const shape = shapes.get(tensor) ?? (spec ?? level.reference.specs[tensor] ?? []).map(() => 0);
    return {
      tensor,
      dims: shape.map((size, index) => ({ index, size, value: entryAxis(spec?.[index]), options })),
    };
  });
}

/** The labels the plan's mode reads: auto's specs, shard_map's in_specs and out_specs (pmap takes none). */
export function labelTable(plan: PlanState): Readonly<Record<string, SpecJson>> {
  if (plan.mode === 'manual' && plan.manual !== null)
    return { ...plan.manual.inSpecs, ...plan.manual.outSpecs };
  return plan.mode === 'pmap' ? {} : plan.specs;
}

/** Whether the plan's mode takes slicing labels at all (pmap does not: it splits the batch itself). */
export const takesLabels = (plan: PlanState): boolean => plan.mode !== 'pmap';

/** The dishes' shapes from an evaluation's tasting. */
export function tensorShapes(evaluation: Evaluation): Map<string, readonly number[]> {
  return new Map((evaluation.tasting?.tensors ?? []).map((t) => [t.name, t.shape]));
}

/** The edit that sets dimension `index` of `tensor` to `axis`, keeping its other dimensions. */
export function setDimensionEdit(form: TensorForm, index: number, axis: string | null): PlanEdit {
  const spec: SpecJson = form.dims.map((d) => (d.index === index ? axis : d.value));
  return { type: 'setSpec', tensor: form.tensor, spec };
}

/** A label as JAX prints it (`repr`, partitionSpec.ts specToString): P(None, 'model'); P('data',) for a vector. */
export function specText(dims: readonly DimensionChoice[]): string {
  return specToString(dims.map((d) => d.value));
}

/**
 * A stored label with one entry per dimension, as the tasting and the views print a sharding: par's
 * `['expert']` for a rank-3 dish reads P('expert', None, None), not P('expert'). `rank` defaults to the
 * label's own length (a dish whose shape is unknown).
 */
export function labelText(spec: SpecJson, rank: number = spec.length): string {
  const c = canonicalizeSpec(spec);
  const entries = c.ok ? c.value : spec;
  return specToString([...entries, ...Array<null>(Math.max(0, rank - entries.length)).fill(null)]);
}

function entryAxis(entry: SpecJson[number] | undefined): string | null {
  if (entry === undefined || entry === null) return null;
  return typeof entry === 'string' ? entry : (entry[0] ?? null);
}
