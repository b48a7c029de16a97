// A value an error message repeats is cut to 80 characters with its length, so a 20 MB field gives a short
// error (hardware.ts, fields.ts and every reader of untrusted input share quoteValue.ts).
import { describe, expect, it } from 'vitest';
import { readChoice, readNumber } from '../../../../shared/sim/input/fields.ts';
import { cutText, QUOTE_LIMIT, quoteValue } from '../../../../shared/sim/input/quoteValue.ts';
import { makeMesh } from '../../../../shared/sim/mesh.ts';
import { canonicalizeSpec } from '../../../../shared/sim/partitionSpec.ts';
import { parseEinsum } from '../../../../shared/sim/tensor/einsumEquation.ts';

const huge = 'a'.repeat(20_000_000);
const message = (r: { ok: boolean; error?: { message: string } }): string => (r.ok ? '' : r.error!.message);

describe('quoteValue and cutText', () => {
  it('leave a short value as JSON or as it is', () => {
    expect(quoteValue('zigzag')).toBe('"zigzag"');
    expect(quoteValue([1, 'x'])).toBe('[1,"x"]');
    expect(quoteValue(undefined)).toBe('nothing');
    expect(cutText('model')).toBe('model');
    expect(quoteValue('a'.repeat(QUOTE_LIMIT))).toBe(`"${'a'.repeat(QUOTE_LIMIT)}"`);
  });

  it('cut a long one to 80 characters, "…" and its length', () => {
    expect(quoteValue(huge)).toBe(`"${'a'.repeat(80)}…" (20,000,000 characters)`);
    expect(cutText(huge)).toBe(`${'a'.repeat(80)}… (20,000,000 characters)`);
    expect(quoteValue(Array(1000).fill(1))).toBe(`[${'1,'.repeat(39)}1… (2,001 characters of JSON)`);
  });

  it('never cut a character in half', () => {
    const cut = quoteValue(`${'a'.repeat(79)}${'😀'.repeat(10)}`);
    expect(cut).toBe(`"${'a'.repeat(79)}…" (99 characters)`);
  });
});

describe('errors that repeat a value stay short', () => {
  it.each([
    ['readChoice', () => readChoice(huge, 'schedule', ['gpipe', '1f1b'])],
    ['readChoice of a list', () => readChoice(Array(5e6).fill('x'), 'precision', ['fp32'])],
    ['readNumber', () => readNumber(huge, 'hidden', { integer: true })],
    ['a mesh axis name', () => makeMesh([[huge, 2]])],
    ['a PartitionSpec entry', () => canonicalizeSpec([{ a: huge }])],
    ['an einsum equation', () => parseEinsum(huge, [[2]])],
  ])('%s', (_what, run) => {
    const text = message(run());
    expect(text).toContain('…');
    expect(text.length).toBeLessThan(300);
  });
});
