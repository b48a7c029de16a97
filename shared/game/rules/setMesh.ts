// setMesh: a new kitchen grid. The axes are checked by makeMesh (JAX-like messages for names and sizes);
// whether every label still fits the new grid is checked with the whole plan (applyEdit.ts).
import { makeMesh } from '../../sim/mesh.ts';
import { ruleError } from '../errors.ts';
import { fromSim } from '../explain.ts';
import { next, type Rule } from './rule.ts';

const isAxis = (a: unknown): a is { name: string; size: number } =>
  typeof a === 'object' &&
  a !== null &&
  typeof (a as { name?: unknown }).name === 'string' &&
  typeof (a as { size?: unknown }).size === 'number';

/** Replaces the kitchen grid. */
export const setMesh: Rule<'setMesh'> = (_level, state, edit) => {
  const axes: unknown = edit.axes;
  if (!Array.isArray(axes) || !axes.every(isAxis))
    return ruleError('rule/mesh-shape', {}, 'setMesh: expected a list of {name, size} axes, major first.');
  const mesh = fromSim(makeMesh(axes.map((a) => [a.name, a.size])));
  if (!mesh.ok) return mesh;
  return next({ ...state, mesh: mesh.value.axes.map((a) => ({ name: a.name, size: a.size })) });
};
