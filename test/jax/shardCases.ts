// The `sim shard` corpus the conformance test runs on JAX: curated cases (the scaling book's four matmul
// cases, Megatron's MLP and attention, every resharding kind, every invalid-spec error; the seeded random
// cases are in randomShardCases.ts). Cases are data: a new model's ops are added here as rows.

export type SpecJson = (string | string[] | null)[];

/** One `sim shard` request (its JSON form) with a name. */
export interface ShardCase {
  readonly name: string;
  readonly mesh: [string, number][];
  readonly op: 'einsum' | 'reshard';
  readonly equation?: string;
  readonly operands: { shape: number[]; spec: SpecJson }[];
  readonly out?: SpecJson;
}

export const XY: [string, number][] = [
  ['x', 2],
  ['y', 2],
];
const X4: [string, number][] = [['x', 4]];
const X2Y4: [string, number][] = [
  ['x', 2],
  ['y', 4],
];
const mm = (name: string, a: SpecJson, b: SpecJson, out?: SpecJson, mesh = XY): ShardCase => ({
  name,
  mesh,
  op: 'einsum',
  equation: 'ij,jk->ik',
  operands: [
    { shape: [8, 16], spec: a },
    { shape: [16, 8], spec: b },
  ],
  ...(out ? { out } : {}),
});
const reshard = (name: string, from: SpecJson, to: SpecJson, mesh = XY): ShardCase => ({
  name,
  mesh,
  op: 'reshard',
  operands: [{ shape: [8, 8], spec: from }],
  out: to,
});

/**
 * [4,16] replicated by [16,32] split by rows on x=4, the [4,32] result wanted as `out`: small, so partial sums
 * reduce-scattered would move the fewest bytes, which XLA does not do.
 */
const caseTwoSplit = (name: string, out: SpecJson): ShardCase => ({
  ...mm(name, [], ['x', null], out, X4),
  operands: [
    { shape: [4, 16], spec: [] },
    { shape: [16, 32], spec: ['x', null] },
  ],
});

/** A product of two [4, 8, 16] token tensors split alike, summed over batch and sequence. */
const tokenSum = (
  name: string,
  spec: SpecJson,
  out: SpecJson,
  mesh = XY,
  equation = 'bsh,bsh->h',
): ShardCase => ({
  name,
  mesh,
  op: 'einsum',
  equation,
  operands: [
    { shape: [4, 8, 16], spec },
    { shape: [4, 8, 16], spec },
  ],
  out,
});

/** Cases every one of which must agree with XLA. */
export const CURATED: readonly ShardCase[] = [
  // How to Scale Your Model, "Sharded matrix multiplication": cases 1–4.
  mm('scaling book case 1: no sharded contracting dim', ['x', null], [null, 'y']),
  mm('scaling book case 2: one side sharded on the contracting dim', [null, 'x'], [null, null]),
  mm('scaling book case 3: both sharded on the contracting dim', [null, 'x'], ['x', null]),
  mm('scaling book case 3 with a sharded result: reduce-scatter', [null, 'x'], ['x', null], ['x', null]),
  mm('scaling book case 4: both non-contracting dims on one axis', ['x', null], [null, 'x']),
  // Case 2 with the result wanted split on the sharded operand's contracting axis (dot_handler.cc's base case,
  // "output is partitioned along LHS/RHS non-contracting dimensions"): XLA reshards the operand whose own
  // dims carry the result's split and replicates the other; it never reduce-scatters partial sums here.
  caseTwoSplit('case 2, result split on a dim of the sharded operand: all-to-all', [null, 'x']),
  caseTwoSplit('case 2, result split on a dim of the other operand: slice, all-gather', ['x', null]),
  {
    name: 'token embedding by rows, result split by hidden: all-to-all of the table (tasting-menu)',
    mesh: X4,
    op: 'einsum',
    equation: 'bsv,vd->bsd',
    operands: [
      { shape: [2, 8, 64], spec: [] },
      { shape: [64, 32], spec: ['x', null] },
    ],
    out: [null, null, 'x'],
  },
  {
    name: 'Megatron MLP, column-parallel W1',
    mesh: X4,
    op: 'einsum',
    equation: 'bd,df->bf',
    operands: [
      { shape: [8, 16], spec: [] },
      { shape: [16, 32], spec: [null, 'x'] },
    ],
  },
  {
    name: 'Megatron MLP, row-parallel W2',
    mesh: X4,
    op: 'einsum',
    equation: 'bf,fd->bd',
    operands: [
      { shape: [8, 32], spec: [null, 'x'] },
      { shape: [32, 16], spec: ['x', null] },
    ],
  },
  {
    name: 'Megatron attention scores, heads split',
    mesh: X4,
    op: 'einsum',
    equation: 'bsnh,btnh->bnst',
    operands: [
      { shape: [2, 8, 4, 4], spec: [null, null, 'x'] },
      { shape: [2, 8, 4, 4], spec: [null, null, 'x'] },
    ],
  },
  {
    name: 'data parallel: batch split, weight replicated',
    mesh: X4,
    op: 'einsum',
    equation: 'bd,df->bf',
    operands: [
      { shape: [8, 16], spec: ['x'] },
      { shape: [16, 32], spec: [] },
    ],
  },
  // A sum over dims split on different axes is combined one dim at a time (sequence parallelism's layer-norm
  // gain gradient: tokens split by batch over x and by sequence over y).
  tokenSum('sum over batch on x and sequence on y: one all-reduce per axis', ['x', 'y'], [null]),
  tokenSum('sum over one dim split on both axes: one all-reduce over both', [['x', 'y']], [null]),
  // Wanted split over both of the axes it is summed over: XLA reduces them together, one all-reduce over both.
  tokenSum(
    'sum over batch on x and sequence on y, wanted split on (x, y): one reduction over both',
    ['x', 'y'],
    [['y', 'x']],
  ),
  tokenSum(
    'sum over batch on x and sequence on y, wanted split by x and by y: one reduction per axis',
    ['x', 'y'],
    ['y', 'x'],
    X2Y4,
    'bsh,bsd->hd',
  ),
  reshard('reshard: all-gather', ['x', null], []),
  reshard('reshard: all-slice (no communication)', [], ['x', null]),
  reshard('reshard: all-to-all', ['x', null], [null, 'x']),
  reshard('reshard: two axes swapped', ['x', 'y'], ['y', 'x']),
  reshard('reshard: nothing to do', ['x', 'y'], ['x', 'y']),
  // Another dim and another axis of the same size: an all-to-all, then a permute that renames the axis.
  reshard('reshard: onto another axis on another dim: all-to-all, then permute', [null, 'x'], ['y', null]),
  reshard('reshard: the same on x=2,y=4, axes of other sizes: all-gather', [null, 'x'], ['y', null], X2Y4),

  // Onto an axis of another size (a refinement): XLA dynamic-slices each block and collective-permutes it.
  reshard('reshard: onto a larger axis, sliced and permuted', ['x', null], ['y', null], X2Y4),
  {
    name: 'case 4 on x=2,y=4: the input moved onto the larger free axis, then all-gathered',
    mesh: X2Y4,
    op: 'einsum',
    equation: 'bd,df->bf',
    operands: [
      { shape: [8, 16], spec: ['x'] },
      { shape: [16, 32], spec: [null, 'x'] },
    ],
  },
  {
    name: 'group conflict moved onto a larger free axis: slice, permute, all-reduce',
    mesh: X2Y4,
    op: 'einsum',
    equation: 'bd,df->bf',
    operands: [
      { shape: [8, 16], spec: ['x'] },
      { shape: [16, 32], spec: ['x'] },
    ],
  },
  // out_shardings compile as with_sharding_constraint on the result: the einsum is partitioned as its operands
  // say, then resharded (here gathered once, not both operands gathered first).
  {
    name: 'out_shardings replicated, batch split: the result gathered once',
    mesh: [['x', 2]],
    op: 'einsum',
    equation: 'bij,bjk->bik',
    operands: [
      { shape: [4, 8, 8], spec: ['x'] },
      { shape: [4, 8, 8], spec: ['x'] },
    ],
    out: [],
  },
  // Case 2 with the result wanted split on an axis no operand can bring to that dim: XLA gathers the sharded
  // operand rather than take partial sums.
  {
    name: 'case 2, result wanted split on an axis the operands do not hold there: all-gather, no all-reduce',
    mesh: X2Y4,
    op: 'einsum',
    equation: 'ij,kj->ik',
    operands: [
      { shape: [8, 16], spec: [] },
      { shape: [8, 16], spec: [null, 'x'] },
    ],
    out: [null, 'y'],
  },
  // Batch-split alike in both operands, wanted split on i: XLA partitions on the batch and reshards the result.
  {
    name: 'batch split in both, result wanted on i: batch-split product, one all-to-all',
    mesh: X4,
    op: 'einsum',
    equation: 'bij,bjk->bik',
    operands: [
      { shape: [4, 8, 8], spec: ['x'] },
      { shape: [4, 8, 8], spec: ['x'] },
    ],
    out: [null, 'x', null],
  },
  // With the other operand replicated, a group conflict is resharded to the result's layout, not permuted
  // onto the free axis.
  {
    name: 'replicated other operand, contracting dim on x, result wanted on x: one all-gather',
    mesh: XY,
    op: 'einsum',
    equation: 'ij,kj->ik',
    operands: [
      { shape: [8, 16], spec: [] },
      { shape: [8, 16], spec: [null, 'x'] },
    ],
    out: ['x', null],
  },
  {
    name: 'replicated other operand, contracting dim on y, result wanted on y: one all-to-all',
    mesh: XY,
    op: 'einsum',
    equation: 'ij,kj->ik',
    operands: [
      { shape: [8, 16], spec: [null, 'y'] },
      { shape: [8, 16], spec: [] },
    ],
    out: ['y', null],
  },
];

/** Invalid specs: JAX's error type and message must be the core's. */
export const INVALID: readonly ShardCase[] = [
  mm('error: an axis used twice in one spec', ['x', 'x'], []),
  mm('error: an axis the mesh does not have', ['z', null], []),
  mm('error: a spec longer than the rank', [null, null, 'x'], []),
  {
    ...mm('error: a dimension the axis does not divide', [], []),
    operands: [
      { shape: [6, 16], spec: [['x', 'y']] },
      { shape: [16, 8], spec: [] },
    ],
  },
  reshard('error: an out spec with an axis used twice', [], [['x', 'x']]),
];
