// The pipeline schedule of a Megatron plan, written into its JAX export: stage 0's order of forward and
// backward work (Huang et al. 2019 GPipe: every forward, then every backward; Narayanan et al. 2021 1F1B:
// p − 1 warm-up forwards, then one forward and one backward in turn, then the remaining backwards; the
// interleaved schedule does the same over (microbatch, chunk) units with (p − 1)·2 + (v − 1)·p warm-up
// forwards, Megatron-LM's `get_num_warmup_microbatches`), and `pipeline_step`, which runs one stage's
// layers in that order with `jax.vjp`, keeping each forward's residuals until its backward (the activations
// in flight: m for GPipe, at most p for 1F1B) and accumulating the gradients. The stage-to-stage sends are
// priced by the game and are not part of this one-stage program.
import type { PipelineSchedule } from '../cost/pipelineSimulation.ts';
import { pyStr } from '../partitionSpec.ts';

/** The pipeline of a plan. */
export interface PipelineExport {
  readonly stages: number;
  readonly schedule: PipelineSchedule;
  readonly microbatches: number;
  readonly virtualStages: number;
}

/** One unit of stage 0's work. */
export interface PipelineWork {
  readonly kind: 'F' | 'B';
  readonly microbatch: number;
  readonly chunk: number;
}

/** Stage 0's order of forward and backward units under the schedule. */
export function stageOrder(p: PipelineExport): PipelineWork[] {
  const { stages, microbatches: m } = p;
  const v = p.schedule === 'interleaved' ? p.virtualStages : 1;
  // Forward units in order: groups of `stages` microbatches, chunk-major within a group (Megatron-LM).
  const units: { microbatch: number; chunk: number }[] = [];
  for (let g = 0; g < m; g += stages)
    for (let chunk = 0; chunk < v; chunk++)
      for (let mb = g; mb < Math.min(g + stages, m); mb++) units.push({ microbatch: mb, chunk });
  const backwardUnits = units.map((u) => ({ microbatch: u.microbatch, chunk: v - 1 - u.chunk }));
  const total = units.length;
  const warmup =
    p.schedule === 'gpipe'
      ? total
      : Math.min(total, p.schedule === '1f1b' ? stages - 1 : (stages - 1) * 2 + (v - 1) * stages);
  const order: PipelineWork[] = [];
  let f = 0;
  let b = 0;
  for (; f < warmup; f++) order.push({ kind: 'F', ...units[f]! });
  while (f < total) {
    order.push({ kind: 'F', ...units[f++]! });
    order.push({ kind: 'B', ...backwardUnits[b++]! });
  }
  while (b < total) order.push({ kind: 'B', ...backwardUnits[b++]! });
  return order;
}

/** Python lines defining PIPELINE, ORDER and pipeline_step (after `forward` and the shapes). */
export function pipelineSnippet(p: PipelineExport): string[] {
  const order = stageOrder(p);
  const rows: string[] = [];
  for (let i = 0; i < order.length; i += 8)
    rows.push(
      '    ' +
        order
          .slice(i, i + 8)
          .map((w) => `(${pyStr(w.kind)}, ${w.microbatch}, ${w.chunk}),`)
          .join(' '),
    );
  return [
    '',
    '',
    `PIPELINE = {'stages': ${p.stages}, 'schedule': ${pyStr(p.schedule)}, 'microbatches': ${p.microbatches}, 'virtual_stages': ${p.virtualStages}}`,
    "# Stage 0's order of work: ('F', microbatch, chunk) runs its layers forward, ('B', …) backward.",
    'ORDER = [',
    ...rows,
    ']',
    '',
    '',
    'def pipeline_step(params, microbatches):',
    '    """One stage in the schedule\'s order: residuals kept from each forward until its backward; gradients summed.',
    '',
    '    microbatches[i] is the data of microbatch i (data_shapes); chunks share the parameters here."""',
    '    pending, grads, peak = {}, None, 0',
    '    for kind, mb, chunk in ORDER:',
    "        if kind == 'F':",
    "            pending[(mb, chunk)] = jax.vjp(lambda p: forward(p, microbatches[mb])['loss'], params)",
    '            peak = max(peak, len(pending))',
    '        else:',
    '            out, vjp = pending.pop((mb, chunk))',
    '            (g,) = vjp(jnp.ones_like(out))',
    '            grads = g if grads is None else jax.tree.map(jnp.add, grads, g)',
    '    return grads, peak  # peak: forwards whose activations were held at once',
  ];
}
