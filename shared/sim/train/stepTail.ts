// What a pipeline device does after its last backward task, in order, until its step ends (simulateTrain.ts
// prices it; the game's timeline and `sim train`'s trace draw it): the exposed part of the data-parallel
// gradient reduction, the tied word embeddings' all-reduce (first and last stage only), the optimizer step
// (memory-bound, optimizerStep.ts) and the parameter all-gather after it (ZeRO). Seconds each.
import { combinedAxesLink, ringCollectiveTimeS } from '../cost/collectiveTime.ts';
import type { AxisLink } from '../cost/hardware.ts';
import type { AfterPart } from '../export/chromeTrace.ts';
import { STAGE_AXIS } from './trainAxes.ts';

/** The parts of a device's step after its pipeline work, seconds, in the order they run. */
export interface StepTail {
  readonly gradientS: number;
  readonly tiedS: number;
  readonly updateS: number;
  readonly gatherS: number;
}

/**
 * The tied word embeddings' gradient all-reduce between the first and the last stage, s: Megatron ties the
 * input embedding to the output layer and sums the two stages' gradients once per step (2 ranks, ring).
 * 0 without a pipeline.
 */
export function tiedEmbeddingS(
  pp: number,
  wordParams: number,
  bytesPerValue: number,
  links: readonly AxisLink[],
): number {
  if (pp <= 1) return 0;
  return ringCollectiveTimeS(
    'all-reduce',
    2,
    wordParams * bytesPerValue,
    combinedAxesLink(links, [STAGE_AXIS]).link,
  );
}

/** Device d's tail of `pp` devices, from its priced parts. */
export function stepTail(
  d: number,
  pp: number,
  parts: {
    readonly exposedGradientS: number;
    readonly tiedS: number;
    readonly updateComputeS: number;
    readonly updateCommS: number;
  },
): StepTail {
  return {
    gradientS: parts.exposedGradientS,
    tiedS: d === 0 || d === pp - 1 ? parts.tiedS : 0,
    updateS: parts.updateComputeS,
    gatherS: parts.updateCommS,
  };
}

/** Seconds of a tail. */
export const tailS = (t: StepTail): number => t.gradientS + t.tiedS + t.updateS + t.gatherS;

/** A tail as trace events' parts (chromeTrace.ts `after`), named as the game's timeline names them. */
export function afterParts(t: StepTail): AfterPart[] {
  return [
    // the reduction's events are on the links' thread already (withCollectives.ts): the stove waits for them
    { name: 'gradient reduction over data', cat: 'collective', durationS: t.gradientS, thread: 'none' },
    { name: 'tied embedding all-reduce over stage', cat: 'collective', durationS: t.tiedS, thread: 'link' },
    { name: 'optimizer step', cat: 'update', durationS: t.updateS, thread: 'device' },
    { name: 'ZeRO parameter all-gather over data', cat: 'collective', durationS: t.gatherS, thread: 'link' },
  ];
}
