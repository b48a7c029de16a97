// The kitchen-grid form: per mesh axis its name (one of the level's axis names) and its size (any size that
// keeps the product within the level's kitchens), whether an axis can be added or removed, and the edit each
// change produces (setMesh for sizes and the list of axes, renameAxis for names). Pure.
import type { Level, MeshAxisState, PlanEdit, PlanState } from '../../shared/index.ts';

export interface AxisRow {
  readonly index: number;
  readonly name: string;
  readonly size: number;
  /** The names it may take: its own and the level's names no other axis uses. */
  readonly nameOptions: readonly string[];
  /** Sizes that keep the grid within `maxDevices` (1–16, the powers of two, and its own size), ascending. */
  readonly sizeOptions: readonly number[];
}

export interface GridForm {
  readonly rows: readonly AxisRow[];
  readonly devices: number;
  readonly maxDevices: number;
  /** The name a new axis (of size 1) would get, or null when every name is taken. */
  readonly nextName: string | null;
  readonly canRemove: boolean;
}

const product = (axes: readonly MeshAxisState[]): number => axes.reduce((n, a) => n * a.size, 1);

/** Sizes from 1 to `max`: every one up to 16, then the powers of two; `keep` is always offered. */
export function sizeChoices(max: number, keep: number): number[] {
  const out = new Set<number>([keep]);
  for (let s = 1; s <= Math.min(max, 16); s++) out.add(s);
  for (let s = 32; s <= max; s *= 2) out.add(s);
  return [...out].sort((a, b) => a - b);
}

/** The grid form of `plan` in `level`. */
export function gridForm(level: Level, plan: PlanState): GridForm {
  const { maxDevices, axisNames } = level.limits;
  const used = new Set(plan.mesh.map((a) => a.name));
  const rows = plan.mesh.map((a, index) => {
    const others = product(plan.mesh.filter((_, i) => i !== index));
    return {
      index,
      name: a.name,
      size: a.size,
      nameOptions: axisNames.filter((n) => n === a.name || !used.has(n)),
      sizeOptions: sizeChoices(Math.floor(maxDevices / others), a.size),
    };
  });
  return {
    rows,
    devices: product(plan.mesh),
    maxDevices,
    nextName: axisNames.find((n) => !used.has(n)) ?? null,
    canRemove: plan.mesh.length > 1,
  };
}

/** The edit that resizes axis `index`. */
export function resizeAxisEdit(plan: PlanState, index: number, size: number): PlanEdit {
  return { type: 'setMesh', axes: plan.mesh.map((a, i) => (i === index ? { name: a.name, size } : a)) };
}

/** The edit that renames axis `index` (labels that name it follow, in the core). */
export function renameAxisEdit(plan: PlanState, index: number, to: string): PlanEdit {
  return { type: 'renameAxis', from: plan.mesh[index]?.name ?? '', to };
}

/** The edit that appends an axis of size 1 named `name` (the innermost, fastest-varying one). */
export function addAxisEdit(plan: PlanState, name: string): PlanEdit {
  return { type: 'setMesh', axes: [...plan.mesh, { name, size: 1 }] };
}

/** The edit that removes axis `index`. */
export function removeAxisEdit(plan: PlanState, index: number): PlanEdit {
  return { type: 'setMesh', axes: plan.mesh.filter((_, i) => i !== index) };
}

/** The grid as JAX's mesh shape: "data 2 × model 4 = 8". */
export const gridText = (plan: PlanState): string =>
  `${plan.mesh.map((a) => `${a.name} ${a.size}`).join(' × ')} = ${product(plan.mesh)}`;
