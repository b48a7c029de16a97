// Mesh-axis tokens for drag-and-drop labelling: one token per axis of the grid (colour and pattern from the
// Okabe–Ito palette, so colour is never the only cue, and the name), and the edit a drop on a dish dimension
// makes. Pure; the selects remain the keyboard path and produce the same edits.
import type { PlanEdit, PlanState } from '../../shared/index.ts';
import { DEVICE_COLOURS, devicePattern, type DevicePattern } from '../views/palette.ts';
import { setDimensionEdit, type TensorForm } from './specForm.ts';

export interface AxisToken {
  readonly axis: string;
  readonly size: number;
  readonly colour: number;
  readonly pattern: DevicePattern;
}

/** Axis tokens colour from the far end of the palette, so they differ from kitchen 0, 1, … of the grid. */
const AXIS_PALETTE_OFFSET = 4;

/** One token per mesh axis, major first. */
export function axisTokens(plan: PlanState): AxisToken[] {
  return plan.mesh.map((a, i) => {
    const slot = (i + AXIS_PALETTE_OFFSET) % DEVICE_COLOURS.length;
    return { axis: a.name, size: a.size, colour: DEVICE_COLOURS[slot]!, pattern: devicePattern(slot) };
  });
}

/**
 * The edit of dropping `axis` on dimension `dim` of the dish `form`: the dimension gets the axis (the others
 * keep theirs); null when the drop changes nothing (unknown dimension or axis, or already labelled so).
 */
export function tokenDropEdit(form: TensorForm, dim: number, axis: string, plan: PlanState): PlanEdit | null {
  const target = form.dims.find((d) => d.index === dim);
  if (target === undefined || !plan.mesh.some((a) => a.name === axis) || target.value === axis) return null;
  return setDimensionEdit(form, dim, axis);
}
