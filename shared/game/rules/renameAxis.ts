// renameAxis: a row of kitchens gets a new name, and every label that names it follows — the auto-mode
// specs, shard_map's in/out specs and the axes of the collectives in its body — so the plan means the same.
import { makeMesh } from '../../sim/mesh.ts';
import { ruleError } from '../errors.ts';
import { fromSim } from '../explain.ts';
import type { ManualOpJson, SpecJson } from '../planState.ts';
import { next, type Rule } from './rule.ts';

const renameSpec = (spec: SpecJson, from: string, to: string): SpecJson =>
  spec.map((e) => (e === from ? to : Array.isArray(e) ? e.map((a: string) => (a === from ? to : a)) : e));

const renameTable = (table: Readonly<Record<string, SpecJson>>, from: string, to: string) =>
  Object.fromEntries(Object.entries(table).map(([k, s]) => [k, renameSpec(s, from, to)]));

function renameOp(op: ManualOpJson, from: string, to: string): ManualOpJson {
  const list = typeof op.axes === 'string' ? [op.axes] : op.axes;
  const axes = list === undefined ? {} : { axes: list.map((a) => (a === from ? to : a)) };
  const axis = op.axis === from ? { axis: to } : {};
  return { ...op, ...axes, ...axis };
}

/** Renames a mesh axis and every label that names it. */
export const renameAxis: Rule<'renameAxis'> = (_level, state, edit) => {
  const { from, to } = edit;
  if (typeof to !== 'string')
    return ruleError('rule/rename-not-string', {}, 'renameAxis: the new name must be a string.');
  if (!state.mesh.some((a) => a.name === from))
    return ruleError('rule/no-such-axis', { axis: from }, `The mesh has no axis named '${from}'.`);
  const mesh = fromSim(makeMesh(state.mesh.map((a) => [a.name === from ? to : a.name, a.size])));
  if (!mesh.ok) return mesh;
  const m = state.manual;
  return next({
    ...state,
    mesh: state.mesh.map((a) => (a.name === from ? { ...a, name: to } : a)),
    specs: renameTable(state.specs, from, to),
    manual:
      m === null
        ? null
        : {
            ...m,
            inSpecs: renameTable(m.inSpecs, from, to),
            outSpecs: renameTable(m.outSpecs, from, to),
            body: m.body.map((op) => renameOp(op, from, to)),
          },
  });
};
