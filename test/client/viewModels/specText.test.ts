import { describe, expect, it } from 'vitest';
import { parseSpecText } from '../../../client/viewModels/specText.ts';
import { specToString } from '../../../shared/sim/partitionSpec.ts';

describe('parseSpecText', () => {
  it('reads what specToString prints', () => {
    expect(parseSpecText("P(None, 'model')", 2)).toEqual({
      ok: true,
      value: { dims: [[], ['model']], unreduced: [] },
    });
    expect(parseSpecText("P(('data', 'model'), None)", 2)).toEqual({
      ok: true,
      value: { dims: [['data', 'model'], []], unreduced: [] },
    });
    expect(parseSpecText(specToString(['x'], ['y']), 2)).toEqual({
      ok: true,
      value: { dims: [['x'], []], unreduced: ['y'] },
    });
    expect(parseSpecText("P(unreduced={'a', 'b'})", 1)).toEqual({
      ok: true,
      value: { dims: [[]], unreduced: ['a', 'b'] },
    });
  });

  it('pads missing trailing dimensions and reads P() of a scalar', () => {
    expect(parseSpecText('P()', 2)).toEqual({ ok: true, value: { dims: [[], []], unreduced: [] } });
    expect(parseSpecText('P()', 0)).toEqual({ ok: true, value: { dims: [], unreduced: [] } });
    expect(parseSpecText("P('x',)", 3)).toEqual({
      ok: true,
      value: { dims: [['x'], [], []], unreduced: [] },
    });
  });

  it('refuses malformed text and too many entries', () => {
    expect(parseSpecText('model', 1).ok).toBe(false);
    expect(parseSpecText("P('x', None, None)", 2).ok).toBe(false);
    expect(parseSpecText('P(x)', 1).ok).toBe(false);
  });
});
