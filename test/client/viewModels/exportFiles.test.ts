// The exports as files: the JAX program of a plan and the Chrome trace of its timeline.
import { describe, expect, it } from 'vitest';
import { evaluatePlan, levelById, type Level } from '../../../shared/index.ts';
import { fileStem, jaxFile, traceFile } from '../../../client/viewModels/exportFiles.ts';

describe('export files', () => {
  it('names files after the level and carries the core’s JAX and trace', () => {
    expect(fileStem('Myth: GSPMD is fully automatic')).toBe('myth-gspmd-is-fully-automatic');
    expect(fileStem('试菜')).toBe('plan');
    const level = levelById('fridge-too-small') as Level;
    const jax = jaxFile(level, level.reference);
    if (!jax.ok) throw new Error(jax.message);
    expect(jax.file.name).toBe('mesh-kitchen-the-fridge-is-too-small.py');
    expect(jax.file.content).toContain('import jax');
    expect(jax.file.content).toContain("P(None, 'model')");
    const r = evaluatePlan(level, level.reference);
    if (!r.ok) throw new Error(r.error.message);
    const trace = traceFile(level, r.evaluation);
    expect(trace.name).toBe('mesh-kitchen-the-fridge-is-too-small-trace.json');
    const parsed = JSON.parse(trace.content) as { traceEvents: { ph: string }[] };
    expect(parsed.traceEvents.some((e) => e.ph === 'X')).toBe(true);
  });
});
