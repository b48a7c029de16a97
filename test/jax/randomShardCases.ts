// Seeded random `sim shard` cases for the conformance test: single einsums over small meshes, each operand's
// spec drawn at random, and the same with a random result spec (`out`, jit's out_shardings).
import { createRng, nextInt, type Rng } from '../../shared/sim/rng.ts';
import { XY, type ShardCase, type SpecJson } from './shardCases.ts';

const EQUATIONS: readonly { equation: string; shapes: number[][] }[] = [
  {
    equation: 'ij,jk->ik',
    shapes: [
      [8, 16],
      [16, 8],
    ],
  },
  {
    equation: 'bij,bjk->bik',
    shapes: [
      [4, 8, 8],
      [4, 8, 8],
    ],
  },
  {
    equation: 'ij,kj->ik',
    shapes: [
      [8, 16],
      [8, 16],
    ],
  },
  {
    equation: 'bsd,df->bsf',
    shapes: [
      [4, 8, 16],
      [16, 8],
    ],
  },
  {
    equation: 'bd,df->bf',
    shapes: [
      [8, 16],
      [16, 32],
    ],
  },
];
const MESHES: readonly [string, number][][] = [
  [['x', 2]],
  [['x', 4]],
  XY,
  [
    ['x', 2],
    ['y', 4],
  ],
];

/** A random spec for `rank` dims: each dim unsharded, or on an axis not used yet by this spec. */
function randomSpec(rng: Rng, rank: number, axes: readonly string[]): SpecJson {
  const free = [...axes];
  const spec: SpecJson = [];
  for (let d = 0; d < rank; d++) {
    const pick = nextInt(rng, free.length + 2); // unsharded twice as likely as each axis
    spec.push(pick < free.length ? free.splice(pick, 1)[0]! : null);
  }
  while (spec.length > 0 && spec[spec.length - 1] === null) spec.pop();
  return spec;
}

/** `n` seeded random single-einsum cases (createRng(seed): the same cases on every machine). */
export function randomCases(n: number, seed: number): ShardCase[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, (_, i) => {
    const mesh = MESHES[nextInt(rng, MESHES.length)]!;
    const { equation, shapes } = EQUATIONS[nextInt(rng, EQUATIONS.length)]!;
    const axes = mesh.map(([a]) => a);
    return {
      name: `random ${i}: ${equation} on ${mesh.map(([a, s]) => `${a}=${s}`).join(',')}`,
      mesh,
      op: 'einsum' as const,
      equation,
      operands: shapes.map((shape) => ({ shape, spec: randomSpec(rng, shape.length, axes) })),
    };
  });
}

/**
 * `n` seeded random einsums with `out` given (jit's out_shardings): `randomCases`' operands, and a random
 * spec for the result drawn the same way.
 */
export function randomOutCases(n: number, seed: number): ShardCase[] {
  const rng = createRng(seed + 1);
  return randomCases(n, seed).map((c) => ({
    ...c,
    name: `${c.name}, out given`,
    out: randomSpec(
      rng,
      c.equation!.split('->')[1]!.length,
      c.mesh.map(([a]) => a),
    ),
  }));
}
