// Property: for random meshes (1–3 axes, ≤ 16 devices), random einsums and random valid in/out shardings,
// auto mode's sharded result equals the float64 reference within 1e-4 relative, and every collective it
// executed moved exactly the bytes its plan priced.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { PartitionSpec } from '../../../../shared/sim/partitionSpec.ts';
import { einsumProgram, mesh, runAuto } from './helpers.ts';

const LABELS = 'abcde';

const meshArb = fc
  .array(fc.constantFrom(1, 2, 4), { minLength: 1, maxLength: 3 })
  .filter((sizes) => sizes.reduce((p: number, s) => p * s, 1) <= 16)
  .map((sizes) => sizes.map((s, i): [string, number] => [['x', 'y', 'z'][i]!, s]));

/** A spec for `shape`: each dim takes some unused axes whose product divides it. */
const specArb = (axes: [string, number][], shape: number[]) =>
  fc.array(fc.nat(), { minLength: shape.length * 3, maxLength: shape.length * 3 }).map((picks) => {
    const used = new Set<string>();
    const spec: PartitionSpec = shape.map((n, d) => {
      const chosen: string[] = [];
      let shards = 1;
      for (let k = 0; k < 2; k++) {
        const [name, size] = axes[picks[d * 3 + k]! % (axes.length + 1)] ?? ['', 1];
        if (!name || used.has(name) || n % (shards * size) !== 0 || picks[d * 3 + 2]! % 3 === 0) continue;
        chosen.push(name);
        used.add(name);
        shards *= size;
      }
      return chosen.length === 0 ? null : chosen;
    });
    return spec;
  });

/** A random two-operand einsum over 1–4 labels per operand, sizes 4 or 8. */
const einsumArb = fc
  .record({
    a: fc.uniqueArray(fc.constantFrom(...LABELS), { minLength: 1, maxLength: 3 }),
    b: fc.uniqueArray(fc.constantFrom(...LABELS), { minLength: 1, maxLength: 3 }),
    keep: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    sizes: fc.array(fc.constantFrom(4, 8), { minLength: 5, maxLength: 5 }),
  })
  .map(({ a, b, keep, sizes }) => {
    const all = [...new Set([...a, ...b])];
    const out = all.filter((l) => keep[LABELS.indexOf(l)]);
    const size = (l: string) => sizes[LABELS.indexOf(l)]!;
    return {
      equation: `${a.join('')},${b.join('')}->${out.join('')}`,
      aShape: a.map(size),
      bShape: b.map(size),
      outShape: out.map(size),
    };
  });

describe('auto mode on random einsums, meshes and shardings', () => {
  it('equals the reference and moves the bytes it priced', () => {
    fc.assert(
      fc.property(
        meshArb.chain((axes) =>
          einsumArb.chain((e) =>
            fc.record({
              axes: fc.constant(axes),
              e: fc.constant(e),
              a: specArb(axes, e.aShape),
              b: specArb(axes, e.bShape),
              out: fc.option(specArb(axes, e.outShape), { nil: undefined }),
              seed: fc.nat(1000),
            }),
          ),
        ),
        ({ axes, e, a, b, out, seed }) => {
          const { plan, execution, tasting } = runAuto(
            mesh(...axes),
            einsumProgram(e.equation, e.aShape, e.bShape),
            { inShardings: { a, b }, ...(out ? { outShardings: { out } } : {}) },
            seed,
          );
          expect(tasting.outputs[0]!.relError).toBeLessThanOrEqual(1e-4);
          expect(tasting.ok).toBe(true);
          plan.collectives.forEach((c, i) => {
            expect(Math.max(...execution.records[i]!.bytesSent)).toBeCloseTo(c.bytesPerDevice, 6);
          });
        },
      ),
      { numRuns: 150, seed: 20261129 },
    );
  });
});
