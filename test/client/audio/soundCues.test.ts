// The sound cues: a real LevelSession on 'column-then-row' taps on accepted edits, undo and redo, and buzzes on
// a refused label; serving rings the bell then one rising chime per star, 300 ms apart.
import { describe, expect, it } from 'vitest';
import { columnThenRow } from '../../../shared/game/levels/columnThenRow.ts';
import { cueServe, cueSession, editCue, serveCues } from '../../../client/audio/soundCues.ts';
import type { SoundBoard, SoundName } from '../../../client/audio/SoundBoard.ts';
import { LevelSession } from '../../../client/state/LevelSession.ts';

function recorder() {
  const played: [SoundName, number][] = [];
  const board = { play: (name: SoundName, delayMs = 0) => played.push([name, delayMs]) };
  return { board: board as unknown as SoundBoard, played };
}

describe('edit cues', () => {
  it('taps on an accepted label, buzzes on a refused one, taps on undo / redo, and stops when detached', () => {
    const session = new LevelSession(columnThenRow);
    const { board, played } = recorder();
    const detach = cueSession(session, board);
    expect(played).toEqual([]); // subscribing is not an edit

    expect(session.edit({ type: 'setSpec', tensor: 'w1', spec: [null, 'model'] })).toBe(true);
    // 'model' twice in one label: JAX's DuplicateSpecError, the plan unchanged.
    expect(session.edit({ type: 'setSpec', tensor: 'w2', spec: ['model', 'model'] })).toBe(false);
    expect(session.edit({ type: 'setSpec', tensor: 'w2', spec: ['model', 'model'] })).toBe(false);
    session.undo();
    session.redo();
    session.redo(); // nothing to redo: no change, no sound
    expect(played.map(([name]) => name)).toEqual(['accept', 'refuse', 'refuse', 'accept', 'accept']);

    detach();
    session.undo();
    expect(played).toHaveLength(5);
  });

  it('cues a session once even when wired twice', () => {
    const session = new LevelSession(columnThenRow);
    const { board, played } = recorder();
    cueSession(session, board);
    cueSession(session, board);
    session.edit({ type: 'setSpec', tensor: 'w1', spec: [null, null] });
    expect(played).toEqual([['accept', 0]]);
  });

  it('classifies views: a new error refuses, a new plan accepts, anything else is silent', () => {
    const session = new LevelSession(columnThenRow);
    const start = session.view;
    expect(editCue(start, session.view)).toBe(null);
    session.edit({ type: 'setSpec', tensor: 'w2', spec: ['model', 'model'] });
    const refused = session.view;
    expect(editCue(start, refused)).toBe('refuse');
    expect(editCue(refused, session.view)).toBe(null); // the same refusal seen again
    session.edit({ type: 'setSpec', tensor: 'w2', spec: [null, null] });
    expect(editCue(refused, session.view)).toBe('accept');
  });
});

describe('serve cues', () => {
  it('rings the bell, then a chime per star at 550, 850 and 1150 ms', () => {
    expect(serveCues(0)).toEqual([{ name: 'serve', delayMs: 0 }]);
    expect(serveCues(3)).toEqual([
      { name: 'serve', delayMs: 0 },
      { name: 'star1', delayMs: 550 },
      { name: 'star2', delayMs: 850 },
      { name: 'star3', delayMs: 1150 },
    ]);
    const { board, played } = recorder();
    cueServe(2, board);
    expect(played).toEqual([
      ['serve', 0],
      ['star1', 550],
      ['star2', 850],
    ]);
  });

  it('refuses a star count that is not 0–3 and plays nothing', () => {
    const { board, played } = recorder();
    for (const bad of [-1, 4, 1.5, Number.NaN])
      expect(() => cueServe(bad, board)).toThrow(/stars must be an integer from 0 to 3/);
    expect(played).toEqual([]);
  });
});
