// Tasting (试菜): every output of a sharded run next to the single-device float64 reference, with the place
// of the largest error (element index and the devices holding it) so a wrong program shows where it went wrong.
import { assemble, type DistTensor } from '../collectives/distTensor.ts';
import type { Mesh } from '../mesh.ts';
import { specFromSharding, specToString } from '../partitionSpec.ts';
import type { Phase, Program } from '../program/ir.ts';
import { deviceBlock } from '../sharding.ts';
import type { FloatArray, NdArray } from '../tensor/ndarray.ts';
import { compareArrays, TASTING_TOLERANCE } from './compareArrays.ts';

export interface OutputTasting {
  readonly name: string;
  readonly phase: Phase;
  readonly shape: readonly number[];
  /** The output's sharding as JAX prints it. */
  readonly spec: string;
  readonly maxAbsError: number;
  readonly relError: number;
  /** Largest disagreement between devices that should hold equal copies. */
  readonly replicaMismatch: number;
  readonly worst?: {
    readonly index: readonly number[];
    readonly got: number;
    readonly want: number;
    readonly devices: readonly number[];
  };
  /**
   * Set when the output's global shape differs from the one-device value's (a manual program that gathers
   * or scatters the wrong dimension): nothing is compared, the output is wrong, relError is 1 and
   * maxAbsError is max |want|.
   */
  readonly expectedShape?: readonly number[];
  readonly ok: boolean;
}

/** Every output of a tasting compared with the one-device reference. */
export interface OutputComparison {
  readonly ok: boolean;
  readonly tolerance: number;
  readonly outputs: readonly OutputTasting[];
}

/** max(Number.MIN_VALUE, max |x|) over `data` (NaN propagates). */
function scaleOf(data: FloatArray): number {
  let scale = Number.MIN_VALUE;
  for (let i = 0; i < data.length; i++) scale = Math.max(scale, Math.abs(data[i]!));
  return scale;
}

/** Compares the program's outputs held on the devices (`values`, by value id) with `reference` (by value id). */
export function tasteOutputs(
  mesh: Mesh,
  program: Program,
  values: readonly DistTensor[],
  reference: readonly NdArray[],
): OutputComparison {
  const outputs = program.outputs.map(({ name, value }) => {
    const v = program.values[value]!;
    const t = values[value]!;
    const { value: got, maxReplicaDiff } = assemble(mesh, t);
    const cmp = compareArrays(got, reference[value]!);
    const devices = cmp.worst
      ? Array.from({ length: mesh.deviceCount }, (_, d) => d).filter((d) => {
          const { start, size } = deviceBlock(mesh, t.sharding, v.shape, d);
          return cmp.worst!.index.every((i, k) => i >= start[k]! && i < start[k]! + size[k]!);
        })
      : [];
    const scale = scaleOf(reference[value]!.data);
    const ok = cmp.relError <= TASTING_TOLERANCE && maxReplicaDiff / scale <= TASTING_TOLERANCE;
    return {
      name,
      phase: v.phase,
      shape: v.shape,
      spec: specToString(specFromSharding(t.sharding), t.sharding.unreduced),
      maxAbsError: cmp.maxAbsError,
      relError: cmp.relError,
      replicaMismatch: maxReplicaDiff,
      ...(cmp.worst && cmp.maxAbsError > 0 ? { worst: { ...cmp.worst, devices } } : {}),
      ok,
    };
  });
  return { ok: outputs.every((o) => o.ok), tolerance: TASTING_TOLERANCE, outputs };
}
