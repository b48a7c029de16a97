// Shared fixtures of the shard_map tests.
import { expect } from 'vitest';
import { makeMesh, type Mesh } from '../../../../shared/sim/mesh.ts';
import { unwrap, type Result, type SimErrorType } from '../../../../shared/sim/result.ts';
import { createRng, fillNormal } from '../../../../shared/sim/rng.ts';
import { MAX_BODY_OPS, parseManualPlan } from '../../../../shared/sim/spmd/manualPlan.ts';
import {
  buildShardMap,
  type ShardMapInput,
  type ShardMapProgram,
} from '../../../../shared/sim/spmd/buildShardMap.ts';
import { runShardMap } from '../../../../shared/sim/spmd/runShardMap.ts';
import { einsum } from '../../../../shared/sim/tensor/einsum.ts';
import { parseEinsum } from '../../../../shared/sim/tensor/einsumEquation.ts';
import type { NdArray } from '../../../../shared/sim/tensor/ndarray.ts';

export const model4 = unwrap(makeMesh([['model', 4]]));
export const failure = (type: SimErrorType, message: string) => ({
  ok: false,
  error: expect.objectContaining({ type, message }),
});

/** Builds from an untrusted plan (parse + build), as the game does. */
export function build(mesh: Mesh, inputs: ShardMapInput[], plan: unknown): Result<ShardMapProgram> {
  const parsed = parseManualPlan(plan);
  return parsed.ok ? buildShardMap(mesh, inputs, parsed.value) : parsed;
}

export const random = (shape: number[], seed: number): NdArray =>
  fillNormal(shape, 1, createRng(seed), 'f64');
export const matmul = (eq: string, a: NdArray, b: NdArray): NdArray =>
  einsum(unwrap(parseEinsum(eq, [a.shape, b.shape])), [a, b]);
export const maxAbsDiff = (a: NdArray, b: NdArray): number => {
  expect(a.shape).toEqual(b.shape);
  return Array.from(a.data).reduce((m, v, i) => Math.max(m, Math.abs(v - b.data[i]!)), 0);
};

export {
  makeMesh,
  unwrap,
  createRng,
  fillNormal,
  MAX_BODY_OPS,
  parseManualPlan,
  buildShardMap,
  runShardMap,
  einsum,
  parseEinsum,
};
export type { Mesh, Result, SimErrorType, ShardMapInput, ShardMapProgram, NdArray };
