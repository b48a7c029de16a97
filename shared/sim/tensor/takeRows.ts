// Row lookups of an embedding table and their transpose, on one device's blocks: `takeRows` reads the rows
// [offset, offset + V_local) a device holds and fills the rest (0 for the SPMD partitioner's masked local
// lookup, whose partial rows an all-reduce then sums — Megatron's VocabParallelEmbedding, and what XLA
// emits for jnp.take on a row-sharded table; NaN for jnp.take's own out-of-range 'fill'); `scatterAddRows`
// sums update rows into the rows it holds and drops the others (the embedding gradient, a scatter-add).
import { allocate, precisionOf, type NdArray } from './ndarray.ts';

/** out[b] = table[ids[b] − offset] where that row is held, else `fill`. table [V_local, D], ids [B]. */
export function takeRows(table: NdArray, ids: NdArray, offset: number, fill: number): NdArray {
  const [rows = 0, width = 0] = table.shape;
  const batch = ids.shape[0] ?? 0;
  const data = allocate(precisionOf(table.data), batch * width);
  for (let b = 0; b < batch; b++) {
    const r = Math.round(ids.data[b]!) - offset;
    if (r >= 0 && r < rows) for (let d = 0; d < width; d++) data[b * width + d] = table.data[r * width + d]!;
    else data.fill(fill, b * width, (b + 1) * width);
  }
  return { shape: [batch, width], data };
}

/** out[r] = Σ_{b: ids[b] − offset = r} updates[b] for the `rows` rows held. updates [B, D], ids [B]. */
export function scatterAddRows(updates: NdArray, ids: NdArray, rows: number, offset: number): NdArray {
  const [batch = 0, width = 0] = updates.shape;
  const data = allocate(precisionOf(updates.data), rows * width);
  for (let b = 0; b < batch; b++) {
    const r = Math.round(ids.data[b]!) - offset;
    if (r >= 0 && r < rows)
      for (let d = 0; d < width; d++) data[r * width + d]! += updates.data[b * width + d]!;
  }
  return { shape: [rows, width], data };
}
