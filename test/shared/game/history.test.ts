// Undo and redo as pure data: accepted edits push the present, refused ones change nothing, undo and redo
// walk the list, and a new edit after an undo drops what could have been redone.
import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  commitEdit,
  createHistory,
  redo,
  undo,
  type History,
} from '../../../shared/game/history.ts';
import { deepFreeze, level } from './helpers.ts';

const l = level('fridge-too-small');
const w1 = { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] } as const;
const w2 = { type: 'setSpec', tensor: 'w2', spec: ['model', null] } as const;

function commit(h: History, edit: Parameters<typeof commitEdit>[2]): History {
  const r = commitEdit(l, h, edit);
  if (!r.ok) throw new Error(r.error.message);
  return deepFreeze(r.history);
}

describe('history', () => {
  const start = deepFreeze(createHistory(l.start));
  const one = commit(start, w1);
  const two = commit(one, w2);
  it('pushes accepted edits', () => {
    expect(canUndo(start)).toBe(false);
    expect(two.past).toEqual([l.start, one.present]);
    expect(two.present.specs).toEqual({ w1: [null, 'model'], w2: ['model', null] });
    expect(canRedo(two)).toBe(false);
  });
  it('undoes and redoes', () => {
    const back = undo(two);
    expect(back.present).toEqual(one.present);
    expect(canRedo(back)).toBe(true);
    expect(undo(back).present).toEqual(l.start);
    expect(redo(back)).toEqual(two);
    expect(undo(start)).toBe(start);
    expect(redo(two)).toBe(two);
  });
  it('a new edit after an undo clears the redo list', () => {
    const other = commit(undo(two), { type: 'clearSpec', tensor: 'w1' });
    expect(other.future).toEqual([]);
    expect(other.present.specs).toEqual({});
  });
  it('a refused edit leaves the history as it was', () => {
    const r = commitEdit(l, two, { type: 'setSpec', tensor: 'w1', spec: ['nope', null] });
    expect(r.ok).toBe(false);
    expect(two.present.specs['w1']).toEqual([null, 'model']);
  });
});
