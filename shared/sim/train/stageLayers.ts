// How a GPT's layers split over the pipeline's model stages (docs/pricing.md "Uneven stages"). By default
// evenly, L/(p·v) layers per model stage, as Megatron-LM requires (`num_layers // pipeline size`).
// `parallel.layersPerStage` lists the layers of each of the pp stages when a run split them unevenly:
// DeepSpeed's PipelineModule partitions by layer count whatever the remainder (BLOOM-176B ran its 70 layers
// on 12 stages), and Megatron-Core takes the first and last stages' counts apart
// (`--decoder-first-pipeline-num-layers`, `--decoder-last-pipeline-num-layers`), e.g. to give the stages
// that also embed or compute the logits fewer layers. The interleaved schedule keeps equal chunks here:
// every virtual stage holds the same layers.
import { readIntegers } from '../input/fields.ts';
import { err, ok, type Result } from '../result.ts';

/** `parallel.layersPerStage`: absent, or an array of whole numbers ≥ 1 (one per pipeline stage). */
export function readLayersPerStage(
  raw: unknown,
  path: string,
  maxStages: number,
  maxLayers: number,
): Result<number[] | undefined> {
  if (raw === undefined) return ok(undefined);
  return readIntegers(raw, path, {
    minLength: 1,
    maxLength: maxStages,
    min: 1,
    max: maxLayers,
    expected: `expected an array of 1 to ${maxStages} layer counts, one per pipeline stage`,
  });
}

/** Whether `counts` is a split of `layers` over `pp` stages the schedule can run. */
export function checkLayersPerStage(
  layers: number,
  pp: number,
  virtualStages: number,
  counts: readonly number[],
): Result<void> {
  const sum = counts.reduce((a, c) => a + c, 0);
  if (counts.length !== pp || sum !== layers)
    return err(
      'train/layers-per-stage',
      { pp, listed: counts.length, layers, sum },
      `parallel.layersPerStage must list one layer count for each of the pp = ${pp} stages, adding up to ` +
        `the model's ${layers} layers (it lists ${counts.length}, adding up to ${sum}).`,
    );
  if (virtualStages !== 1)
    return err(
      'train/uneven-interleaved',
      { virtualStages },
      `parallel.layersPerStage splits the layers unevenly; the interleaved schedule (virtualStages = ` +
        `${virtualStages}) needs every virtual stage to hold the same layers: leave layersPerStage out.`,
    );
  return ok(undefined);
}

/**
 * The layers of each model stage k of K = pp·virtualStages (stage k runs on pipeline device k mod pp):
 * `counts` when given (virtualStages 1), else L/K each.
 */
export function stageLayers(
  layers: number,
  pp: number,
  virtualStages: number,
  counts?: readonly number[],
): number[] {
  if (counts !== undefined) return [...counts];
  const K = pp * virtualStages;
  return Array.from({ length: K }, () => layers / K);
}

/** The layers pipeline device `d` holds over all its model stages. */
export function deviceLayers(perStage: readonly number[], pp: number, d: number): number {
  let n = 0;
  for (let k = d; k < perStage.length; k += pp) n += perStage[k]!;
  return n;
}
