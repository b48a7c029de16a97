// The manual-mode (shard_map) editor's model: the body as rows of ops in JAX's words, the values a new
// collective may read, the collectives and their parameters, the op a filled-in form makes, and the served
// outputs. Pure; the core checks the op with the whole plan when the edit arrives.
import {
  MANUAL_COLLECTIVES,
  type ManualCollective,
  type ManualOpJson,
  type ManualState,
  type PlanEdit,
  type PlanState,
} from '../../shared/index.ts';

/** The parameters each collective takes besides its input and axis. */
export const COLLECTIVE_FIELDS: Readonly<Record<ManualCollective, readonly CollectiveField[]>> = {
  psum: [],
  all_gather: ['dim', 'to'],
  psum_scatter: ['dim'],
  all_to_all: ['splitDim', 'concatDim'],
  ppermute: ['shift'],
};
export type CollectiveField = 'dim' | 'to' | 'splitDim' | 'concatDim' | 'shift';

/** A filled-in "add a collective" form. */
export interface CollectiveDraft {
  /** The new value's name; '' picks a fresh one (`freshName`). */
  readonly name: string;
  readonly kind: ManualCollective;
  readonly input: string;
  readonly axis: string;
  readonly dim: number;
  /** all_gather: 'varying' (JAX's default) or 'invarying' (all_gather_invariant). */
  readonly to: 'varying' | 'invarying';
  readonly splitDim: number;
  readonly concatDim: number;
  /** ppermute: each kitchen sends to the one `shift` places further along the axis (a ring). */
  readonly shift: number;
}

export interface OpRow {
  readonly name: string;
  readonly text: string;
  readonly collective: boolean;
}

/** The body as rows: `pred_sum = psum(pred_partial, 'model')`. */
export function bodyRows(manual: ManualState): OpRow[] {
  return manual.body.map((op) => ({
    name: op.name,
    text: opText(op),
    collective: (MANUAL_COLLECTIVES as readonly string[]).includes(op.op),
  }));
}

/** One op as JAX writes it (jax.lax names the collectives; einsum with its equation). */
export function opText(op: ManualOpJson): string {
  const axes = op.axes === undefined ? [] : typeof op.axes === 'string' ? [op.axes] : op.axes;
  const axisArg = op.axis ?? (axes.length === 1 ? axes[0] : `(${axes.join(', ')})`);
  const params: string[] = [];
  if (op.equation !== undefined) params.push(`'${op.equation}'`);
  params.push(...op.args);
  if (axisArg !== undefined && (axes.length > 0 || op.axis !== undefined)) params.push(`'${axisArg}'`);
  if (op.dim !== undefined) params.push(`${op.op === 'all_gather' ? 'axis' : 'scatter_dimension'}=${op.dim}`);
  if (op.op === 'all_gather') params.push('tiled=True');
  if (op.splitDim !== undefined) params.push(`split_axis=${op.splitDim}`);
  if (op.concatDim !== undefined) params.push(`concat_axis=${op.concatDim}`);
  if (op.perm !== undefined) params.push(`perm=[${op.perm.map(([a, b]) => `(${a}, ${b})`).join(', ')}]`);
  if (op.scalar !== undefined) params.push(String(op.scalar));
  const fn = op.op === 'all_gather' && op.to === 'invarying' ? 'all_gather_invariant' : op.op;
  return `${op.name} = ${fn}(${params.join(', ')})`;
}

/** Values a new op may read: the shard_map's inputs, then the body's values in order. */
export function valueOptions(manual: ManualState): string[] {
  return [...Object.keys(manual.inSpecs), ...manual.body.map((op) => op.name)];
}

/** A name no input or body value uses: `<input>_<kind>`, then `_2`, `_3`, … */
export function freshName(manual: ManualState, input: string, kind: string): string {
  const taken = new Set([...valueOptions(manual), ...Object.keys(manual.outputs)]);
  const base = `${input}_${kind}`;
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
  return name;
}

/** The op of a draft: the collective over one mesh axis, with its parameters (JSON form of manualOp.ts). */
export function collectiveOp(draft: CollectiveDraft, plan: PlanState): ManualOpJson {
  const manual = plan.manual ?? { inSpecs: {}, outSpecs: {}, body: [], outputs: {}, checkVma: false };
  const name = draft.name.trim() || freshName(manual, draft.input, draft.kind);
  const base = { name, op: draft.kind, args: [draft.input] };
  switch (draft.kind) {
    case 'psum':
      return { ...base, axes: [draft.axis] };
    case 'all_gather':
      return { ...base, axes: [draft.axis], dim: draft.dim, to: draft.to };
    case 'psum_scatter':
      return { ...base, axes: [draft.axis], dim: draft.dim };
    case 'all_to_all':
      return { ...base, axes: [draft.axis], splitDim: draft.splitDim, concatDim: draft.concatDim };
    case 'ppermute': {
      const n = plan.mesh.find((a) => a.name === draft.axis)?.size ?? 1;
      const perm = Array.from({ length: n }, (_, i) => [i, (((i + draft.shift) % n) + n) % n] as const);
      return { name, op: 'ppermute', args: [draft.input], axis: draft.axis, perm };
    }
  }
}

/** The edit that appends the draft's collective to the body. */
export const addCollectiveEdit = (draft: CollectiveDraft, plan: PlanState): PlanEdit => ({
  type: 'addManualOp',
  op: collectiveOp(draft, plan),
});

/** The served outputs: name → the value served under it. */
export const outputRows = (manual: ManualState): { output: string; value: string }[] =>
  Object.entries(manual.outputs).map(([output, value]) => ({ output, value }));
